"""CPU kernel speed: amppy's `cpu` target against a hand-written Numba kernel and NumPy.

    python benchmarks/cpu.py [--n 1024] [--repeat 5]

What is timed.  C = A @ B for n x n float32 matrices (default n = 1024; n must be a
multiple of 16), three ways, in one process:

* amppy: samples/matrix/matmul_tiled.cpp with its `const int` sizes M, K, N replaced by n
  (text substitution), translated with `amppy translate --target cpu` into a temporary
  directory; the generated kernel function (`main_kernel`, a `numba.njit(parallel=True)`
  function) is imported and called on numpy arrays directly, so only the kernel runs --
  no host code, no `launch_cpu`, no array_view copies.
* hand-written: the same tiled algorithm as a careful human would write it for Numba
  with the barriers split by hand (`handwritten_tiled` below): `prange` over 16x16 tiles,
  per-tile arrays for the two tile_static tiles and for the per-thread accumulator, and
  loops over the local indices between the barriers.
* numpy: `A @ B` (BLAS; a ceiling, not a goal).

Each function is called once untimed (compilation, or loading from Numba's cache), then
all three are timed in --repeat rounds (one call of each per round, so that other load on
the machine hits all alike); the table shows the best time, GFLOP/s (2 n^3 / time) and the time
ratio to the hand-written kernel (amppy / hand-written; the issue's goal is
hand-written / amppy >= 0.8, i.e. amppy's time at most 1.25x).  The results of all three
are compared with `numpy.allclose` (rtol 1e-4 relative to float32 BLAS).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
# `python benchmarks/cpu.py` puts benchmarks/ first on sys.path, where benchmarks/cuda.py would
# shadow the `cuda` package (cuda.bindings): take it off again before importing numba.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]

import numba  # noqa: E402
import numpy as np  # noqa: E402
from numba import prange  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "matrix" / "matmul_tiled.cpp"
TS = 16


@numba.njit(parallel=True)
def handwritten_tiled(a, b, c):
    """The sample's algorithm, barrier-split by hand (16x16 tiles)."""
    m, kk = a.shape
    n = b.shape[1]
    ntj = n // TS
    for tile in prange((m // TS) * ntj):
        o0 = (tile // ntj) * TS
        o1 = (tile % ntj) * TS
        loc_a = np.empty((TS, TS), np.float32)        # tile_static float locA[TS][TS]
        loc_b = np.empty((TS, TS), np.float32)        # tile_static float locB[TS][TS]
        acc = np.zeros((TS, TS), np.float32)          # every thread's `sum`
        for i in range(0, kk, TS):
            for r in range(TS):                       # region 1: load the tiles
                for s in range(TS):
                    loc_a[r, s] = a[o0 + r, i + s]
                    loc_b[r, s] = b[i + r, o1 + s]
            for r in range(TS):                       # region 2 (after the barrier)
                for s in range(TS):
                    t = acc[r, s]
                    for k in range(TS):
                        t += loc_a[r, k] * loc_b[k, s]
                    acc[r, s] = t
        for r in range(TS):                           # after the loop: store
            for s in range(TS):
                c[o0 + r, o1 + s] = acc[r, s]


def amppy_kernel(n: int, workdir: str):
    """Translate matmul_tiled.cpp with M = K = N = n; return its kernel function."""
    text = SAMPLE.read_text(encoding="utf-8")
    for name in ("M", "K", "N"):
        text, count = re.subn(rf"(const int {name} = )\d+;", rf"\g<1>{n};", text)
        if count != 1:
            raise SystemExit(f"could not find 'const int {name} = ...;' in {SAMPLE}")
    cpp = os.path.join(workdir, f"matmul_tiled_{n}.cpp")
    py = os.path.join(workdir, f"matmul_tiled_{n}.py")
    with open(cpp, "w", encoding="utf-8") as f:
        f.write(text)
    subprocess.run([sys.executable, "-m", "amppy", "translate", "--target", "cpu", cpp, "-o", py],
                   check=True)
    spec = importlib.util.spec_from_file_location(f"matmul_tiled_{n}", py)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.main_kernel


def best_of(fns: dict, repeat: int) -> dict:
    """Best time of each function; one warm-up call each (compile / load), then `repeat`
    rounds that call every function once, so that other load on the machine hits all alike."""
    for fn in fns.values():
        fn()
    best = {name: float("inf") for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t0)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    n = args.n
    if n % TS:
        raise SystemExit(f"--n must be a multiple of {TS}")
    rng = np.random.default_rng(0)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    c_amppy = np.zeros((n, n), np.float32)
    c_hand = np.zeros((n, n), np.float32)

    with tempfile.TemporaryDirectory(prefix="amppy-bench-") as work:
        kernel = amppy_kernel(n, work)
        c_np = a @ b
        t = best_of({"amppy": lambda: kernel(n, n, a, b, c_amppy),
                     "hand": lambda: handwritten_tiled(a, b, c_hand),
                     "numpy": lambda: a @ b}, args.repeat)
        t_amppy, t_hand, t_np = t["amppy"], t["hand"], t["numpy"]

    ok_hand = np.allclose(c_amppy, c_hand, rtol=1e-4, atol=1e-3)
    ok_np = np.allclose(c_amppy, c_np, rtol=1e-4, atol=1e-3)
    flop = 2.0 * n ** 3
    print(f"tiled matmul, n = {n}, float32, best of {args.repeat}; "
          f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads "
          f"({numba.threading_layer()} layer), {os.cpu_count()} CPUs")
    print(f"{'version':<34}{'time (ms)':>11}{'GFLOP/s':>10}{'vs hand-written':>17}")
    rows = [("amppy --target cpu (kernel only)", t_amppy),
            ("hand-written numba parallel", t_hand),
            ("numpy a @ b (BLAS)", t_np)]
    for name, t in rows:
        print(f"{name:<34}{t * 1e3:>11.1f}{flop / t / 1e9:>10.2f}{t / t_hand:>16.2f}x")
    speed = t_hand / t_amppy
    print(f"amppy speed / hand-written speed = {speed:.2f} (goal >= 0.80: "
          f"{'met' if speed >= 0.8 else 'MISSED'})")
    print(f"results agree: amppy vs hand-written {ok_hand}, amppy vs numpy {ok_np} "
          f"(max |diff| vs numpy {float(np.max(np.abs(c_amppy - c_np))):.2e})")
    return 0 if ok_hand and ok_np else 1


if __name__ == "__main__":
    sys.exit(main())
