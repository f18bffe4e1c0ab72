"""C++ ``<chrono>`` as a small value model, following the Microsoft STL (``stl/inc/__msvc_chrono.hpp``
and ``stl/inc/chrono`` at github.com/microsoft/STL).

* ``duration(count, num=1, den=1, rep="long long")`` is ``std::chrono::duration<rep, ratio<num, den>>``:
  ``count`` ticks of ``num/den`` seconds.  An integer ``rep`` keeps an exact Python int (C++ would
  wrap a ``long long`` past 2**63; that is not modelled); ``"double"`` keeps a Python float and
  ``"float"`` a binary32 value (``count()`` gives ``numpy.float32``), rounded after every operation.
* Arithmetic follows [time.duration.nonmember]: ``d1 + d2``, ``d1 - d2`` and comparisons work in the
  common type (period gcd(num)/lcm(den), rep the usual arithmetic conversion of the two reps),
  ``d * k``, ``k * d``, ``d / k``, ``d1 / d2`` (a number), ``%``.  Integer division truncates
  toward zero, as C++ does.
* ``duration_cast(d, num, den, rep)`` (or ``duration_cast(d, milliseconds)``) is MS STL's
  ``duration_cast``: the conversion factor ``ratio_divide<From, To>`` is applied in
  ``common_type<ToRep, Rep, intmax_t>`` (exact integers for integer reps, truncated toward zero).
* Clocks (MS STL): ``steady_clock`` counts ``long long`` nanoseconds (QueryPerformanceCounter there,
  ``time.perf_counter_ns`` here); ``high_resolution_clock`` *is* ``steady_clock``
  (``using high_resolution_clock = steady_clock;``); ``system_clock`` counts ``long long`` ticks of
  100 ns since 1970-01-01 (``_Xtime_get_ticks``; ``time.time_ns() // 100`` here).
"""
from __future__ import annotations

import math as _math
import time as _time
from fractions import Fraction as _Fraction

import numpy as _np

from .intmath import round_float32

__all__ = [
    "duration", "duration_cast", "time_point", "time_point_cast",
    "nanoseconds", "microseconds", "milliseconds", "seconds", "minutes", "hours", "days", "weeks",
    "steady_clock", "high_resolution_clock", "system_clock",
]

_f32 = round_float32


# rep kinds: "int" (any integer type; exact Python int), "double", "float"
_FLOAT_REPS = {"double": "double", "long double": "double", "float": "float"}


def _kind(rep: str) -> str:
    r = " ".join(str(rep).replace("std::", "").split())
    return _FLOAT_REPS.get(r, "int")


def _canon_rep(rep) -> str:
    r = " ".join(str(rep).replace("std::", "").split())
    return "double" if r == "long double" else r


def _common_rep(r1: str, r2: str) -> str:
    """common_type of two reps: double beats float beats the integers."""
    k1, k2 = _kind(r1), _kind(r2)
    if "double" in (k1, k2):
        return "double"
    if "float" in (k1, k2):
        return "float"
    return r1 if r1 == r2 else "long long"


def _rep_of_number(k) -> str:
    if isinstance(k, (bool, int, _np.integer)):
        return "long long"
    if isinstance(k, _np.float32):
        return "float"
    if isinstance(k, (float, _np.floating)):
        return "double"
    raise TypeError(f"a duration cannot be combined with {type(k).__name__}")


def _as_rep(v, rep: str):
    """static_cast<rep>(v): integers truncate toward zero, float rounds to binary32."""
    k = _kind(rep)
    if k == "int":
        if isinstance(v, (float, _np.floating)):
            v = float(v)
            if not _math.isfinite(v):
                raise OverflowError("non-finite value converted to an integer duration")
            return int(v)          # truncates toward zero
        return int(v)
    if k == "float":
        return _f32(float(v))
    return float(v)


def _tdiv(a: int, b: int) -> int:
    """C++ integer division: the quotient truncated toward zero."""
    if b == 0:
        raise ZeroDivisionError("integer division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _tmod(a: int, b: int) -> int:
    return a - b * _tdiv(a, b)


def _arith(kind: str, op: str, a, b):
    """a op b in the rep kind's arithmetic."""
    if kind == "int":
        a, b = int(a), int(b)
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            return _tdiv(a, b)
        return _tmod(a, b)
    a, b = float(a), float(b)
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    elif op == "/":
        r = a / b if b != 0 else (_math.copysign(_math.inf, a) * _math.copysign(1.0, b) if a != 0 else _math.nan)
    else:
        r = _math.fmod(a, b)
    return _f32(r) if kind == "float" else r


def _cast_count(count, rep_from: str, num_from: int, den_from: int, num_to: int, den_to: int, rep_to: str):
    """MS STL ``duration_cast``: _CF = ratio_divide<From::period, To::period>;
    _CR = common_type<ToRep, Rep, intmax_t>; count * _CF::num / _CF::den computed in _CR (the
    multiplication or division skipped where the factor is 1), then static_cast<ToRep>."""
    cf = _Fraction(num_from * den_to, den_from * num_to)
    cr = _kind(_common_rep(_common_rep(rep_to, rep_from), "long long"))
    if cr == "int":
        v = int(count)
        if cf.numerator != 1:
            v = v * cf.numerator
        if cf.denominator != 1:
            v = _tdiv(v, cf.denominator)
        return _as_rep(v, rep_to)
    rnd = _f32 if cr == "float" else float
    v = rnd(float(count))
    if cf.numerator != 1:
        v = rnd(v * rnd(float(cf.numerator)))
    if cf.denominator != 1:
        v = rnd(v / rnd(float(cf.denominator)))
    return _as_rep(v, rep_to)


_SUFFIXES = {
    (1, 10**18): "as", (1, 10**15): "fs", (1, 10**12): "ps", (1, 10**9): "ns", (1, 10**6): "us",
    (1, 1000): "ms", (1, 100): "cs", (1, 10): "ds", (1, 1): "s", (10, 1): "das", (100, 1): "hs",
    (1000, 1): "ks", (10**6, 1): "Ms", (10**9, 1): "Gs", (10**12, 1): "Ts", (10**15, 1): "Ps",
    (10**18, 1): "Es", (60, 1): "min", (3600, 1): "h", (86400, 1): "d",
}


class duration:
    """std::chrono::duration<rep, ratio<num, den>>: ``count`` ticks of ``num/den`` seconds."""

    __slots__ = ("_count", "num", "den", "rep")

    def __init__(self, count=0, num: int = 1, den: int = 1, rep: str = "long long"):
        num, den = int(num), int(den)
        if num <= 0 or den <= 0:
            raise ValueError("a duration's period must be positive")
        g = _math.gcd(num, den)
        self.num, self.den = num // g, den // g
        self.rep = _canon_rep(rep)
        if isinstance(count, duration):    # converting constructor: duration<rep, P>(other)
            count = _cast_count(count._count, count.rep, count.num, count.den, self.num, self.den, self.rep)
        self._count = _as_rep(count, self.rep)

    # -- observers
    def count(self):
        return _np.float32(self._count) if _kind(self.rep) == "float" else self._count

    @property
    def period(self):
        return (self.num, self.den)

    def _like(self, count, rep=None, num=None, den=None) -> "duration":
        d = duration.__new__(duration)
        d.num = self.num if num is None else num
        d.den = self.den if den is None else den
        d.rep = self.rep if rep is None else rep
        d._count = count
        return d

    def unit_suffix(self) -> str:
        """The suffix MS STL's ``operator<<`` writes after the count (``_Get_literal_unit_suffix``),
        or ``[num/den]s``."""
        s = _SUFFIXES.get((self.num, self.den))
        if s is not None:
            return s
        return f"[{self.num}]s" if self.den == 1 else f"[{self.num}/{self.den}]s"

    def __str__(self) -> str:
        c = self._count
        text = str(c) if isinstance(c, int) else "%g" % c
        return text + self.unit_suffix()

    def __repr__(self) -> str:
        return f"duration({self._count!r}, {self.num}, {self.den}, {self.rep!r})"

    # -- common type
    def _common_with(self, other: "duration"):
        num = _math.gcd(self.num, other.num)
        den = self.den * other.den // _math.gcd(self.den, other.den)
        rep = _common_rep(self.rep, other.rep)
        a = _cast_count(self._count, self.rep, self.num, self.den, num, den, rep)
        b = _cast_count(other._count, other.rep, other.num, other.den, num, den, rep)
        return a, b, num, den, rep

    def __add__(self, other):
        if not isinstance(other, duration):
            return NotImplemented
        a, b, num, den, rep = self._common_with(other)
        return self._like(_arith(_kind(rep), "+", a, b), rep, num, den)

    def __sub__(self, other):
        if not isinstance(other, duration):
            return NotImplemented
        a, b, num, den, rep = self._common_with(other)
        return self._like(_arith(_kind(rep), "-", a, b), rep, num, den)

    def __neg__(self):
        return self._like(-self._count)

    def __pos__(self):
        return self._like(self._count)

    def __abs__(self):
        return self._like(abs(self._count))

    def __mul__(self, k):
        if isinstance(k, duration):
            return NotImplemented
        rep = _common_rep(self.rep, _rep_of_number(k))
        kind = _kind(rep)
        return self._like(_arith(kind, "*", _as_rep(self._count, rep), _as_rep(k, rep)), rep)

    __rmul__ = __mul__

    def __truediv__(self, k):
        if isinstance(k, duration):      # duration / duration: a number in the common rep
            a, b, _, _, rep = self._common_with(k)
            r = _arith(_kind(rep), "/", a, b)
            return _np.float32(r) if _kind(rep) == "float" else r
        rep = _common_rep(self.rep, _rep_of_number(k))
        return self._like(_arith(_kind(rep), "/", _as_rep(self._count, rep), _as_rep(k, rep)), rep)

    __floordiv__ = __truediv__           # C++ has one `/`; integer reps truncate toward zero

    def __mod__(self, k):
        if isinstance(k, duration):
            a, b, num, den, rep = self._common_with(k)
            if _kind(rep) != "int":
                raise TypeError("% needs integer duration reps")
            return self._like(_tmod(a, b), rep, num, den)
        rep = _common_rep(self.rep, _rep_of_number(k))
        if _kind(rep) != "int":
            raise TypeError("% needs an integer rep")
        return self._like(_tmod(self._count, int(k)), rep)

    # -- comparisons (in the common type)
    def _cmp_pair(self, other):
        if not isinstance(other, duration):
            return None
        a, b, *_ = self._common_with(other)
        return a, b

    def __eq__(self, other):
        p = self._cmp_pair(other)
        return NotImplemented if p is None else p[0] == p[1]

    def __ne__(self, other):
        p = self._cmp_pair(other)
        return NotImplemented if p is None else p[0] != p[1]

    def __lt__(self, other):
        p = self._cmp_pair(other)
        return NotImplemented if p is None else p[0] < p[1]

    def __le__(self, other):
        p = self._cmp_pair(other)
        return NotImplemented if p is None else p[0] <= p[1]

    def __gt__(self, other):
        p = self._cmp_pair(other)
        return NotImplemented if p is None else p[0] > p[1]

    def __ge__(self, other):
        p = self._cmp_pair(other)
        return NotImplemented if p is None else p[0] >= p[1]

    def __hash__(self):
        return hash(_Fraction(self._count) * _Fraction(self.num, self.den)) if _kind(self.rep) == "int" \
            else hash(float(self._count) * self.num / self.den)


class _DurationType:
    """A named duration type (``milliseconds`` ...): call it with a count to make a duration, or
    pass it to ``duration_cast`` as the target."""

    __slots__ = ("num", "den", "rep", "__name__")

    def __init__(self, name: str, num: int, den: int = 1, rep: str = "long long"):
        self.__name__, self.num, self.den, self.rep = name, num, den, rep

    def __call__(self, count=0) -> duration:
        return duration(count, self.num, self.den, self.rep)

    @property
    def period(self):
        return (self.num, self.den)

    def zero(self) -> duration:
        return self(0)

    def __repr__(self) -> str:
        return f"<chrono duration type {self.__name__}: {self.rep}, {self.num}/{self.den} s>"


nanoseconds = _DurationType("nanoseconds", 1, 10**9)
microseconds = _DurationType("microseconds", 1, 10**6)
milliseconds = _DurationType("milliseconds", 1, 1000)
seconds = _DurationType("seconds", 1)
minutes = _DurationType("minutes", 60)
hours = _DurationType("hours", 3600)
days = _DurationType("days", 86400)
weeks = _DurationType("weeks", 604800)


def _target(num, den, rep):
    if isinstance(num, _DurationType):
        return num.num, num.den, num.rep
    if isinstance(num, duration):        # a duration value stands for its type
        return num.num, num.den, num.rep
    return int(num), int(den), rep


def duration_cast(d: duration, num=1, den: int = 1, rep: str = "long long") -> duration:
    """``std::chrono::duration_cast<duration<rep, ratio<num, den>>>(d)`` (MS STL ``duration_cast``):
    integer targets truncate toward zero.  ``num`` may instead be a named type (``milliseconds``)."""
    num, den, rep = _target(num, den, rep)
    out = duration(0, num, den, rep)
    out._count = _cast_count(d._count, d.rep, d.num, d.den, out.num, out.den, out.rep)
    return out


class time_point:
    """std::chrono::time_point<clock, duration>: a duration since the clock's epoch."""

    __slots__ = ("clock", "_d")

    def __init__(self, d: duration | None = None, clock=None):
        self.clock = clock
        if d is None:
            dt = clock.duration if clock is not None else nanoseconds
            d = dt(0)
        self._d = d

    def time_since_epoch(self) -> duration:
        return self._d

    def _check(self, other):
        if isinstance(other, time_point) and other.clock is not self.clock and None not in (self.clock, other.clock):
            raise TypeError("time points of different clocks")

    def __sub__(self, other):
        if isinstance(other, time_point):
            self._check(other)
            return self._d - other._d
        if isinstance(other, duration):
            return time_point(self._d - other, self.clock)
        return NotImplemented

    def __add__(self, other):
        if isinstance(other, duration):
            return time_point(self._d + other, self.clock)
        return NotImplemented

    __radd__ = __add__

    def _pair(self, other):
        if not isinstance(other, time_point):
            return None
        self._check(other)
        return self._d, other._d

    def __eq__(self, other):
        p = self._pair(other)
        return NotImplemented if p is None else p[0] == p[1]

    def __ne__(self, other):
        p = self._pair(other)
        return NotImplemented if p is None else p[0] != p[1]

    def __lt__(self, other):
        p = self._pair(other)
        return NotImplemented if p is None else p[0] < p[1]

    def __le__(self, other):
        p = self._pair(other)
        return NotImplemented if p is None else p[0] <= p[1]

    def __gt__(self, other):
        p = self._pair(other)
        return NotImplemented if p is None else p[0] > p[1]

    def __ge__(self, other):
        p = self._pair(other)
        return NotImplemented if p is None else p[0] >= p[1]

    def __hash__(self):
        return hash(self._d)

    def __repr__(self) -> str:
        name = getattr(self.clock, "__name__", None)
        return f"time_point({self._d!r}, {name})"


def time_point_cast(t: time_point, num=1, den: int = 1, rep: str = "long long") -> time_point:
    """``time_point_cast<duration<rep, ratio<num, den>>>(t)``: duration_cast of the time since epoch."""
    return time_point(duration_cast(t.time_since_epoch(), num, den, rep), t.clock)


class steady_clock:
    """MS STL ``steady_clock``: ``long long`` nanoseconds from QueryPerformanceCounter (here
    ``time.perf_counter_ns``); ``high_resolution_clock`` is this same class."""
    rep = "long long"
    period = (1, 10**9)
    duration = nanoseconds
    is_steady = True

    @staticmethod
    def now() -> time_point:
        return time_point(duration(_time.perf_counter_ns(), 1, 10**9), steady_clock)


high_resolution_clock = steady_clock      # MS STL: using high_resolution_clock = steady_clock;


class system_clock:
    """MS STL ``system_clock``: ``long long`` ticks of 100 ns since 1970-01-01 UTC
    (GetSystemTimePreciseAsFileTime minus the 1601->1970 offset, ``_Xtime_get_ticks``)."""
    rep = "long long"
    period = (1, 10**7)
    duration = _DurationType("system_clock::duration", 1, 10**7)
    is_steady = False

    @staticmethod
    def now() -> time_point:
        return time_point(duration(_time.time_ns() // 100, 1, 10**7), system_clock)

    @staticmethod
    def to_time_t(t: time_point) -> int:
        """``duration_cast<seconds>(t.time_since_epoch()).count()`` (truncates toward zero)."""
        return duration_cast(t.time_since_epoch(), seconds).count()

    @staticmethod
    def from_time_t(tt: int) -> time_point:
        return time_point(duration(seconds(int(tt)), 1, 10**7), system_clock)
