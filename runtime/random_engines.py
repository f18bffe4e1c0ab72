"""C++ ``<random>``'s engines: ``mt19937``, ``mt19937_64``, ``minstd_rand``, ``minstd_rand0``,
``random_device`` and ``default_random_engine`` (``mt19937`` in the Microsoft STL).

The standard specifies the engines fully ([rand.eng]; seeding follows [rand.eng.mers] and
[rand.eng.lcong]), so every library gives the same numbers.  ``_engine_info`` tells the
distributions (``random_distributions``) what one engine call gives.  ``random`` re-exports all of
it; see its docstring for the whole of ``<random>``.
"""
from __future__ import annotations

import copy as _copy
import os as _os

import numpy as _np

__all__ = ["mt19937", "mt19937_64", "default_random_engine", "minstd_rand", "minstd_rand0", "random_device"]


class _MersenneTwister:
    """std::mersenne_twister_engine.  The state block is regenerated and tempered with numpy
    (624 or 312 words at a time); a draw is then a list index."""

    def copy(self):
        """C++'s copy: an object with this one's state, which then goes its own way."""
        return _copy.deepcopy(self)

    # subclasses set: _W, _N, _M, _R, _A, _U, _D, _S, _B, _T, _C, _L, _F, _DTYPE
    default_seed = 5489

    def __init__(self, seed: int = 5489):
        self.seed(seed)

    @classmethod
    def min(cls) -> int:
        return 0

    @classmethod
    def max(cls) -> int:
        return (1 << cls._W) - 1

    def seed(self, s: int = 5489) -> None:
        """``mersenne_twister_engine::seed(result_type)``: x0 = s mod 2**w,
        x[i] = f * (x[i-1] ^ (x[i-1] >> (w-2))) + i (mod 2**w)."""
        w, n, f = self._W, self._N, self._F
        mask = (1 << w) - 1
        prev = int(s) & mask
        state = [prev]
        for i in range(1, n):
            prev = (f * (prev ^ (prev >> (w - 2))) + i) & mask
            state.append(prev)
        self._state = _np.array(state, dtype=self._DTYPE)
        self._out: list = []
        self._idx = n            # outputs of the current block already used

    @classmethod
    def _plan(cls):
        """Index arrays for the vectorised twist (built once per class)."""
        plan = cls.__dict__.get("_twist_plan")
        if plan is None:
            n, m = cls._N, cls._M
            step = n - m
            # x[i] depends on x[i+1] (old, except x[n-1] on the new x[0]) and on x[(i+m) % n]
            # (old for i < n-m, else new and exactly n-m places back): blocks of n-m words at a
            # time see exactly the values the sequential loop sees.
            plan = []
            for start in range(0, n, step):
                stop = min(start + step, n)
                idx = _np.arange(start, stop)
                plan.append((start, stop, (idx + 1) % n, (idx + m) % n))
            cls._twist_plan = plan
        return plan

    def _twist(self) -> None:
        x = self._state
        dt = self._DTYPE
        upper = dt(((1 << self._W) - 1) & ~((1 << self._R) - 1))
        lower = dt((1 << self._R) - 1)
        a = dt(self._A)
        one = dt(1)
        zero = dt(0)
        for start, stop, nxt, far in self._plan():
            y = (x[start:stop] & upper) | (x[nxt] & lower)
            x[start:stop] = x[far] ^ (y >> one) ^ _np.where((y & one) != zero, a, zero)

    def _temper(self) -> list:
        y = self._state.copy()
        dt = self._DTYPE
        y ^= (y >> dt(self._U)) & dt(self._D)
        y ^= (y << dt(self._S)) & dt(self._B)
        y ^= (y << dt(self._T)) & dt(self._C)
        y ^= y >> dt(self._L)
        return y.tolist()

    def __call__(self) -> int:
        i = self._idx
        if i >= self._N:
            self._twist()
            self._out = self._temper()
            i = 0
        self._idx = i + 1
        return self._out[i]

    def discard(self, z: int) -> None:
        """Advance by ``z`` outputs (whole blocks are twisted without tempering)."""
        z = int(z)
        n = self._N
        left = n - self._idx
        if z <= left:
            self._idx += z
            return
        z -= left
        while z > n:
            self._twist()
            z -= n
        self._twist()
        self._out = self._temper()
        self._idx = z

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._stream_state() == other._stream_state()

    def _stream_state(self):
        # the next n outputs determine the engine
        probe = type(self).__new__(type(self))
        probe._state, probe._out, probe._idx = self._state.copy(), list(self._out), self._idx
        return [probe() for _ in range(self._N)]


class mt19937(_MersenneTwister):
    """std::mt19937 (32-bit Mersenne Twister, result_type ``unsigned int``)."""
    _W, _N, _M, _R = 32, 624, 397, 31
    _A, _U, _D, _S, _B = 0x9908B0DF, 11, 0xFFFFFFFF, 7, 0x9D2C5680
    _T, _C, _L, _F = 15, 0xEFC60000, 18, 1812433253
    _DTYPE = _np.uint32
    _result_bits = 32
    word_size, state_size, shift_size, mask_bits = 32, 624, 397, 31


class mt19937_64(_MersenneTwister):
    """std::mt19937_64 (64-bit Mersenne Twister, result_type ``unsigned long long``)."""
    _W, _N, _M, _R = 64, 312, 156, 31
    _A, _U, _D, _S, _B = 0xB5026F5AA96619E9, 29, 0x5555555555555555, 17, 0x71D67FFFEDA60000
    _T, _C, _L, _F = 37, 0xFFF7EEE000000000, 43, 6364136223846793005
    _DTYPE = _np.uint64
    _result_bits = 64
    word_size, state_size, shift_size, mask_bits = 64, 312, 156, 31


default_random_engine = mt19937     # MS STL: `using default_random_engine = mt19937;`


class _LinearCongruential:
    """std::linear_congruential_engine<unsigned int, a, 0, 2**31 - 1>."""

    def copy(self):
        """C++'s copy: an object with this one's state, which then goes its own way."""
        return _copy.deepcopy(self)
    _A = 0
    _MOD = 2147483647
    _result_bits = 32
    default_seed = 1

    def __init__(self, seed: int = 1):
        self.seed(seed)

    @classmethod
    def min(cls) -> int:
        return 1           # c == 0

    @classmethod
    def max(cls) -> int:
        return cls._MOD - 1

    def seed(self, s: int = 1) -> None:
        """``_Get_linear_congruential_seed``: s (as unsigned int) mod m, and 1 if that is 0."""
        s = (int(s) & 0xFFFFFFFF) % self._MOD
        self._x = s if s != 0 else 1

    def __call__(self) -> int:
        self._x = (self._x * self._A) % self._MOD
        return self._x

    def discard(self, z: int) -> None:
        self._x = (self._x * pow(self._A, int(z), self._MOD)) % self._MOD

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._x == other._x


class minstd_rand0(_LinearCongruential):
    """std::minstd_rand0: x = 16807 * x mod (2**31 - 1)."""
    _A = 16807
    multiplier, increment, modulus = 16807, 0, 2147483647


class minstd_rand(_LinearCongruential):
    """std::minstd_rand: x = 48271 * x mod (2**31 - 1)."""
    _A = 48271
    multiplier, increment, modulus = 48271, 0, 2147483647


class random_device:
    """std::random_device: nondeterministic 32-bit values (MS STL: ``_Random_device()``, which is
    ``rand_s``; here ``os.urandom``).  ``entropy()`` is 32.0 as in the MS STL."""
    _result_bits = 32

    def __init__(self, token: str = ""):
        pass

    @classmethod
    def min(cls) -> int:
        return 0

    @classmethod
    def max(cls) -> int:
        return 0xFFFFFFFF

    def entropy(self) -> float:
        return 32.0

    def __call__(self) -> int:
        return int.from_bytes(_os.urandom(4), "little")


def _engine_info(eng):
    """(min, max, result-type bits) of an engine object or class."""
    cls = eng if isinstance(eng, type) else type(eng)
    info = _ENGINE_INFO.get(cls)
    if info is None:
        lo, hi = int(eng.min()), int(eng.max())
        bits = getattr(eng, "_result_bits", None) or (32 if hi <= 0xFFFFFFFF else 64)
        info = _ENGINE_INFO[cls] = (lo, hi, bits)
    return info


_ENGINE_INFO: dict = {}
