"""Hand-written GPU reference points for the CUDA backend's benchmarks (``benchmarks/cuda.py``).

* :func:`matmul_numba` -- the tiled matrix product the translator should generate from
  ``samples/matrix/matmul_tiled.cpp``: 16x16 tiles in shared memory, ``threadIdx.x`` along
  columns (coalesced loads and stores), float32, written directly in numba-cuda.
* :func:`matmul_cublas` -- ``cupy.matmul`` on float32 (cuBLAS SGEMM; TF32 off unless
  ``CUPY_TF32=1``), the ceiling for the same product.
* :func:`copy_bandwidth` -- device-to-device copy (``cuMemcpyDtoD``) and a one-element-per-thread
  numba copy kernel, in GB/s counting bytes read plus bytes written: the ceiling for
  memory-bound kernels such as tile_average.

Each returns a dict; times come from CUDA events around ``repeats`` launches after a warm-up
(the warm-up also compiles).  ``python benchmarks/cuda_reference.py`` prints them all (needs a GPU;
on the GPU machine run it through ``tools/gpu/run_on_gpu.sh``).
"""
from __future__ import annotations

import json
import sys

import numpy as np

try:
    from amppy.runtime.cuda_compat import import_cuda
except ImportError:  # run from a checkout without amppy installed
    sys.path.insert(0, __file__.rsplit("/benchmarks/", 1)[0])
    from runtime.cuda_compat import import_cuda  # type: ignore

TILE = 16
_kernels = {}


def _cuda():
    return import_cuda()


def _matmul_kernel():
    if "matmul" in _kernels:
        return _kernels["matmul"]
    cuda = _cuda()
    from numba import float32

    @cuda.jit(fastmath=False)
    def matmul_tiled(e0, e1, a, b, c, k_dim):
        # Shaped like generated code: extent dims first, then the captures.
        loc_a = cuda.shared.array((TILE, TILE), float32)
        loc_b = cuda.shared.array((TILE, TILE), float32)
        row = cuda.threadIdx.y
        col = cuda.threadIdx.x
        g0 = cuda.blockIdx.y * TILE + row
        g1 = cuda.blockIdx.x * TILE + col
        acc = float32(0.0)
        for i in range(0, k_dim, TILE):
            loc_a[row, col] = a[g0, col + i]
            loc_b[row, col] = b[row + i, g1]
            cuda.syncthreads()
            for k in range(TILE):
                acc += loc_a[row, k] * loc_b[k, col]
            cuda.syncthreads()
        c[g0, g1] = acc

    _kernels["matmul"] = matmul_tiled
    return matmul_tiled


def _copy_kernel():
    if "copy" in _kernels:
        return _kernels["copy"]
    cuda = _cuda()

    @cuda.jit
    def copy1d(e0, src, dst):
        i = cuda.grid(1)
        if i < e0:
            dst[i] = src[i]

    _kernels["copy"] = copy1d
    return copy1d


def _time_ms(fn, repeats):
    cuda = _cuda()
    fn()  # warm-up (and compilation)
    cuda.synchronize()
    start, end = cuda.event(), cuda.event()
    start.record()
    for _ in range(repeats):
        fn()
    end.record()
    end.synchronize()
    return cuda.event_elapsed_time(start, end) / repeats


def _inputs(n, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((n, n), dtype=np.float32),
            rng.standard_normal((n, n), dtype=np.float32))


def _spot_check(a, b, c, rng_seed=1, samples=64):
    """Max relative error of ``c`` against float64 dot products at random positions."""
    rng = np.random.default_rng(rng_seed)
    n = a.shape[0]
    idx = rng.integers(0, n, size=(samples, 2))
    ref = np.array([a[i].astype(np.float64) @ b[:, j].astype(np.float64) for i, j in idx])
    got = np.array([c[i, j] for i, j in idx], dtype=np.float64)
    scale = np.array([np.abs(a[i]).astype(np.float64) @ np.abs(b[:, j]) for i, j in idx])
    return float(np.max(np.abs(got - ref) / scale))


def matmul_numba(n=4096, repeats=5):
    """Tiled 16x16 shared-memory numba-cuda SGEMM: ``{"n", "ms", "tflops", "rel_err"}``."""
    cuda = _cuda()
    assert n % TILE == 0
    a, b = _inputs(n)
    da, db = cuda.to_device(a), cuda.to_device(b)
    dc = cuda.device_array((n, n), np.float32)
    kernel = _matmul_kernel()
    grid, block = (n // TILE, n // TILE), (TILE, TILE)
    ms = _time_ms(lambda: kernel[grid, block](n, n, da, db, dc, n), repeats)
    err = _spot_check(a, b, dc.copy_to_host())
    return {"what": "numba-cuda tiled 16x16 float32", "n": n, "ms": ms,
            "tflops": 2.0 * n ** 3 / (ms * 1e-3) / 1e12, "rel_err": err}


def matmul_cublas(n=4096, repeats=10):
    """``cupy.matmul`` float32 (cuBLAS): ``{"n", "ms", "tflops", "rel_err"}``."""
    import cupy
    a, b = _inputs(n)
    da, db = cupy.asarray(a), cupy.asarray(b)
    out = {}

    def run():
        out["c"] = cupy.matmul(da, db)

    run()
    cupy.cuda.Device().synchronize()
    start, end = cupy.cuda.Event(), cupy.cuda.Event()
    start.record()
    for _ in range(repeats):
        run()
    end.record()
    end.synchronize()
    ms = cupy.cuda.get_elapsed_time(start, end) / repeats
    err = _spot_check(a, b, cupy.asnumpy(out["c"]))
    return {"what": "cupy.matmul float32 (cuBLAS)", "n": n, "ms": ms,
            "tflops": 2.0 * n ** 3 / (ms * 1e-3) / 1e12, "rel_err": err}


def copy_bandwidth(nbytes=1 << 30, repeats=10):
    """Device-to-device copy bandwidth, GB/s counting read + write bytes."""
    cuda = _cuda()
    n = nbytes // 4
    host = np.arange(n, dtype=np.float32)
    src = cuda.to_device(host)
    dst = cuda.device_array(n, np.float32)
    ms_memcpy = _time_ms(lambda: dst.copy_to_device(src), repeats)
    kernel = _copy_kernel()
    grid = (n + 255) // 256
    ms_kernel = _time_ms(lambda: kernel[grid, 256](n, src, dst), repeats)
    ok = bool(np.array_equal(dst[-1024:].copy_to_host(), host[-1024:]))
    return {"what": "device-to-device copy, read+write bytes", "bytes": n * 4,
            "memcpy_gbs": 2 * n * 4 / (ms_memcpy * 1e-3) / 1e9,
            "kernel_gbs": 2 * n * 4 / (ms_kernel * 1e-3) / 1e9, "kernel_ok": ok}


def main(argv=None):
    n = int((argv or sys.argv[1:] or [4096])[0])
    results = [copy_bandwidth(), matmul_numba(n), matmul_cublas(n)]
    for r in results:
        print(json.dumps({k: (float(f"{v:.4g}") if isinstance(v, float) else v)
                          for k, v in r.items()}))
    return results


if __name__ == "__main__":
    main()
