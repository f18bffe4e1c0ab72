"""C++ arithmetic types: what a value of each type can hold, and how it wraps or rounds.

`ir.SCALARS` lists the types with MSVC's sizes (`long` is 32-bit, `size_t` 64-bit);
`sema.types` has the promotions and the usual arithmetic conversions.  This module
is what sema's constant folding and every emitter use to keep C++ results:

- an integer result of `+ - * <<` or unary `-`/`~` is exact modulo 2**bits, so it is
  *wrapped* to its type (`wrap_value`, and in generated code `int32(...)`,
  `np.uint64(...)`, ... spelled by the dialect from `wrapper_name`);
- a conversion between integer types wraps unless the target can hold every value
  of the source (`conversion_wraps`);
- a `float` value is rounded to binary32 (`round_value`).

Signed overflow wraps two's-complement, as g++ -fwrapv, MSVC in practice, and GPUs do.
"""
from __future__ import annotations

import struct

from .. import ir

#: C++ AMP allows int, unsigned int, long, float, double and bool (and structs of them) in
#: restrict(amp) code; not these (Visual Studio's C3581), each with the type to use instead.
AMP_BANNED = {
    "char": "int", "signed char": "int", "unsigned char": "unsigned int",
    "short": "int", "unsigned short": "unsigned int", "wchar_t": "unsigned int",
    "long double": "double", "long long": "int", "unsigned long long": "unsigned int",
}

#: Integer results that may leave their type's range (and are exact modulo 2**bits).
RING_OPS = ("+", "-", "*", "<<")


def is_integer(t) -> bool:
    return isinstance(t, ir.Scalar) and t.is_int


def bits(t: ir.Scalar) -> int:
    return ir.SCALARS[t.name][1] * 8


def signed(t: ir.Scalar) -> bool:
    return t.is_int and not t.is_unsigned and t.name != "wchar_t"


def value_range(t: ir.Scalar) -> tuple[int, int]:
    n = bits(t)
    return (-(1 << (n - 1)), (1 << (n - 1)) - 1) if signed(t) else (0, (1 << n) - 1)


def wrapper_name(t: ir.Scalar) -> str:
    """The numpy-style name of the wrapping function for an integer type (`int32`, `uint64`)."""
    return ("int" if signed(t) else "uint") + str(bits(t))


def wrap_value(v: int, t: ir.Scalar) -> int:
    n = bits(t)
    v &= (1 << n) - 1
    if signed(t) and v >= 1 << (n - 1):
        v -= 1 << n
    return v


def float_to_integer(v: float, t: ir.Scalar) -> int:
    """A floating value converted to integer type `t` as Visual C++ on x64 computes it (the
    runtime's `to_int`, `to_int64`, `to_uint64` do the same at run time).  x86's cvttss2si/
    cvttsd2si truncate toward zero and give the "integer indefinite" 0x80...0 when the result
    does not fit their 32- or 64-bit register, or for NaN: `int(3e9f)` is -2147483648.  Types
    narrower than int are converted to int first and wrapped (`short(70000.5)` is 4464);
    `unsigned int` through the 64-bit register (`unsigned(-1.0)` is 4294967295); `unsigned long
    long` from 2**63 on adds 2**63 to the conversion of `v - 2**63` (2**64 and beyond: 2**63)."""
    n = bits(t)

    def cvtt(x: float, width: int) -> int:
        low = -(1 << (width - 1))
        if x != x or x in (float("inf"), float("-inf")):
            return low
        r = int(x)
        return r if low <= r < -low else low
    v = float(v)
    if n == 64 and not signed(t) and v >= 2.0 ** 63:
        rest = v - 2.0 ** 63
        return (1 << 63) if rest >= 2.0 ** 63 else cvtt(rest, 64) + (1 << 63)
    width = 64 if n == 64 or (n == 32 and not signed(t)) else 32
    return wrap_value(cvtt(v, width), t)


def round_value(v: float, t: ir.Scalar) -> float:
    """A floating value as type `t` holds it (binary32 for `float`)."""
    v = float(v)
    if t.name != "float" or v != v or v in (float("inf"), float("-inf")):
        return v
    try:
        return struct.unpack("f", struct.pack("f", v))[0]
    except OverflowError:
        return float("inf") if v > 0 else float("-inf")


def conversion_wraps(src, dst) -> bool:
    """An integer -> integer conversion that can change the value (so it must wrap)."""
    if not (is_integer(src) and is_integer(dst)):
        return False
    lo_s, hi_s = value_range(src)
    lo_d, hi_d = value_range(dst)
    return lo_s < lo_d or hi_s > hi_d


def result_wraps(e) -> bool:
    """An integer operation whose exact result can leave its type's range."""
    if isinstance(e, ir.Binary):
        return e.op in RING_OPS and is_integer(e.type)
    if isinstance(e, ir.Unary):
        return is_integer(e.type) and (e.op == "-" or (e.op == "~" and not signed(e.type)))
    return False


def deferrable(parent, child) -> bool:
    """`child`'s wrap may be left to `parent` (both ring operations of one integer type:
    the outer wrap gives the same value), e.g. `int32(h * 31 + c)`."""
    if not (result_wraps(parent) and result_wraps(child) and parent.type == child.type):
        return False
    if isinstance(parent, ir.Binary) and parent.op == "<<" and child is parent.right:
        return False                      # the shift count must be exact
    return True


#: the C and C++ library's integer typedefs: name -> the C++ type (Windows' are in cxx/win32.py)
SCALAR_ALIASES = {
    "size_t": "size_t", "ptrdiff_t": "long long", "uint": "unsigned int", "time_t": "long long", "clock_t": "long",
    "int8_t": "signed char", "uint8_t": "unsigned char", "int16_t": "short", "uint16_t": "unsigned short",
    "int32_t": "int", "uint32_t": "unsigned int", "int64_t": "long long", "uint64_t": "unsigned long long",
    "fmtflags": "int", "openmode": "int", "iostate": "int", "streamsize": "long long",   # std::ios_base's
    "access_type": "int",       # C++ AMP's enum of CPU access (access_type_auto, ...: sema/library.py)
}
