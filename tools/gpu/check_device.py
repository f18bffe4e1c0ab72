"""One-shot check of the GPU machine for amppy's CUDA target; prints what it finds.

Run there through the helper:  bash tools/gpu/run_on_gpu.sh 'python3 tools/gpu/check_device.py'
Each section prints ``== name`` then ``key: value`` lines; a failing probe prints ``FAIL`` with
the exception and the script goes on.
"""
import importlib
import os
import subprocess
import sys
import tempfile
import textwrap
import time
import traceback

import numpy as np


def section(name):
    print(f"\n== {name}", flush=True)


def probe(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        print(f"FAIL {fn.__name__}: {type(e).__name__}: {str(e)[:800]}")
        traceback.print_exc(limit=3, file=sys.stdout)


def versions():
    print("python:", sys.version.split()[0], sys.executable)
    print("numpy:", np.__version__, "| has row_stack before shim:", hasattr(np, "row_stack"))
    for mod in ("numba", "numba_cuda", "llvmlite", "cupy", "cuda.bindings", "cuda.core",
                "cuda.pathfinder"):
        try:
            m = importlib.import_module(mod)
            print(f"{mod}: {getattr(m, '__version__', '?')}")
        except Exception as e:  # noqa: BLE001
            print(f"{mod}: not importable ({type(e).__name__}: {e})")
    out = subprocess.run([sys.executable, "-m", "pip", "list"], capture_output=True, text=True)
    keep = ("numba", "numpy", "cuda", "nvidia", "cupy", "llvmlite")
    print("pip list:", "; ".join(" ".join(l.split()[:2]) for l in out.stdout.splitlines()
                                 if l.lower().startswith(keep)))


def compat():
    from amppy.runtime import cuda_compat
    print("aliases added:", cuda_compat.install_numpy_aliases() or "none (already present)")
    t = time.perf_counter()
    cuda = cuda_compat.import_cuda()
    print("import_cuda:", cuda.__file__, "implementation:", cuda.implementation,
          f"({time.perf_counter() - t:.2f}s)")
    t = time.perf_counter()
    print("cuda_available:", cuda_compat.cuda_available(), f"({time.perf_counter() - t:.2f}s)")
    print("ptx_toolchain_problem:", cuda_compat.ptx_toolchain_problem())
    from numba.cuda.cudadrv import driver, nvvm, nvrtc
    print("NVVM version:", nvvm.NVVM().get_version(), "IR:", nvvm.NVVM().get_ir_version())
    try:
        print("NVRTC version:", nvrtc._get_nvrtc_version())
    except Exception as e:  # noqa: BLE001
        print("NVRTC version: ?", e)
    try:
        print("links with nvJitLink:", driver._have_nvjitlink())
    except Exception as e:  # noqa: BLE001
        print("links with nvJitLink: ?", e)
    try:
        from cuda.pathfinder import load_nvidia_dynamic_lib
        for lib in ("nvvm", "nvrtc", "nvJitLink", "cudart"):
            try:
                print(f"lib {lib}:", load_nvidia_dynamic_lib(lib).abs_path)
            except Exception as e:  # noqa: BLE001
                print(f"lib {lib}: not found ({type(e).__name__})")
    except ImportError:
        pass
    cfg = importlib.import_module("numba.cuda.core.config")
    print("config:", {k: getattr(cfg, k) for k in ("CUDA_DEFAULT_PTX_CC", "FORCE_CUDA_CC",
                                                   "CUDA_DRIVER", "CUDA_INCLUDE_PATH",
                                                   "CUDA_PER_THREAD_DEFAULT_STREAM")
                      if hasattr(cfg, k)})
    from numba import float32

    def k(a):
        a[0] = 1.0
    ptx, _ = cuda.compile_ptx(k, (float32[:],), cc=(9, 0))
    print("PTX header:", [l for l in ptx.splitlines() if l.startswith((".version", ".target"))])
    names = set()
    import re
    import numba_cuda
    root = os.path.dirname(numba_cuda.__file__)
    for dirpath, _, files in os.walk(root):
        if "tests" in dirpath:
            continue
        for f in files:
            if f.endswith(".py"):
                with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                    names.update(re.findall(r"\bnp\.([a-z_][a-z0-9_]*)\b", fh.read()))
    missing = sorted(n for n in names if not hasattr(np, n) and
                     not importlib.util.find_spec(f"numba.cuda.np.{n}") and n not in (
                         "flat", "types", "math", "func", "unsafe", "extensions"))
    print("np.* names numba-cuda references that this numpy lacks:", missing)
    dev = cuda.get_current_device()
    print("device:", dev.name, "cc:", dev.compute_capability)
    print("driver CUDA version:", driver.driver.get_version())


def kernels():
    from amppy.runtime import cuda_compat
    cuda = cuda_compat.import_cuda()
    from numba import float32

    @cuda.jit
    def tile_average(e0, e1, matrix, averages):
        tv = cuda.shared.array((2, 2), float32)
        ly, lx = cuda.threadIdx.y, cuda.threadIdx.x
        ty, tx = cuda.blockIdx.y, cuda.blockIdx.x
        tv[ly, lx] = matrix[ty * 2 + ly, tx * 2 + lx]
        cuda.syncthreads()
        if ly == 0 and lx == 0:
            s = float32(0)
            for r in range(2):
                for c in range(2):
                    s += tv[r, c]
            averages[ty, tx] = s / float32(4)

    m = np.arange(64, dtype=np.float32).reshape(8, 8)
    d_avg = cuda.device_array((4, 4), np.float32)
    tile_average[(4, 4), (2, 2)](8, 8, cuda.to_device(m), d_avg)
    avg = d_avg.copy_to_host()
    print("tile_average rows:", avg[0].tolist(), avg[3].tolist(),
          "ok" if np.allclose(avg, m.reshape(4, 2, 4, 2).mean(axis=(1, 3))) else "WRONG")


def matmul_small():
    from amppy.runtime import cuda_compat
    cuda = cuda_compat.import_cuda()
    sys.path.insert(0, os.getcwd())
    from benchmarks.cuda_reference import _matmul_kernel
    M, K, N = 64, 32, 48
    a = np.array([[(i * k + i + 2 * k) % 9 - 4 for k in range(K)] for i in range(M)], np.float32)
    b = np.array([[(k * j + 3 * j + k) % 7 - 3 for j in range(N)] for k in range(K)], np.float32)
    c = cuda.device_array((M, N), np.float32)
    _matmul_kernel()[(N // 16, M // 16), (16, 16)](M, N, cuda.to_device(a), cuda.to_device(b), c, K)
    got = c.copy_to_host()
    print("matmul_tiled 64x32x48: checksum", float(got.sum()), "C(17,31)", float(got[17, 31]),
          "ok" if np.array_equal(got, a @ b) else "WRONG")


def cache_probe():
    src = textwrap.dedent("""
        import sys, time
        t = time.perf_counter()
        from amppy.runtime.cuda_compat import import_cuda
        cuda = import_cuda()
        import numpy as np
        from numba import float32
        from amppy.runtime.containers import struct
        from amppy.runtime.intmath import cdiv

        @struct
        class P:
            x: np.int32
            y: np.float32

        @cuda.jit(cache=True)
        def k(e0, a, p):
            tv = cuda.shared.array(32, float32)
            i = cuda.grid(1)
            tv[cuda.threadIdx.x] = a[i] if i < e0 else float32(0)
            cuda.syncthreads()
            if i < e0:
                a[i] = tv[cuda.threadIdx.x] * p.y + cdiv(p.x, 2)

        @cuda.jit(cache=True)
        def kr(e0, pts):
            i = cuda.grid(1)
            if i < e0:
                pts[i].x += 1

        a = cuda.to_device(np.ones(64, np.float32))
        rec = P(5, 2.0).to_record()
        k[2, 32](64, a, rec)
        pts = np.zeros(4, P.dtype)
        d = cuda.to_device(pts)
        kr[1, 32](4, d)
        print("result", a.copy_to_host()[:3].tolist(), d.copy_to_host()["x"].tolist(),
              "hits", dict(k.stats.cache_hits), dict(kr.stats.cache_hits),
              "misses", dict(k.stats.cache_misses), dict(kr.stats.cache_misses),
              f"{time.perf_counter() - t:.2f}s")
    """)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "cached_kernels.py")
        with open(path, "w") as f:
            f.write(src)
        for run in (1, 2):
            p = subprocess.run([sys.executable, path], capture_output=True, text=True,
                               env=dict(os.environ, NUMBA_CACHE_DIR=os.path.join(d, "cache")))
            print(f"cache=True run {run}:", (p.stdout.strip() or p.stderr.strip()[-1500:]))
        files = [os.path.join(r, f) for r, _, fs in os.walk(os.path.join(d, "cache")) for f in fs]
        print("cache files:", sorted(os.path.basename(f) for f in files))


def big_shared():
    from amppy.runtime import cuda_compat
    cuda = cuda_compat.import_cuda()
    from numba import float32

    for kib in (48, 64):
        n = kib * 1024 // 4

        @cuda.jit
        def k(a, n=n):  # noqa: ARG001 (binds this iteration's size)
            s = cuda.shared.array(n, float32)
            s[cuda.threadIdx.x] = a[0]
            cuda.syncthreads()
            a[0] = s[1]
        try:
            k[1, 32](cuda.to_device(np.ones(1, np.float32)))
            cuda.synchronize()
            print(f"static shared {kib} KiB: launched ok")
        except Exception as e:  # noqa: BLE001
            print(f"static shared {kib} KiB: {type(e).__name__}: {str(e)[:300]}")


def scalars():
    from amppy.runtime import cuda_compat
    cuda = cuda_compat.import_cuda()

    @cuda.jit
    def k(e0, out, n, f, b):
        out[0] = n * 2
        out[1] = f
        out[2] = b
    o = cuda.device_array(3, np.float64)
    k[1, 1](1, o, 2**40, np.float32(1.5), True)
    print("scalar args:", o.copy_to_host().tolist(), "signatures:",
          [str(s) for s in k.signatures])


if __name__ == "__main__":
    for name, fn in (("versions", versions), ("compat", compat), ("tile_average", kernels),
                     ("matmul", matmul_small), ("cache=True", cache_probe),
                     ("big shared", big_shared), ("scalars", scalars)):
        section(name)
        probe(fn)
