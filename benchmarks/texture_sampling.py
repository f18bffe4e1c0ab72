"""Texture sampling (`tv.sample<...>(coord)`) against hand-written numba kernels doing the same.

    python benchmarks/texture_sampling.py --target cpu  [--n 2048] [--repeat 5]
    python benchmarks/texture_sampling.py --target cuda [--n 8192] [--repeat 10]     # GPU machine

What is timed.  The C++ AMP program below (our own) samples an n x n `texture<float, 2>` through
a `texture_view<const float, 2>` once per output element, three ways:

* linear: `tv.sample<filter_linear, address_clamp>(float_2((x + 0.25) / n, (y + 0.75) / n))`,
  four texels blended (amppy.runtime.sampling);
* point:  `tv.sample<filter_point, address_clamp>(float_2((x + 0.5) / n, (y + 0.5) / n))`, the
  texel under each element's centre;
* read:   `tv[idx]`, the texel itself.

References, timed in the same run, hand-written numba kernels over a plain float32 array: the same
bilinear blend (the formula `t0 * (1 - a) + t1 * a` along x, then y, with clamped texel numbers),
the same nearest-texel read (`floor(u * n)`, clamped), and a copy `out[y, x] = src[y, x]`.  amppy's kernels are
called directly (kernel only, no copies), on the GPU with the runtime's launch shape (16 x 16
threads) and CUDA events.  Goals (issue 13): a texture read costs no more than an array read
(read >= 0.95x the copy); sampling runs at the speed of the hand-written sampling (linear and
point >= 0.9x their reference).  Results are compared with the references'.
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
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]  # (benchmarks/cuda.py)

import numba  # noqa: E402
import numpy as np  # noqa: E402
from numba import float32  # noqa: E402


def load_harness():
    spec = importlib.util.spec_from_file_location("amppy_benchmark_harness", os.path.join(HERE, "harness.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


harness = load_harness()

PROGRAM = r"""
#include <amp.h>
#include <amp_graphics.h>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;
const int N = 64;
int main() {
    std::vector<float> a(N * N), o(N * N);
    texture<float, 2> tex(N, N, a.begin(), a.end());
    texture_view<const float, 2> tv(tex);
    array_view<float, 2> out(N, N, o);
    parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
        float_2 c((i[1] + 0.25f) / out.extent[1], (i[0] + 0.75f) / out.extent[0]);
        out[i] = tv.sample<filter_linear, address_clamp>(c);
    });
    parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
        float_2 c((i[1] + 0.5f) / out.extent[1], (i[0] + 0.5f) / out.extent[0]);
        out[i] = tv.sample<filter_point, address_clamp>(c);
    });
    parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
        out[i] = tv[i];
    });
    return 0;
}
"""
LABELS = ("linear", "point", "read")
REFERENCE = {"linear": "bilinear", "point": "nearest", "read": "copy"}
GOALS = {"linear": 0.9, "point": 0.9, "read": 0.95}


def _blend(src, y, x, n0, n1):
    """The reference bilinear sample at element (y, x) (clamped texel numbers)."""
    tx = (float32(x) + float32(0.25)) / float32(n1) * float32(n1) - float32(0.5)
    ty = (float32(y) + float32(0.75)) / float32(n0) * float32(n0) - float32(0.5)
    fx, fy = math.floor(tx), math.floor(ty)
    a, b = tx - float32(fx), ty - float32(fy)
    x0, y0 = min(max(int(fx), 0), n1 - 1), min(max(int(fy), 0), n0 - 1)
    x1, y1 = min(max(int(fx) + 1, 0), n1 - 1), min(max(int(fy) + 1, 0), n0 - 1)
    r0 = src[y0, x0] * (float32(1.0) - a) + src[y0, x1] * a
    r1 = src[y1, x0] * (float32(1.0) - a) + src[y1, x1] * a
    return r0 * (float32(1.0) - b) + r1 * b


def _nearest(src, y, x, n0, n1):
    """The reference point sample at element (y, x): the texel under its centre (clamped)."""
    tx = (float32(x) + float32(0.5)) / float32(n1) * float32(n1)
    ty = (float32(y) + float32(0.5)) / float32(n0) * float32(n0)
    return src[min(max(int(math.floor(ty)), 0), n0 - 1), min(max(int(math.floor(tx)), 0), n1 - 1)]


def references(target: str):
    """(bilinear, nearest, copy) hand-written kernels for the target."""
    if target == "cuda":
        from numba import cuda
        blend, near = cuda.jit(device=True)(_blend), cuda.jit(device=True)(_nearest)

        @cuda.jit
        def bilinear(n0, n1, out, src):
            x, y = cuda.grid(2)
            if y < n0 and x < n1:
                out[y, x] = blend(src, y, x, n0, n1)

        @cuda.jit
        def nearest(n0, n1, out, src):
            x, y = cuda.grid(2)
            if y < n0 and x < n1:
                out[y, x] = near(src, y, x, n0, n1)

        @cuda.jit
        def copy(n0, n1, out, src):
            x, y = cuda.grid(2)
            if y < n0 and x < n1:
                out[y, x] = src[y, x]
        return bilinear, nearest, copy
    blend, near = numba.njit(inline="always")(_blend), numba.njit(inline="always")(_nearest)

    @numba.njit(parallel=True)
    def bilinear_cpu(n0, n1, out, src):
        for y in numba.prange(n0):
            for x in range(n1):
                out[y, x] = blend(src, y, x, n0, n1)

    @numba.njit(parallel=True)
    def nearest_cpu(n0, n1, out, src):
        for y in numba.prange(n0):
            for x in range(n1):
                out[y, x] = near(src, y, x, n0, n1)

    @numba.njit(parallel=True)
    def copy_cpu(n0, n1, out, src):
        for y in numba.prange(n0):
            for x in range(n1):
                out[y, x] = src[y, x]
    return bilinear_cpu, nearest_cpu, copy_cpu


def run(target: str, n: int, repeat: int, workdir: str):
    mod = harness.translated_module(os.path.join(workdir, "sampling.cpp"), PROGRAM, target, workdir,
                                    f"sampling_{target}")
    names = sorted((k for k in dir(mod) if re.fullmatch(r"main_kernel\d*", k)),
                   key=lambda k: int(k[len("main_kernel"):] or 1))
    assert len(names) == 3, names
    kernels = [getattr(mod, k) for k in names]
    bilinear, nearest, copy = references(target)
    src = np.random.default_rng(0).random((n, n), dtype=np.float32)
    outs = {k: np.zeros((n, n), np.float32) for k in LABELS + ("bilinear", "nearest", "copy")}
    if target == "cuda":
        from numba import cuda
        src = cuda.to_device(src)
        outs = {k: cuda.to_device(v) for k, v in outs.items()}
        grid, block = ((n + 15) // 16, (n + 15) // 16), (16, 16)

        def call(k, out):
            return lambda: k[grid, block](n, n, out, src)
        timer, where = harness.gpu_timer(cuda), f"{harness.device_name(cuda)}, numba-cuda, 16x16-thread blocks"
    else:
        def call(k, out):
            return lambda: k(n, n, out, src)
        timer = harness.cpu_timer
        where = f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads, {os.cpu_count()} CPUs"
    # (amppy's kernels take the extent, then the captures in their order: out, tv)
    fns = {label: call(k, outs[label]) for label, k in zip(LABELS, kernels)}
    for name, k in (("bilinear", bilinear), ("nearest", nearest), ("copy", copy)):
        fns[name] = call(k, outs[name])
    for fn in fns.values():
        fn()
    host = {k: (v.copy_to_host() if target == "cuda" else v) for k, v in outs.items()}
    ok = bool(np.array_equal(host["read"], host["copy"]) and np.array_equal(host["point"], host["nearest"])
              and np.allclose(host["linear"], host["bilinear"], rtol=1e-5, atol=1e-6))
    return harness.best_of(fns, repeat, timer, warm_up=False), ok, where


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", choices=("cpu", "cuda"), default="cpu")
    ap.add_argument("--n", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=None)
    args = ap.parse_args(argv)
    n = args.n or (8192 if args.target == "cuda" else 2048)
    repeat = args.repeat or (10 if args.target == "cuda" else 5)
    with tempfile.TemporaryDirectory() as workdir:
        t, ok, where = run(args.target, n, repeat, workdir)
    print(f"texture_sampling.py --target {args.target}: n = {n} ({n}x{n} floats), best of {repeat}; {where}")
    print(f"{'kernel':<10} {'time ms':>9} {'reference':>10} {'ref ms':>9} {'speed / ref':>12} {'goal':>6}")
    met = True
    for label in LABELS:
        ref = REFERENCE[label]
        ratio = t[ref] / t[label]
        met = met and ratio >= GOALS[label]
        print(f"{label:<10} {t[label] * 1e3:9.3f} {ref:>10} {t[ref] * 1e3:9.3f} {ratio:12.2f} {GOALS[label]:6.2f}")
    print(f"results agree with the references: {ok}; goals {'met' if met else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
