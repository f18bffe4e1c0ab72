"""C++ integer and floating-point conversion semantics.

Python's ``//`` and ``%`` round toward negative infinity; C++ truncates toward
zero.  ``cdiv``/``cmod`` give the C++ results and are ``register_jitable`` so
the same function serves host code, ``numba.njit`` kernels and CUDA device
code.  ``int32``/``uint32`` wrap Python ints to 32-bit two's complement, and
``to_int``/``to_int64``/``to_uint64`` are the C++ floating-to-integral conversions as Visual
C++ on x64 computes them (truncation; x86's "integer indefinite" out of range).
"""
import math
import struct

import numpy as np
from numba.extending import register_jitable

__all__ = ["cdiv", "cmod", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "to_int", "to_int64", "to_uint64", "float32", "fdiv", "cround"]

float32 = np.float32


@register_jitable
def cdiv(a, b):
    """``a / b`` for integers, truncating toward zero like C++."""
    q = a // b
    # Floor and truncation differ only when the division is inexact and the
    # signs differ; then floor is one below the truncated quotient.
    if (a % b != 0) and ((a < 0) != (b < 0)):
        q += 1
    return q


@register_jitable
def cmod(a, b):
    """``a % b`` for integers; the result has the sign of ``a`` like C++."""
    r = a % b
    if r != 0 and ((a < 0) != (b < 0)):
        r -= b
    return r


@register_jitable
def cround(x):
    """C++ ``round``: halfway cases away from zero (numpy's ``round`` goes to even).

    ``x - trunc(x)`` is exact, so 0.49999999999999994 stays 0 and 2.5 becomes 3."""
    y = float(x)
    t = float(np.trunc(y))
    if abs(y - t) >= 0.5:
        t += math.copysign(1.0, y)
    return math.copysign(t, y)       # keeps -0.0 for -0.4


def _wrapper(bits: int, signed: bool):
    mask, half, full = (1 << bits) - 1, 1 << (bits - 1), 1 << bits

    if signed:
        def wrap(x):
            x = int(x) & mask
            return x - full if x >= half else x
        wrap.__doc__ = f"Wrap an integer to C++'s {bits}-bit signed type (two's complement)."
    else:
        def wrap(x):
            return int(x) & mask
        wrap.__doc__ = f"Wrap an integer to C++'s {bits}-bit unsigned type (modulo 2**{bits})."
    wrap.__name__ = wrap.__qualname__ = ("int" if signed else "uint") + str(bits)
    return wrap


# One wrapping function per C++ integer width (amppy.cxx.types.wrapper_name picks it):
# int8 = char/signed char, int16 = short, int32 = int/long, int64 = long long, and unsigned.
int8, int16, int32, int64 = (_wrapper(b, True) for b in (8, 16, 32, 64))
uint8, uint16, uint32, uint64 = (_wrapper(b, False) for b in (8, 16, 32, 64))


def fdiv(a, b):
    """``a / b`` for doubles with IEEE results (C++: 1.0 / 0.0 is inf, 0.0 / 0.0 is nan)."""
    try:
        return a / b
    except ZeroDivisionError:
        a = float(a)
        if a != a or a == 0.0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, float(b))


def _truncated(x, bits):
    """x86's cvttss2si/cvttsd2si into a `bits`-wide register (what Visual C++ compiles a
    floating → integral conversion to): truncation toward zero, and the "integer indefinite"
    (the lowest value, 0x80...0) when the result does not fit or `x` is NaN."""
    if isinstance(x, (int, np.integer)):
        v = int(x)
    else:
        x = float(x)
        if math.isnan(x) or math.isinf(x):
            return -(1 << (bits - 1))
        v = int(math.trunc(x))
    return v if -(1 << (bits - 1)) <= v < (1 << (bits - 1)) else -(1 << (bits - 1))


def to_int(x):
    """C++ floating → ``int`` (and ``long``, and the narrower types after it: ``int16(to_int(x))``),
    as Visual C++ on x86/x64 computes it: truncation toward zero; NaN and values out of
    ``int``'s range give INT_MIN (-2147483648), as the hardware does."""
    return _truncated(x, 32)


def to_int64(x):
    """C++ floating → ``long long`` (and ``unsigned int``/``unsigned long`` after it:
    ``uint32(to_int64(x))``, as Visual C++ for x64 converts through a 64-bit register): NaN and
    values out of range give LLONG_MIN."""
    return _truncated(x, 64)


def to_uint64(x):
    """C++ floating → ``unsigned long long`` as Visual C++ for x64 computes it: below 2**63
    (negative values and NaN too) through the signed 64-bit conversion, wrapped; from 2**63 on,
    2**63 plus the conversion of ``x - 2**63``; 2**64 and beyond give 0x8000000000000000."""
    if not isinstance(x, (int, np.integer)):
        x = float(x)
        if x >= 2.0 ** 63:
            rest = x - 2.0 ** 63
            return (1 << 63) if rest >= 2.0 ** 63 else (_truncated(rest, 64) + (1 << 63))
    return _truncated(x, 64) & ((1 << 64) - 1)


_PACK_F = struct.Struct("<f")


def round_float32(x: float) -> float:
    """Round a Python float to the nearest binary32 value (returned as a Python float; a value
    beyond float's range is infinity, as the conversion gives in C++)."""
    try:
        return _PACK_F.unpack(_PACK_F.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)
