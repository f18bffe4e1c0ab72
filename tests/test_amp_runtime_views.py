"""amppy.runtime.amp's views of views, index arithmetic and array placement, without translating:
the behaviour generated code relies on, checked on its own (the samples check it end to end)."""
import numpy as np
import pytest

from amppy.runtime import amp
from amppy.runtime.accelerators import access_type_read


def test_section_overloads_alias_the_parent():
    v = amp.array_view(amp.extent(4, 6), np.int32)
    v.data()[...] = np.arange(24).reshape(4, 6)
    s = v.section(amp.index(1, 2), amp.extent(2, 3))
    assert s.extent == amp.extent(2, 3) and s[0, 0] == 8
    s[1, 2] = -1
    assert v[2, 4] == -1                                # a write through the section
    assert v.section(amp.index(3, 4)).extent == amp.extent(1, 2)          # to the end
    assert v.section(amp.extent(2, 2))[1, 1] == 7                         # from the origin
    with pytest.raises(amp.runtime_exception):
        v.section(amp.index(3, 0), amp.extent(2, 1))                      # past the end


def test_index_operators_have_cpp_int_semantics():
    i = amp.index(7, -7)
    assert (i / 2).dims == (3, -3) and (i % 4).dims == (3, -3)           # truncating
    assert (-9 % amp.index(4, 4)).dims == (-1, -1) and (10 - i).dims == (3, 17)
    assert (amp.index(2**31 - 1, 0) + 1).dims == (-2**31, 1)               # wraps at 32 bits


def test_array_placement_and_access_type():
    view, other = object(), object()        # (stand-ins: no device is asked, whatever the target)
    a = amp.array(amp.extent(4), np.int32).placed(view, access_type_read)
    assert a.get_cpu_access_type() == access_type_read and a.get_accelerator_view() is view
    b = amp.array(amp.extent(4), np.int32).placed(view, other)
    assert b.get_associated_accelerator_view() is other and b.get_accelerator_view() is view


def test_copy_between_containers_of_different_extents_throws():
    # C++ AMP: copy(src, dst) and src.copy_to(dst) need equal extents (E_INVALIDARG), and a
    # section of no elements is invalid; amppy used to copy what fitted and carry on
    src = amp.array(amp.extent(2, 3), np.arange(6, dtype=np.int32))
    for dst in (amp.array(amp.extent(2, 2), elem_type=np.int32), amp.array(amp.extent(3, 2), elem_type=np.int32)):
        with pytest.raises(amp.runtime_exception) as err:
            amp.copy(src, dst)
        assert err.value.get_error_code() == -2147024809
    same = amp.array(amp.extent(2, 3), elem_type=np.int32)
    amp.copy(src, same)
    assert same.host.tolist() == [[0, 1, 2], [3, 4, 5]]
    view = amp.array_view(src)
    with pytest.raises(amp.runtime_exception):
        view.section(amp.index(1, 1), amp.extent(1, 0))


def test_indices_past_a_views_extent_reach_the_data_it_was_made_over():
    """C++ AMP does not check a view's indices on the host: `(i, j)` past a section's or a row's end
    is the element at that offset of the underlying data (suite: section/Convenience.03); past the
    data it is an error still."""
    v = amp.array_view(amp.extent(2, 3, 4), np.int32)
    v.data()[...] = np.arange(24).reshape(2, 3, 4)
    s = v.section(amp.extent(2, 2, 2))
    assert s[1, 2, 2] == v[1, 2, 2] == 22
    s[1, 2, 3] = -5
    assert v[1, 2, 3] == -5
    row = amp.array_view(amp.extent(3, 4), np.int32)
    row.data()[...] = np.arange(12).reshape(3, 4)
    assert row[0, 5] == 5 and row[1, -1] == 3          # the next row's, the previous row's
    with pytest.raises(IndexError):
        row[2, 4]


def test_projection_out_of_range_and_reinterpret_size_throw_runtime_exceptions():
    a = amp.array(amp.extent(10, 10), np.int32)
    with pytest.raises(amp.runtime_exception) as e:
        a[10]
    assert e.value.get_error_code() == -2147024809        # E_INVALIDARG
    with pytest.raises(amp.runtime_exception):
        amp.array(amp.extent(10), np.int32).reinterpret_as(np.dtype([("r", np.int32), ("g", np.int32),
                                                                     ("b", np.int32)]))
    assert amp.array(amp.extent(4), np.float64).reinterpret_as(np.float32).extent == amp.extent(8)


def test_data_of_an_array_the_cpu_may_not_access_is_null():
    from amppy.runtime.accelerators import access_type_none, accelerator
    a = amp.array(amp.extent(4), np.int32).placed(accelerator().default_view, access_type_none)
    assert a.data() is None
    assert amp.array(amp.extent(4), np.int32).data() is not None


def test_array_data_is_a_flat_pointer_and_host_buffer_keeps_the_shape():
    """`array<T, 2>::data()` is a `T*` to row-major storage: element i of the flat run, and writes
    through it reach the array; `host_buffer(write)` is the shaped host copy compiled loops take."""
    a = amp.array(amp.extent(2, 3), elem_type=np.int32)
    p = a.data()
    assert p.shape == (6,)
    p[4] = 7
    assert a[1, 1] == 7
    assert a.host_buffer().shape == (2, 3) and a.host_buffer()[1, 1] == 7


def test_copy_of_a_reversed_or_too_long_range_throws_and_a_short_one_fills_the_front():
    """C++ AMP's copy(first, last, array): std::distance past the destination's size (a reversed
    range is a huge size_t) throws E_INVALIDARG; a shorter range fills the first elements."""
    from amppy.runtime import vector
    v = vector(np.int32, [5, 6, 7])
    a = amp.array(amp.extent(4), elem_type=np.int32)
    with pytest.raises(amp.runtime_exception):
        amp.copy(v.end(), v.begin(), a)
    small = amp.array(amp.extent(2), elem_type=np.int32)
    with pytest.raises(amp.runtime_exception):
        amp.copy(v.begin(), v.end(), small)
    amp.copy(v.begin(), v.end(), a)
    assert list(a.host_buffer()) == [5, 6, 7, 0]
