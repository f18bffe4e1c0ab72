"""CUDA backend benchmark: amppy's generated kernels against hand-written numba-cuda and cuBLAS.

Run on a GPU machine (not part of CI):

    python benchmarks/cuda.py [N]            # N = matrix size for the products, default 4096
    bash tools/gpu/run_on_gpu.sh 'python3 benchmarks/cuda.py'     # on the GPU machine

What it measures, each with CUDA events around repeated launches after a warm-up (which also
compiles), kernel time only (no transfers, no launch_cuda bookkeeping):

1. **Tiled matrix product, float32, N x N x N.**  The kernel is what `amppy translate --target
   cuda` generates from `samples/matrix/matmul_tiled.cpp` with M = K = N set to N (text
   substitution of the sample's constants; 16x16 tiles as written).  Compared with
   `benchmarks/cuda_reference.py`'s hand-written numba-cuda kernel (same algorithm, same tiles)
   and with cuBLAS SGEMM through CuPy.  TFLOP/s = 2 N^3 / time.  Goal: amppy >= 0.9x hand-written.
2. **Tile average** (`samples/using-tiles/tile_average.cpp`) on an 8192 x 8192 float32 matrix
   with 2x2 and 16x16 tiles: effective bandwidth = (bytes read + bytes written) / time, with
   the matrix read once and the averages read and written once, against a device-to-device
   copy (`cuMemcpyDtoD`, read + write bytes).

Every result is checked (spot checks of the product against float64 dot products; the averages
against numpy).  Prints a table, then one JSON line per row.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# `python benchmarks/cuda.py` puts benchmarks/ first on sys.path, where this file would shadow
# the `cuda` package (cuda.bindings, which numba-cuda imports): take it off again.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]


def _load_reference():
    spec = importlib.util.spec_from_file_location("cuda_reference", os.path.join(HERE, "cuda_reference.py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cuda_reference"] = mod
    spec.loader.exec_module(mod)
    return mod


ref = _load_reference()


def _launch_block(source: str, kernel: str, tile: tuple) -> tuple:
    spec = importlib.util.spec_from_file_location("amppy_benchmark_harness", os.path.join(HERE, "harness.py"))
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    return harness.launch_block(source, kernel, tile)

TILE = 16


def _translate(sample: str, substitutions: dict[str, str], stem: str):
    """Translate a sample (with its constants replaced) for --target cuda; import the module."""
    from amppy.diagnostics import DiagnosticSink
    from amppy.driver import Options, translate
    path = os.path.join(ROOT, "samples", sample)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for pattern, repl in substitutions.items():
        text, n = re.subn(pattern, repl, text, flags=re.M)
        assert n == 1, f"{pattern!r} matched {n} times in {sample}"
    _, source = translate(path, Options(target="cuda"), DiagnosticSink(), text=text)
    folder = tempfile.mkdtemp(prefix="amppy-bench-")
    file = os.path.join(folder, f"{stem}.py")
    with open(file, "w", encoding="utf-8") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(stem, file)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[stem] = mod
    spec.loader.exec_module(mod)
    return mod, source


def _kernel_source(source: str, name: str) -> str:
    start = source.index(f"def {name}(")
    start = source.rindex("@cuda.jit", 0, start)
    end = source.index("\n\n\n", start)
    return source[start:end]


def matmul_amppy(n: int, repeats: int = 5):
    cuda = ref._cuda()
    assert n % TILE == 0
    mod, source = _translate("matrix/matmul_tiled.cpp", {
        r"^static const int M = \d+;": f"static const int M = {n};",
        r"^static const int K = \d+;": f"static const int K = {n};",
        r"^static const int N = \d+;": f"static const int N = {n};",
    }, f"matmul_tiled_{n}")
    kernel = mod.main_kernel
    a, b = ref._inputs(n)
    da, db = cuda.to_device(a), cuda.to_device(b)
    dc = cuda.device_array((n, n), np.float32)
    grid = (n // TILE, n // TILE)                          # launch_cuda's geometry for tile<16,16>
    block = _launch_block(source, "main_kernel", (TILE, TILE))     # (smaller when coarsened)
    ms = ref._time_ms(lambda: kernel[grid, block](n, n, da, db, dc), repeats)
    err = ref._spot_check(a, b, dc.copy_to_host())
    return {"what": f"amppy --target cuda, matmul_tiled.cpp 16x16, block {block}", "n": n, "ms": ms,
            "tflops": 2.0 * n ** 3 / (ms * 1e-3) / 1e12, "rel_err": err,
            "kernel": _kernel_source(source, "main_kernel")}


def tile_average_amppy(size: int, tile: int, repeats: int = 10):
    cuda = ref._cuda()
    mod, source = _translate("using-tiles/tile_average.cpp", {
        r"^#define SAMPLESIZE \d+": f"#define SAMPLESIZE {tile}",
        r"^#define MATRIXSIZE \d+": f"#define MATRIXSIZE {size}",
    }, f"tile_average_{size}_{tile}")
    name = "SamplingExample_kernel" if hasattr(mod, "SamplingExample_kernel") else \
        next(k for k in dir(mod) if k.endswith("_kernel"))
    kernel = getattr(mod, name)
    m = size // tile
    host = np.random.default_rng(2).integers(0, 8, (size, size)).astype(np.float32)
    dm = cuda.to_device(host)
    dav = cuda.device_array((m, m), np.float32)
    grid, block = (m, m), _launch_block(source, name, (tile, tile))
    ms = ref._time_ms(lambda: kernel[grid, block](size, size, dm, dav), repeats)
    # correctness: one clean launch from zero
    dav.copy_to_device(np.zeros((m, m), np.float32))
    kernel[grid, block](size, size, dm, dav)
    got = dav.copy_to_host()
    want = host.reshape(m, tile, m, tile).sum(axis=(1, 3), dtype=np.float64) / (tile * tile)
    ok = bool(np.allclose(got, want, rtol=1e-5))
    nbytes = size * size * 4 + 2 * m * m * 4             # matrix read; averages read + written
    return {"what": f"amppy tile_average {tile}x{tile} tiles", "n": size, "ms": ms,
            "gbs": nbytes / (ms * 1e-3) / 1e9, "ok": ok}


def main(argv=None):
    args = argv if argv is not None else sys.argv[1:]
    n = int(args[0]) if args else 4096
    cuda = ref._cuda()
    dev = cuda.get_current_device()
    print(f"device: {dev.name.decode() if isinstance(dev.name, bytes) else dev.name}, "
          f"cc {dev.compute_capability}")
    ours = matmul_amppy(n)
    hand = ref.matmul_numba(n)
    try:
        blas = ref.matmul_cublas(n)
    except ImportError as e:                                # no CuPy
        blas = {"what": f"cuBLAS unavailable ({e})", "n": n, "ms": float("nan"), "tflops": float("nan"),
                "rel_err": float("nan")}
    copy = ref.copy_bandwidth()
    avgs = [tile_average_amppy(8192, 2), tile_average_amppy(8192, 16)]

    print()
    print(f"{'matrix product, float32':<46} {'n':>6} {'ms':>8} {'TFLOP/s':>8} {'vs hand':>8} "
          f"{'vs cuBLAS':>9} {'rel err':>9}")
    for r in (ours, hand, blas):
        print(f"{r['what']:<46} {r['n']:>6} {r['ms']:>8.3f} {r['tflops']:>8.2f} "
              f"{r['tflops'] / hand['tflops']:>7.2f}x {r['tflops'] / blas['tflops']:>8.2f}x "
              f"{r['rel_err']:>9.1e}")
    print()
    print(f"{'memory bound (read + write bytes)':<46} {'n':>6} {'ms':>8} {'GB/s':>8} {'vs copy':>8} {'ok':>9}")
    copy_ms = 2 * copy["bytes"] / (copy["memcpy_gbs"] * 1e9) * 1e3
    print(f"{'device-to-device copy (cuMemcpyDtoD)':<46} {copy['bytes'] // 4:>6} {copy_ms:>8.3f} "
          f"{copy['memcpy_gbs']:>8.1f} {1.0:>7.2f}x {'':>9}")
    for r in avgs:
        print(f"{r['what']:<46} {r['n']:>6} {r['ms']:>8.3f} {r['gbs']:>8.1f} "
              f"{r['gbs'] / copy['memcpy_gbs']:>7.2f}x {str(r['ok']):>9}")
    print()
    ratio = ours["tflops"] / hand["tflops"]
    print(f"amppy / hand-written numba-cuda: {ratio:.2f}x (goal >= 0.90x): {'MET' if ratio >= 0.9 else 'NOT MET'}")
    print()
    print("generated kernel (matmul):")
    print(ours["kernel"])
    for r in (ours, hand, blas, copy, *avgs):
        print(json.dumps({k: (float(f"{v:.4g}") if isinstance(v, float) else v)
                          for k, v in r.items() if k != "kernel"}))
    return {"amppy": ours, "hand": hand, "cublas": blas, "copy": copy, "tile_average": avgs}


if __name__ == "__main__":
    main()
