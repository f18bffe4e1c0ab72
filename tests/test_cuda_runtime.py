"""The CUDA launch runtime: launch geometry and C++ AMP data movement.

Most tests run without a GPU: ``launch_cuda.HostDeviceOps`` stands in for the device (separate
numpy buffers, transfers counted) and "kernels" are Python functions ``k(grid, block, *args)``.
Tests marked ``cuda`` run the same paths with numba-cuda on a real GPU.
"""
import numpy as np
import pytest

from amppy.runtime import amp, cuda_compat, launch_cuda
from amppy.runtime.amp import array, array_view, extent, tiled_extent
from amppy.runtime.containers import struct, vector

cuda_compat.install_numpy_aliases()  # before conftest's cuda check imports numba.cuda


@pytest.fixture
def dev():
    ops = launch_cuda.install(launch_cuda.HostDeviceOps())
    yield ops
    launch_cuda.uninstall()


def counts(ops):
    return ops.stats["h2d"], ops.stats["d2h"]


def test_a_view_over_device_memory_moves_data_only_for_the_host(dev):
    """`view_over_device` (amppy.load's GPU arrays): kernels use the memory in place; a host read
    copies it down, a host write goes back up when the view dies, and otherwise nothing moves."""
    memory = np.arange(4, dtype=np.float32)             # (the "device" memory of HostDeviceOps)
    v = launch_cuda.view_over_device(memory).held()
    assert v.device is memory and counts(dev) == (0, 0)
    v._sync_to_device()                                  # a launch's argument: no upload
    assert counts(dev) == (0, 0)
    v.destroy()                                          # its source is the memory: nothing back
    assert counts(dev) == (0, 0)
    w = launch_cuda.view_over_device(memory).held()
    assert w[2] == 2.0 and counts(dev) == (0, 1)         # a host read copies down once
    w[1] = 10.0
    w.destroy()                                          # the host wrote last: up into the memory
    assert counts(dev) == (1, 1) and memory.tolist() == [0.0, 10.0, 2.0, 3.0]


class Adopted:
    """Stands for a GPU array of device `device` whose producer queued its work on `stream`
    (HostDeviceOps.adopt)."""
    def __init__(self, memory, device, stream):
        self.memory, self.device, self.stream = memory, device, stream


def test_kernels_on_adopted_memory_run_on_its_device_and_stream():
    """amppy.load's GPU arrays: a launch without an accelerator_view runs where the memory is and on
    the stream its producer used (after that work, the host not waiting); another array's stream
    is waited for on the GPU; a host read waits for the stream first."""
    ops = launch_cuda.install(launch_cuda.HostDeviceOps(devices=2))
    synced = []
    ops.synchronize = lambda d, s=None: synced.append((d, s))
    try:
        x = launch_cuda.view_over_device(Adopted(np.arange(4, dtype=np.float32), 1, "S"), const=True).held()
        y = launch_cuda.view_over_device(Adopted(np.zeros(4, np.float32), 1, "T")).held()

        def kernel(grid, block, e0, out, src):
            out[:] = 2 * src
        launch_cuda.launch(kernel, y.extent, "p.cpp:1", None, y, x)
        assert ops.launches == [(1, "T")] and ops.waits == [(1, "S", "T")]
        assert counts(ops) == (0, 0) and synced == []
        assert y[3] == 6.0 and synced == [(1, "T")] and counts(ops) == (0, 1)
        part = y.section(amp.index(2), extent(2))        # a view made from it: the same place
        launch_cuda.launch(kernel, part.extent, "p.cpp:2", None, part, x.section(amp.index(0), extent(2)))
        assert ops.launches[-1] == (1, "T")
        y.destroy()
        x.destroy()
    finally:
        launch_cuda.uninstall()


def fvec(n, start=0.0):
    return vector(np.float32, np.arange(start, start + n, dtype=np.float32))


# ----------------------------------------------------------------------------- launch geometry
def test_tiled_2d_maps_last_dimension_to_x():
    grid, block, dims = launch_cuda.launch_config(tiled_extent(extent(64, 48), (16, 8)))
    assert block == (8, 16) and grid == (6, 4) and dims == (64, 48)


def test_tiled_3d_and_1d():
    grid, block, _ = launch_cuda.launch_config(tiled_extent(extent(8, 12, 32), (2, 4, 8)))
    assert block == (8, 4, 2) and grid == (4, 3, 4)
    grid, block, _ = launch_cuda.launch_config(tiled_extent(extent(1024), (256,)))
    assert block == (256,) and grid == (4,)


def test_untiled_rounds_grid_up_with_default_blocks():
    assert launch_cuda.launch_config(extent(1000))[:2] == ((4,), (256,))
    assert launch_cuda.launch_config(extent(33, 17))[:2] == ((2, 3), (16, 16))
    assert launch_cuda.launch_config(extent(100, 200))[:2] == ((4, 25), (64, 4))   # rows of 64 and more
    assert launch_cuda.launch_config(extent(5, 9, 17))[:2] == ((3, 2, 2), (8, 8, 4))
    assert launch_cuda.launch_config(extent(100), block=(64,))[:2] == ((2,), (64,))


def test_coarsened_kernels_launch_fewer_threads():
    # a tiled kernel's block divides its tile (lower/coarsen.py); the grid is the tile's
    grid, block, _ = launch_cuda.launch_config(tiled_extent(extent(64, 48), (16, 16)), block=(16, 4))
    assert block == (16, 4) and grid == (3, 4)
    with pytest.raises(ValueError, match="does not divide"):
        launch_cuda.launch_config(tiled_extent(extent(64, 48), (16, 16)), block=(16, 3))
    # an untiled one covers `coarsen` indices per thread along each dimension
    assert launch_cuda.launch_config(extent(1000), coarsen=(4,))[:2] == ((1,), (256,))
    assert launch_cuda.launch_config(extent(1025), coarsen=(4,))[:2] == ((2,), (256,))


def test_indivisible_tile_raises_cpp_amp_message():
    with pytest.raises(amp.invalid_compute_domain) as ei:
        launch_cuda.launch_config(tiled_extent(extent(10, 8), (4, 4)), where="p.cpp:7")
    assert "extent of dimension 0 of the compute domain (10) cannot be evenly divided" in str(ei.value)
    assert ei.value.where == "p.cpp:7"


def test_limits():
    with pytest.raises(amp.runtime_exception, match="1024"):
        launch_cuda.launch_config(tiled_extent(extent(64, 64), (32, 64)))
    with pytest.raises(amp.runtime_exception, match="exceeds 65535"):      # (a tiled rank 3 is not folded)
        launch_cuda.launch_config(tiled_extent(extent(2 * 70000, 2, 2), (2, 2, 2)))


def test_a_grid_taller_than_cudas_limit_folds_into_z():
    """Rank 2: more than 65,535 rows of blocks go on along z (the kernels add blockIdx.z * gridDim.y
    rows: a tiled kernel skips the spare tiles of the last z slice, an untiled one guards them);
    untiled rank 3: z's overflow goes on along y (the kernel splits blockIdx.y)."""
    grid, block, _ = launch_cuda.launch_config(extent(65537 * 16, 4))            # 65,537 rows of blocks
    assert block == (16, 16) and grid == (1, 32769, 2)
    grid, block, _ = launch_cuda.launch_config(tiled_extent(extent(2 * 70001, 4), (2, 4)))
    assert block == (4, 2) and grid == (1, 35001, 2)                           # 70,001 tile rows
    assert launch_cuda.launch_config(extent(33, 17))[0] == (2, 3)             # (no z when it fits)
    # untiled rank 3, deeper than z allows: z's blocks go on along y, past the one row dimension 1 needs
    grid, block, _ = launch_cuda.launch_config(extent(286331153, 5, 3))        # extent_max's
    assert block == (8, 8, 4) and grid == (1, 1093, 65493) and 1093 * 65493 * 4 >= 286331153


def test_kernel_gets_dims_then_captures(dev):
    seen = []
    av = array_view(extent(2, 3), fvec(6))

    def kernel(grid, block, *args):
        seen.append((grid, block, args))

    launch_cuda.launch(kernel, extent(2, 3), "p.cpp:1", None, av, 7, np.float32(2.5))
    (grid, block, args), = seen
    assert grid == (1, 1) and block == (16, 16)
    assert args[:2] == (2, 3) and args[2] is av.device and args[3:] == (7, np.float32(2.5))


def test_struct_capture_is_passed_as_record(dev):
    @struct
    class P:
        x: np.int32
        y: np.float32

    got = []
    launch_cuda.launch(lambda g, b, e0, p: got.append(p), extent(1), None, None, P(3, 1.5))
    assert got[0]["x"] == 3 and got[0]["y"] == np.float32(1.5)


def test_empty_domain_is_refused_and_launches_nothing(dev):
    # C++ AMP's runtime refuses a compute domain with a dimension that is not positive (the
    # conformance suite's ComputeDomain/Negative/extent_zero_size)
    av = array_view(extent(4), fvec(4))
    with pytest.raises(amp.invalid_compute_domain, match="dimension 0 .* is not positive"):
        launch_cuda.launch(lambda *a: pytest.fail("launched"), extent(0), None, None, av)
    assert dev.stats["launch"] == 0 and counts(dev) == (0, 0)


# ------------------------------------------------------------------------------ data movement
def double(grid, block, *args):
    args[-1][...] *= 2     # (e0[, e1[, e2]], a)


def test_view_copies_in_once_and_out_on_host_read(dev):
    v = fvec(8)
    av = array_view(extent(8), v)
    launch_cuda.launch(double, extent(8), None, None, av)
    launch_cuda.launch(double, extent(8), None, None, av)
    assert counts(dev) == (1, 0)           # no transfer between consecutive kernels
    assert av[3] == 12.0                    # host read: copy out
    assert av[4] == 16.0
    assert counts(dev) == (1, 1)           # ...once
    launch_cuda.launch(double, extent(8), None, None, av)
    assert counts(dev) == (1, 1)           # host only read: nothing to copy in
    av.synchronize()
    assert list(v) == [x * 8 for x in range(8)] and counts(dev) == (1, 2)


def test_host_write_is_copied_in_before_next_kernel(dev):
    av = array_view(extent(4), fvec(4))
    launch_cuda.launch(double, extent(4), None, None, av)
    av[0] = 100.0                           # copies out first, then writes the host
    assert counts(dev) == (1, 1)
    launch_cuda.launch(double, extent(4), None, None, av)
    assert counts(dev) == (2, 1)
    assert list(av.data()) == [200.0, 4.0, 8.0, 12.0]


def test_discard_data_skips_copy_in(dev):
    v = fvec(4, 1.0)
    out = array_view(extent(4), v)
    out.discard_data()

    def fill(grid, block, e0, a):
        a[...] = 7

    launch_cuda.launch(fill, extent(4), None, None, out)
    assert counts(dev) == (0, 0) and dev.stats["alloc"] == 1
    out.synchronize()
    assert list(v) == [7.0] * 4 and counts(dev) == (0, 1)


def test_const_view_is_not_copied_back(dev):
    a = array_view(extent(4), fvec(4), const=True)
    out = array_view(extent(4), fvec(4))
    out.discard_data()

    def add1(grid, block, e0, src, dst):
        dst[...] = src + 1

    launch_cuda.launch(add1, extent(4), None, None, a, out)
    assert a[2] == 2.0 and counts(dev) == (1, 0)
    assert out[2] == 3.0 and counts(dev) == (1, 1)


def test_refresh_copies_in_again(dev):
    v = fvec(4)
    av = array_view(extent(4), v)
    launch_cuda.launch(double, extent(4), None, None, av)
    av.synchronize()
    v[0] = 50.0                             # written behind the view's back...
    av.refresh()                            # ...and announced
    launch_cuda.launch(double, extent(4), None, None, av)
    assert av[0] == 100.0 and counts(dev) == (2, 2)


def test_array_lives_on_the_device(dev):
    arr = array(extent(4), fvec(4))
    launch_cuda.launch(double, extent(4), None, None, arr)
    launch_cuda.launch(double, extent(4), None, None, arr)
    assert counts(dev) == (1, 0)
    out = arr.to_vector()                   # conversion: copy out
    assert list(out) == [0.0, 4.0, 8.0, 12.0] and counts(dev) == (1, 1)
    dst = vector(np.float32, 4)
    amp.copy(arr, dst)                      # no kernel since: no second copy out
    assert list(dst) == list(out) and counts(dev) == (1, 1)


def test_copy_into_array_then_kernel(dev):
    arr = array(extent(4), np.float32)
    launch_cuda.launch(double, extent(4), None, None, arr)
    amp.copy(fvec(4, 1.0), arr)             # host → array: the device copy is refreshed next use
    launch_cuda.launch(double, extent(4), None, None, arr)
    assert list(arr.to_vector()) == [2.0, 4.0, 6.0, 8.0]


def test_copy_between_arrays_on_the_device_stays_there(dev):
    a = array(extent(4), fvec(4))
    b = array(extent(4), np.float32)
    amp.copy(a, b)                                          # a's data is on the host: host to host
    assert dev.stats.get("d2d", 0) == 0 and list(b.to_vector().data()) == [0.0, 1.0, 2.0, 3.0]
    launch_cuda.launch(double, extent(4), None, None, a)
    amp.copy(a, b)                                          # a kernel wrote a: device to device
    assert dev.stats["d2d"] == 1 and counts(dev) == (1, 0)          # (b: allocated, not uploaded)
    view = array_view(b)
    assert [view[i] for i in range(4)] == [0.0, 2.0, 4.0, 6.0] and counts(dev) == (1, 1)
    c = array(extent(2, 2), np.float32)
    amp.copy(a, c)                                          # another shape: through the host
    assert dev.stats["d2d"] == 1 and list(c.to_vector().data()) == [0.0, 2.0, 4.0, 6.0]


def test_view_over_array_shares_its_device_buffer(dev):
    arr = array(extent(4), fvec(4))
    launch_cuda.launch(double, extent(4), None, None, arr)
    av = array_view(arr)                    # made from the array: arr is copied out once here
    h2d = dev.stats["h2d"]
    launch_cuda.launch(double, extent(4), None, None, av)
    assert av.device.base is not None or np.shares_memory(av.device, arr.device)
    assert dev.stats["h2d"] - h2d <= 1      # at most the view's own (redundant) copy in
    assert list(arr.to_vector()) == [0.0, 4.0, 8.0, 12.0]   # the array sees the view's kernel


def test_section_aliases_parent_device_buffer(dev):
    v = vector(np.float32, np.arange(24, dtype=np.float32))
    av = array_view(extent(4, 6), v)
    launch_cuda.launch(double, extent(4, 6), None, None, av)     # parent written on the device
    sec = av.section(amp.index(1, 2), extent(2, 3))              # copies nothing (C++ AMP's sections are lazy)
    assert counts(dev) == (1, 0)

    def add100(grid, block, e0, e1, a):
        a[...] += 100

    launch_cuda.launch(add100, extent(2, 3), None, None, sec)
    assert np.shares_memory(sec.device, av.device)
    av.synchronize()                        # the parent sees the section's kernel
    expect = np.arange(24, dtype=np.float32).reshape(4, 6) * 2
    expect[1:3, 2:5] += 100
    assert np.array_equal(np.asarray(v.data()).reshape(4, 6), expect)
    assert sec[0, 0] == expect[1, 2]        # and the section reads without another transfer
    assert dev.stats["d2h"] == 1


def test_section_made_before_parent_kernel_is_not_stale(dev):
    av = array_view(extent(8), fvec(8))
    sec = av.section(amp.index(4), extent(4))
    launch_cuda.launch(double, extent(8), None, None, av)        # parent now newer on the device
    got = []
    launch_cuda.launch(lambda g, b, e0, a: got.append(np.array(a)), extent(4), None, None, sec)
    assert list(got[0]) == [8.0, 10.0, 12.0, 14.0]


def test_projection_of_2d_view(dev):
    v = vector(np.float32, np.arange(12, dtype=np.float32))
    av = array_view(extent(3, 4), v)
    launch_cuda.launch(double, extent(3, 4), None, None, av)
    row = av[1]
    launch_cuda.launch(double, extent(4), None, None, row)
    av.synchronize()
    assert list(v)[4:8] == [16.0, 20.0, 24.0, 28.0] and list(v)[:4] == [0.0, 2.0, 4.0, 6.0]


def test_uninitialised_device_memory_is_not_read_back_over_host_data(dev):
    # A discarded view that no kernel wrote keeps its host contents.
    v = fvec(4, 1.0)
    av = array_view(extent(4), v, const=False)
    av.discard_data()
    launch_cuda.launch(lambda *a: None, extent(4), None, None,
                       array_view(extent(4), fvec(4), const=True))
    assert list(av.data()) == [1.0, 2.0, 3.0, 4.0]


# ------------------------------------------------------------------------------ on a real GPU
@pytest.fixture
def gpu():
    cuda = cuda_compat.import_cuda()
    ops = launch_cuda.install()
    yield cuda, ops
    launch_cuda.uninstall()


@pytest.mark.cuda
def test_gpu_tile_average_with_launch(gpu):
    cuda, ops = gpu
    from numba import float32

    @cuda.jit
    def tile_average(e0, e1, matrix, averages):
        tv = cuda.shared.array((2, 2), float32)
        ly, lx = cuda.threadIdx.y, cuda.threadIdx.x
        ty, tx = cuda.blockIdx.y, cuda.blockIdx.x
        tv[ly, lx] = matrix[ty * 2 + ly, tx * 2 + lx]
        cuda.syncthreads()
        if ly == 0 and lx == 0:
            for r in range(2):
                for c in range(2):
                    averages[ty, tx] += tv[r, c]
            averages[ty, tx] /= float32(4)

    raw = fvec(64)
    matrix = array_view(extent(8, 8), raw)
    averages = array(extent(4, 4), np.float32)
    launch_cuda.launch(tile_average, tiled_extent(matrix.extent, (2, 2)), "t.cpp:30", None,
                       matrix, averages)
    out = np.asarray(averages.to_vector().data()).reshape(4, 4)
    assert out[0].tolist() == [4.5, 6.5, 8.5, 10.5] and out[3].tolist() == [52.5, 54.5, 56.5, 58.5]
    assert ops.stats["h2d"] == 2 and ops.stats["d2h"] == 1


@pytest.mark.cuda
def test_gpu_sections_and_records(gpu):
    cuda, ops = gpu

    @cuda.jit
    def add(e0, e1, a, k):
        j, i = cuda.grid(2)
        if i < e0 and j < e1:
            a[i, j] += k

    v = vector(np.float32, np.arange(24, dtype=np.float32))
    av = array_view(extent(4, 6), v)
    launch_cuda.launch(add, extent(4, 6), None, None, av, 1.0)
    sec = av.section(amp.index(1, 2), extent(2, 3))        # strided view of the device buffer
    sec[0, 0] = 1000.0                                      # host write → strided copy in
    launch_cuda.launch(add, extent(2, 3), None, None, sec, 10.0)
    av.synchronize()
    expect = np.arange(24, dtype=np.float32).reshape(4, 6) + 1
    expect[1, 2] = 1000.0
    expect[1:3, 2:5] += 10
    assert np.array_equal(np.asarray(v.data()).reshape(4, 6), expect)

    @struct
    class P:
        x: np.int32
        y: np.float32

    @cuda.jit
    def scale(e0, pts, p):
        i = cuda.grid(1)
        if i < e0:
            pts[i].x = pts[i].x * p.x
            pts[i].y = pts[i].y + p.y

    pts = array_view(extent(5), vector(P, 5))
    for i in range(5):
        pts[i] = P(i, 0.5)
    launch_cuda.launch(scale, extent(5), None, None, pts, P(3, 1.0))
    assert [pts[i].x for i in range(5)] == [0, 3, 6, 9, 12] and pts[4].y == np.float32(1.5)


def add_kernel(cuda):
    """``a[i] += k`` over a rank-1 domain."""
    @cuda.jit
    def add(e0, a, k):
        i = cuda.grid(1)
        if i < e0:
            a[i] += k
    return add


@pytest.mark.cuda
def test_gpu_large_host_buffers_are_page_locked_for_their_copies(gpu):
    import gc
    cuda, ops = gpu

    add = add_kernel(cuda)
    n = 1 << 20                                             # 4 MiB: page-locked at its first copy
    v = vector(np.float32, np.arange(n, dtype=np.float32))
    av = array_view(extent(n), v)
    launch_cuda.launch(add, extent(n), None, None, av, 1.0)
    assert ops.pinned.bytes >= 4 * n
    launch_cuda.launch(add, extent(n), None, None, av, 1.0)
    av.synchronize()
    assert np.array_equal(np.asarray(v.data()), np.arange(n, dtype=np.float32) + 2)
    small = array_view(extent(16), fvec(16))
    launch_cuda.launch(add, extent(16), None, None, small, 1.0)
    before = ops.pinned.bytes
    del av, v
    gc.collect()
    assert ops.pinned.bytes < before                        # released with its numpy buffer
    assert small[3] == 4.0


@pytest.mark.cuda
def test_gpu_queues_two_devices_and_two_queues_of_one_device(gpu):
    cuda, ops = gpu
    if len(cuda.gpus) < 2:
        pytest.skip("needs two GPUs")
    from amppy.runtime.accelerators import accelerator

    @cuda.jit
    def slow_add(e0, a, k, rounds):                        # long enough to still run when the next comes
        i = cuda.grid(1)
        if i < e0:
            x = a[i]
            for _ in range(rounds):
                x = x * 1.0000001 + 0.0
            a[i] = x + k

    n = 1 << 22
    v0, v1 = [acc.default_view for acc in accelerator.get_all() if not acc.is_emulated][:2]
    v0b = v0.accelerator.create_view()
    src = vector(np.float32, np.zeros(n, np.float32))
    av = array_view(extent(n), src)
    halves = [av.section(amp.index(0), extent(n // 2)), av.section(amp.index(n // 2), extent(n // 2))]
    launch_cuda.launch(slow_add, extent(n // 2), None, None, halves[0], 1.0, 2000, view=v0)
    launch_cuda.launch(slow_add, extent(n // 2), None, None, halves[1], 2.0, 2000, view=v1)
    launch_cuda.launch(slow_add, extent(n // 2), None, None, halves[0], 10.0, 1, view=v0b)   # after v0's
    # (numba's copies default to a device array's own stream: amppy's have none, so a copy back is
    # on the default stream, after every queue's work, and done when it returns)
    assert all(not h.device.stream for h in halves)
    out = np.asarray(av.data())
    assert np.all(out[: n // 2] == 11.0) and np.all(out[n // 2:] == 2.0)
    assert ops._inflight == []


@pytest.mark.cuda
def test_gpu_copy_between_arrays_device_to_device_and_peer_to_peer(gpu):
    cuda, ops = gpu
    from amppy.runtime.accelerators import accelerator

    add = add_kernel(cuda)
    n = 1 << 20
    views = [acc.default_view for acc in accelerator.get_all() if not acc.is_emulated]
    first = array(extent(n), fvec(n)).placed(views[0])
    last = array(extent(n), np.float32).placed(views[-1])
    launch_cuda.launch(add, extent(n), None, None, first, 1.0, view=views[0])
    amp.copy(first, last)                                   # (two GPUs: peer to peer)
    launch_cuda.launch(add, extent(n), None, None, last, 10.0, view=views[-1])
    assert ops.stats["d2d"] == 1 and ops.stats["d2h"] == 0
    out = np.asarray(last.to_vector().data())
    assert np.array_equal(out, np.arange(n, dtype=np.float32) + 11)
    assert np.array_equal(np.asarray(first.to_vector().data()), np.arange(n, dtype=np.float32) + 1)


def test_host_write_through_a_section_marks_the_parent_for_copy_in():
    """A host write through a child view must reach the device copy of the view it aliases."""
    import numpy as np

    from amppy.runtime import amp
    parent = amp.array_view(amp.extent(4, 4), np.arange(16, dtype=np.float32))
    parent._host_dirty = False          # as after a copy to the device
    child = parent.section(amp.index(1, 1), amp.extent(2, 2))
    child._host_dirty = False
    child[0, 0] = 42.0
    assert child._host_dirty and parent._host_dirty
    assert parent[1, 1] == 42.0


def test_the_gpus_are_set_up_in_the_background_once(monkeypatch):
    """`cuda_compat.start_device_setup` (called by `amppy run --target cuda` and by the runtime's
    install for the first GPU, when the accelerators are listed for all): the driver started and
    the primary contexts made by raw driver calls in a thread, once per process for each; not
    under the simulator."""
    import sys
    import threading
    import types
    calls, done = [], threading.Event()

    def init(flags):
        calls.append(("init", flags))
        return (0,)

    def retain(dev):
        calls.append(("retain", dev))
        if len(calls) == 5:                              # (both threads' calls made)
            done.set()
        return 0, f"ctx{dev}"
    driver = types.SimpleNamespace(cuInit=init, cuDeviceGetCount=lambda: (0, 2), cuDeviceGet=lambda d: (0, d),
                                   cuDevicePrimaryCtxRetain=retain)
    bindings = types.ModuleType("cuda.bindings")
    bindings.driver = driver
    monkeypatch.setitem(sys.modules, "cuda", types.ModuleType("cuda"))
    monkeypatch.setitem(sys.modules, "cuda.bindings", bindings)
    monkeypatch.setitem(sys.modules, "cuda.bindings.driver", driver)
    monkeypatch.delenv("NUMBA_ENABLE_CUDASIM", raising=False)
    monkeypatch.setattr(cuda_compat, "_setup_started", set())
    cuda_compat.start_device_setup()                     # the program's start: the first GPU
    cuda_compat.start_device_setup()                     # (once)
    cuda_compat.start_device_setup(every_gpu=True)       # the accelerators listed: all of them
    assert done.wait(10)
    assert sorted(calls) == sorted([("init", 0), ("retain", 0), ("init", 0), ("retain", 0), ("retain", 1)])
    monkeypatch.setattr(cuda_compat, "_setup_started", set())
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "1")
    cuda_compat.start_device_setup()
    assert cuda_compat._setup_started == set()
