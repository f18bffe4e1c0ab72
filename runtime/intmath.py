"""C++ integer and floating-point conversion semantics.

Python's ``//`` and ``%`` round toward negative infinity; C++ truncates toward
zero.  ``cdiv``/``cmod`` give the C++ results and are ``register_jitable`` so
the same function serves host code, ``numba.njit`` kernels and CUDA device
code.  ``int32``/``uint32`` wrap Python ints to 32-bit two's complement, and
``to_int`` is the C++ floating-to-integral conversion (truncation).
"""
import math

import numpy as np
from numba.extending import register_jitable

__all__ = ["cdiv", "cmod", "int32", "uint32", "to_int", "float32"]

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


def int32(x):
    """Wrap an integer (or bool/numpy integer) to C++ ``int`` (two's complement)."""
    x = int(x) & 0xFFFFFFFF
    return x - 0x100000000 if x >= 0x80000000 else x


def uint32(x):
    """Wrap an integer to C++ ``unsigned int`` (modulo 2**32)."""
    return int(x) & 0xFFFFFFFF


def to_int(x):
    """C++ floating → integral conversion: truncate toward zero.

    NaN and infinities are undefined behaviour in C++; x86 yields INT_MIN,
    which is what we return.
    """
    if isinstance(x, (int, np.integer)):
        return int(x)
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        return -0x80000000
    return int(math.trunc(x))
