"""C++ AMP host types: extents, array_view aliasing, array copies, errors, run_main."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from amppy.runtime import (array, array_view, check_tiled_domain, copy, extent, index,
                           invalid_compute_domain, runtime_exception, struct,
                           int32, vector, carray)
from amppy.runtime import amp


def test_extent_index_tiled_extent():
    e = extent(9, 4)
    assert e.rank == 2 and e[0] == 9 and e.size() == 36 and e == extent(9, 4)
    assert e.contains(index(8, 3)) and not e.contains(index(9, 0))
    t = e.tile(2, 2)
    assert t.tile_extent == (2, 2) and t.extent == e and t[1] == 4 and t.rank == 2
    assert t.pad().extent == extent(10, 4) and t.truncate().extent == extent(8, 4)
    assert index(1, 2) + index(3, 4) == index(4, 6) and index(3, 4) - 1 == index(2, 3)


def test_extent_size_is_unsigned_int():
    # C++ AMP's `unsigned int extent::size()`: a negative component wraps, as the product does
    assert extent(-1, 2, 3, 4, 5).size() == 2**32 - 120
    assert extent(65537, 65536).size() == (65537 * 65536) % 2**32


def test_invalid_compute_domain_message():
    with pytest.raises(invalid_compute_domain) as ei:
        check_tiled_domain(extent(9, 4).tile(2, 2))
    assert str(ei.value) == (
        "concurrency::parallel_for_each (tiling): unsupported compute domain, the extent of "
        "dimension 0 of the compute domain (9) cannot be evenly divided by the extent of "
        "dimension 0 of the tile (2).")
    with pytest.raises(invalid_compute_domain, match=r"dimension 1 of the compute domain \(5\).*\(4\)\.$"):
        check_tiled_domain(extent(8, 5).tile(4, 4))
    check_tiled_domain(extent(8, 8).tile(4, 4))
    assert issubclass(invalid_compute_domain, runtime_exception)


def test_array_view_aliases_vector_storage():
    v = vector(np.int32, 6)
    av = array_view(v, extent(2, 3))
    av[1, 2] = 7
    assert v[5] == 7
    v[0] = 5
    assert av[0, 0] == 5 and av(0, 0) == 5 and av[index(0, 0)] == 5
    row = av[1]
    assert row.extent == extent(3) and row[2] == 7
    row[0] = 4
    assert v[3] == 4
    assert av.data().shape == (2, 3) and np.shares_memory(av.data(), v.data())
    assert av.get_extent() == extent(2, 3) and av.rank == 2


def test_array_view_over_c_array_and_owned():
    c = carray(np.float32, (2, 3))
    av = array_view(c, extent(3, 2))
    av[2, 1] = 9
    assert c[1, 2] == 9
    assert array_view(vector(np.int32, [1, 2, 3])).extent == extent(3)
    owned = array_view(extent(2, 2), np.float32)
    assert owned.data().tolist() == [[0, 0], [0, 0]] and owned.data().dtype == np.float32


def test_const_array_view_rejects_writes():
    v = vector(np.int32, 4)
    cav = array_view(v, extent(4), const=True)
    with pytest.raises(TypeError, match="read-only"):
        cav[0] = 1
    assert v[0] == 0


@struct
class Cell:
    a: int32
    b: int32


def test_array_view_of_struct_elements_are_live():
    v = vector(Cell, 4)
    av = array_view(v, extent(2, 2))
    av[1, 0].b = 3
    assert v[2].b == 3
    snapshot = av[1, 0].copy()
    v[2].b = 4
    assert snapshot.b == 3 and av(1, 0).b == 4


def test_array_owns_a_copy_and_copy_overloads():
    v = vector(np.float32, [1, 2, 3, 4, 5, 6])
    a = array(extent(2, 3), v.begin(), v.end())
    a[0, 0] = 100
    assert v[0] == 1
    out = a.to_vector()
    assert out.data().tolist() == [100, 2, 3, 4, 5, 6] and out.elem_type is np.float32
    out[1] = -1
    assert a[0, 1] == 2
    b = array(extent(2, 3), np.float32)
    copy(a, b)
    assert b[0, 0] == 100
    copy(v.begin(), v.end(), b)
    assert b[0, 0] == 1
    copy(a, v.begin())
    assert v[0] == 100
    av = array_view(extent(6), np.float32)
    copy(a, av)
    assert av[5] == 6
    c = array(extent(3), np.float32)
    copy(v.begin() + 3, c)
    assert c.data().tolist() == [4, 5, 6]
    d = array(extent(2), carray(np.int32, 3, [7, 8, 9]))
    assert d.data().tolist() == [7, 8] and d.data().dtype == np.int32


def test_device_hooks_are_called_around_host_access():
    calls = []

    def to_device(av):
        calls.append("in")
        av.device = av.host.copy()

    def to_host(av):
        calls.append("out")
        av.host[...] = av.device

    amp.register_device_hooks(to_device, to_host)
    try:
        v = vector(np.int32, 3)
        av = array_view(v, extent(3))
        av._sync_to_device()
        av.device[1] = 42  # a "kernel" writes the device copy
        av._device_dirty = True
        assert v[1] == 0  # C++ AMP: the container is stale until synchronize
        av.synchronize()
        assert v[1] == 42 and calls == ["in", "out"]
        av._sync_to_device()  # nothing changed on the host: no copy in
        assert calls == ["in", "out"]
    finally:
        amp.register_device_hooks(None, None)


def _run(body):
    code = textwrap.dedent(body)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env=env)


def test_run_main_exit_codes():
    assert _run("from amppy.runtime import run_main\nrun_main(lambda: 3)").returncode == 3
    assert _run("from amppy.runtime import run_main\nrun_main(lambda: 256 + 7)").returncode == 7
    assert _run("from amppy.runtime import run_main\nrun_main(lambda: -1)").returncode == 255
    r = _run("from amppy.runtime import *\ndef main():\n    cout << 'hi'\nrun_main(main)")
    assert r.returncode == 0 and r.stdout == "hi"


def test_run_main_uncaught_amp_exception():
    r = _run("""
        from amppy.runtime import *
        def main():
            cout << "before" << endl
            e = invalid_compute_domain("bad tiles.")
            e.where = "prog.cpp:12"
            raise e
        run_main(main)
    """)
    assert r.returncode == 1 and r.stdout == "before\n"
    assert r.stderr == ("terminate called after throwing an instance of "
                        "'concurrency::invalid_compute_domain'\n  what():  bad tiles.\n"
                        "  at prog.cpp:12\n")


def test_run_main_python_error_and_keyboard_interrupt():
    r = _run("from amppy.runtime import run_main\nrun_main(lambda: 1 // 0)")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "runtime error: integer division by zero [runtime-division-by-zero]" in r.stderr
    assert "ZeroDivisionError" not in r.stderr         # a Python class name is not the user's
    r = _run("from amppy.runtime import run_main\ndef m():\n    raise KeyboardInterrupt\nrun_main(m)")
    assert r.returncode == 130 and r.stderr == ""


def test_copy_into_a_strided_section_writes_the_parent():
    import numpy as np

    from amppy.runtime import amp
    parent = amp.array_view(amp.extent(3, 4), np.zeros(12, dtype=np.int32))
    sec = parent.section(amp.index(1, 1), amp.extent(2, 2))
    amp.copy(amp.array(amp.extent(2, 2), np.array([1, 2, 3, 4], dtype=np.int32)), sec)
    assert parent.data().tolist() == [[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0]]
