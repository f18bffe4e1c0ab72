"""A class with overloaded operators in a kernel: amppy's n-body step against hand-written Numba.

    python benchmarks/nbody.py --target cpu  [--n 4096] [--repeat 5]
    python benchmarks/nbody.py --target cuda [--n 32768] [--repeat 10]     # GPU machine

What is timed.  One step of `samples/classes/nbody.cpp`'s kernel (`step`'s parallel_for_each:
every body sums the softened pull of all n bodies through the `Vec3` class's operators `-`,
`*`, `+=`, `length_sq()` and constructors, then moves), with the sample's `const int N`
replaced by --n (text substitution), translated by amppy for the target.  The generated
kernel function is called directly on the arrays (kernel only: no host code, no array_view
copies):

* cpu: amppy's `step_kernel` (`numba.njit(parallel=True)`) against `hand_cpu` below, the
  same algorithm as a careful human writes it for Numba: `prange` over bodies, scalar x/y/z
  locals, positions as an (n, 3) float32 array.  Goal (issue 12): amppy speed >= 0.8x.
* cuda: amppy's `step_kernel` (`cuda.jit`) against `hand_cuda` below (one thread per body,
  scalar x/y/z, (n, 3) float32 arrays), both launched with 256-thread blocks and timed with
  CUDA events.  Goal (issue 12): amppy speed >= 0.9x.  Also the same sample translated with
  `--coarsen off` (one body per CUDA thread); `--coarsen 4` gives amppy's kernel 4 bodies per
  thread, each `pos[j]` loaded once for them (`auto` does not coarsen untiled kernels): issue
  43 asked for >= 1.5x; the outputs must be bit for bit the same.

The two results are compared (positions and velocities after one step, `allclose` with
rtol 1e-4).  Best of --repeat interleaved rounds; the table shows time, billions of
body-body interactions per second and the ratio hand-written speed / amppy speed.
"""
from __future__ import annotations

import argparse
import importlib.util
import math
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# `python benchmarks/nbody.py` puts benchmarks/ first on sys.path, where benchmarks/cuda.py
# would shadow the `cuda` package: take it off again before importing numba.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]

import numba  # noqa: E402
import numba.extending  # noqa: E402
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
SAMPLE = os.path.join(ROOT, "samples", "classes", "nbody.cpp")
DT, SOFTENING = np.float32(0.01), np.float32(0.05)


@numba.extending.register_jitable
def hand_body(pos, vel, nxt, mass, i):
    """Body i's step, as a careful human writes it for Numba: scalar x/y/z locals over (n, 3)
    float32 arrays; one function for the CPU loop and the CUDA thread (numba compiles it for both)."""
    n = pos.shape[0]
    px, py, pz = pos[i, 0], pos[i, 1], pos[i, 2]
    ax = ay = az = np.float32(0.0)
    for j in range(n):
        dx, dy, dz = pos[j, 0] - px, pos[j, 1] - py, pos[j, 2] - pz
        r2 = dx * dx + dy * dy + dz * dz + SOFTENING
        inv = np.float32(1.0) / np.float32(math.sqrt(r2))
        s = mass[j] * inv * inv * inv
        ax += dx * s
        ay += dy * s
        az += dz * s
    vx, vy, vz = vel[i, 0] + ax * DT, vel[i, 1] + ay * DT, vel[i, 2] + az * DT
    vel[i, 0] = vx
    vel[i, 1] = vy
    vel[i, 2] = vz
    nxt[i, 0] = px + vx * DT
    nxt[i, 1] = py + vy * DT
    nxt[i, 2] = pz + vz * DT


@numba.njit(parallel=True, fastmath=False)
def hand_cpu(pos, vel, nxt, mass):
    for i in prange(pos.shape[0]):
        hand_body(pos, vel, nxt, mass, i)


def make_hand_cuda():
    from numba import cuda

    @cuda.jit
    def hand_cuda(pos, vel, nxt, mass):
        i = cuda.grid(1)
        if i < pos.shape[0]:
            hand_body(pos, vel, nxt, mass, i)
    return hand_cuda


def translate(n: int, target: str, workdir: str, coarsen: str = "auto"):
    """The sample with N = n, translated for `target` (`--coarsen coarsen`); returns the generated
    module."""
    with open(SAMPLE, encoding="utf-8") as f:
        text = f.read()
    text, count = re.subn(r"^const int N = \d+;", f"const int N = {n};", text, flags=re.M)
    if count != 1:
        raise SystemExit(f"could not find 'const int N = ...;' in {SAMPLE}")
    return harness.translated_module(SAMPLE, text, target, workdir, f"nbody_{target}_{n}_{coarsen}", coarsen)


def inputs(n: int):
    rng = np.random.default_rng(0)
    pos = rng.uniform(-8, 8, (n, 3)).astype(np.float32)
    vel = rng.uniform(-1, 1, (n, 3)).astype(np.float32)
    mass = rng.uniform(1, 2, n).astype(np.float32)
    return pos, vel, mass


def as_records(a: np.ndarray, dtype) -> np.ndarray:
    r = np.zeros(a.shape[0], dtype)
    r["x"], r["y"], r["z"] = a[:, 0], a[:, 1], a[:, 2]
    return r


def from_records(r: np.ndarray) -> np.ndarray:
    return np.stack([r["x"], r["y"], r["z"]], axis=1)


def run_cpu(n: int, repeat: int, workdir: str):
    mod = translate(n, "cpu", workdir)
    dtype = mod.Vec3.dtype
    pos, vel, mass = inputs(n)
    a_pos, a_vel, a_next = as_records(pos, dtype), as_records(vel, dtype), np.zeros(n, dtype)
    h_pos, h_vel, h_next = pos.copy(), vel.copy(), np.zeros_like(pos)
    # one step from the same state, for the comparison
    mod.step_kernel(n, a_pos, mass, a_vel, a_next)
    hand_cpu(h_pos, h_vel, h_next, mass)
    ok = bool(np.allclose(from_records(a_next), h_next, rtol=1e-4, atol=1e-5)
              and np.allclose(from_records(a_vel), h_vel, rtol=1e-4, atol=1e-5))
    t = harness.best_of({"amppy": lambda: mod.step_kernel(n, a_pos, mass, a_vel, a_next),
                 "hand": lambda: hand_cpu(h_pos, h_vel, h_next, mass)}, repeat, harness.cpu_timer)
    where = (f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads, "
             f"{os.cpu_count()} CPUs")
    return t, ok, where, 0.8


def run_cuda(n: int, repeat: int, workdir: str, coarsen: str = "auto"):
    from numba import cuda
    mod = translate(n, "cuda", workdir, coarsen)
    off = translate(n, "cuda", workdir, "off")          # one body per CUDA thread
    hand_cuda = make_hand_cuda()
    dtype = mod.Vec3.dtype
    pos, vel, mass = inputs(n)
    d_mass = cuda.to_device(mass)
    a_pos, a_vel = cuda.to_device(as_records(pos, dtype)), cuda.to_device(as_records(vel, dtype))
    a_next = cuda.to_device(np.zeros(n, dtype))
    o_vel, o_next = cuda.to_device(as_records(vel, dtype)), cuda.to_device(np.zeros(n, dtype))
    h_pos, h_vel, h_next = cuda.to_device(pos), cuda.to_device(vel), cuda.device_array((n, 3), np.float32)
    block = 256
    grid = (n + block - 1) // block
    f = harness.per_thread(mod.__amppy_text__, "step_kernel")[0]      # bodies per CUDA thread
    grid_f = (n + block * f - 1) // (block * f)
    mod.step_kernel[grid_f, block](n, a_pos, d_mass, a_vel, a_next)
    off.step_kernel[grid, block](n, a_pos, d_mass, o_vel, o_next)
    hand_cuda[grid, block](h_pos, h_vel, h_next, d_mass)
    cuda.synchronize()
    ok = bool(np.allclose(from_records(a_next.copy_to_host()), h_next.copy_to_host(), rtol=1e-4, atol=1e-5)
              and np.allclose(from_records(a_vel.copy_to_host()), h_vel.copy_to_host(), rtol=1e-4, atol=1e-5)
              and np.array_equal(a_next.copy_to_host(), o_next.copy_to_host()))

    t = harness.best_of({"amppy": lambda: mod.step_kernel[grid_f, block](n, a_pos, d_mass, a_vel, a_next),
                         "off": lambda: off.step_kernel[grid, block](n, a_pos, d_mass, o_vel, o_next),
                         "hand": lambda: hand_cuda[grid, block](h_pos, h_vel, h_next, d_mass)}, repeat,
                        harness.gpu_timer(cuda))
    return t, ok, f"{harness.device_name(cuda)}, numba-cuda, {block}-thread blocks, {f} bodies per thread", 0.9


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", choices=("cpu", "cuda"), default="cpu")
    ap.add_argument("--n", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=None)
    ap.add_argument("--coarsen", default="auto", help="amppy's --coarsen for the cuda target")
    args = ap.parse_args(argv)
    n = args.n or (4096 if args.target == "cpu" else 32768)
    repeat = args.repeat or (5 if args.target == "cpu" else 10)
    with tempfile.TemporaryDirectory(prefix="amppy-bench-") as work:
        if args.target == "cpu":
            t, ok, where, goal = run_cpu(n, repeat, work)
        else:
            t, ok, where, goal = run_cuda(n, repeat, work, args.coarsen)
    pairs = float(n) * n
    print(f"n-body step, n = {n} bodies, float32, target {args.target}, best of {repeat}; {where}")
    print(f"{'version':<36}{'time (ms)':>11}{'Ginteractions/s':>17}{'vs hand-written':>17}")
    for name, label in (("amppy", f"amppy --target {args.target} (kernel)"),
                        ("off", "amppy --coarsen off (kernel)"),
                        ("hand", "hand-written numba" + ("-cuda" if args.target == "cuda" else ""))):
        if name in t:
            print(f"{label:<36}{t[name] * 1e3:>11.2f}{pairs / t[name] / 1e9:>17.2f}{t[name] / t['hand']:>16.2f}x")
    if "off" in t:
        print(f"amppy / amppy --coarsen off: {t['off'] / t['amppy']:.2f}x (issue 43's goal: >= 1.5x)")
    speed = t["hand"] / t["amppy"]
    print(f"amppy speed / hand-written speed = {speed:.2f} (goal >= {goal:.2f}: "
          f"{'met' if speed >= goal else 'MISSED'})")
    print(f"results agree (one step, positions and velocities; on the GPU the coarsened and uncoarsened "
          f"kernels bit for bit): {ok}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
