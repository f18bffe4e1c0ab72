"""amppy computes every pair of C++ arithmetic types as g++ does, on the host and in kernels.

Hypothesis (derandomised, a fixed number of examples) draws batches of cases:
two typed operands with edge and random values, an operator (binary,
comparison, compound assignment, ++/--, cast, unary).  Each batch becomes ONE
C++ program; amppy runs it (host cases in `main`, amp-allowed types also inside
a kernel on the CPU target) and g++ -fwrapv builds the same program against
tests/cpp_emu.  Outputs must agree line for line.  The generator avoids
undefined behaviour (division by zero, INT_MIN / -1, negative or too-large
shift counts, out-of-range float -> int conversions).

MSVC sizes: `long` is 32-bit on Windows and 64-bit for g++ on Linux, so `long`
is left out here (amppy gives it int's table entry).  A `cuda`-marked test runs
the kernel batches on a GPU.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from build_cache import gxx_build, program_file

EMU = Path(__file__).resolve().parent / "cpp_emu"
GXX = shutil.which("g++")

# name, bits, signed (None: floating)
HOST_TYPES = {
    "bool": (1, False), "signed char": (8, True), "unsigned char": (8, False), "short": (16, True),
    "unsigned short": (16, False), "int": (32, True), "unsigned int": (32, False),
    "long long": (64, True), "unsigned long long": (64, False), "float": (32, None), "double": (64, None),
}
AMP_TYPES = ("int", "unsigned int", "float", "double", "bool")
INT_RANK = {"bool": 0, "signed char": 1, "unsigned char": 1, "short": 2, "unsigned short": 2, "int": 3,
            "unsigned int": 3, "long long": 5, "unsigned long long": 5}
BINARY = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "==", "!=", "<", ">", "<=", ">="]
COMPOUND = ["+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="]


def is_float(t):
    return HOST_TYPES[t][1] is None


def limits(t):
    bits, sgn = HOST_TYPES[t]
    if t == "bool":
        return 0, 1
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if sgn else (0, (1 << bits) - 1)


def promote(t):
    if is_float(t):
        return t
    return "int" if INT_RANK[t] < 3 else t


def common(a, b):
    """The usual arithmetic conversions (for the UB guard only; amppy has its own)."""
    if is_float(a) or is_float(b):
        return "double" if "double" in (a, b) else "float"
    a, b = promote(a), promote(b)
    if a == b:
        return a
    ua, ub = not HOST_TYPES[a][1], not HOST_TYPES[b][1]
    if ua == ub:
        return a if INT_RANK[a] >= INT_RANK[b] else b
    u, s = (a, b) if ua else (b, a)
    if INT_RANK[u] >= INT_RANK[s]:
        return u
    return s if HOST_TYPES[s][0] > HOST_TYPES[u][0] else "unsigned " + s


def value(t):
    if t == "bool":
        return st.sampled_from(["true", "false"])
    if is_float(t):
        return st.sampled_from(["0.1", "-2.5", "3.0", "1e10", "-1e-3", "0.0", "7.25", "16777217.0", "0.3"])
    lo, hi = limits(t)
    edges = [lo, hi, 0, 1, lo + 1, hi - 1] + ([-1] if lo < 0 else [])
    return st.one_of(st.sampled_from(edges), st.integers(lo, hi), st.integers(-40, 40).filter(lambda v: lo <= v <= hi))


def literal(t, v):
    if t == "bool" or is_float(t):
        return f"({t}){v}" if is_float(t) else v
    v = int(v)
    if t == "long long" and v == -(1 << 63):
        return "(-9223372036854775807LL - 1)"
    if t == "int" and v == -(1 << 31):
        return "(-2147483647 - 1)"
    suffix = {"unsigned int": "u", "long long": "LL", "unsigned long long": "ull"}.get(t, "")
    return f"({t})({v}{suffix})" if suffix == "" and t != "int" else f"{v}{suffix}"


def c_value(t, text):
    """The value of an operand as C++ holds it."""
    if t == "bool":
        return 1 if text == "true" else 0
    return float(text) if is_float(t) else int(text)


def ub(op, ta, va, tb, vb):
    """Would `a op b` (or `a op= b`) be undefined behaviour?"""
    op = op.rstrip("=") if op not in ("==", "!=", "<=", ">=") else op
    ct = common(ta, tb) if op not in ("<<", ">>") else promote(ta)
    a, b = c_value(ta, va), c_value(tb, vb)
    if op in ("%", "&", "|", "^", "<<", ">>") and (is_float(ta) or is_float(tb)):
        return True
    if op in ("/", "%") and not is_float(ct):
        lo, _ = limits(ct)
        if b == 0 or (HOST_TYPES[ct][1] and a == lo and b == -1):
            return True
    if op in ("<<", ">>"):
        return b < 0 or b >= HOST_TYPES[ct][0]
    return False


@st.composite
def case(draw, types):
    kind = draw(st.sampled_from(["binary", "binary", "compound", "incdec", "cast", "unary"]))
    ta, tb = draw(st.sampled_from(types)), draw(st.sampled_from(types))
    va, vb = draw(value(ta)), draw(value(tb))
    if kind == "binary":
        op = draw(st.sampled_from(BINARY))
        if ub(op, ta, va, tb, vb):
            op = "+"
        return ta, va, tb, vb, f"a {op} b"
    if kind == "compound":
        op = draw(st.sampled_from(COMPOUND))
        if is_float(tb) and not is_float(ta):
            return ta, va, tb, vb, "a + b"    # storing a float into an integer may overflow: UB
        if ub(op, ta, va, tb, vb) or ta == "bool":
            op = "="
        return ta, va, tb, vb, f"STMT a {op} b; RESULT a"
    if kind == "incdec":
        op = draw(st.sampled_from(["a++", "a--", "++a", "--a"]))
        if ta == "bool":
            op = "a"
        return ta, va, tb, vb, f"STMT {op}; RESULT a"
    if kind == "cast":
        if is_float(ta) and not is_float(tb) and tb != "bool":
            lo, hi = limits(tb)
            if not lo <= c_value(ta, va) < hi:
                tb = ta
        return ta, va, tb, vb, f"({tb})a"
    op = draw(st.sampled_from(["-", "~", "!"]))
    if op == "~" and is_float(ta):
        op = "-"
    return ta, va, tb, vb, f"{op}a"


PRELUDE = r"""#include <cstdio>
#include <vector>
#include <amp.h>
using namespace concurrency;
"""


def body(c):
    ta, va, tb, vb, expr = c
    decl = f"{ta} a = {literal(ta, va)}; {tb} b = {literal(tb, vb)};"
    if expr.startswith("STMT "):
        stmt, result = expr[5:].split("; RESULT ")
        return f"{decl} {stmt};", result, ta
    return decl, expr, None


def host_source(cases) -> str:
    out = [PRELUDE, "int main() {"]
    for c in cases:
        decl, result, stmt_type = body(c)
        rtype = stmt_type or result_type(c)
        out.append(f"    {{ {decl} {rtype} r = {result}; (void)b; {print_stmt(rtype)} }}")
    out += ["    return 0;", "}", ""]
    return "\n".join(out)


def result_type(c):
    ta, _, tb, _, expr = c
    if expr.startswith("("):
        return expr[1:expr.index(")")]
    if expr.startswith(("-", "~")):
        return promote(ta)
    if expr.startswith("!"):
        return "bool"
    op = expr.split()[1]
    if op in ("==", "!=", "<", ">", "<=", ">="):
        return "bool"
    if op in ("<<", ">>"):
        return promote(ta)
    return common(ta, tb)


def print_stmt(t):
    if t == "float":
        return 'printf("%.9g\\n", (double)r);'
    if t == "double":
        return 'printf("%.17g\\n", r);'
    if HOST_TYPES[t][1] or t == "bool":
        return 'printf("%lld\\n", (long long)r);'
    return 'printf("%llu\\n", (unsigned long long)r);'


def kernel_source(cases) -> str:
    """The same cases inside one kernel thread; results go out as double or as bit patterns."""
    n = len(cases)
    out = [PRELUDE, "int main() {",
           f"    std::vector<double> fv({n}); std::vector<int> iv({n});",
           f"    array_view<double, 1> fo({n}, fv); array_view<int, 1> io({n}, iv);",
           "    parallel_for_each(extent<1>(1), [=](index<1> idx) restrict(amp) {"]
    kinds = []
    for i, c in enumerate(cases):
        decl, result, stmt_type = body(c)
        rtype = stmt_type or result_type(c)
        if is_float(rtype):
            out.append(f"        {{ {decl} {rtype} r = {result}; fo[{i}] = r; }}")
            kinds.append(rtype)
        else:
            out.append(f"        {{ {decl} {rtype} r = {result}; io[{i}] = (int)r; }}")
            kinds.append("unsigned int" if rtype == "unsigned int" else "int")
    out.append("    });")
    for i, k in enumerate(kinds):
        if k == "float":
            out.append(f'    printf("%.9g\\n", fo[{i}]);')
        elif k == "double":
            out.append(f'    printf("%.17g\\n", fo[{i}]);')
        elif k == "unsigned int":
            out.append(f'    printf("%u\\n", (unsigned int)io[{i}]);')
        else:
            out.append(f'    printf("%d\\n", io[{i}]);')
    out += ["    return 0;", "}", ""]
    return "\n".join(out)


def gxx_output(src: Path) -> str:
    # kept by content in the user cache (tests/build_cache.py): a second run builds nothing
    exe, log = gxx_build({src.name: src.read_text()}, ["-std=c++20", "-O1", "-fwrapv", "-w", "-pthread"], [EMU],
                         name=src.stem)
    assert exe is not None, log[-3000:]
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=60).stdout


def compare(tmp_path, run_amppy, text: str, target: str = "cpu") -> None:
    if GXX is None:
        pytest.skip("g++ not found: nothing to compare amppy's results with")
    src = program_file(text, "cases.cpp")     # a path by content: warm caches in the next run
    want = gxx_output(src)
    rc, out, err = run_amppy(["run", "--target", target, str(src)])
    assert rc == 0, err
    lines = text.splitlines()
    for i, (got, exp) in enumerate(zip(out.splitlines(), want.splitlines())):
        assert got == exp, f"case {i}: amppy {got!r}, g++ {exp!r}\n" + next(
            (ln for ln in lines if "{" in ln and ln.strip().startswith("{")), "")
    assert out == want


# No shrinking: one batch is a whole program, and the failure message names the case already.
SETTINGS = settings(max_examples=3, derandomize=True, deadline=None, database=None,
                    phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))


@pytest.mark.slow
@SETTINGS
@given(cases=st.lists(case(tuple(HOST_TYPES)), min_size=150, max_size=150))
def test_host_arithmetic_matches_gxx(cases, tmp_path_factory, run_amppy):
    compare(tmp_path_factory.mktemp("host"), run_amppy, host_source(cases))


@pytest.mark.slow
@SETTINGS
@given(cases=st.lists(case(AMP_TYPES), min_size=80, max_size=80))
def test_kernel_arithmetic_matches_gxx(cases, tmp_path_factory, run_amppy):
    compare(tmp_path_factory.mktemp("kernel"), run_amppy, kernel_source(cases))


@given(cases=st.lists(case(AMP_TYPES), min_size=80, max_size=80))
@settings(max_examples=1, derandomize=True, deadline=None, database=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_kernel_arithmetic_translates_for_cuda(cases, tmp_path_factory, run_amppy):
    src = tmp_path_factory.mktemp("cuda") / "cases.cpp"
    src.write_text(kernel_source(cases))
    rc, out, err = run_amppy(["translate", "--target", "cuda", str(src), "-o", "-"])
    assert rc == 0, err
    compile(out, "cases.py", "exec")


@pytest.mark.cuda
@SETTINGS
@given(cases=st.lists(case(AMP_TYPES), min_size=80, max_size=80))
def test_kernel_arithmetic_matches_gxx_on_gpu(cases, tmp_path_factory, run_amppy):
    compare(tmp_path_factory.mktemp("gpu"), run_amppy, kernel_source(cases), target="cuda")
