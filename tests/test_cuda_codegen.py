"""The CUDA backend's generated kernels compile to PTX for sm_90 -- no GPU needed.

Every kernel of every positive sample (`samples/**/*.cpp` outside samples/errors) is translated
with `--target cuda`; the generated module is imported (nothing runs: `main` is behind
`if __name__ == "__main__"`) and each kernel's Python function goes through `cuda.compile_ptx`
with the argument types `runtime/launch_cuda.launch` passes (extent dimensions as int64, then
the captures).  Also: the last C++ dimension is `threadIdx.x`, restrict(cpu, amp) functions get a
host and a device version, and static shared memory above 48 KiB is a compile-time error.

Needs numba-cuda with NVVM and NVRTC (the `test` extra installs them); where they are missing the
PTX tests are skipped with the reason.  The GPU runs of the same samples are
`tests/test_samples.py::test_run_cuda` (marker `cuda`).
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest

from amppy import ir
from amppy.codegen import CodegenErrors, generate
from amppy.codegen.kernel_exprs import KernelCodegenError
from amppy.diagnostics import DiagnosticSink
from amppy.driver import Options, analyse, front_end
from amppy.runtime import cuda_compat

from build_cache import cache_dir, program_file
from conftest import SAMPLE_SOURCES, SAMPLES, long_kernel_source

POSITIVE = [p for p in SAMPLE_SOURCES if "errors" not in p.relative_to(SAMPLES).parts]
IDS = [str(p.relative_to(SAMPLES)) for p in POSITIVE]
DRIVER_PTX_ISA = (9, 0)  # the GPU machines' CUDA 13.0 driver

_problem = cuda_compat.ptx_toolchain_problem()
needs_ptx = pytest.mark.skipif(_problem is not None, reason=f"PTX compilation unavailable: {_problem}")


# ------------------------------------------------------------------------------- helpers
def translate(path: Path, text: str | None = None, coarsen: str = "auto"):
    """(program, python source) for --target cuda (`--coarsen coarsen`)."""
    opts = Options(target="cuda", coarsen=coarsen)
    sink = DiagnosticSink()
    pp, program = analyse(str(path), opts, sink, text)
    return program, generate(program, opts, pp.sources)


def load_module(source: str, tmp_path: Path, stem: str):
    """Import generated source from a real file (cache=True needs one); main does not run."""
    f = tmp_path / f"{stem}.py"
    f.write_text(source, encoding="utf-8")
    name = f"amppy_cuda_test_{stem}_{abs(hash(str(f)))}"
    spec = importlib.util.spec_from_file_location(name, f)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        # the module's first lines install the GPU's data movement and devices for the process
        # (`launch_cuda.install()`, as a program does): taken back, or the CPU tests this process
        # runs next would look for a GPU
        from amppy.runtime import launch_cuda
        launch_cuda.uninstall()
    return mod


def numba_type(t: ir.Type, mod):
    """The numba type `launch_cuda.launch` gives a kernel argument of C++ type `t`."""
    from numba import from_dtype, types
    import numpy as np

    def elem(e):
        if isinstance(e, ir.StructType):
            return from_dtype(getattr(mod, e.py).dtype)
        return from_dtype(np.dtype(ir.SCALARS[e.name][0]))

    if isinstance(t, (ir.ArrayView, ir.AmpArray)):
        return types.Array(elem(t.elem), t.rank, "C")
    if isinstance(t, ir.CArray):
        return types.Array(elem(t.elem), len(t.dims), "C")
    if isinstance(t, ir.StructType):
        return elem(t)
    if isinstance(t, ir.Scalar):
        if t.name == "bool":
            return types.boolean
        if t.name == "float":
            return types.float32
        if t.is_float:
            return types.float64           # a C++ double is a Python float on the host
        return types.int64                 # a C++ int is a Python int on the host
    if isinstance(t, ir.TiledExtent):       # its extent's tuple of Python ints (launch_cuda._kernel_arg)
        return types.UniTuple(types.int64, len(t.dims))
    if isinstance(t, (ir.Index, ir.Extent)):    # an index or extent captured by value: its tuple
        return types.UniTuple(types.int64, t.rank)
    raise TypeError(f"no kernel argument type for {t}")


def kernel_signature(kernel: ir.Kernel, mod):
    from numba import types
    rank = len(kernel.tile_dims) if kernel.tile_dims else kernel.rank
    return tuple([types.int64] * rank + [numba_type(c.inner.type, mod) for c in kernel.captures])


def ptx_of(pyfunc, sig):
    cuda = cuda_compat.import_cuda()
    with cuda_compat.device_functions_for_cc((9, 0)):
        ptx, _ = cuda.compile_ptx(pyfunc, sig, cc=(9, 0))
    assert ".target sm_90" in ptx
    version = tuple(int(x) for x in re.search(r"^\.version (\d+)\.(\d+)", ptx, re.M).groups())
    assert version <= DRIVER_PTX_ISA, f"PTX ISA {version} is newer than the CUDA 13.0 driver loads"
    return ptx


def compile_all(program, mod):
    """Each kernel's PTX. Kept in the user cache (tests/build_cache.py), keyed by the module's text,
    the kernel, its signature, numba-cuda's version and amppy's runtime sources (the device
    functions a kernel calls): a second run of the suite compiles only what changed."""
    out = {}
    # (the module names its C++ file by its path: the key leaves out the checkout's folder)
    text = Path(mod.__file__).read_text(encoding="utf-8").replace(str(SAMPLES.parent), "<checkout>")
    for k in program.kernels:
        sig = kernel_signature(k, mod)
        key = hashlib.sha256(repr((text, k.name, str(sig), _toolchain())).encode()).hexdigest()[:24]
        kept = cache_dir("ptx") / f"{key}.ptx"
        if kept.is_file():
            out[k.name] = kept.read_text(encoding="utf-8")
            continue
        out[k.name] = ptx_of(getattr(mod, k.name).py_func, sig)
        tmp = kept.with_name(f".{kept.name}.{os.getpid()}.tmp")
        tmp.write_text(out[k.name], encoding="utf-8")
        os.replace(tmp, kept)
    return out


@functools.lru_cache(maxsize=1)
def _toolchain() -> str:
    """numba-cuda's version and a digest of amppy's runtime sources."""
    import numba_cuda

    from amppy import runtime
    h = hashlib.sha256(str(getattr(numba_cuda, "__version__", "?")).encode())
    for f in sorted(Path(runtime.__file__).parent.glob("*.py")):
        h.update(f.name.encode() + f.read_bytes())
    return h.hexdigest()


def barriers(ptx):
    return len(re.findall(r"\b(?:bar|barrier)\.sync\b", ptx))


# ---------------------------------------------------------------------- every sample → PTX
@needs_ptx
@pytest.mark.parametrize("src", POSITIVE, ids=IDS)
def test_sample_kernels_compile_to_ptx(src, tmp_path):
    program, source = translate(src)
    assert "@cuda.jit(cache=True)" in source or "@cuda.jit  # not cached" in source or not program.kernels
    mod = load_module(source, tmp_path, src.stem)
    ptxs = compile_all(program, mod)
    assert len(ptxs) == len(program.kernels)
    for k in program.kernels:
        ptx = ptxs[k.name]
        n_barriers = sum(isinstance(x, ir.Barrier) for x in ir.walk(k.body))
        if n_barriers:
            assert barriers(ptx) >= 1 and ".shared" in ptx, f"{k.name}: no barrier/shared memory in PTX"
        if k.tile_dims is None:
            assert "%ntid" in ptx and "%ctaid" in ptx


# ----------------------------------------------------------------------- generated source
def test_last_dimension_is_threadidx_x():
    # one C++ AMP thread per CUDA thread (the coarsened kernel: test_coarsening.py)
    _, source = translate(SAMPLES / "matrix" / "matmul_tiled.cpp", coarsen="off")
    assert "l0 = cuda.threadIdx.y" in source and "l1 = cuda.threadIdx.x" in source
    assert "t0 = cuda.blockIdx.y" in source and "t1 = cuda.blockIdx.x" in source
    assert "t0 = np.int32(t0 + cuda.blockIdx.z * cuda.gridDim.y)" in source     # (a folded grid)
    assert "g1 = t1 * 16 + l1" in source
    assert "locA = cuda.shared.array((16, 16), float32)" in source
    assert source.count("cuda.syncthreads()") == 2
    # readable: the C++ line above the Python it became
    assert re.search(r"# \S*matmul_tiled\.cpp:45: sum \+= locA\[row\]\[k\] \* locB\[k\]\[col\];\n"
                     r" {12}sum_ \+= locA\[row, k\] \* locB\[k, col\]\n", source)
    assert re.search(r"launch_cuda\.launch\(main_kernel, product\.extent\.tile\(16, 16\), "
                     r"'\S*matmul_tiled\.cpp:33', None, a, b, product\)", source)


def test_a_program_that_lists_the_accelerators_sets_up_every_gpu_from_the_start():
    # (a second GPU's context, about 0.15 s, is then made while the program starts, in the
    # background, not when the list is read: benchmarks/multigpu.py's whole `main`)
    _, listing = translate(SAMPLES / "multigpu" / "partitioned_matmul.cpp")
    assert "\nlaunch_cuda.install(every_gpu=True)" in listing
    _, single = translate(SAMPLES / "matrix" / "matmul_tiled.cpp")
    assert "\nlaunch_cuda.install()" in single and "every_gpu" not in single


def test_3d_tiles_and_untiled_grid_order():
    _, source = translate(SAMPLES / "tiles" / "tiles_3d.cpp")
    for d, axis in enumerate("zyx"):     # the sample's own l0/l1/l2 push ours to l0_ ...
        assert re.search(rf"\n    l{d}_* = cuda\.threadIdx\.{axis}\n", source)
    _, source = translate(SAMPLES / "untiled" / "untiled_2d.cpp")
    assert "g1, g0 = cuda.grid(2)" in source and "if g0 < ext0 and g1 < ext1:" in source


FEATURES = r"""
#include <amp.h>
#include <amp_math.h>
#include <iostream>
using namespace concurrency;

struct Cell { int id; float w; };

int twice(int x) restrict(cpu, amp) { return 2 * x; }
float scale(float x) restrict(amp) { return x * 0.5f + (float)twice(1); }

int main() {
    std::vector<float> v(64, 1.5f);
    std::vector<int> iv(64, 3);
    std::vector<Cell> cells(64);
    array_view<float, 1> a(64, v);
    array_view<int, 1> b(64, iv);
    array_view<Cell, 1> c(64, cells);
    int k = twice(3);
    float f = 0.25f;
    parallel_for_each(a.extent, [=](index<1> idx) restrict(amp) {
        int i = idx[0];
        if (i == 63) return;
        int tmp[4];
        tmp[i % 4] = twice(i);
        float x = a[idx];
        a[idx] = fast_math::sqrt(x) + precise_math::round(x) + fast_math::rsqrt(x + 1.0f)
                 + fast_math::exp2(x) + fast_math::pow(x, 2.0f) + scale(x) + (float)tmp[i % 4];
        switch (i % 3) { case 0: b[idx] = k; break; case 1: b[idx] = -k; break; default: b[idx] = 0; }
        int n = 0;
        do { n++; } while (n < 3);
        b[idx] += n % 2 - i / 3;
    });
    parallel_for_each(c.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
        tile_static Cell sc[16];
        tile_static float total;
        if (t.local[0] == 0) total = f;
        sc[t.local[0]].id = t.global[0];
        sc[t.local[0]].w = (float)t.tile[0];
        t.barrier.wait_with_tile_static_memory_fence();
        c[t.global] = sc[15 - t.local[0]];
        c[t.global].w += total;
    });
    std::cout << twice(k) << " " << a[0] << " " << b[1] << " " << c[2].id << std::endl;
    return 0;
}
"""


def test_cpu_amp_function_has_host_and_device_versions(tmp_path):
    src = tmp_path / "features.cpp"
    src.write_text(FEATURES)
    program, source = translate(src)
    assert "@cuda.jit(device=True, cache=True)\ndef twice_device(x):" in source
    assert "\ndef twice(x):" in source                      # the host version
    assert "def scale(x):" in source and "def scale_device" not in source
    assert "(float32(twice_device(1)))" in source or "twice_device(1)" in source
    assert "k = twice(3)" in source                         # host code calls the host version
    assert "cout << twice(k)" in source
    assert "Cell_record = numba.from_dtype(Cell.dtype)" in source
    assert "sc = cuda.shared.array(16, Cell_record)" in source
    assert "total = cuda.shared.array(1, float32)" in source
    assert "tmp = cuda.local.array(4, np.int32)" in source
    # the CPU target still emits only the njit version (host code calls it)
    src.write_text(FEATURES.split("int main()")[0] + """int main() {
    std::vector<int> iv(8, 3);
    array_view<int, 1> b(8, iv);
    parallel_for_each(b.extent, [=](index<1> idx) restrict(amp) { b[idx] = twice(b[idx]); });
    std::cout << twice(b[0]) << std::endl;
    return 0;
}
""")
    opts = Options(target="cpu")
    pp, prog = analyse(str(src), opts, DiagnosticSink())
    cpu_source = generate(prog, opts, pp.sources)
    assert cpu_source.count("def twice(") == 1 and "twice_device" not in cpu_source
    assert '@numba.njit(inline="always", cache=True, error_model="numpy")\ndef twice(x):' in cpu_source


@needs_ptx
def test_features_compile_to_ptx(tmp_path):
    src = tmp_path / "features.cpp"
    src.write_text(FEATURES)
    program, source = translate(src)
    mod = load_module(source, tmp_path, "features")
    ptxs = compile_all(program, mod)
    assert len(ptxs) == 2
    assert mod.twice(4) == 8                                  # the host version runs on the host


@pytest.mark.slow
@needs_ptx
def test_kernel_with_5000_statements_compiles_to_ptx(tmp_path):
    """numba-cuda's SSA pass is quadratic in a function's assignments to one variable (1,000
    chained statements: 14 s; 5,000 did not finish in ten minutes): the kernel is compiled as a
    row of device functions of at most 64 statements each (codegen/outline.py)."""
    src = program_file(long_kernel_source(5000), "long.cpp")   # a path by content: its PTX is kept
    program, source = translate(src)
    assert "x, y = main_kernel_part2(x, y)" in source
    mod = load_module(source, tmp_path, "long5000")
    ptx = compile_all(program, mod)["main_kernel"]
    assert ptx.count(".func") >= 1 or ptx.count("mad.lo") + ptx.count("mul.lo") >= 2500


def test_shared_memory_over_48k_is_a_compile_time_error(tmp_path):
    # 64 KiB of tile_static.  (C++ AMP's own 32 KiB rule, amp-tile-shape, would report this
    # first through the driver; the backend check guards the CUDA limit on its own.)
    text = """#include <amp.h>
using namespace concurrency;
int main() {
    std::vector<float> v(256);
    array_view<float, 2> a(16, 16, v);
    parallel_for_each(a.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
        tile_static float small[16][16];
        tile_static float big[16][16][63];
        small[t.local[0]][t.local[1]] = 1.0f;
        big[t.local[0]][t.local[1]][0] = 1.0f;
        t.barrier.wait();
        a[t.global] = small[0][0] + big[0][0][0];
    });
    return 0;
}
"""
    f = tmp_path / "big.cpp"
    f.write_text(text)
    from amppy import sema
    sink = DiagnosticSink()
    pp, tu = front_end(str(f), Options(target="cuda"), sink)
    program = sema.analyse(tu, pp, sink)          # no passes: straight to the backend
    with pytest.raises(CodegenErrors) as ei:     # every construct the target cannot express
        generate(program, Options(target="cuda"), pp.sources)
    [err] = ei.value.errors
    assert isinstance(err, KernelCodegenError)
    msg = str(err)
    assert "65536 bytes per tile exceeds CUDA's limit of 49152 bytes (48 KiB)" in msg
    assert "'big' 64512" in msg and "'small' 1024" in msg
    assert err.span is not None and err.span.line == 8   # the tile_static that overflows
    # the CPU target has no such limit in its backend
    generate(program, Options(target="cpu"), pp.sources)


def test_shared_memory_at_48k_is_fine(tmp_path):
    text = """#include <amp.h>
using namespace concurrency;
int main() {
    std::vector<float> v(256);
    array_view<float, 2> a(16, 16, v);
    parallel_for_each(a.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
        tile_static float big[16][16][48];
        big[t.local[0]][t.local[1]][0] = 1.0f;
        t.barrier.wait();
        a[t.global] = big[0][0][0];
    });
    return 0;
}
"""
    f = tmp_path / "ok.cpp"
    f.write_text(text)
    from amppy import sema
    sink = DiagnosticSink()
    pp, tu = front_end(str(f), Options(target="cuda"), sink)
    program = sema.analyse(tu, pp, sink)
    assert "cuda.shared.array((16, 16, 48), float32)" in generate(program, Options(target="cuda"), pp.sources)


def test_cuda_available_is_cheap_without_a_driver(monkeypatch):
    """No /dev/nvidia* (Linux) means no GPU: answered without importing numba.cuda."""
    monkeypatch.setattr(cuda_compat, "_driver_present", lambda: False)
    cuda_compat.cuda_available.cache_clear()
    try:
        before = "numba.cuda" in sys.modules
        assert cuda_compat.cuda_available() is False
        assert ("numba.cuda" in sys.modules) == before
    finally:
        cuda_compat.cuda_available.cache_clear()


# ------------------------------------------------------------------------------ on a real GPU
@pytest.mark.cuda
@pytest.mark.parametrize("src", POSITIVE, ids=IDS)
def test_translated_cuda_module_runs_with_plain_python(src, tmp_path):
    """`amppy translate --target cuda` output is a standalone program: same bytes as `.expected`,
    and nothing on stderr (no numba performance warnings for small C++ AMP domains)."""
    import subprocess
    py = tmp_path / (src.stem + ".py")
    r = subprocess.run([sys.executable, "-m", "amppy", "translate", "--target", "cuda", str(src), "-o", str(py)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, str(py)], capture_output=True, text=True, timeout=300,
                       stdin=subprocess.DEVNULL, cwd=tmp_path)
    code = src.with_suffix(".exitcode")
    assert r.returncode == (int(code.read_text()) if code.exists() else 0), r.stderr
    assert r.stdout == src.with_suffix(".expected").read_text(encoding="utf-8")
    assert r.stderr == ""
