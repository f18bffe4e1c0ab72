"""C++ AMP short vectors in a kernel: amppy's float_4 SAXPY against hand-written Numba and copy bandwidth.

    python benchmarks/short_vectors.py --target cpu  [--n N] [--repeat R]
    python benchmarks/short_vectors.py --target cuda [--n N] [--repeat R]     # GPU machine

What is timed.  `samples/graphics/saxpy_float4.cpp`'s kernel, `y[i] = a * x[i] + y[i]` over
`array_view<float_4, 1>` (the short vector operators `*` and `+`, the scalar `a` made a float_4 by
its one-value constructor), with the sample's `const int N` replaced by --n (text substitution),
translated by amppy for the target.  The generated kernel function (`saxpy_kernel`) is called
directly on numpy record arrays of `float_4` (kernel only: no host code, no array_view copies);
its arguments are matched to the kernel's parameters by name.

* cpu: amppy's kernel (`numba.njit(parallel=True)`) against `hand_cpu` below, SAXPY as a careful
  human writes it for Numba: `prange` over the 4n floats of flat float32 arrays (the loop LLVM
  vectorises best).  An extra row, `hand_cpu_rows`, keeps the float_4 shape: `prange` over the n
  rows of (n, 4) arrays, four scalar lines.  The copy row is a `prange` copy of one flat array into
  another.  (On the CPU a store first reads its cache line, so a copy moves three bytes per byte
  copied, as many as SAXPY: its "GB/s" counts two, and SAXPY can show more than 1.0x of it.)
* cuda: amppy's kernel (`cuda.jit`, one thread per float_4) against `hand_cuda` below, one thread
  per float of flat float32 arrays (fully coalesced, the canonical SAXPY); the extra row
  `hand_cuda_rows` is one thread per row of (n, 4) arrays, four scalar lines.  All kernels run in
  256-thread blocks.  The copy row is a device-to-device copy (`cuMemcpyDtoD`) of one array of the
  same size, which reads and writes every byte once.  CUDA events time --calls back-to-back calls
  (the time shown is per call), so launch latency does not count.

Bandwidth counts what each version must move: SAXPY reads x and y and writes y (3 x 16 bytes per
float_4), the copy reads and writes its array (2 x 16 bytes per float_4).  Goals (issue 13):
amppy >= 0.9x the hand-written numba-cuda speed and >= 80% of the copy bandwidth on an H100/H200;
on the CPU the hand-written njit(parallel=True) kernel is the reference (>= 0.8x, as for the other
CPU benchmarks).  The SAXPY results are compared after one call from the same inputs.  Best of
--repeat interleaved rounds.
"""
from __future__ import annotations

import argparse
import importlib.util
import inspect
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# `python benchmarks/short_vectors.py` puts benchmarks/ first on sys.path, where benchmarks/cuda.py
# would shadow the `cuda` package: take it off again before importing numba.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]

import numba  # noqa: E402
import numpy as np  # noqa: E402
from numba import prange  # noqa: E402

def load_harness():
    """benchmarks/harness.py, by file path (benchmarks/ is off sys.path: see above)."""
    spec = importlib.util.spec_from_file_location("amppy_benchmark_harness", os.path.join(HERE, "harness.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


harness = load_harness()


ROOT = os.path.dirname(HERE)
SAMPLE = os.path.join(ROOT, "samples", "graphics", "saxpy_float4.cpp")
A = np.float32(2.5)
BLOCK = 256
SAXPY_BYTES, COPY_BYTES = 3 * 16, 2 * 16        # per float_4 element


@numba.njit(parallel=True, fastmath=False)
def hand_cpu(a, x, y):
    """SAXPY as a careful human writes it for Numba: x, y flat float32 arrays (4n floats)."""
    for i in prange(x.shape[0]):
        y[i] = a * x[i] + y[i]


@numba.njit(parallel=True, fastmath=False)
def hand_cpu_rows(a, x, y):
    """The float_4 shape kept: x, y are (n, 4) float32 arrays, one iteration per row."""
    for i in prange(x.shape[0]):
        y[i, 0] = a * x[i, 0] + y[i, 0]
        y[i, 1] = a * x[i, 1] + y[i, 1]
        y[i, 2] = a * x[i, 2] + y[i, 2]
        y[i, 3] = a * x[i, 3] + y[i, 3]


@numba.njit(parallel=True, fastmath=False)
def copy_cpu(src, dst):
    for i in prange(src.shape[0]):
        dst[i] = src[i]


def make_hand_cuda():
    """(hand_cuda, hand_cuda_rows): one thread per float of flat arrays; one per (n, 4) row."""
    from numba import cuda

    @cuda.jit
    def hand_cuda(a, x, y):
        i = cuda.grid(1)
        if i < x.shape[0]:
            y[i] = a * x[i] + y[i]

    @cuda.jit
    def hand_cuda_rows(a, x, y):
        i = cuda.grid(1)
        if i < x.shape[0]:
            y[i, 0] = a * x[i, 0] + y[i, 0]
            y[i, 1] = a * x[i, 1] + y[i, 1]
            y[i, 2] = a * x[i, 2] + y[i, 2]
            y[i, 3] = a * x[i, 3] + y[i, 3]
    return hand_cuda, hand_cuda_rows


def translate(n: int, target: str, workdir: str):
    """The sample with N = n, translated for `target`; returns the generated module."""
    with open(SAMPLE, encoding="utf-8") as f:
        text = f.read()
    text, count = re.subn(r"^const int N = \d+;", f"const int N = {n};", text, flags=re.M)
    if count != 1:
        raise SystemExit(f"could not find 'const int N = ...;' in {SAMPLE}")
    return harness.translated_module(SAMPLE, text, target, workdir, f"saxpy_float4_{target}_{n}")


def kernel_args(kernel, n: int, **values) -> tuple:
    """The generated kernel's arguments in its parameters' order: the extent, then the captures
    (`a`, `x`, `y`, in whatever order amppy emitted them)."""
    names = list(inspect.signature(kernel.py_func).parameters)
    if names[0] != "ext0" or sorted(names[1:]) != sorted(values):
        raise SystemExit(f"unexpected parameters of the generated kernel: {names}")
    return (n,) + tuple(values[p] for p in names[1:])


def inputs(n: int):
    rng = np.random.default_rng(0)
    return rng.uniform(-4, 4, (n, 4)).astype(np.float32), rng.uniform(-4, 4, (n, 4)).astype(np.float32)


def as_records(a: np.ndarray, dtype) -> np.ndarray:
    r = np.zeros(a.shape[0], dtype)
    for k, c in enumerate("xyzw"):
        r[c] = a[:, k]
    return r


def from_records(r: np.ndarray) -> np.ndarray:
    return np.stack([r[c] for c in "xyzw"], axis=1)


def run_cpu(n: int, repeat: int, calls: int, workdir: str):
    mod = translate(n, "cpu", workdir)
    x, y = inputs(n)
    rx, ry = as_records(x, mod.float_4.dtype), as_records(y, mod.float_4.dtype)
    hx, hy = x.reshape(-1).copy(), y.reshape(-1).copy()
    rows_x, rows_y = x.copy(), y.copy()
    args = kernel_args(mod.saxpy_kernel, n, a=A, x=rx, y=ry)
    mod.saxpy_kernel(*args)             # one call from the same inputs, for the comparison
    hand_cpu(A, hx, hy)
    hand_cpu_rows(A, rows_x, rows_y)
    ok = bool(np.array_equal(from_records(ry), hy.reshape(n, 4)) and np.array_equal(rows_y, hy.reshape(n, 4)))
    src, dst = x.reshape(-1).copy(), np.empty(4 * n, np.float32)
    t = harness.best_of({"amppy": lambda: mod.saxpy_kernel(*args), "hand": lambda: hand_cpu(A, hx, hy),
                 "rows": lambda: hand_cpu_rows(A, rows_x, rows_y), "copy": lambda: copy_cpu(src, dst)},
                repeat, lambda fn: harness.cpu_timer(fn, calls))
    where = (f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads, "
             f"{os.cpu_count()} CPUs")
    return t, ok, where, "prange, flat", 0.8, None


def run_cuda(n: int, repeat: int, calls: int, workdir: str):
    from numba import cuda
    from numba.cuda.cudadrv import driver
    mod = translate(n, "cuda", workdir)
    hand_cuda, hand_cuda_rows = make_hand_cuda()
    x, y = inputs(n)
    rx = cuda.to_device(as_records(x, mod.float_4.dtype))
    ry = cuda.to_device(as_records(y, mod.float_4.dtype))
    hx, hy = cuda.to_device(x.reshape(-1)), cuda.to_device(y.reshape(-1))
    rows_x, rows_y = cuda.to_device(x), cuda.to_device(y)
    src, dst = cuda.to_device(x.reshape(-1)), cuda.device_array(4 * n, np.float32)
    grid, grid4 = (n + BLOCK - 1) // BLOCK, (4 * n + BLOCK - 1) // BLOCK
    args = kernel_args(mod.saxpy_kernel, n, a=A, x=rx, y=ry)
    mod.saxpy_kernel[grid, BLOCK](*args)
    hand_cuda[grid4, BLOCK](A, hx, hy)
    hand_cuda_rows[grid, BLOCK](A, rows_x, rows_y)
    cuda.synchronize()
    want = hy.copy_to_host().reshape(n, 4)
    ok = bool(np.array_equal(from_records(ry.copy_to_host()), want) and
              np.array_equal(rows_y.copy_to_host(), want))

    nbytes = 16 * n
    t = harness.best_of({"amppy": lambda: mod.saxpy_kernel[grid, BLOCK](*args),
                 "hand": lambda: hand_cuda[grid4, BLOCK](A, hx, hy),
                 "rows": lambda: hand_cuda_rows[grid, BLOCK](A, rows_x, rows_y),
                 "copy": lambda: driver.device_to_device(dst, src, nbytes)}, repeat,
                        harness.gpu_timer(cuda, calls))
    return (t, ok, f"{harness.device_name(cuda)}, numba-cuda, {BLOCK}-thread blocks", "cuMemcpyDtoD",
            0.9, 0.8)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", choices=("cpu", "cuda"), default="cpu")
    ap.add_argument("--n", type=int, default=None, help="float_4 elements (default 2**22 cpu, 2**25 cuda)")
    ap.add_argument("--repeat", type=int, default=None)
    ap.add_argument("--calls", type=int, default=None, help="back-to-back calls per timing (default 1 cpu, 10 cuda)")
    args = ap.parse_args(argv)
    n = args.n or (1 << 24 if args.target == "cpu" else 1 << 25)
    repeat = args.repeat or (10 if args.target == "cpu" else 20)
    calls = args.calls or (1 if args.target == "cpu" else 10)
    with tempfile.TemporaryDirectory(prefix="amppy-bench-") as work:
        run = run_cpu if args.target == "cpu" else run_cuda
        t, ok, where, copy_what, goal, bw_goal = run(n, repeat, calls, work)
    bw = {k: (COPY_BYTES if k == "copy" else SAXPY_BYTES) * n / t[k] / 1e9 for k in t}
    print(f"float_4 SAXPY y = a * x + y, n = {n} float_4 ({n * 16 / 2**20:.0f} MiB per array), "
          f"target {args.target}, best of {repeat}" + (f" ({calls} calls each)" if calls > 1 else "") + f"; {where}")
    print(f"{'version':<46}{'time (ms)':>11}{'GB/s':>9}{'speed / hand':>17}{'GB/s / copy':>14}")
    hand = "hand-written numba" + ("-cuda" if args.target == "cuda" else " parallel")
    rows = (("amppy", f"amppy --target {args.target} (kernel)"), ("hand", f"{hand}, flat"),
            ("rows", f"{hand}, (n, 4) rows"), ("copy", f"copy ({copy_what})"))
    for key, label in rows:
        print(f"{label[:45]:<46}{t[key] * 1e3:>11.3f}{bw[key]:>9.1f}{t['hand'] / t[key]:>16.2f}x"
              f"{bw[key] / bw['copy']:>13.2f}x")
    speed, frac = t["hand"] / t["amppy"], bw["amppy"] / bw["copy"]
    print(f"amppy speed / hand-written speed = {speed:.2f} (goal >= {goal:.2f}: "
          f"{'met' if speed >= goal else 'MISSED'})")
    verdict = "" if bw_goal is None else f" (goal >= {bw_goal:.2f}: {'met' if frac >= bw_goal else 'MISSED'})"
    print(f"amppy bandwidth / copy bandwidth = {frac:.2f}{verdict}")
    print(f"results agree (one call of each SAXPY from the same inputs, bit for bit): {ok}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
