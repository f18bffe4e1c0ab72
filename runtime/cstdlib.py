"""<cstdlib> and <ctime> as the Microsoft C runtime has them: `rand`, `srand`, `time`, `clock`.

`rand()` is the MSVC CRT's linear congruential generator, so a program prints the numbers it
printed on Windows for the same seed: state = state * 214013 + 2531011 (mod 2**32), and the
result is bits 16..30 of the state (0 .. RAND_MAX = 32767).  The state starts as if `srand(1)`.
It is one element of a numpy array, `rand_state`, which a compiled host loop that calls `rand()`
is given and steps with `rand_next` (so host code and compiled loops draw one sequence).
`clock()` counts milliseconds since the program started (MSVC's CLOCKS_PER_SEC is 1000) and
`time()` seconds since 1970 (a 64-bit `time_t`).
"""
from __future__ import annotations

import re as _re
import time as _time

import numba as _numba
import numpy as _np

__all__ = ["rand", "srand", "time", "clock", "atoi", "atol", "atoll", "atof"]

#: the generator's state (one element: compiled loops share it)
rand_state = _np.ones(1, _np.uint32)
_START = _time.perf_counter()


def srand(seed) -> None:
    rand_state[0] = int(seed) & 0xFFFFFFFF


def rand() -> int:
    s = (int(rand_state[0]) * 214013 + 2531011) & 0xFFFFFFFF
    rand_state[0] = s
    return (s >> 16) & 0x7FFF


@_numba.njit(cache=True)
def rand_next(state):
    """`rand()` in a compiled host loop: steps `state` (`rand_state`), as `rand` does."""
    s = state[0] * _np.uint32(214013) + _np.uint32(2531011)       # (uint32 arithmetic wraps)
    state[0] = s
    return _np.int32((s >> _np.uint32(16)) & _np.uint32(0x7FFF))


def time(timer=None) -> int:
    """`time(NULL)`: seconds since the epoch (writing through a non-null `time_t*` is not
    supported: sema passes only NULL here)."""
    return int(_time.time())


def clock() -> int:
    return int((_time.perf_counter() - _START) * 1000)


_INT = _re.compile(r"[ \t\n\v\f\r]*([+-]?[0-9]+)")
_FLOAT = _re.compile(r"[ \t\n\v\f\r]*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
                     r"|[+-]?(?:inf(?:inity)?|nan))", _re.I)


def atoi(s) -> int:
    """C's atoi: leading white space, a sign, digits; 0 when there are none.  A value out of
    `int`'s range wraps (the C standard leaves it undefined; MSVC's atoi clamps to INT_MAX/
    INT_MIN, which this follows)."""
    m = _INT.match(s or "")
    if m is None:
        return 0
    return max(-2**31, min(2**31 - 1, int(m.group(1))))


atol = atoi


def atoll(s) -> int:
    m = _INT.match(s or "")
    return 0 if m is None else max(-2**63, min(2**63 - 1, int(m.group(1))))


def atof(s) -> float:
    m = _FLOAT.match(s or "")
    return 0.0 if m is None else float(m.group(1))
