"""std::vector, @struct and C array semantics."""
import numpy as np
import pytest

from amppy.runtime import carray, float32, int32, std_out_of_range, struct, uint32, vector


@struct
class Point:
    x: int32
    y: float32


@struct
class Desc:
    value: int32
    flags: uint32
    where: Point
    ratio: np.float64


def test_struct_defaults_aggregate_init_and_dtype():
    d = Desc()
    assert (d.value, d.flags, d.where.x, d.ratio) == (0, 0, 0, 0.0)
    d = Desc(1, 2)
    assert (d.value, d.flags, d.where.y) == (1, 2, 0.0)
    assert isinstance(d.value, np.int32) and isinstance(d.where.y, np.float32)
    # C layout: int, unsigned, {int, float}, then a double aligned to 8 bytes.
    assert Desc.dtype.itemsize == 24 and Desc.dtype.fields["ratio"][1] == 16
    assert Desc.dtype.isalignedstruct


def test_struct_assignment_converts_like_cpp():
    d = Desc()
    d.value = 3.7
    d.flags = -1
    d.where = Point(5, 2.5)
    d.where.x = 2 ** 31
    assert d.value == 3 and d.flags == 4294967295
    assert d.where.x == -(2 ** 31) and d.where.y == np.float32(2.5)


def test_struct_copy_is_a_value_and_eq_by_fields():
    a = Desc(1, 2, Point(3, 4.0), 0.5)
    b = a.copy()
    b.where.x = 99
    assert a.where.x == 3 and b.where.x == 99
    assert a != b
    b.where.x = 3
    assert a == b
    assert repr(a) == "Desc(value=1, flags=2, where=Point(x=3, y=4.0), ratio=0.5)"


def test_struct_records_round_trip():
    a = Point(7, 1.5)
    rec = a.to_record()
    assert rec["x"] == 7
    b = Point.from_record(rec)
    assert b == a
    b.x = 8
    assert a.x == 7


def test_vector_of_struct_proxies_write_through_and_copies_do_not():
    v = vector(Desc, 3)
    v[1].value = 5
    v[1].where.y = 1.25
    c = v[1].copy()
    c.value = 99
    assert v[1].value == 5 and v[1].where.y == np.float32(1.25)
    assert v.data()["value"].tolist() == [0, 5, 0]
    v[2] = c
    c.value = 1
    assert v[2].value == 99


def test_vector_numeric_basics():
    v = vector(np.int32, [1, 2, 3])
    v.push_back(-1)
    v.push_back(2 ** 32 + 4)  # wraps like a C++ conversion to int
    assert [int(x) for x in v] == [1, 2, 3, -1, 4]
    assert isinstance(v[0], np.int32)
    assert len(v) == v.size() == 5 and not v.empty()
    assert v.front() == 1 and v.back() == 4
    v.pop_back()
    assert v.size() == 4
    v.resize(6, 9)
    assert v.data().tolist() == [1, 2, 3, -1, 9, 9]
    v.resize(2)
    assert v.data().tolist() == [1, 2]
    v.clear()
    assert v.empty() and v.data().tolist() == []


def test_vector_growth_keeps_elements_and_doubles_capacity():
    v = vector(np.float32)
    for i in range(100):
        v.push_back(i * 0.5)
    assert v.data().tolist() == [i * 0.5 for i in range(100)]
    assert v.capacity() >= 100 and v.capacity() < 200
    assert v.data().dtype == np.float32


def test_vector_constructors_and_value_copies():
    a = vector(np.int32, 3, 7)
    assert a.data().tolist() == [7, 7, 7]
    b = vector(a)
    c = a.copy()
    b[0] = 1
    c[1] = 2
    assert a.data().tolist() == [7, 7, 7]
    d = vector(np.int32)
    d.assign(a)
    a[2] = 0
    assert d.data().tolist() == [7, 7, 7]
    assert vector(np.int32, a.begin() + 1, a.end()).data().tolist() == [7, 0]
    assert a == vector(np.int32, [7, 7, 0]) and a != d


def test_vector_iterators_and_at():
    v = vector(np.int32, [10, 20, 30])
    assert v.end() - v.begin() == 3
    it = v.begin() + 2
    assert it.deref() == 30 and it[-1] == 20
    with pytest.raises(std_out_of_range, match="invalid vector subscript"):   # the Microsoft library's message
        v.at(3)
    assert v.at(2) == 30


def test_carray_brace_init_missing_elements_zero():
    a = carray(np.float32, (3, 4), [[1, 2], [3]])
    assert a.dtype == np.float32 and a.shape == (3, 4)
    assert a.tolist() == [[1, 2, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]]
    b = carray(np.int32, None, [4, 5, 6])
    assert b.tolist() == [4, 5, 6]
    s = carray(Point, 2, [(1, 2.5)])
    assert s["x"].tolist() == [1, 0] and s["y"].tolist() == [2.5, 0.0]


def test_struct_with_constructor_methods_and_string_annotations():
    ns = {}
    exec(
        "from __future__ import annotations\n"
        "import numpy as np\n"
        "from amppy.runtime import struct, int32, float32\n"
        "@struct\n"
        "class Acc:\n"
        "    total: int32\n"
        "    scale: float32\n"
        "    def __init__(self, t=0):\n"
        "        super().__init__()\n"
        "        self.total = t * 2\n"
        "    def bump(self):\n"
        "        self.total += 1\n"
        "        return self.total\n", ns)
    acc = ns["Acc"](5)
    assert acc.total == 10 and acc.scale == 0 and isinstance(acc.scale, np.float32)
    assert acc.bump() == 11
    assert ns["Acc"].dtype.names == ("total", "scale")
