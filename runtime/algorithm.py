"""<algorithm> and <numeric> over iterator ranges of `std::vector` (host code).

Each function takes the C++ arguments: `first`/`last` are the runtime's vector iterators
(`v.begin()`, `v.end() - 1`, ...).  Results keep C++ semantics: `std_accumulate` adds in order,
in the type of its initial value (an `int` initial value truncates each float sum, as C++
does); `std_sort` orders numbers as `operator<` does.
"""
from __future__ import annotations

import numpy as np

from .containers import _RIter
from .intmath import int32, int64, uint32, uint64
from .memory import ptr_add, ptr_diff

__all__ = ["std_fill", "std_sort", "std_accumulate", "std_iota", "std_reverse", "std_count"]

_WRAP = {"int": int32, "unsigned int": uint32, "long": int32, "unsigned long": uint32,
         "long long": int64, "unsigned long long": uint64, "size_t": uint64}


def _range(first, last):
    if first.vec is not last.vec:
        raise ValueError("an iterator range over two different vectors")
    if isinstance(first, _RIter):       # (rbegin() is the last element, rend() one before the first)
        if not -1 <= last.pos <= first.pos < first.vec.size():
            raise IndexError(f"reverse iterator range [{first.pos}, {last.pos}) outside a vector of "
                             f"{first.vec.size()} elements")
        return first.vec.data()[last.pos + 1:first.pos + 1][::-1]     # a view, back to front
    if not 0 <= first.pos <= last.pos <= first.vec.size():
        raise IndexError(f"iterator range [{first.pos}, {last.pos}) outside a vector of "
                         f"{first.vec.size()} elements")
    return first.vec.data()[first.pos:last.pos]        # a view: writes reach the vector


def std_fill(first, last, value) -> None:
    view = _range(first, last)
    if view.dtype == object:                # class objects: each element its own copy
        for k in range(len(view)):
            view[k] = value.copy() if hasattr(value, "copy") else value
    else:                                   # numbers, and a struct's record
        view[:] = getattr(value, "_rec", value)


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


def std_accumulate_by(first, last, init, op, acc_type: str):
    """`std::accumulate(first, last, init, op)` (also the PPL's `parallel_reduce`): `acc = op(acc, x)`
    in order, each result converted to `acc_type` (the initial value's C++ type)."""
    if op is std_plus:
        return std_accumulate(first, last, init, acc_type)
    convert = _WRAP.get(acc_type) or (np.float32 if acc_type == "float" else float)
    acc = convert(init)
    for i in _each(first, last):
        acc = convert(op(acc, first.vec[i]))
    return acc


# ---- algorithms that take a function (a lambda, a function, a standard function object) ----
def _each(first, last):
    _range(first, last)
    step = -1 if isinstance(first, _RIter) else 1     # (a reverse range: from its back to its front)
    return range(first.pos, last.pos, step)


def std_sort_by(first, last, comp) -> None:
    """`std::sort(first, last, comp)`: `comp(a, b)` is "a goes before b"."""
    import functools
    vec = first.vec
    items = [vec[i] for i in _each(first, last)]
    copies = [x.copy() if hasattr(x, "copy") else x for x in items]
    copies.sort(key=functools.cmp_to_key(lambda a, b: -1 if comp(a, b) else (1 if comp(b, a) else 0)))
    for i, x in zip(_each(first, last), copies):
        vec[i] = x


def std_find(first, last, value):
    view = _range(first, last)
    hits = np.flatnonzero(view == value)
    return first + (int(hits[0]) if len(hits) else len(view))


def std_find_if(first, last, pred):
    for i in _each(first, last):
        if pred(first.vec[i]):
            return first + (i - first.pos)
    return last


def std_count_if(first, last, pred) -> int:
    return sum(1 for i in _each(first, last) if pred(first.vec[i]))


def std_all_of(first, last, pred) -> bool:
    return all(pred(first.vec[i]) for i in _each(first, last))


def std_any_of(first, last, pred) -> bool:
    return any(pred(first.vec[i]) for i in _each(first, last))


def std_none_of(first, last, pred) -> bool:
    return not std_any_of(first, last, pred)


def std_for_each(first, last, f) -> None:
    for i in _each(first, last):
        f(first.vec[i])


def std_for_each_ref(first, last, f, returns_value=False) -> None:
    """`std::for_each(first, last, [](float& x) {...})`: Python passes numbers and strings by value,
    so the translated lambda returns its parameter's new value (after its result, if it has one)
    and that value is stored back into the element."""
    vec = first.vec
    for i in _each(first, last):
        out = f(vec[i])
        vec[i] = out[-1] if returns_value else out


def ppl_parallel_for(first, last, step, f) -> None:
    """The PPL's `parallel_for(first, last, step, f)`: the calls in order (the PPL may choose any)."""
    for i in range(int(first), int(last), int(step)):
        f(i)


def std_copy_pointers(first, last, out):
    """`std::copy(first, last, out)` of pointers (numpy views from the element on); returns `out + n`."""
    n = ptr_diff(last, first)
    out[:n] = first[:n]
    return ptr_add(out, n)


def std_generate(first, last, g) -> None:
    for i in _each(first, last):
        first.vec[i] = g()


def std_transform(first, last, out, f):
    """`std::transform(first, last, out, f)`; returns the end of what it wrote."""
    n = last - first
    values = [f(first.vec[i]) for i in _each(first, last)]
    for k, v in enumerate(values):
        out.vec[out.pos + k] = v
    return out + n


def std_transform2(first1, last1, first2, out, f):
    """`std::transform(first1, last1, first2, out, f)`: `f` of element pairs."""
    n = last1 - first1
    values = [f(first1.vec[first1.pos + k], first2.vec[first2.pos + k]) for k in range(n)]
    for k, v in enumerate(values):
        out.vec[out.pos + k] = v
    return out + n


def std_copy(first, last, out):
    view = _range(first, last).copy()
    out.vec.data()[out.pos:out.pos + len(view)] = view
    return out + len(view)


def std_equal(first1, last1, first2) -> bool:
    a = _range(first1, last1)
    b = first2[:len(a)] if isinstance(first2, np.ndarray) else first2.vec.data()[first2.pos:first2.pos + len(a)]
    return len(b) == len(a) and bool(np.all(a == b))


def std_replace(first, last, old, new) -> None:
    view = _range(first, last)
    view[view == old] = new


def std_remove_if(first, last, pred):
    """`std::remove_if`: the elements `pred` rejects move to the front, in order; the iterator past
    them (the vector keeps its size: `v.erase(result, v.end())` shortens it, as in C++)."""
    vec, out = first.vec, first.pos
    kept = [x.copy() if hasattr(x, "copy") else x for i in _each(first, last) if not pred(x := vec[i])]
    for x in kept:
        vec[out] = x
        out += 1
    return first + (out - first.pos)


def std_remove(first, last, value):
    return std_remove_if(first, last, lambda x: x == value)


class IterPair:
    """What `std::mismatch` returns: `std::pair` of two iterators (`first`, `second`)."""

    __slots__ = ("first", "second")

    def __init__(self, first, second):
        self.first, self.second = first, second

    def copy(self):
        return IterPair(self.first, self.second)

    def assign(self, other):
        self.first, self.second = other.first, other.second
        return self


def std_mismatch(first1, last1, first2, pred=None):
    """`std::mismatch`: the first position where the ranges differ (`pred(a, b)` false), as a pair of
    iterators; `(last1, its partner)` when none does."""
    vec1, vec2 = first1.vec, first2.vec
    k = 0
    for i in _each(first1, last1):
        x, y = vec1[i], vec2[first2.pos + k]
        if not (pred(x, y) if pred is not None else x == y):
            break
        k += 1
    return IterPair(first1 + k, first2 + k)


def std_fill_n(first, n, value):
    std_fill(first, first + n, value)
    return first + n


def std_min_element(first, last, comp=None):
    return _extreme(first, last, comp, smallest=True)


def std_max_element(first, last, comp=None):
    return _extreme(first, last, comp, smallest=False)


def _extreme(first, last, comp, smallest: bool):
    """The first smallest (`min_element`) or first largest (`max_element`) element's iterator."""
    if comp is None:
        view = _range(first, last)
        if len(view) == 0:
            return last
        if view.dtype.kind not in "fc" or not np.isnan(view).any():
            return first + int(np.argmin(view) if smallest else np.argmax(view))
        comp = _less
    best = first.pos
    for i in _each(first, last):
        a, b = first.vec[i], first.vec[best]
        if (comp(a, b) if smallest else comp(b, a)):
            best = i
    return first + (best - first.pos) if last.pos > first.pos else last


def _less(a, b):
    return a < b


def std_inner_product(first1, last1, first2, init, acc_type: str):
    """`init + a0*b0 + a1*b1 + ...` in order, each sum in the initial value's type."""
    acc = init
    wrap = _WRAP.get(acc_type)
    for k in range(last1 - first1):
        product = first1.vec[first1.pos + k] * first2.vec[first2.pos + k]     # in the elements' type
        if wrap:
            if isinstance(product, (int, np.integer)):
                acc = wrap(int(acc) + int(product))
            else:                               # `acc + x` is in the floating type, then truncated
                acc = wrap(int(type(product)(acc) + product))
        elif acc_type == "float":
            acc = np.float32(np.float32(acc) + np.float32(product))
        else:
            acc = float(acc) + float(product)
    return acc


# The standard function objects (`std::greater<int>()`), as functions of two values.
def std_less(a, b):
    return a < b


def std_plus(a, b):
    return a + b


def std_minus(a, b):
    return a - b


def std_multiplies(a, b):
    return a * b


def std_greater(a, b):
    return a > b


def std_less_equal(a, b):
    return a <= b


def std_greater_equal(a, b):
    return a >= b


def std_equal_to(a, b):
    return a == b


def std_not_equal_to(a, b):
    return a != b


__all__ += ["std_sort_by", "std_find", "std_find_if", "std_count_if", "std_all_of", "std_any_of",
            "std_none_of", "std_for_each", "std_for_each_ref", "ppl_parallel_for", "std_copy_pointers", "std_generate", "std_transform", "std_transform2", "std_copy",
            "std_equal", "std_replace", "std_fill_n", "std_min_element", "std_max_element",
            "std_inner_product", "std_less", "std_greater", "std_less_equal", "std_greater_equal",
            "std_equal_to", "std_not_equal_to", "std_remove_if", "std_remove", "std_mismatch",
            "std_accumulate_by", "std_plus", "std_minus", "std_multiplies"]
