"""Kernels over a section, a projection of a view and a texture against the same kernel over a plain view.

    python benchmarks/views.py --target cpu  [--n 2048] [--repeat 5]
    python benchmarks/views.py --target cuda [--n 8192] [--repeat 10]     # GPU machine

What is timed.  The C++ AMP program below (our own) has three kernels with one body,
`v[i] = v[i] * 2.0f + 1.0f` over an n x n float extent:

* plain:      over `array_view<float, 2> plain(n, n, ...)`;
* section:    over `big.section(index<2>(0, 16), extent<2>(n, n))` of an n x (n + 32) view, so
              every row of the section starts 16 floats in and rows are n + 32 floats apart
              (a strided view of the parent's memory, as C++ AMP's section is);
* projection: over `cube[1]` of a 3 x n x n view (an `array_view<float, 2>` into the middle);
* texture:    over a `texture<float, 2>` (read `tex[i]`, written `tex.set(i, ...)`).

amppy translates the program for the target; the generated kernel functions are called directly
(kernel only: no host code, no copies) on arrays laid out as the runtime lays the views out: the
section is a strided slice of its parent's array, the projection a sub-array.  On the GPU the
launch shape is the runtime's (`launch_cuda.launch_config`: 64 x 4 threads here, grid rounded up) and the time is CUDA events';
bandwidth counts one read and one write of n * n floats.  Goals (issue 13): section and projection
speed >= 0.95x the plain view's; a texture read costs no more than an array read (texture >= 0.95x
too).  Results are compared with numpy's.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]  # (benchmarks/cuda.py)

import numba  # noqa: E402
import numpy as np  # noqa: E402


def load_harness():
    """benchmarks/harness.py, by file path (benchmarks/ is off sys.path: see above)."""
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
    std::vector<float> a(N * N), b(N * (N + 32)), c(3 * N * N);
    array_view<float, 2> plain(N, N, a);
    parallel_for_each(plain.extent, [=](index<2> i) restrict(amp) {
        plain[i] = plain[i] * 2.0f + 1.0f;
    });
    array_view<float, 2> big(N, N + 32, b);
    array_view<float, 2> sec = big.section(index<2>(0, 16), extent<2>(N, N));
    parallel_for_each(sec.extent, [=](index<2> i) restrict(amp) {
        sec[i] = sec[i] * 2.0f + 1.0f;
    });
    array_view<float, 3> cube(3, N, N, c);
    array_view<float, 2> proj = cube[1];
    parallel_for_each(proj.extent, [=](index<2> i) restrict(amp) {
        proj[i] = proj[i] * 2.0f + 1.0f;
    });
    texture<float, 2> tex(N, N, a.begin(), a.end());
    parallel_for_each(tex.extent, [&tex](index<2> i) restrict(amp) {
        tex.set(i, tex[i] * 2.0f + 1.0f);
    });
    return 0;
}
"""
GOAL = 0.95
LABELS = ("plain", "section", "projection", "texture")


def translate(target: str, workdir: str):
    mod = harness.translated_module(os.path.join(workdir, "views.cpp"), PROGRAM, target, workdir, f"views_{target}")
    # the kernels in program order: main_kernel, main_kernel2, ...
    names = sorted((k for k in dir(mod) if re.fullmatch(r"main_kernel\d*", k)),
                   key=lambda k: int(k[len("main_kernel"):] or 1))
    assert len(names) == 4, names
    return mod, names


def layouts(n: int, xp):
    """(plain, section, projection) arrays laid out as the runtime lays out the views."""
    rng = np.random.default_rng(0)
    plain = rng.random((n, n), dtype=np.float32)
    big = rng.random((n, n + 32), dtype=np.float32)
    cube = rng.random((3, n, n), dtype=np.float32)
    tex = rng.random((n, n), dtype=np.float32)
    want = [x * np.float32(2) + np.float32(1) for x in (plain, big[:, 16:16 + n], cube[1], tex)]
    if xp is not None:
        plain, big, cube, tex = (xp.to_device(x) for x in (plain, big, cube, tex))
    return (plain, big[:, 16:16 + n], cube[1], tex), (plain, big, cube, tex), want


def run(target: str, n: int, repeat: int, workdir: str):
    mod, names = translate(target, workdir)
    kernels = [getattr(mod, k) for k in names]
    if target == "cuda":
        from numba import cuda
        views, owners, want = layouts(n, cuda)
        from amppy.runtime import launch_cuda
        from amppy.runtime.amp import extent
        grid, block, _ = launch_cuda.launch_config(extent(n, n))      # (the runtime's launch shape)

        def call(k, v):
            return lambda: k[grid, block](n, n, v)

        timer = harness.gpu_timer(cuda)
        name = harness.device_name(cuda)
        where = f"{name}, numba-cuda, {block[0]}x{block[1]}-thread blocks"
    else:
        views, owners, want = layouts(n, None)

        def call(k, v):
            return lambda: k(n, n, v)

        timer = harness.cpu_timer
        where = f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads, {os.cpu_count()} CPUs"
    fns = {label: call(k, v) for label, k, v in zip(LABELS, kernels, views)}
    ok = True
    for fn, v, w in zip(fns.values(), views, want):     # once, checked; also the warm-up
        fn()
        got = v.copy_to_host() if target == "cuda" else v
        ok = ok and bool(np.allclose(got, w))
    t = harness.best_of(fns, repeat, timer, warm_up=False)     # (the checked calls warmed up)
    return t, ok, where


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
    gb = 2 * n * n * 4 / 1e9
    print(f"views.py --target {args.target}: n = {n} ({n}x{n} floats), best of {repeat}; {where}")
    print(f"{'kernel over':<12} {'time ms':>9} {'GB/s':>8} {'speed / plain':>14}")
    for label in LABELS:
        ratio = t["plain"] / t[label]
        print(f"{label:<12} {t[label] * 1e3:9.3f} {gb / t[label]:8.1f} {ratio:14.2f}")
    worst = min(t["plain"] / t[k] for k in LABELS[1:])
    print(f"results agree with numpy: {ok}; goal speed >= {GOAL:.2f}x plain: "
          f"{'met' if worst >= GOAL else 'NOT met'} ({worst:.2f})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
