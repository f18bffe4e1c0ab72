"""<algorithm> and <numeric> over iterator ranges of `std::vector` (host code).

Each function takes the C++ arguments: `first`/`last` are the runtime's vector iterators
(`v.begin()`, `v.end() - 1`, ...).  Results keep C++ semantics: `std_accumulate` adds in order,
in the type of its initial value (an `int` initial value truncates each float sum, as C++
does); `std_sort` orders numbers as `operator<` does.
"""
from __future__ import annotations

import numpy as np

from .intmath import int32, int64, uint32, uint64

__all__ = ["std_fill", "std_sort", "std_accumulate", "std_iota", "std_reverse", "std_count"]

_WRAP = {"int": int32, "unsigned int": uint32, "long": int32, "unsigned long": uint32,
         "long long": int64, "unsigned long long": uint64, "size_t": uint64}


def _range(first, last):
    if first.vec is not last.vec:
        raise ValueError("an iterator range over two different vectors")
    if not 0 <= first.pos <= last.pos <= first.vec.size():
        raise IndexError(f"iterator range [{first.pos}, {last.pos}) outside a vector of "
                         f"{first.vec.size()} elements")
    return first.vec.data()[first.pos:last.pos]        # a view: writes reach the vector


def std_fill(first, last, value) -> None:
    _range(first, last)[:] = value


def std_sort(first, last) -> None:
    view = _range(first, last)
    view[:] = np.sort(view, kind="stable")


def std_reverse(first, last) -> None:
    view = _range(first, last)
    view[:] = view[::-1].copy()


def std_iota(first, last, value) -> None:
    view = _range(first, last)
    for i in range(len(view)):
        view[i] = value
        value = value + 1


def std_count(first, last, value) -> int:
    return int(np.count_nonzero(_range(first, last) == value))


def std_accumulate(first, last, init, acc_type: str):
    """`init + x0 + x1 + ...`, each sum converted to `acc_type` (the initial value's C++ type)."""
    view = _range(first, last)
    if acc_type in _WRAP:
        if view.dtype.kind in "iub":
            return _WRAP[acc_type](int(init) + int(view.sum(dtype=np.int64)) if len(view) else init)
        acc = int(init)
        for x in view:                          # `int acc; acc = acc + 0.5f` truncates every step
            acc = _WRAP[acc_type](int(acc + x))
        return acc
    dtype = np.float32 if acc_type == "float" else np.float64
    if len(view) == 0:
        return dtype(init) if acc_type == "float" else float(init)
    sums = np.cumsum(np.concatenate(([init], view.astype(dtype))), dtype=dtype)   # in order
    return dtype(sums[-1]) if acc_type == "float" else float(sums[-1])
