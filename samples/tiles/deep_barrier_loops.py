"""deep_barrier_loops.cpp, translated from C++ AMP by amppy 0.1.0 (target: cpu).

Run it with `python deep_barrier_loops.py`; it behaves like the compiled C++ program.
"""
import numpy as np

import numba
from numba import prange

from amppy.runtime.intmath import cdiv
from amppy.runtime.launch_cpu import launch_cpu

from amppy.runtime import array, carray, copy, cout, endl, extent, int32, run_main, uint64, vector


@numba.njit(cache=True, error_model="numpy")
def main_kernel_part(a, buf, levels, o0, rounds_tile, sums, t0):
    # samples/tiles/deep_barrier_loops.cpp:29: for (int i10 = 0; i10 < levels - 11; i10++)
    for i10 in range(np.int32(levels - 11)):
        # samples/tiles/deep_barrier_loops.cpp:30: for (int i11 = 0; i11 < 2; i11++) {
        for i11 in range(2):
            for l0 in range(4):
                g0 = o0 + l0
                # samples/tiles/deep_barrier_loops.cpp:31: buf[t.local[0]] = a[t] * (i11 + 1);
                buf[l0] = np.int32(a[g0] * (i11 + 1))
            # samples/tiles/deep_barrier_loops.cpp:32: t.barrier.wait();
            for l0 in range(4):
                rounds = rounds_tile[l0]
                # samples/tiles/deep_barrier_loops.cpp:33: if (t.local[0] == 0) sums[t.tile] += buf[0] + buf[1] + buf[2] + buf[3];
                if l0 == 0:
                    sums[t0] = np.int32(sums[t0] + (buf[0] + buf[1] + buf[2] + buf[3]))
                # samples/tiles/deep_barrier_loops.cpp:34: rounds++;
                rounds = np.int32(rounds + 1)
                rounds_tile[l0] = rounds
            # samples/tiles/deep_barrier_loops.cpp:35: t.barrier.wait();

@numba.njit(parallel=True, cache=True, error_model="numpy")
def main_kernel(ext0, levels, a, sums):
    for tile in prange(ext0 // 4):
        t0 = tile
        o0 = t0 * 4
        # samples/tiles/deep_barrier_loops.cpp:17: tile_static int buf[4];
        buf = np.empty((4,), np.int32)
        rounds_tile = np.empty((4,), np.int32)  # 'rounds' of every thread, live across a barrier
        for l0 in range(4):
            # samples/tiles/deep_barrier_loops.cpp:18: int rounds = 0; // the same in every thread: a value of the tile
            rounds = 0
            rounds_tile[l0] = rounds
        # samples/tiles/deep_barrier_loops.cpp:19: for (int i0 = 0; i0 < levels - 11; i0++)
        for i0 in range(np.int32(levels - 11)):
            # samples/tiles/deep_barrier_loops.cpp:20: for (int i1 = 0; i1 < levels - 11; i1++)
            for i1 in range(np.int32(levels - 11)):
                # samples/tiles/deep_barrier_loops.cpp:21: for (int i2 = 0; i2 < levels - 11; i2++)
                for i2 in range(np.int32(levels - 11)):
                    # samples/tiles/deep_barrier_loops.cpp:22: for (int i3 = 0; i3 < levels - 11; i3++)
                    for i3 in range(np.int32(levels - 11)):
                        # samples/tiles/deep_barrier_loops.cpp:23: for (int i4 = 0; i4 < levels - 11; i4++)
                        for i4 in range(np.int32(levels - 11)):
                            # samples/tiles/deep_barrier_loops.cpp:24: for (int i5 = 0; i5 < levels - 11; i5++)
                            for i5 in range(np.int32(levels - 11)):
                                # samples/tiles/deep_barrier_loops.cpp:25: for (int i6 = 0; i6 < levels - 11; i6++)
                                for i6 in range(np.int32(levels - 11)):
                                    # samples/tiles/deep_barrier_loops.cpp:26: for (int i7 = 0; i7 < levels - 11; i7++)
                                    for i7 in range(np.int32(levels - 11)):
                                        # samples/tiles/deep_barrier_loops.cpp:27: for (int i8 = 0; i8 < levels - 11; i8++)
                                        for i8 in range(np.int32(levels - 11)):
                                            # samples/tiles/deep_barrier_loops.cpp:28: for (int i9 = 0; i9 < levels - 11; i9++)
                                            for i9 in range(np.int32(levels - 11)):
                                                # samples/tiles/deep_barrier_loops.cpp:29: for (int i10 = 0; i10 < levels - 11; i10++)
                                                main_kernel_part(a, buf, levels, o0, rounds_tile, sums, t0)
        for l0 in range(4):
            rounds = rounds_tile[l0]
            # samples/tiles/deep_barrier_loops.cpp:37: if (t.local[0] == 0) sums[t.tile] += rounds * 1000;
            if l0 == 0:
                sums[t0] = np.int32(sums[t0] + rounds * 1000)


def main():  # deep_barrier_loops.cpp:9
    N = 8  # deep_barrier_loops.cpp:10
    data = carray(np.int32, (8,), [3, 1, 4, 1, 5, 9, 2, 6])  # deep_barrier_loops.cpp:11
    a = array(extent(N), data, elem_type=np.int32)  # deep_barrier_loops.cpp:12
    zeros = vector(np.int32, uint64(cdiv(N, 4)), 0)  # deep_barrier_loops.cpp:13
    sums = array(extent(cdiv(N, 4)), zeros.begin(), elem_type=np.int32)  # deep_barrier_loops.cpp:14
    levels = 12  # deep_barrier_loops.cpp:15
    launch_cpu(main_kernel, a.extent.tile(4), 'samples/tiles/deep_barrier_loops.cpp:16', levels, a, sums)  # deep_barrier_loops.cpp:16
    out = vector(np.int32, uint64(cdiv(N, 4)))  # deep_barrier_loops.cpp:39
    copy(sums, out.begin())  # deep_barrier_loops.cpp:40
    cout << out[0] << ' ' << out[1] << endl  # deep_barrier_loops.cpp:41
    return 0  # deep_barrier_loops.cpp:42


if __name__ == "__main__":
    run_main(main)
