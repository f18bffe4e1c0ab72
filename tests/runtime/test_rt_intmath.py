"""C++ truncating division and integral conversions."""
import math

import numba
import numpy as np
import pytest

from amppy.runtime import cdiv, cmod, float32, int32, to_int, to_int64, to_uint64, uint32

INT64_MIN, INT64_MAX = -(2 ** 63), 2 ** 63 - 1


def _trunc_div(a, b):
    """Independent reference: |a| // |b| with the sign of the exact quotient."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


SWEEP = [(a, b) for a in range(-13, 14) for b in (-7, -5, -3, -2, -1, 1, 2, 3, 5, 7)]
BIG = [(INT64_MAX, 2), (INT64_MIN, 2), (INT64_MIN + 1, -3), (INT64_MAX, -7),
       (-(2 ** 62) - 1, 2 ** 31), (2 ** 53 + 1, 3), (-(2 ** 53) - 1, 3)]


def test_host_cdiv_cmod_sweep():
    for a, b in SWEEP + BIG:
        q, r = cdiv(a, b), cmod(a, b)
        assert q == _trunc_div(a, b), (a, b)
        assert q * b + r == a and abs(r) < abs(b), (a, b)
        assert r == 0 or (r < 0) == (a < 0), (a, b)


def test_known_values():
    assert (cdiv(-7, 2), cmod(-7, 2)) == (-3, -1)
    assert (cdiv(7, -2), cmod(7, -2)) == (-3, 1)
    assert (cdiv(-7, -2), cmod(-7, -2)) == (3, -1)
    assert cdiv(INT64_MIN, 2) == -(2 ** 62)


def test_division_by_zero_raises_on_host():
    with pytest.raises(ZeroDivisionError):
        cdiv(1, 0)


@numba.njit(cache=False)
def _kernel(a, b, q, r):
    for i in range(a.size):
        q[i] = cdiv(a[i], b[i])
        r[i] = cmod(a[i], b[i])


def test_cdiv_cmod_inside_njit_int64_and_int32():
    pairs = SWEEP + BIG
    a = np.array([p[0] for p in pairs], np.int64)
    b = np.array([p[1] for p in pairs], np.int64)
    q, r = np.zeros_like(a), np.zeros_like(a)
    _kernel(a, b, q, r)
    assert q.tolist() == [_trunc_div(x, y) for x, y in pairs]
    assert (q * b + r == a).all()
    a32, b32 = a[: len(SWEEP)].astype(np.int32), b[: len(SWEEP)].astype(np.int32)
    q32, r32 = np.zeros_like(a32), np.zeros_like(a32)
    _kernel(a32, b32, q32, r32)
    assert q32.tolist() == q[: len(SWEEP)].tolist()
    assert r32.tolist() == r[: len(SWEEP)].tolist()


def test_int32_uint32_wrap():
    assert int32(2 ** 31) == -(2 ** 31)
    assert int32(2 ** 32 + 5) == 5
    assert int32(-1) == -1
    assert int32(0xFFFFFFFF) == -1
    assert uint32(-1) == 4294967295
    assert uint32(2 ** 32 + 3) == 3
    assert int32(np.uint32(4294967295)) == -1


def test_to_int_truncates_toward_zero():
    assert [to_int(x) for x in (2.9, -2.9, 0.5, -0.5, float32(7.99))] == [2, -2, 0, 0, 7]
    assert to_int(math.nan) == -(2 ** 31)
    assert float32 is np.float32


#: x86's cvttss2si/cvttsd2si out of range, as Visual C++ compiles a float -> integer conversion
#: (also what g++ -O0 gives on x86-64 with run-time values, except for unsigned long long at 2**64
#: and beyond: g++ gives 0 there, Visual C++'s x64 sequence 2**63)
FLOAT_TO_INT_CASES = [   # value, int, long long, unsigned int, unsigned long long
    (3.0e9, -2 ** 31, 3000000000, 3000000000, 3000000000),
    (-3.0e9, -2 ** 31, -3000000000, 1294967296, 2 ** 64 - 3000000000),
    (1e20, -2 ** 31, -2 ** 63, 0, 2 ** 63),
    (math.nan, -2 ** 31, -2 ** 63, 0, 2 ** 63),
    (-math.inf, -2 ** 31, -2 ** 63, 0, 2 ** 63),
    (-1.0, -1, -1, 2 ** 32 - 1, 2 ** 64 - 1),
    (4294967296.0, -2 ** 31, 2 ** 32, 0, 2 ** 32),
    (2147483647.9, 2147483647, 2147483647, 2147483647, 2147483647),
    (-2147483648.9, -2 ** 31, -2147483648, 2 ** 31, 2 ** 64 - 2 ** 31),
    (9.3e18, -2 ** 31, -2 ** 63, 0, 9300000000000000000),
    (float(float32(1e19)), -2 ** 31, -2 ** 63, 0, 9999999980506447872),
]


def test_float_to_integer_is_x86s_conversion():
    for v, i32, i64, u32, u64 in FLOAT_TO_INT_CASES:
        assert (to_int(v), to_int64(v), uint32(to_int64(v)), to_uint64(v)) == (i32, i64, u32, u64), v


def test_float_to_integer_folding_matches_the_runtime():
    """Sema's constant folding (cxx.types.float_to_integer) and the host's run-time conversion
    (codegen/host.float_to_integer_text over the runtime) give one answer for every type."""
    from amppy import ir
    from amppy.codegen.host import float_to_integer_text
    from amppy.cxx.types import float_to_integer
    import amppy.runtime as rt
    names = {n: getattr(rt, n) for n in rt.__all__}     # (the package loads its modules' names on use)
    values = [v for case in FLOAT_TO_INT_CASES for v in (case[0],)] + [70000.5, -129.9, 300.7, 2.5e9, -0.9]
    for name in ("int", "long", "short", "signed char", "char", "unsigned char", "unsigned short", "wchar_t",
                 "unsigned int", "unsigned long", "long long", "unsigned long long"):
        t = ir.Scalar(name)
        for v in values:
            got = eval(float_to_integer_text("v", t), names, {"v": v})
            want = float_to_integer(v, t)
            assert got == want, (name, v)
    assert float_to_integer(70000.5, ir.Scalar("short")) == 4464
    assert float_to_integer(-129.9, ir.Scalar("signed char")) == 127
    assert float_to_integer(3e9, ir.Scalar("unsigned int")) == 3000000000
