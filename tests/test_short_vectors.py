"""C++ AMP's short vectors (`<amp_short_vectors.h>`, `<amp_graphics.h>`): the header amppy makes
(`amppy/cxx/short_vectors.py`), what sema adds to its classes (`sema/short_vectors.py`: swizzles,
`r g b a`, norm/unorm as float), and `benchmarks/short_vectors.py` (its CPU path runs; its CUDA
kernels compile).  Converting constructors and `++`/`--` of any class: test_user_conversions.py.

The samples `graphics/short_vectors.cpp` and `graphics/saxpy_float4.cpp` run in test_samples,
compile to PTX in test_cuda_codegen and match g++ (with `tests/cpp_emu/amp_short_vectors.h`) in
test_gxx_oracle; `errors/rules/short_vector_errors.cpp` holds the diagnostics.
"""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

from amppy.cxx import short_vectors as H
from amppy.diagnostics import DiagnosticSink
from conftest import diagnostics_of, run_program
from amppy.preprocess.preprocessor import preprocess

ROOT = Path(__file__).resolve().parent.parent
HEAD = "#include <amp.h>\n#include <amp_graphics.h>\nusing namespace concurrency;\nusing namespace concurrency::graphics;\n"


run, diagnostics = run_program, diagnostics_of


# ---- the header -------------------------------------------------------------------------------------
@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not found")
def test_whole_header_is_valid_cpp(tmp_path):
    f = tmp_path / "h.cpp"
    f.write_text("#define restrict(...)\n" + H.header_text() + "int main() { float_4 a(1.0f); norm n(0.5f); "
                 "unorm_3 u(n, n, n); return (int)(a.x + n.value + u.x.value); }\n")
    r = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Werror", str(f)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_header_has_only_what_the_program_uses():
    classes, ops = H.used("float_4 a = b * c; int_2 i; i.x = 3;")
    assert classes == {"float_4", "int_2"} and "*" in ops and "%" not in ops
    text = H.header_text(classes, ops)
    assert "class float_4 {" in text and "class int_2 {" in text and "class double_2" not in text
    assert "operator*(" in text and "operator%" not in text and "operator+(" not in text
    assert "explicit float_4(const int_4&" not in text      # int_4 is not used
    # a swizzle makes the smaller vectors of the same kind; a norm vector brings norm and unorm
    assert H.used("float_4 v; float_2 p = v.xy;")[0] >= {"float_2", "float_3", "float_4"}
    assert H.used("norm_2 n;")[0] >= {"norm", "unorm", "norm_2"}
    # short_vector<T, N> with other arguments than a scalar type and a number: every class
    assert H.used("template <typename T> typename short_vector<T, 3>::type f();")[0] >= set(H.CLASSES)
    assert H.used("short_vector<float, 2>::type v;")[0] == {"float_2", "short_vector"}


def test_no_header_no_prelude():
    sink = DiagnosticSink()
    plain = preprocess("p.cpp", text="#include <amp.h>\nint main() { return 0; }\n", sink=sink)
    assert H.HEADER not in plain.text and plain.sources.get(H.HEADER) is None
    with_header = preprocess("p.cpp", text=HEAD + "int main() { float_4 v; return 0; }\n", sink=sink)
    assert with_header.text.startswith(H.header_text(*H.used(plain.text + "float_4 v;"))) or \
        "class float_4 {" in with_header.text
    # positions after the header still map to the user's lines
    k = with_header.text.count("\n") - plain.text.count("\n")
    assert with_header.origin(1, 1).file == H.HEADER
    assert with_header.origin(k + 5, 1).line == 5


def test_swizzle_names():
    assert H.swizzle("bgr", 4) == "zyx" and H.swizzle("x", 2) == "x" and H.swizzle("w", 3) is None
    assert H.swizzle("xx", 4) is None and H.swizzle("xg", 4) is None and H.swizzle("xyzwx", 4) is None
    assert H.repeated_swizzle("xx", 2) and H.repeated_swizzle("rgrg", 4) and not H.repeated_swizzle("xy", 2)
    assert len(H.all_swizzles(4)) == 60 and len(H.all_swizzles(3)) == 12 and len(H.all_swizzles(2)) == 2
    assert H.member_text("float_4", "get_zyx") == \
        "float_3 get_zyx() const restrict(cpu, amp) { return float_3(z, y, x); }"
    assert H.member_text("float_2", "get_z") is None and H.member_text("norm", "get_x") is None


# ---- every swizzle, on the host and in a kernel -------------------------------------------------------
def test_every_swizzle_reads_and_writes(tmp_path):
    lines = []
    for sw in H.all_swizzles(4):
        t = f"float_{len(sw)}"
        lines.append(f"{{ float_4 v = base; {t} s = v.{sw}; v.{sw} = s + {t}(10.0f); show(v); }}")
    rgba = "".join("rgba"["xyzw".index(c)] for c in "wzx")
    program = HEAD + """#include <iostream>
void show(const float_4& v) { std::cout << v.x << ' ' << v.y << ' ' << v.z << ' ' << v.w << '\\n'; }
int main() {
    float_4 base(1.0f, 2.0f, 3.0f, 4.0f);
""" + "\n".join(lines) + f"""
    float_4 c = base; c.{rgba} = c.get_xyz(); c.set_w(9.0f); show(c);
    return 0;
}}
"""
    out = run(program, tmp_path).splitlines()
    assert len(out) == 61
    for sw, line in zip(H.all_swizzles(4), out):
        want = [1.0, 2.0, 3.0, 4.0]
        got = [want[i] for i in range(4)]
        for c in sw:
            got["xyzw".index(c)] += 10.0
        # v.sw = v.sw + 10: each named component grows by 10, the others keep their value
        assert [float(x) for x in line.split()] == got, sw
    assert out[60].split() == ["3", "2", "2", "9"]      # c.abr = (1, 2, 3): w = 1, z = 2, x = 3


def test_kernel_swizzles_and_conversions_both_targets(tmp_path):
    program = HEAD + """#include <iostream>
#include <vector>
int_2 pack(float_2 p) restrict(amp) { return int_2(p.yx * 10.0f); }
int main() {
    std::vector<int_4> out(4);
    array_view<int_4, 1> av(4, out);
    float_2 step(0.5f, -1.5f);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        float_4 f((float)i[0], 1.0f, 2.0f, 3.0f);
        f.zw += step;
        av[i].xy = pack(f.xy);
        av[i].zw = int_2(f.wz);
        av[i].r -= 1;
    });
    for (int i = 0; i < 4; i++) std::cout << out[i].x << ' ' << out[i].y << ' ' << out[i].z << ' ' << out[i].w << '\\n';
    return 0;
}
"""
    want = "".join(f"9 {i * 10} 1 2\n" for i in range(4))
    assert run(program, tmp_path) == want


# ---- norm and unorm as float ----------------------------------------------------------------------------
def test_norm_converts_to_float_where_cpp_amp_does(tmp_path):
    program = HEAD + """#include <iostream>
float half(float f) restrict(cpu, amp) { return f / 2; }
int main() {
    norm n(0.5f);
    unorm u(2.0f);
    float a = n * 3.0f;         // built-in float arithmetic
    double d = u;               // float, then double
    unorm z;
    std::cout << a << ' ' << d << ' ' << half(n) << ' ' << (n < u) << ' ' << (n + u) << ' ' << -u << ' '
              << (z ? 1 : 2) << (n && !z) << std::endl;
    return 0;
}
"""
    assert run(program, tmp_path) == "1.5 1 0.25 1 1 -1 21\n"


def test_norm_clamps_infinities_and_keeps_nan(tmp_path):
    """C++ AMP clamps +-infinity and leaves NaN undefined; amppy keeps NaN, on the host and in
    kernels alike (the clamping comparisons are false for it)."""
    program = HEAD + """#include <iostream>
#include <cmath>
#include <vector>
int main() {
    float inf = 1.0f / 0.0f, nan = std::sqrt(-1.0f);
    std::vector<float> out(6);
    array_view<float, 1> av(6, out);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        float v = i[0] < 2 ? inf : (i[0] < 4 ? -inf : nan);
        av[i] = i[0] % 2 == 0 ? (float)norm(v) : (float)unorm(v);
    });
    norm n(nan);
    std::cout << norm(inf) << ' ' << norm(-inf) << ' ' << unorm(inf) << ' ' << unorm(-inf) << ' '
              << std::isnan((float)n) << " |";
    for (int k = 0; k < 4; k++) std::cout << ' ' << out[k];
    std::cout << ' ' << std::isnan(out[4]) << std::isnan(out[5]) << std::endl;
    return 0;
}
"""
    assert run(program, tmp_path) == "1 -1 1 0 1 | 1 1 -1 0 11\n"


# ---- the benchmark ---------------------------------------------------------------------------------------
def _benchmark():
    spec = importlib.util.spec_from_file_location("bench_short_vectors", ROOT / "benchmarks" / "short_vectors.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_benchmark_cpu_path_runs_and_agrees(capsys):
    assert _benchmark().main(["--target", "cpu", "--n", "4096", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "results agree (one call of each SAXPY from the same inputs, bit for bit): True" in out
    assert "amppy --target cpu (kernel)" in out and "copy (prange, flat)" in out


def test_benchmark_cuda_kernels_compile_to_ptx(tmp_path):
    from amppy.runtime import cuda_compat
    problem = cuda_compat.ptx_toolchain_problem()
    if problem is not None:
        pytest.skip(f"PTX compilation unavailable: {problem}")
    from numba import from_dtype, types
    from test_cuda_codegen import ptx_of
    bench = _benchmark()
    mod = bench.translate(1 << 10, "cuda", str(tmp_path))
    rec = types.Array(from_dtype(mod.float_4.dtype), 1, "C")
    sig = bench.kernel_args(mod.saxpy_kernel, types.int64, a=types.float32, x=rec, y=rec)
    assert "ld.global" in ptx_of(mod.saxpy_kernel.py_func, sig)
    hand, rows = bench.make_hand_cuda()
    flat, arr = types.Array(types.float32, 1, "C"), types.Array(types.float32, 2, "C")
    assert "st.global" in ptx_of(hand.py_func, (types.float32, flat, flat))
    assert "st.global" in ptx_of(rows.py_func, (types.float32, arr, arr))
