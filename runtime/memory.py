"""Pointers to element data: a pointer to numbers is a one-dimensional numpy view.

`float* p` in C++ is, in the generated program, a 1-D numpy array whose first element is
the one `p` points at; it shares storage with the block it points into (a `new[]` or
`malloc` block, a vector's elements, a C array), so writes through it are seen by every
other pointer, vector or array_view over the same storage.  A null pointer is `None`.

`ptr_add(p, k)` moves a pointer by `k` elements (also backwards, within its block), and
`ptr_diff`/`ptr_compare`/`ptr_equal` compare addresses, as C++ does.  `memcpy`, `memmove`
and `memset` work on bytes, as the C library does.
"""
import numpy as np

__all__ = ["memcpy", "memmove", "memset", "free", "flat", "element_address", "ptr_add", "ptr_diff",
           "ptr_equal", "ptr_not_equal", "ptr_compare", "ptr_reinterpret", "destroy_object"]


def _root(p):
    """The whole block `p` points into, as a flat array, and p's element offset in it."""
    r = p
    while isinstance(r.base, np.ndarray):
        r = r.base
    root = r.reshape(-1) if r.flags.c_contiguous else r
    start = (p.__array_interface__["data"][0] - root.__array_interface__["data"][0]) // p.itemsize
    return root.view(p.dtype) if root.dtype != p.dtype else root, start


def flat(a):
    """A C array used as a pointer to its first element: all its elements, in order."""
    return a.reshape(-1)


def element_address(a, *idx):
    """`&a[i][j]` of a C array: a pointer to that element."""
    f = a.reshape(-1)
    k = int(np.ravel_multi_index(tuple(int(i) for i in idx) + (0,) * (a.ndim - len(idx)), a.shape)) \
        if len(idx) <= a.ndim else 0
    return f[k:]


def ptr_add(p, k):
    """`p + k`: the pointer `k` elements on (or back, for negative `k`, within its block)."""
    k = int(k)
    if 0 <= k < len(p):
        return p[k:]
    root, start = _root(p)
    at = start + k
    if not 0 <= at <= len(root):
        raise IndexError("pointer arithmetic outside its block")
    if at == len(root):     # one past the end: numpy would move an empty slice to the start
        return np.ndarray((0,), root.dtype, buffer=root, offset=at * root.itemsize)
    return root[at:]


def ptr_reinterpret(p, dtype):
    """`(T*)p`: the bytes from p's element to the end of its block, seen as `T`s (no copy)."""
    if p is None:
        return None
    dtype = np.dtype(dtype)
    r = p
    while isinstance(r.base, np.ndarray):
        r = r.base
    skip = _address(p) - _address(r)        # (the block's own storage is contiguous)
    return np.ndarray((max(r.nbytes - skip, 0) // dtype.itemsize,), dtype, buffer=r, offset=skip)


def _address(p):
    """Where `p` points: into a block's memory, or at one class object (the object itself)."""
    if p is None:
        return None
    block = getattr(p, "__array_interface__", None)
    return block["data"][0] if block is not None else id(p)


def ptr_diff(p, q):
    """`p - q`: how many elements apart (same block)."""
    return (_address(p) - _address(q)) // p.itemsize


def ptr_equal(p, q):
    return _address(p) == _address(q)


def ptr_not_equal(p, q):
    return _address(p) != _address(q)


def ptr_compare(p, q, op):
    a, b = _address(p), _address(q)
    return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


def _bytes(p, n):
    return p.view(np.uint8)[: int(n)] if p.flags.c_contiguous else p.reshape(-1).view(np.uint8)[: int(n)]


def memset(p, value, n):
    """`memset(p, value, n)`: the first `n` bytes become `value`'s low byte; returns `p`."""
    _bytes(p, n)[:] = int(value) & 0xFF
    return p


def memcpy(dst, src, n):
    """`memcpy(dst, src, n)`: copy `n` bytes; returns `dst`."""
    _bytes(dst, n)[:] = _bytes(src, n)
    return dst


def memmove(dst, src, n):
    """`memmove(dst, src, n)`: as memcpy, for overlapping blocks too."""
    _bytes(dst, n)[:] = _bytes(src, n).copy()
    return dst


def free(p):
    """`free(p)`: the block goes when nothing refers to it any more."""
    return None


def destroy_object(obj):
    """`delete p` of an object of the program's classes: its class's destructor, then its bases'
    (C++'s order; the object's own class, so a virtual destructor dispatches).  Deleting a null
    pointer does nothing."""
    if obj is None:
        return
    for cls in type(obj).__mro__:
        own = cls.__dict__.get("destroy")
        if own is not None:
            own(obj)
