"""`amppy.load` on the GPU (issue 44): what calling a loaded function on CuPy arrays costs against
the kernel alone.

    python benchmarks/library_call.py [--n 67108864] [--repeat 20]

A SAXPY written in C++ AMP (`void saxpy(float a, array_view<const float, 1> x, array_view<float,
1> y)`: one `parallel_for_each`) is loaded with `amppy.load(..., target="cuda")` and called on
CuPy arrays of n floats (2^26 by default): the arrays are used in place, nothing is copied to the
host.  Against: the translation's kernel launched directly on the same memory (numba device arrays
over the CuPy pointers, the grid `launch_cuda` would choose).  Each timing: R back-to-back calls
between CUDA events (the host waits only at the end), mean per call; the overhead per call in
microseconds, and the host's time per call (the Python of a call, the kernel queued and not
waited for) beside a bare kernel launch's.  The outputs are checked.  Goal (issue 44): the call <= 1.2x the kernel alone.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]     # (see cuda.py)

SAXPY = r"""
#include <amp.h>
using namespace concurrency;
void saxpy(float a, array_view<const float, 1> x, array_view<float, 1> y) {
    parallel_for_each(y.extent, [=](index<1> i) restrict(amp) { y[i] += a * x[i]; });
}
"""


def _reference():
    """benchmarks/cuda_reference.py, by file path (benchmarks/ is off sys.path)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("cuda_reference", os.path.join(HERE, "cuda_reference.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _host_us(fn, reps, cuda) -> float:
    """The host's time per call in microseconds, R calls queued back to back (then waited for)."""
    import time
    fn()
    cuda.synchronize()
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, time.perf_counter() - t)
        cuda.synchronize()
    return best / reps * 1e6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1 << 26)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)
    import cupy
    import amppy
    from amppy.runtime import launch_cuda
    from amppy.runtime.cuda_compat import import_cuda
    cuda = import_cuda()
    folder = tempfile.mkdtemp(prefix="amppy-lib-")
    src = os.path.join(folder, "saxpy.cpp")
    with open(src, "w", encoding="utf-8") as f:
        f.write(SAXPY)
    lib = amppy.load(src, target="cuda")
    translated = sys.modules[f"amppy_library_{os.path.basename(os.path.dirname(lib.__amppy_python__))}"]
    n, reps = args.n, args.repeat
    x = cupy.arange(n, dtype=cupy.float32) % 7
    y = cupy.zeros(n, dtype=cupy.float32)
    dx, dy = cuda.as_cuda_array(x), cuda.as_cuda_array(y)
    grid, block, _ = launch_cuda.launch_config(launch_cuda.amp.extent(n))

    ref = _reference()                                   # (its CUDA-event timer: warm-up, then R calls)
    kernel_ms = ref._time_ms(lambda: translated.saxpy_kernel[grid, block](n, dy, np.float32(0.5), dx), reps)
    stats = launch_cuda._current().stats
    before = dict(stats)
    call_ms = ref._time_ms(lambda: lib.saxpy(0.5, x, y), reps)
    moved = stats["h2d_bytes"] - before["h2d_bytes"] + stats["d2h_bytes"] - before["d2h_bytes"]
    host_direct = _host_us(lambda: translated.saxpy_kernel[grid, block](n, dy, np.float32(0.5), dx), reps, cuda)
    host_call = _host_us(lambda: lib.saxpy(0.5, x, y), reps, cuda)
    y[:] = 0
    lib.saxpy(2.0, x, y)
    ok = bool(cupy.asnumpy(y[:1000]).tolist() == (2 * (np.arange(1000) % 7)).astype(np.float32).tolist())
    gb = 3 * 4 * n / 1e9
    print(f"SAXPY on CuPy arrays, n = {n} floats, mean of {reps} calls (CUDA events); {ok=}")
    print(f"{'what':<44} {'ms':>8} {'GB/s':>8} {'vs kernel':>9}")
    print(f"{'the translation kernel, launched directly':<44} {kernel_ms:>8.3f} {gb / kernel_ms * 1e3:>8.1f} {1.0:>8.2f}x")
    print(f"{'lib.saxpy(a, x, y) (amppy.load)':<44} {call_ms:>8.3f} {gb / call_ms * 1e3:>8.1f} "
          f"{call_ms / kernel_ms:>8.2f}x")
    print(f"overhead per call: {(call_ms - kernel_ms) * 1e3:.0f} us; bytes between host and GPU in "
          f"{reps + 1} calls: {moved}")
    print(f"host time per call (queued, not waited for): kernel launch {host_direct:.0f} us, "
          f"lib.saxpy {host_call:.0f} us ({host_call - host_direct:.0f} us of amppy.load and launch_cuda)")
    ratio = call_ms / kernel_ms
    print(f"call / kernel = {ratio:.2f}x (goal <= 1.20x): {'MET' if ratio <= 1.2 else 'NOT MET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
