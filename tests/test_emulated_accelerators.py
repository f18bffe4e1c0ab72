"""The emulated accelerators (WARP, REF) and the CPU device as programs see them (issue 39):
their properties as Windows reported them, `set_default`, where their kernels run, and
`cpu\\numba`'s bounded `dedicated_memory` with allocations it cannot have failing as C++ does
(`out_of_memory`, `std::bad_alloc`) instead of the OS killing the process."""
import numba
import numpy as np
import pytest

from amppy.runtime import accelerators, amp, cuda_compat, launch_cuda, memlimit
from amppy.runtime.accelerators import accelerator
from amppy.runtime.amp import array, array_view, extent
from amppy.runtime.containers import vector
from amppy.runtime.launch_cpu import launch_cpu
from amppy.runtime.stdexcept import std_bad_alloc

cuda_compat.install_numpy_aliases()


@pytest.fixture(autouse=True)
def fresh():
    launch_cuda.uninstall()         # (the cpu target's devices: no device hooks another test left installed)
    yield
    launch_cuda.uninstall()


def props(a):
    return (a.device_path, a.description, a.is_emulated, a.supports_double_precision,
            a.supports_limited_double_precision, a.has_display, a.is_debug, a.dedicated_memory, a.version)


def test_warp_and_ref_are_listed_and_report_what_windows_did():
    assert [a.device_path for a in accelerator.get_all()] == ["cpu\\numba", "direct3d\\warp", "direct3d\\ref", "cpu"]
    assert props(accelerator(accelerator.direct3d_warp)) == (
        "direct3d\\warp", "Microsoft Basic Render Driver", True, True, True, False, False, 0, (11 << 16) | 1)
    assert props(accelerator(accelerator.direct3d_ref)) == (
        "direct3d\\ref", "Software Adapter", True, True, True, True, False, 0, (11 << 16) | 1)
    assert [a.supports_cpu_shared_memory for a in list(accelerator.get_all())[1:]] == [True, False, True]
    assert accelerator("DIRECT3D\\REF") == accelerator(accelerator.direct3d_ref)     # paths: any case
    assert accelerator(accelerator.direct3d_warp) != accelerator(accelerator.direct3d_ref)
    assert accelerator().is_emulated                          # cpu\numba says it, as WARP does


def test_set_default_once_and_only_before_the_default_is_used():
    assert accelerator.set_default(accelerator.direct3d_ref) is True
    assert accelerator() == accelerator(accelerator.direct3d_ref)
    assert accelerator.set_default(accelerator.direct3d_warp) is False
    accelerators.forget_devices()
    accelerator()                                             # the default used: fixed now
    assert accelerator.set_default(accelerator.direct3d_ref) is False
    accelerators.forget_devices()
    launch_cpu(lambda e0: None, extent(2), None)             # a kernel without a view uses it too
    assert accelerator.set_default(accelerator.direct3d_ref) is False
    with pytest.raises(amp.runtime_exception, match="No accelerator"):
        accelerator.set_default("direct3d\\nothing")


def test_ref_kernels_run_on_one_thread_and_warp_kernels_in_parallel():
    seen = []

    def kernel(e0, a):
        seen.append(numba.get_num_threads())
        a[...] += 1

    threads = numba.get_num_threads()
    av = array_view(extent(4), vector(np.int32, [1, 2, 3, 4]))
    launch_cpu(kernel, extent(4), None, av, view=accelerator(accelerator.direct3d_ref).default_view)
    launch_cpu(kernel, extent(4), None, av, view=accelerator(accelerator.direct3d_warp).create_view())
    assert seen == [1, threads] and numba.get_num_threads() == threads
    assert [av[i] for i in range(4)] == [3, 4, 5, 6]
    accelerator.set_default(accelerator.direct3d_ref)         # REF as the default: its launches too
    launch_cpu(kernel, extent(4), None, av)
    assert seen[-1] == 1


def test_cpu_numba_memory_is_a_gpu_of_the_era_or_a_quarter_of_what_the_process_may_use(monkeypatch):
    monkeypatch.setattr(memlimit, "available_bytes", lambda: 64 << 30)
    assert accelerator().dedicated_memory == 2 * 1024 * 1024                     # 2 GB, in KB
    accelerators.forget_devices()
    monkeypatch.setattr(memlimit, "available_bytes", lambda: 1 << 30)
    assert accelerator().dedicated_memory == 256 * 1024
    assert accelerator(accelerator.cpu_accelerator).dedicated_memory == memlimit.physical_bytes() // 1024


def test_real_limits_bound_it():
    assert 0 < accelerator().dedicated_memory * 1024 <= memlimit.available_bytes() // 4 + (1 << 20)


def test_an_array_the_process_cannot_have_is_out_of_memory_not_a_kill(monkeypatch):
    monkeypatch.setattr(memlimit, "available_bytes", lambda: 128 << 20)
    array(extent(1 << 20), np.float32)                        # 4 MB: not even measured
    with pytest.raises(amp.out_of_memory, match="out of memory"):
        array(extent(1 << 26), np.float32)                    # 256 MB: Linux would hand it out
    with pytest.raises(amp.out_of_memory):
        array(extent(1 << 16, 1 << 16), np.float64)           # 32 GB, in two dimensions


def test_sizing_data_from_dedicated_memory_fits():
    """The C++ AMP book's Chapter 9: half of dedicated_memory, twice, and host copies."""
    kb = accelerator().dedicated_memory
    n = min(kb * 1024 // 4 // 2, 1 << 24)                     # (capped: the test stays quick)
    a, b = array(extent(n), np.float32), array(extent(n), np.float32)
    assert a.extent[0] == b.extent[0] == n


def test_a_vector_the_process_cannot_have_is_bad_alloc(monkeypatch):
    monkeypatch.setattr(memlimit, "available_bytes", lambda: 128 << 20)
    assert vector(np.float32, 1 << 20).size() == 1 << 20
    with pytest.raises(std_bad_alloc):
        vector(np.float64, 1 << 25)
    assert memlimit.fits(1 << 20) and not memlimit.fits(1 << 30)


@pytest.fixture
def two():
    ops = launch_cuda.install(launch_cuda.HostDeviceOps(devices=2))
    yield ops
    launch_cuda.uninstall()


def double(grid, block, e0, *rest):
    rest[-1][...] *= 2


def test_cuda_target_ref_and_warp_views_run_on_gpu_0_and_report_themselves(two):
    accs = accelerator.get_all()
    assert [a.device_path for a in accs] == ["cuda\\0", "cuda\\1", "direct3d\\warp", "direct3d\\ref", "cpu"]
    ref = accelerator(accelerator.direct3d_ref)
    assert props(ref)[:3] == ("direct3d\\ref", "Software Adapter", True)
    view = ref.create_view()
    placed = array(extent(4), vector(np.float32, [1, 2, 3, 4])).placed(view)     # lives on GPU 0
    launch_cuda.launch(double, extent(4), None, None, placed, view=view)
    launch_cuda.launch(double, extent(4), None, None, placed,
                       view=accelerator(accelerator.direct3d_warp).default_view)
    assert [d for d, _ in two.launches] == [0, 0]
    assert view.accelerator == ref and placed.get_accelerator_view() is view
    view.wait()
    assert list(np.asarray(placed.to_vector().data())) == [4.0, 8.0, 12.0, 16.0]
    with pytest.raises(amp.runtime_exception, match="lives on"):                  # not moved to GPU 1
        launch_cuda.launch(double, extent(4), None, None, placed, view=accs[1].default_view)
