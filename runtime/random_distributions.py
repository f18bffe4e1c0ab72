"""C++ ``<random>``'s distributions and ``generate_canonical`` as the Microsoft STL computes them,
and which Microsoft STL is followed (``set_msstl_update``).

The module docstring of ``random`` (which re-exports everything here) says what is followed and
why; the engines are in ``random_engines``, below this module.
"""
from __future__ import annotations

import copy as _copy
import math as _math
import os as _os

import numpy as _np

from .intmath import round_float32
from .random_engines import _engine_info

__all__ = ["uniform_int_distribution", "uniform_real_distribution", "normal_distribution",
           "bernoulli_distribution", "generate_canonical", "set_msstl_update", "get_msstl_update",
           "MSSTL_UPDATE_NEWEST"]

# ---------------------------------------------------------------------------------------------
# Which Microsoft STL is followed (its _MSVC_STL_UPDATE value)

MSSTL_UPDATE_NEWEST = 202607     # github.com/microsoft/STL at the time this module was written
_LEMIRE_SINCE = 202209           # commit 8334fcab "<random>: Implement Lemire's fast integer generation"
_P0952R2_SINCE = 202406          # commit f9b0af85 "Implement P0952R2 ... generate_canonical"


def _initial_update() -> int:
    try:
        return int(_os.environ.get("AMPPY_MSSTL_UPDATE", MSSTL_UPDATE_NEWEST))
    except ValueError:
        return MSSTL_UPDATE_NEWEST


_update = [_initial_update()]


def set_msstl_update(update: int) -> None:
    """Follow the Microsoft STL whose ``_MSVC_STL_UPDATE`` is ``update`` (e.g. 202208 for the
    pre-Lemire ``uniform_int_distribution``, 202405 for the old ``generate_canonical``)."""
    _update[0] = int(update)


def get_msstl_update() -> int:
    return _update[0]


# ---------------------------------------------------------------------------------------------
# float (binary32) rounding helpers.  One +, -, *, / or sqrt of float values computed in double
# and then rounded to float gives the correctly rounded float result (53 >= 2*24 + 2), so the
# float paths compute with Python floats and round after every operation, where MSVC rounds.

_f32 = round_float32


def _int_to_real(v: int, digits: int) -> float:
    """``static_cast<Real>(v)`` for a non-negative integer: round to ``digits`` significant bits,
    ties to even, in one step (no double rounding through double for float)."""
    n = v.bit_length()
    if n <= digits:
        return float(v)
    shift = n - digits
    q, r = divmod(v, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return _math.ldexp(float(q), shift)


# ---------------------------------------------------------------------------------------------
# generate_canonical


def _canonical_params(lo: int, hi: int, digits: int):
    """``_Generate_canonical_params(_Minbits, _Gxmax - _Gxmin)`` (P0952R2): k, x, bits of R**k."""
    key = (lo, hi, digits)
    p = _CANON_PARAMS.get(key)
    if p is None:
        r = hi - lo + 1
        target = 1 << digits
        product, k = 1, 0
        while product < target:
            product *= r
            k += 1
        pow2 = (r & (r - 1)) == 0
        p = _CANON_PARAMS[key] = (r, pow2, k, product // target, (product - 1).bit_length())
    return p


_CANON_PARAMS: dict = {}


def _legacy_iterations(bits: int, lo: int, hi: int) -> int:
    """``_Generate_canonical_iterations`` (MS STL before P0952R2): max(1, ceil(bits / log2(R)))
    counted with 64-bit integers."""
    u64 = (1 << 64) - 1
    if bits == 0 or (hi == u64 and lo == 0):
        return 1
    rng = (hi - lo) + 1
    target = u64 >> (64 - bits)
    prod, ceil = 1, 0
    while prod <= target:
        ceil += 1
        if prod > u64 // rng:
            break
        prod *= rng
    return ceil


def _canonical(eng, digits: int, real_digits: int = 0) -> float:
    """``_Nrand_impl<Real>(eng)`` = ``generate_canonical<Real, digits>(eng)``: digits 24 (float,
    the value is returned as a Python float holding a binary32 value) or 53 (double); fewer
    bits for an explicit ``generate_canonical<Real, bits>`` (``real_digits`` is then the Real's)."""
    lo, hi, _ = _engine_info(eng)
    if _update[0] < _P0952R2_SINCE:
        return _canonical_legacy(eng, digits, real_digits or digits, lo, hi)
    r, pow2, k, x, smax_bits = _canonical_params(lo, hi, digits)
    if pow2:
        # always one attempt; the low (smax_bits - digits) bits of the first word are dropped
        umask = 0xFFFFFFFF if digits <= 32 else 0xFFFFFFFFFFFFFFFF
        discarded = smax_bits - digits
        s = ((eng() - lo) >> discarded) & umask
        if k > 1:
            r_bits = smax_bits // k
            shift = -discarded
            for _ in range(1, k):
                shift += r_bits
                s = (s + (((eng() - lo) & umask) << shift)) & umask
        return _math.ldexp(float(s), -digits)
    limit = x << digits
    while True:
        s = eng() - lo
        factor = 1
        for _ in range(1, k):
            factor *= r
            s += (eng() - lo) * factor
        if s < limit:
            break
    return _math.ldexp(float(s // x), -digits)


def _canonical_legacy(eng, minbits: int, digits: int, lo: int, hi: int) -> float:
    """``generate_canonical`` before P0952R2 (MS STL until _MSVC_STL_UPDATE 202405): in Real
    arithmetic, ans = sum((Real(g_i) - Real(min)) * R**i), returned as ans / R**k."""
    k = _legacy_iterations(minbits, lo, hi)
    if digits == 24:
        rnd = _f32
    else:
        def rnd(v):
            return v
    gmin = _int_to_real(lo, digits)
    gmax = _int_to_real(hi, digits)
    rx = rnd(rnd(gmax - gmin) + 1.0)
    ans, factor = 0.0, 1.0
    for _ in range(k):
        ans = rnd(ans + rnd(rnd(_int_to_real(eng(), digits) - gmin) * factor))
        factor = rnd(factor * rx)
    return rnd(ans / factor)


def generate_canonical(engine, type: str = "double", bits: int | None = None):
    """``std::generate_canonical<type, bits>(engine)`` as the MS STL computes it (bits defaults to,
    and is capped at, the type's digits: 24 for float, 53 for double)."""
    real_digits = digits = _real_digits(type)
    if bits is not None and int(bits) < digits:
        digits = int(bits)
        if digits <= 0:
            return _np.float32(0.0) if _is_float(type) else 0.0
    v = _canonical(engine, digits, real_digits)
    return _np.float32(v) if _is_float(type) else v


# ---------------------------------------------------------------------------------------------
# integer and real type names

def _norm_type(name: str) -> str:
    t = " ".join(str(name).replace("std::", "").split())
    t = {"signed": "int", "unsigned": "unsigned int"}.get(t, t)
    if t.startswith("signed ") and t != "signed char":
        t = t[len("signed "):]
    for base in ("short", "long long", "long", "unsigned short", "unsigned long long", "unsigned long"):
        if t == base + " int":
            t = base
    return t


_INT_TYPES = {
    "short": (16, True), "int16_t": (16, True), "__int16": (16, True),
    "unsigned short": (16, False), "uint16_t": (16, False), "unsigned __int16": (16, False),
    "int": (32, True), "long": (32, True), "int32_t": (32, True), "__int32": (32, True),
    "INT": (32, True), "LONG": (32, True),
    "unsigned int": (32, False), "unsigned long": (32, False), "uint32_t": (32, False),
    "unsigned __int32": (32, False), "UINT": (32, False), "DWORD": (32, False), "ULONG": (32, False),
    "long long": (64, True), "int64_t": (64, True), "__int64": (64, True), "ptrdiff_t": (64, True),
    "intptr_t": (64, True), "intmax_t": (64, True), "LONGLONG": (64, True), "INT64": (64, True),
    "unsigned long long": (64, False), "uint64_t": (64, False), "unsigned __int64": (64, False),
    "size_t": (64, False), "uintptr_t": (64, False), "uintmax_t": (64, False),
    "ULONGLONG": (64, False), "UINT64": (64, False),
}


def _int_type(name: str):
    """(bits, signed) of a uniform_int_distribution result type, with MSVC's sizes (LLP64: long
    is 32 bits).  Character types and bool are rejected, as MS STL's _RNG_REQUIRE_INTTYPE does."""
    t = _norm_type(name)
    if t not in _INT_TYPES:
        raise TypeError(f"invalid template argument for uniform_int_distribution: {name!r} "
                        "(short, int, long, long long or an unsigned one)")
    return _INT_TYPES[t]


def _real_digits(name: str) -> int:
    t = _norm_type(name)
    if t == "float":
        return 24
    if t in ("double", "long double"):      # MSVC's long double is double
        return 53
    raise TypeError(f"invalid template argument for a real distribution: {name!r} "
                    "(float, double or long double)")


def _is_float(name: str) -> bool:
    return _real_digits(name) == 24


# ---------------------------------------------------------------------------------------------
# uniform_int_distribution

def _get_bits(eng, lo: int, umask: int, bmask: int) -> int:
    """``_Rng_from_urng_v2::_Get_bits``: one engine word minus min, retried until <= _Bmask."""
    while True:
        v = (eng() - lo) & umask
        if v <= bmask:
            return v


def _calc_bits(lo: int, hi: int, udiff_bits: int) -> int:
    """``_Calc_bits``: how many random bits one engine word gives (as an _Udiff)."""
    umask = (1 << udiff_bits) - 1
    bits, bmask = udiff_bits, umask
    while ((hi - lo) & umask) < bmask:
        bmask >>= 1
        bits -= 1
    return bits


class uniform_int_distribution:
    """std::uniform_int_distribution<type>(a, b): integers in [a, b] (b defaults to the type's
    maximum).  Follows MS STL ``uniform_int_distribution::_Eval`` with ``_Rng_from_urng_v2``
    (Lemire's method) or, for ``_MSVC_STL_UPDATE`` < 202209, ``_Rng_from_urng``."""

    def copy(self):
        """C++'s copy: an object with this one's state, which then goes its own way."""
        return _copy.deepcopy(self)

    def __init__(self, a: int = 0, b: int | None = None, type: str = "int"):
        self._bits, self._signed = _int_type(type)
        self._type = type
        self._dmask = (1 << self._bits) - 1
        if self._signed:
            self._tmin, self._tmax = -(1 << (self._bits - 1)), (1 << (self._bits - 1)) - 1
        else:
            self._tmin, self._tmax = 0, self._dmask
        self._a = self._to_type(a)
        self._b = self._tmax if b is None else self._to_type(b)
        if self._a > self._b:
            raise ValueError("invalid min and max arguments for uniform_int_distribution")
        self._cache: dict = {}

    def _to_type(self, v) -> int:
        v = int(v) & self._dmask
        if self._signed and v > self._tmax:
            v -= 1 << self._bits
        return v

    def a(self) -> int:
        return self._a

    def b(self) -> int:
        return self._b

    def min(self) -> int:
        return self._a

    def max(self) -> int:
        return self._b

    def param(self):
        return (self._a, self._b)

    def reset(self) -> None:
        pass

    def __eq__(self, other):
        if not isinstance(other, uniform_int_distribution):
            return NotImplemented
        return (self._a, self._b, self._bits, self._signed) == (other._a, other._b, other._bits, other._signed)

    def _adjust(self, u: int) -> int:
        # _Adjust: flip the sign bit so that signed order becomes unsigned order
        return u ^ (1 << (self._bits - 1)) if self._signed else u

    def __call__(self, engine, param=None) -> int:
        if param is None:
            lo_v, hi_v = self._a, self._b
        else:
            lo_v, hi_v = self._to_type(param[0]), self._to_type(param[1])
        dmask = self._dmask
        umin = self._adjust(lo_v & dmask)
        umax = self._adjust(hi_v & dmask)
        elo, ehi, ebits = _engine_info(engine)
        udiff_bits = self._bits if ebits < self._bits else ebits
        legacy = _update[0] < _LEMIRE_SINCE
        if umax - umin == dmask:
            uret = self._all_bits(engine, elo, ehi, udiff_bits, legacy) & dmask
        else:
            index = (umax - umin + 1) & dmask
            if legacy:
                uret = self._legacy_index(engine, index, elo, ehi, udiff_bits)
            else:
                uret = self._lemire(engine, index, elo, ehi, udiff_bits)
        u = self._adjust((uret + umin) & dmask)
        if self._signed and u > self._tmax:
            u -= 1 << self._bits
        return u

    @staticmethod
    def _all_bits(eng, elo, ehi, udiff_bits, legacy):
        """``_Get_all_bits``: ceil(udiff_bits / engine bits) words, concatenated."""
        umask = (1 << udiff_bits) - 1
        nbits = _calc_bits(elo, ehi, udiff_bits)
        bmask = umask >> (udiff_bits - nbits)
        if legacy:
            ret, num = 0, 0
            while num < udiff_bits:
                ret = ((ret << nbits) | _get_bits(eng, elo, umask, bmask)) & umask
                num += nbits
            return ret
        ret = _get_bits(eng, elo, umask, bmask)
        if nbits < udiff_bits:
            num = nbits
            while num < udiff_bits:
                ret = ((ret << nbits) | _get_bits(eng, elo, umask, bmask)) & umask
                num += nbits
        return ret

    def _lemire(self, eng, index, elo, ehi, udiff_bits):
        """``_Rng_from_urng_v2::operator()(_Index)``: x in [0, 2**L), m = x * index; reject while
        m mod 2**L < (2**L - index) mod index; the result is m >> L."""
        key = (elo, ehi, udiff_bits, index)
        c = self._cache.get(key)
        if c is None:
            umask = (1 << udiff_bits) - 1
            nbits = _calc_bits(elo, ehi, udiff_bits)
            bmask = umask >> (udiff_bits - nbits)
            mask, niter = bmask, 1
            if nbits < udiff_bits:
                while mask < ((index - 1) & umask):
                    mask = ((mask << nbits) | bmask) & umask
                    niter += 1
            gen_bits = bin(mask).count("1") if nbits < udiff_bits else udiff_bits
            threshold = ((mask - index + 1) & umask) % index
            if len(self._cache) >= 64:          # many different ranges through param=
                self._cache.clear()
            c = self._cache[key] = (umask, nbits, bmask, mask, niter, gen_bits, threshold)
        umask, nbits, bmask, mask, niter, gen_bits, threshold = c

        def product():
            ret = _get_bits(eng, elo, umask, bmask)
            for _ in range(niter - 1):
                ret = ((ret << nbits) | _get_bits(eng, elo, umask, bmask)) & umask
            return ret * index

        prod = product()
        rem = prod & mask
        if rem < index:
            while rem < threshold:
                prod = product()
                rem = prod & mask
        return (prod >> gen_bits) & self._dmask

    @staticmethod
    def _legacy_index(eng, index, elo, ehi, udiff_bits):
        """``_Rng_from_urng::operator()(_Index)`` (MS STL before 202209): gather words until the
        mask covers index - 1, keep ret % index unless ret falls in the biased top part."""
        umask = (1 << udiff_bits) - 1
        nbits = _calc_bits(elo, ehi, udiff_bits)
        bmask = umask >> (udiff_bits - nbits)
        while True:
            ret, mask = 0, 0
            while mask < ((index - 1) & umask):
                ret = ((ret << nbits) | _get_bits(eng, elo, umask, bmask)) & umask
                mask = ((mask << nbits) | bmask) & umask
            if ret // index < mask // index or mask % index == ((index - 1) & umask):
                return ret % index


# ---------------------------------------------------------------------------------------------
# real distributions

class uniform_real_distribution:
    """std::uniform_real_distribution<type>(a, b): ``_Nrand_impl<T>(eng) * (b - a) + a``
    (MS STL ``uniform_real_distribution::_Eval``); ``float`` results are numpy.float32."""

    def copy(self):
        """C++'s copy: an object with this one's state, which then goes its own way."""
        return _copy.deepcopy(self)

    def __init__(self, a: float = 0.0, b: float = 1.0, type: str = "double"):
        self._digits = _real_digits(type)
        self._float = self._digits == 24
        self._type = type
        self._a, self._b = self._conv(a), self._conv(b)
        if not self._a <= self._b:
            raise ValueError("invalid min and max arguments for uniform_real_distribution")

    def _conv(self, v) -> float:
        return _f32(float(v)) if self._float else float(v)

    def _out(self, v):
        return _np.float32(v) if self._float else v

    def a(self):
        return self._out(self._a)

    def b(self):
        return self._out(self._b)

    def min(self):
        return self._out(self._a)

    def max(self):
        return self._out(self._b)

    def param(self):
        return (self.a(), self.b())

    def reset(self) -> None:
        pass

    def __eq__(self, other):
        if not isinstance(other, uniform_real_distribution):
            return NotImplemented
        return (self._a, self._b, self._digits) == (other._a, other._b, other._digits)

    def __call__(self, engine, param=None):
        if param is None:
            a, b = self._a, self._b
        else:
            a, b = self._conv(param[0]), self._conv(param[1])
        u = _canonical(engine, self._digits)
        if self._float:
            return _np.float32(_f32(_f32(u * _f32(b - a)) + a))
        return u * (b - a) + a


class normal_distribution:
    """std::normal_distribution<type>(mean, stddev): MS STL ``normal_distribution::_Eval``, the
    polar method (Knuth vol. 2 alg. P).  Each pair of ``_Nrand_impl`` values gives two results;
    the second is kept for the next call (``reset()`` forgets it)."""

    def copy(self):
        """C++'s copy: an object with this one's state, which then goes its own way."""
        return _copy.deepcopy(self)

    _LN2 = 0.69314718055994530941723212145818

    def __init__(self, mean: float = 0.0, stddev: float = 1.0, type: str = "double"):
        self._digits = _real_digits(type)
        self._float = self._digits == 24
        self._type = type
        self._mean, self._sigma = self._conv(mean), self._conv(stddev)
        if not 0.0 < self._sigma:
            raise ValueError("invalid sigma argument for normal_distribution")
        self._valid = False
        self._x2 = 0.0

    def _conv(self, v) -> float:
        return _f32(float(v)) if self._float else float(v)

    def _out(self, v):
        return _np.float32(v) if self._float else v

    def mean(self):
        return self._out(self._mean)

    def stddev(self):
        return self._out(self._sigma)

    sigma = stddev

    def min(self):
        return self._out(-_math.inf)

    def max(self):
        return self._out(_math.inf)

    def param(self):
        return (self.mean(), self.stddev())

    def reset(self) -> None:
        self._valid = False

    def __eq__(self, other):
        if not isinstance(other, normal_distribution):
            return NotImplemented
        return (self._mean, self._sigma, self._digits) == (other._mean, other._sigma, other._digits)

    def __call__(self, engine, param=None):
        if param is None:
            mean, sigma = self._mean, self._sigma
        else:       # operator()(eng, param_type): MS STL keeps using the cached value (#4618)
            mean, sigma = self._conv(param[0]), self._conv(param[1])
        if self._valid:
            res = self._x2
            self._valid = False
        else:
            res = self._pair_float(engine) if self._float else self._pair_double(engine)
        if self._float:
            return _np.float32(_f32(_f32(res * sigma) + mean))
        return res * sigma + mean

    def _pair_double(self, eng) -> float:
        digits = self._digits
        while True:
            v1 = 2 * _canonical(eng, digits) - 1
            v2 = 2 * _canonical(eng, digits) - 1
            s = v1 * v1 + v2 * v2
            if s < 1.0 and v1 != 0.0 and v2 != 0.0:
                break
        if s > 1e-4:
            log_s = _math.log(s)
        else:   # rescale to keep log(s) / s finite
            e = _math.frexp(max(abs(v1), abs(v2)))[1] - 1       # ilogb
            v1, v2 = _math.ldexp(v1, -e), _math.ldexp(v2, -e)    # scalbn
            s = v1 * v1 + v2 * v2
            log_s = _math.log(s) + float(e) * (self._LN2 * 2)
        fx = _math.sqrt(-2.0 * log_s / s)
        self._x2 = fx * v2
        self._valid = True
        return fx * v1

    def _pair_float(self, eng) -> float:
        f = _f32
        digits = self._digits
        while True:
            v1 = f(2 * _canonical(eng, digits) - 1)
            v2 = f(2 * _canonical(eng, digits) - 1)
            s = f(f(v1 * v1) + f(v2 * v2))
            if s < 1.0 and v1 != 0.0 and v2 != 0.0:
                break
        if s > f(1e-4):
            log_s = f(_math.log(s))
        else:
            e = _math.frexp(max(abs(v1), abs(v2)))[1] - 1
            v1, v2 = _math.ldexp(v1, -e), _math.ldexp(v2, -e)
            s = f(f(v1 * v1) + f(v2 * v2))
            log_s = f(f(_math.log(s)) + f(float(e) * f(f(self._LN2) * 2)))
        fx = f(_math.sqrt(f(f(-2.0 * log_s) / s)))
        self._x2 = f(fx * v2)
        self._valid = True
        return f(fx * v1)


class bernoulli_distribution:
    """std::bernoulli_distribution(p): ``_Nrand_impl<double>(eng) < p`` (MS STL
    ``bernoulli_distribution::_Eval``)."""

    def copy(self):
        """C++'s copy: an object with this one's state, which then goes its own way."""
        return _copy.deepcopy(self)

    def __init__(self, p: float = 0.5):
        p = float(p)
        if not 0.0 <= p <= 1.0:
            raise ValueError("invalid probability argument for bernoulli_distribution")
        self._p = p

    def p(self) -> float:
        return self._p

    def min(self) -> bool:
        return False

    def max(self) -> bool:
        return True

    def param(self) -> float:
        return self._p

    def reset(self) -> None:
        pass

    def __eq__(self, other):
        if not isinstance(other, bernoulli_distribution):
            return NotImplemented
        return self._p == other._p

    def __call__(self, engine, param=None) -> bool:
        p = self._p if param is None else float(param)
        return _canonical(engine, 53) < p
