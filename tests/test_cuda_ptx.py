"""Kernels shaped like the CUDA backend's output compile to PTX for sm_90 -- no GPU needed.

Needs numba-cuda with NVVM and NVRTC (``cuda.compile_ptx``); where they are missing the whole
module is skipped with the reason.  Every PTX must be loadable by the GPU machines' CUDA 13.0
driver: ``.version`` at most 9.0 (a newer NVVM wheel would break that; see the ``cuda`` extra).

Shape of a generated kernel: parameters are the extent's dimensions then the captures; the last
C++ dimension is x; ``tile_static`` is ``cuda.shared.array`` and ``barrier.wait()`` is
``cuda.syncthreads()``.
"""
import re

import numpy as np
import pytest

from amppy.runtime import cuda_compat

_problem = cuda_compat.ptx_toolchain_problem()
if _problem is not None:
    pytest.skip(f"PTX compilation unavailable: {_problem}", allow_module_level=True)

cuda = cuda_compat.import_cuda()
from numba import float32, from_dtype, int32, types  # noqa: E402

from amppy.runtime.containers import struct  # noqa: E402
from amppy.runtime.intmath import cdiv, cmod  # noqa: E402

I64 = types.int64
DRIVER_PTX_ISA = (9, 0)  # CUDA 13.0 (driver 580)
TS = 16


def ptx_of(fn, sig):
    ptx, _ = cuda.compile_ptx(fn, sig, cc=(9, 0))
    assert ".target sm_90" in ptx
    version = tuple(int(x) for x in re.search(r"^\.version (\d+)\.(\d+)", ptx, re.M).groups())
    assert version <= DRIVER_PTX_ISA, (
        f"PTX ISA {version} is newer than the CUDA 13.0 driver loads: the NVVM in use is too new "
        f"(pin nvidia-nvvm / cuda-toolkit to 13.0.*)")
    return ptx


def has_barrier(ptx):
    return re.search(r"\b(bar|barrier)\.sync\b", ptx) is not None


def tile_average(e0, e1, matrix, averages):
    tile_values = cuda.shared.array((2, 2), float32)
    l0, l1 = cuda.threadIdx.y, cuda.threadIdx.x
    t0, t1 = cuda.blockIdx.y, cuda.blockIdx.x
    tile_values[l0, l1] = matrix[t0 * 2 + l0, t1 * 2 + l1]
    cuda.syncthreads()
    if l0 == 0 and l1 == 0:
        for trow in range(2):
            for tcol in range(2):
                averages[t0, t1] += tile_values[trow, tcol]
        averages[t0, t1] /= float32(4)


def matmul_tiled(e0, e1, a, b, product, k_dim):
    loc_a = cuda.shared.array((TS, TS), float32)
    loc_b = cuda.shared.array((TS, TS), float32)
    row, col = cuda.threadIdx.y, cuda.threadIdx.x
    g0 = cuda.blockIdx.y * TS + row
    g1 = cuda.blockIdx.x * TS + col
    acc = float32(0)
    for i in range(0, k_dim, TS):
        loc_a[row, col] = a[g0, col + i]
        loc_b[row, col] = b[row + i, g1]
        cuda.syncthreads()
        for k in range(TS):
            acc += loc_a[row, k] * loc_b[k, col]
        cuda.syncthreads()
    product[g0, g1] = acc


def test_tile_average_uses_shared_memory_and_a_barrier():
    ptx = ptx_of(tile_average, (I64, I64, float32[:, :], float32[:, :]))
    assert ".shared" in ptx and has_barrier(ptx)
    assert re.search(r"\.shared .*\[16\]", ptx), "a 2x2 float32 tile is 16 bytes of shared memory"


def test_tiled_matmul_two_shared_tiles_two_barriers():
    sig = (I64, I64, float32[:, :], float32[:, :], float32[:, :], I64)
    ptx = ptx_of(matmul_tiled, sig)
    assert len(re.findall(r"\.shared .*\[1024\]", ptx)) == 2
    assert len(re.findall(r"\b(?:bar|barrier)\.sync\b", ptx)) >= 2


def test_strided_views_compile_too():
    # A section of a view is a non-contiguous device array ("A" layout).
    ptx_of(tile_average, (I64, I64, types.Array(float32, 2, "A"), float32[:, :]))


def test_atomics_and_fences():
    def kernel(e0, data, counters):
        i = cuda.grid(1)
        if i < e0:
            cuda.atomic.add(counters, 0, 1)                 # atomic_fetch_add
            cuda.atomic.add(counters, 1, -1)                # atomic_fetch_dec via add -1
            cuda.atomic.max(counters, 2, data[i])
            cuda.atomic.exch(counters, 3, data[i])
            cuda.atomic.cas(counters, 4, 0, data[i])        # atomic_compare_exchange
            cuda.threadfence_block()
            cuda.threadfence()

    ptx = ptx_of(kernel, (I64, int32[:], int32[:]))
    assert "atom" in ptx and ("membar" in ptx or "fence" in ptx)


def test_struct_records_and_cpp_integer_helpers():
    @struct
    class Particle:
        pos: (np.float32, 3)
        id: np.int32
        mass: np.float32

    rec = from_dtype(Particle.dtype)

    @cuda.jit(device=True)
    def twice(x):          # a restrict(amp) helper function
        return x * 2

    def kernel(e0, parts, p, divisor):
        i = cuda.grid(1)
        if i < e0:
            parts[i].id = cdiv(parts[i].id, divisor) + cmod(parts[i].id, divisor)
            parts[i].mass = twice(parts[i].mass) + p.mass
            parts[i].pos[1] = p.pos[0]

    # numba-cuda compiles called device functions for the current GPU's compute capability.
    with cuda_compat.device_functions_for_cc((9, 0)):
        ptx_of(kernel, (I64, rec[:], rec, int32))


def test_untiled_3d_guard_shape():
    def kernel(e0, e1, e2, a):
        i2, i1, i0 = cuda.grid(3)
        if i0 < e0 and i1 < e1 and i2 < e2:
            a[i0, i1, i2] = i0 * 100 + i1 * 10 + i2

    ptx_of(kernel, (I64, I64, I64, int32[:, :, :]))


def test_texture_sampling_compiles_for_scalar_vector_and_norm_texels():
    """`tv.sample(...)` / `gather_red` (amppy.runtime.sampling) on float, float_4 and unorm_2
    textures: the overloads made from the element type type-check and compile for the GPU."""
    from amppy.runtime import sampling

    @struct
    class float_4:
        x: np.float32
        y: np.float32
        z: np.float32
        w: np.float32

    @struct
    class unorm:
        value: np.float32

    @struct
    class unorm_2:
        x: unorm
        y: unorm

    def kernel(e0, out, f, v, n, filt, addr):
        i = cuda.grid(1)
        if i < e0:
            u = float32(i) * float32(0.25)
            s = sampling.sample2(f, filt, addr, 0.0, 0.0, 0.0, 0.0, u, u, float32(0.0))
            x, y, z, w = sampling.sample2(v, filt, addr, 0.0, 0.0, 0.0, 0.0, u, u, float32(0.0))
            a, b = sampling.sample1(n, filt, addr, 0.0, 0.0, 0.0, 0.0, u, float32(0.0))
            g0, g1, g2, g3 = sampling.gather_red(v, addr, 0.0, 0.0, 0.0, 0.0, u, u)
            out[i] = s + x + y + z + w + a + b + g0 + g1 + g2 + g3

    with cuda_compat.device_functions_for_cc((9, 0)):
        ptx = ptx_of(kernel, (I64, float32[:], float32[:, :], from_dtype(float_4.dtype)[:, :],
                              from_dtype(unorm_2.dtype)[:], int32, int32))
    assert "cvt.rmi" in ptx             # floor of the texel coordinate
