"""Thread coarsening of tiled kernels (issue 43) on the GPU: the documentation's 16x16 tiled matrix
multiply as amppy translates it under each `--coarsen` setting, against the same kernel with
coarsening off (today's translation before issue 43), a hand-written numba-cuda kernel of the same
algorithm, a hand register-blocked numba-cuda SGEMM (64x64 tiles, 4x4 outputs per thread) and
cuBLAS.

    python benchmarks/coarsening.py [--n 4096,8192] [--repeat 5] [--settings off,auto,4,2x4]

`samples/matrix/matmul_tiled.cpp` with M = K = N = n (text substitution), translated with
`Options(target="cuda", coarsen=S)`; its `main_kernel` launched directly on device arrays with the
grid of `tile<16, 16>` and the block the translation's launch names; mean of `--repeat` launches
after a warm-up (CUDA events).  Every setting's C is compared bit for bit with coarsening off
(the goal: identical), and spot-checked against float64.  Then the plan `--coarsen auto` makes
for the other tiled samples' kernels (`-v`'s text).  Goal (issue 43): auto >= 1.5x off, >= 12
TFLOP/s on an H200.
"""
from __future__ import annotations

import argparse
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]   # (see cuda.py)


def _harness():
    import importlib.util
    spec = importlib.util.spec_from_file_location("amppy_benchmark_harness", os.path.join(HERE, "harness.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


harness = _harness()
ref = harness.load("cuda_reference", HERE)

TILE = 16


def translate(sample: str, subs: dict, setting: str, stem: str):
    """(module, source) of `sample` with `subs` applied, translated for CUDA with `--coarsen setting`."""
    import importlib.util
    import tempfile
    from amppy.diagnostics import DiagnosticSink
    from amppy.driver import Options, translate as tr
    path = os.path.join(ROOT, "samples", sample)
    text = open(path, encoding="utf-8").read()
    for pattern, repl in subs.items():
        text, k = re.subn(pattern, repl, text, flags=re.M)
        assert k == 1, pattern
    _, source = tr(path, Options(target="cuda", coarsen=setting), DiagnosticSink(), text=text)
    file = os.path.join(tempfile.mkdtemp(prefix="amppy-coarsen-"), f"{stem}.py")
    with open(file, "w", encoding="utf-8") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(stem, file)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod, source


def register_blocked():
    """Hand-written register-blocked SGEMM: 64x64 output tiles, 16x16 threads, 4x4 outputs each."""
    cuda = ref._cuda()
    from numba import float32

    @cuda.jit(fastmath=False)
    def sgemm(n, a, b, c):
        sa = cuda.shared.array((64, 16), float32)
        sb = cuda.shared.array((16, 64), float32)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        r0 = cuda.blockIdx.y * 64
        c0 = cuda.blockIdx.x * 64
        acc = cuda.local.array((4, 4), float32)
        for i in range(4):
            for j in range(4):
                acc[i, j] = 0
        av = cuda.local.array(4, float32)
        bv = cuda.local.array(4, float32)
        for kk in range(0, n, 16):
            for i in range(4):
                sa[ty + 16 * i, tx] = a[r0 + ty + 16 * i, kk + tx]
                sb[ty, tx + 16 * i] = b[kk + ty, c0 + tx + 16 * i]
            cuda.syncthreads()
            for k in range(16):
                for i in range(4):
                    av[i] = sa[ty + 16 * i, k]
                    bv[i] = sb[k, tx + 16 * i]
                for i in range(4):
                    for j in range(4):
                        acc[i, j] += av[i] * bv[j]
            cuda.syncthreads()
        for i in range(4):
            for j in range(4):
                c[r0 + ty + 16 * i, c0 + tx + 16 * j] = acc[i, j]
    return sgemm


def run(n: int, settings: list, repeat: int) -> None:
    cuda = ref._cuda()
    subs = {rf"^static const int {x} = \d+;": f"static const int {x} = {n};" for x in "MKN"}
    a, b = ref._inputs(n)
    da, db = cuda.to_device(a), cuda.to_device(b)
    grid = (n // TILE, n // TILE)
    rows, base = [], None
    for s in settings:
        mod, source = translate("matrix/matmul_tiled.cpp", subs, s, f"mm_{n}_{s.replace('x', '_')}")
        block = harness.launch_block(source, "main_kernel", (TILE, TILE))
        dc = cuda.device_array((n, n), np.float32)
        ms = ref._time_ms(lambda k=mod.main_kernel, blk=block, c=dc: k[grid, blk](n, n, da, db, c), repeat)
        c = dc.copy_to_host()
        if base is None:
            base = c
        rows.append((f"amppy --coarsen {s}, block {block}", ms, np.array_equal(c, base), ref._spot_check(a, b, c)))
    hand = ref.matmul_numba(n, repeat)
    rows.append(("numba-cuda by hand, same algorithm", hand["ms"], None, hand["rel_err"]))
    k = register_blocked()
    dc = cuda.device_array((n, n), np.float32)
    ms = ref._time_ms(lambda: k[(n // 64, n // 64), (16, 16)](n, da, db, dc), repeat)
    rows.append(("numba-cuda register-blocked 64x64, 4x4/thread", ms, None, ref._spot_check(a, b, dc.copy_to_host())))
    try:
        blas = ref.matmul_cublas(n, repeat)
        rows.append(("cuBLAS (cupy.matmul)", blas["ms"], None, blas["rel_err"]))
    except ImportError:
        pass
    off = rows[0][1]
    print(f"\nn = {n}: {'kernel':<48} {'ms':>8} {'TFLOP/s':>8} {'vs off':>7} {'same C':>7} {'rel err':>8}")
    for what, ms, same, err in rows:
        tf = 2.0 * n ** 3 / (ms * 1e-3) / 1e12
        print(f"{'':10}{what:<48} {ms:>8.3f} {tf:>8.2f} {off / ms:>6.2f}x {str(same if same is not None else ''):>7} {err:>8.1e}")


def plans() -> None:
    from amppy.codegen.cuda import coarsening
    from amppy.diagnostics import DiagnosticSink
    from amppy.driver import Options, analyse
    from amppy.lower.coarsen import explain
    print("\n--coarsen auto on the other tiled samples:")
    for sample in ("tiles/tiles_3d.cpp", "using-tiles/tile_average.cpp", "multigpu/partitioned_matmul.cpp",
                   "classes/nbody.cpp"):
        _, prog = analyse(os.path.join(ROOT, "samples", sample), Options(target="cuda"), DiagnosticSink())
        for kern in prog.kernels:
            why = explain(kern, "auto")[1] if kern.tile_dims is not None else "untiled (not coarsened)"
            assert (coarsening(kern) is None) == why.startswith(("not", "untiled"))
            print(f"  {sample} {kern.name}: {why}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", default="4096,8192")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--settings", default="off,auto,2,4,8,2x2,2x4,4x4,2x8")
    ns = ap.parse_args(argv)
    dev = ref._cuda().get_current_device()
    print(f"device: {dev.name.decode() if isinstance(dev.name, bytes) else dev.name}")
    for n in map(int, ns.n.split(",")):
        run(n, ns.settings.split(","), ns.repeat)
    plans()


if __name__ == "__main__":
    main()
