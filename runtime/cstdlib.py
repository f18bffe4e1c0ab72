"""<cstdlib> and <ctime> as the Microsoft C runtime has them: `rand`, `srand`, `time`, `clock`.

`rand()` is the MSVC CRT's linear congruential generator, so a program prints the numbers it
printed on Windows for the same seed: state = state * 214013 + 2531011 (mod 2**32), and the
result is bits 16..30 of the state (0 .. RAND_MAX = 32767).  The state starts as if `srand(1)`.
`clock()` counts milliseconds since the program started (MSVC's CLOCKS_PER_SEC is 1000) and
`time()` seconds since 1970 (a 64-bit `time_t`).
"""
from __future__ import annotations

import time as _time

__all__ = ["rand", "srand", "time", "clock"]

_state = [1]
_START = _time.perf_counter()


def srand(seed) -> None:
    _state[0] = int(seed) & 0xFFFFFFFF


def rand() -> int:
    _state[0] = (_state[0] * 214013 + 2531011) & 0xFFFFFFFF
    return (_state[0] >> 16) & 0x7FFF


def time(timer=None) -> int:
    """`time(NULL)`: seconds since the epoch (writing through a non-null `time_t*` is not
    supported: sema passes only NULL here)."""
    return int(_time.time())


def clock() -> int:
    return int((_time.perf_counter() - _START) * 1000)
