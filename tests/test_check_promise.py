"""`amppy check --target X` promises what `amppy translate --target X` delivers.

For every sample and for line- and name-level mutants of them (programs that mostly get through
the front end, so sema and code generation see them), on both targets: `check` exit 0 implies
`translate` exit 0, the two report the same diagnostics, and no diagnostic shows a Python
exception, a traceback or an IR class name.  The commands run in-process through `cli.main`.
"""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from amppy import cli, ir
from conftest import SAMPLE_SOURCES

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_FILES = SAMPLE_SOURCES
SAMPLES = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in SAMPLE_FILES}
NAMES = sorted(SAMPLES)
TARGETS = ["cpu", "cuda"]

IR_CLASS_NAMES = sorted({c.__name__ for c in vars(ir).values()
                         if isinstance(c, type) and issubclass(c, (ir.Expr, ir.Stmt))
                         and c not in (ir.Expr, ir.Stmt)})
_LEAKS = re.compile(r"Traceback|Error:|Exception|\bNone\b|'(?:" + "|".join(IR_CLASS_NAMES) + r")'")

_MESSAGE = re.compile(r"^.*:\d+:\d+: (error|warning|note): |^(error|warning): |^amppy: ")

SETTINGS = settings(derandomize=True, max_examples=40, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _cli(args) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        rc = cli.main([str(a) for a in args])
    return rc, err.getvalue()


def assert_promise(path: Path, target: str) -> None:
    rc_check, err_check = _cli(["check", "--color", "never", "--target", target, path])
    rc_tr, err_tr = _cli(["translate", "--color", "never", "--target", target, "-o", "-", path])
    assert rc_check in (0, 1) and rc_tr in (0, 1), (rc_check, err_check, rc_tr, err_tr)
    assert (rc_check, err_check) == (rc_tr, err_tr), \
        f"check and translate disagree on {path.name} ({target}):\n{err_check}\n---\n{err_tr}"
    messages = "\n".join(line for line in err_tr.splitlines()      # not the quoted source lines
                         if _MESSAGE.match(line) or line.lstrip().startswith("= help:"))
    leak = _LEAKS.search(messages)
    assert leak is None, f"internal text {leak.group(0)!r} in a diagnostic:\n{err_tr}"


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", NAMES)
def test_samples(name, target):
    assert_promise(ROOT / name, target)


#: constructs that once passed `check` and failed in code generation
KNOWN = {
    "barrier_in_switch": """
        switch (t.tile[0]) { case 0: t.barrier.wait(); break; default: t.barrier.wait(); break; }
        av[t.global] = 1;""",
    "struct_local": "P p = {1, 2.0f}; av[t.global] = p.a;",
    "index_arithmetic": "index<1> q = t.tile_origin + index<1>(1); av[t.global] = q[0];",
    "extent_in_kernel": "extent<1> e(4); av[t.global] = e[0];",
    "tile_static_struct": "tile_static P sp[4]; sp[t.local[0]].a = 1; t.barrier.wait(); av[t.global] = sp[0].a;",
}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("case", sorted(KNOWN))
def test_known_codegen_only_errors(case, target, tmp_path):
    src = tmp_path / f"{case}.cpp"
    src.write_text("#include <amp.h>\n#include <iostream>\nusing namespace concurrency;\n"
                   "struct P { int a; float b; };\nint main() {\n    std::vector<int> v(16);\n"
                   "    array_view<int, 1> av(16, v);\n"
                   "    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {\n"
                   f"        {KNOWN[case]}\n    }});\n    std::cout << av[5] << std::endl;\n}}\n")
    assert_promise(src, target)


# ---- mutants that reach sema and code generation -------------------------------------------------

_IDENT = re.compile(r"\b[A-Za-z_]\w*\b")


@st.composite
def mutant(draw):
    name = draw(st.sampled_from([n for n in NAMES if "/errors/" not in n]))
    lines = SAMPLES[name].split("\n")
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["delete", "duplicate", "move", "rename"]))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete":
            lines[i] = ""
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "move":
            j = draw(st.integers(0, len(lines) - 1))
            lines.insert(j, lines.pop(i))
        else:
            words = sorted(set(_IDENT.findall(SAMPLES[name])))
            found = list(_IDENT.finditer(lines[i]))
            if found:
                m = draw(st.sampled_from(found))
                lines[i] = lines[i][:m.start()] + draw(st.sampled_from(words)) + lines[i][m.end():]
    return name, "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("target", TARGETS)
@SETTINGS
@given(case=mutant())
def test_mutants(case, target):
    name, text = case
    d = Path(_tmpdir()) / Path(name).parent.name
    d.mkdir(parents=True, exist_ok=True)
    path = d / Path(name).name
    path.write_text(text, encoding="utf-8")
    assert_promise(path, target)


_TMP: list = []


def _tmpdir() -> str:
    import atexit
    import shutil
    import tempfile
    if not _TMP:
        _TMP.append(tempfile.mkdtemp(prefix="amppy-promise-"))
        atexit.register(shutil.rmtree, _TMP[0], True)
    return _TMP[0]


MANY_PLACES = """\
#include <amp.h>
#include <iostream>
using namespace concurrency;
int main() {
    int a = 0, b = 0;
    int c = (a = 3) + 1;
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        int x = 0;
        int y = (x = 2) * 3;
        av[i] = y;
    });
    int d = v[b]++ + 1;
    std::cout << a << b << c << d << "\\n";
    return 0;
}
"""


@pytest.mark.parametrize("target", TARGETS)
def test_check_reports_every_place_a_target_cannot_express(tmp_path, target):
    """Code generation goes on after a construct it cannot express, so one `check` lists every
    such place (host statements and kernels alike), in source order, each with its help."""
    src = tmp_path / "many.cpp"
    src.write_text(MANY_PLACES)
    rc, err = _cli(["check", "--color", "never", "--target", target, src])
    assert rc == 1
    found = re.findall(r"many\.cpp:(\d+):\d+: error: .*\[([a-z-]+)\]", err)
    assert found == [("6", "unsupported"), ("11", "unsupported-in-kernel"), ("14", "unsupported")], err
    assert err.count("= help: write") == 3
    assert_promise(src, target)
