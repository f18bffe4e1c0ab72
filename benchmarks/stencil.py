"""Untiled 2-D 5-point stencil on the GPU: amppy's kernel against the same stencil in CUDA C.

Run on a GPU machine (not part of CI):

    python benchmarks/stencil.py [N] [--repeat R]      # N x N float32, default 8192
    bash tools/gpu/run_on_gpu.sh 'python3 benchmarks/stencil.py'

The kernel is what `amppy translate --target cuda` generates from `samples/untiled/stencil_2d.cpp`
with N substituted (an `array_view<const float, 2>` in, an `array_view<float, 2>` out, launched
with the block `launch_cuda.launch_config` chooses for an untiled rank-2 domain: 64 x 4; also
with 16 x 16, the CUDA C reference's).  It is called directly
on device arrays (kernel time only: the mean of R launches between CUDA events, after a warm-up).  Rows:

* amppy's kernel, and the same without its test for a folded grid (`if cuda.blockIdx.z:`);
* CUDA C (`cupy.RawKernel`, compiled by NVRTC): `const float* __restrict__ in`, `int` indices, the same
  16 x 16 blocks and the same interior test: the issue's reference (goal: amppy >= 1.0x);
* hand-written numba-cuda variants of the same stencil, to show which index code costs what: as
  amppy writes it (`cuda.grid(2)`, 2-D subscripts), with `uint64` subscripts (no negative-index
  wraparound), over flat 1-D arrays with an `int32` row offset, and as amppy writes it with the
  input read through the read-only data cache (`ld.global.nc`, what `const __restrict__` gives
  CUDA C);
* a device-to-device copy of one N x N array (`cuMemcpyDtoD`): bandwidth for one read and one write.

GB/s counts one read and one write of N x N floats (the neighbours come from caches).  Every row's
output is compared with numpy's (exactly: the same float32 operations in the same order).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]     # (see cuda.py)
BLOCK = (16, 16)

CUDA_C = r"""
extern "C" __global__ void stencil(const float* __restrict__ in, float* __restrict__ out, int n)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
            out[i * n + j] = 0.25f * (in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1]
                                      + in[i * n + j + 1]) - in[i * n + j];
        else
            out[i * n + j] = in[i * n + j];
    }
}
"""


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


ref = _load("cuda_reference", os.path.join(HERE, "cuda_reference.py"))


def amppy_kernel(n: int):
    """(the generated kernel, its source) of samples/untiled/stencil_2d.cpp at N = n."""
    from amppy.diagnostics import DiagnosticSink
    from amppy.driver import Options, translate
    path = os.path.join(ROOT, "samples", "untiled", "stencil_2d.cpp")
    with open(path, encoding="utf-8") as f:
        text, k = re.subn(r"^static const int N = \d+;", f"static const int N = {n};", f.read(), flags=re.M)
    assert k == 1
    _, source = translate(path, Options(target="cuda"), DiagnosticSink(), text=text)
    file = os.path.join(tempfile.mkdtemp(prefix="amppy-stencil-"), f"stencil_{n}.py")
    with open(file, "w", encoding="utf-8") as f:
        f.write(source)
    mod = _load(f"stencil_{n}", file)
    start = source.rindex("@cuda.jit", 0, source.index("def main_kernel("))
    return mod.main_kernel, source[start:source.index("\n\n\n", start)]


def unfolded_kernel(kernel, source: str):
    """amppy's kernel without the `if cuda.blockIdx.z:` block that adds a folded grid's z blocks (what
    that test costs a grid that is not folded)."""
    cuda = ref._cuda()
    lines, skip = [], None
    for line in source.splitlines()[1:]:
        indent = len(line) - len(line.lstrip())
        if skip is not None and indent > skip:
            continue
        skip = indent if line.strip().startswith("if cuda.blockIdx.z:") else None
        if skip is None:
            lines.append(line)
    scope = dict(kernel.py_func.__globals__)
    exec("\n".join(lines), scope)
    return cuda.jit(scope["main_kernel"])


def hand_kernels(n: int):
    """Hand-written numba-cuda versions: (name, kernel, takes flat arrays)."""
    cuda = ref._cuda()
    from numba import float32, int32, uint64

    @cuda.jit
    def as_amppy(ext0, ext1, out, a):
        g1, g0 = cuda.grid(2)
        if g0 < ext0 and g1 < ext1:
            i, j = g0, g1
            if i > 0 and i < n - 1 and j > 0 and j < n - 1:
                out[g0, g1] = float32(0.25) * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1]) - a[g0, g1]
            else:
                out[g0, g1] = a[g0, g1]

    @cuda.jit
    def unsigned(ext0, ext1, out, a):
        g1, g0 = cuda.grid(2)
        if g0 < ext0 and g1 < ext1:
            i, j = uint64(g0), uint64(g1)
            lo, hi = uint64(0), uint64(n - 1)
            if i > lo and i < hi and j > lo and j < hi:
                out[i, j] = float32(0.25) * (a[i - uint64(1), j] + a[i + uint64(1), j] + a[i, j - uint64(1)]
                                             + a[i, j + uint64(1)]) - a[i, j]
            else:
                out[i, j] = a[i, j]

    @cuda.jit
    def flat32(ext0, ext1, out, a):
        j = int32(cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x)
        i = int32(cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y)
        if i < ext0 and j < ext1:
            r = i * int32(n) + j
            if i > 0 and i < n - 1 and j > 0 and j < n - 1:
                out[r] = float32(0.25) * (a[r - int32(n)] + a[r + int32(n)] + a[r - 1] + a[r + 1]) - a[r]
            else:
                out[r] = a[r]

    ldg = read_only_load()

    @cuda.jit
    def as_amppy_nc(ext0, ext1, out, a):
        g1, g0 = cuda.grid(2)
        if g0 < ext0 and g1 < ext1:
            i, j = g0, g1
            if i > 0 and i < n - 1 and j > 0 and j < n - 1:
                out[g0, g1] = float32(0.25) * (ldg(a, (i - 1, j)) + ldg(a, (i + 1, j)) + ldg(a, (i, j - 1))
                                               + ldg(a, (i, j + 1))) - ldg(a, (g0, g1))
            else:
                out[g0, g1] = ldg(a, (g0, g1))

    return [("numba-cuda as amppy writes it (2-D, int64)", as_amppy, False),
            ("numba-cuda, uint64 subscripts", unsigned, False),
            ("numba-cuda, flat arrays, int32 offsets", flat32, True),
            ("as amppy writes it, read-only loads (ld.nc)", as_amppy_nc, False)]


def read_only_load():
    """`ldg(a, (i, j))`: an element of `a` loaded through the read-only (non-coherent) data cache,
    as CUDA C's `const float* __restrict__` lets nvcc do (`ld.global.nc`): a load from the global
    address space marked `!invariant.load`.  (numba-cuda has no such function for arrays.)"""
    from llvmlite import ir as llir
    from numba.cuda import cgutils, types
    from numba.cuda.extending import intrinsic

    @intrinsic
    def ldg(typingctx, arr, idx):
        sig = arr.dtype(arr, idx)

        def codegen(context, builder, sig, args):
            aryty, idxty = sig.args
            ary = context.make_array(aryty)(context, builder, args[0])
            indices = cgutils.unpack_tuple(builder, args[1]) if isinstance(idxty, types.BaseTuple) else [args[1]]
            ptr = cgutils.get_item_pointer(context, builder, aryty, ary, indices, wraparound=False)
            gptr = builder.addrspacecast(ptr, llir.PointerType(ptr.type.pointee, 1), "global")
            val = builder.load(gptr)
            val.set_metadata("invariant.load", builder.module.add_metadata([]))
            return val
        return sig, codegen
    return ldg


def expected(a: np.ndarray) -> np.ndarray:
    out = a.copy()
    inner = np.float32(0.25) * (((a[:-2, 1:-1] + a[2:, 1:-1]) + a[1:-1, :-2]) + a[1:-1, 2:]) - a[1:-1, 1:-1]
    out[1:-1, 1:-1] = inner
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("n", nargs="?", type=int, default=8192)
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--blocks", default="",
                   help="also run amppy's kernel and the CUDA C one with these blocks (CUDA x*y: '32x8,64x4')")
    args = p.parse_args(argv)
    n, reps = args.n, args.repeat
    cuda = ref._cuda()
    import cupy
    host = (np.arange(n * n, dtype=np.int64) % 97).astype(np.float32).reshape(n, n)
    want = expected(host)
    nbytes = 2 * n * n * 4
    grid = (-(-n // BLOCK[0]), -(-n // BLOCK[1]))
    d_in = cuda.to_device(host)
    d_out = cuda.device_array((n, n), np.float32)
    rows = []

    def run(what, launch, result):
        ms = ref._time_ms(launch, reps)
        got = result()
        rows.append((what, ms, nbytes / (ms * 1e-3) / 1e9, bool(np.array_equal(got, want))))

    kernel, source = amppy_kernel(n)
    from amppy.runtime import launch_cuda
    from amppy.runtime.amp import extent
    a_grid, a_block, _ = launch_cuda.launch_config(extent(n, n))      # (the block amppy launches it with)
    run(f"amppy --target cuda, stencil_2d.cpp ({a_block[0]}x{a_block[1]})",
        lambda: kernel[a_grid, a_block](n, n, d_out, d_in), d_out.copy_to_host)
    unfolded = unfolded_kernel(kernel, source)
    run("  the same without its folded-grid test", lambda: unfolded[a_grid, a_block](n, n, d_out, d_in),
        d_out.copy_to_host)
    run("  amppy's kernel with 16 x 16 blocks", lambda: kernel[grid, BLOCK](n, n, d_out, d_in), d_out.copy_to_host)
    c_in, c_out = cupy.asarray(host), cupy.empty((n, n), cupy.float32)
    raw = cupy.RawKernel(CUDA_C, "stencil")
    run("CUDA C (NVRTC), int indices, __restrict__", lambda: raw(grid[::-1], BLOCK, (c_in, c_out, np.int32(n))),
        lambda: cupy.asnumpy(c_out))
    run(f"  CUDA C with amppy's {a_block[0]} x {a_block[1]} blocks",
        lambda: raw(a_grid, a_block, (c_in, c_out, np.int32(n))), lambda: cupy.asnumpy(c_out))
    flat_in, flat_out = d_in.reshape(n * n), d_out.reshape(n * n)
    for what, k, flat in hand_kernels(n):
        args_ = (flat_out, flat_in) if flat else (d_out, d_in)
        run(what, lambda k=k, args_=args_: k[grid, BLOCK](n, n, *args_), d_out.copy_to_host)
    copy_ms = ref._time_ms(lambda: d_out.copy_to_device(d_in), reps)
    for spec in filter(None, args.blocks.split(",")):      # other block shapes, both kernels
        bx, by = (int(v) for v in spec.lower().split("x"))
        g = (-(-n // bx), -(-n // by))
        run(f"amppy's kernel, {bx} x {by} blocks", lambda g=g, b=(bx, by): kernel[g, b](n, n, d_out, d_in),
            d_out.copy_to_host)
        run(f"CUDA C, {bx} x {by} blocks", lambda g=g, b=(bx, by): raw(g, b, (c_in, c_out, np.int32(n))),
            lambda: cupy.asnumpy(c_out))

    print(f"untiled 5-point stencil, {n} x {n} float32, mean of {reps} launches (CUDA events)")
    print(f"{'kernel':<46} {'ms':>8} {'GB/s':>8} {'vs CUDA C':>9} {'exact':>6}")
    c_ms = next(ms for what, ms, _, _ in rows if what.startswith("CUDA C (NVRTC)"))
    for what, ms, gbs, ok in rows:
        print(f"{what:<46} {ms:>8.3f} {gbs:>8.1f} {c_ms / ms:>8.2f}x {str(ok):>6}")
    print(f"{'device-to-device copy (cuMemcpyDtoD)':<46} {copy_ms:>8.3f} {nbytes / (copy_ms * 1e-3) / 1e9:>8.1f}"
          f" {c_ms / copy_ms:>8.2f}x")
    ratio = c_ms / rows[0][1]
    print(f"amppy / CUDA C: {ratio:.2f}x (goal >= 1.00x): {'MET' if ratio >= 1.0 else 'NOT MET'}")
    print()
    print("generated kernel:")
    print(source)


if __name__ == "__main__":
    main()
