"""C++ AMP's ``extent``, ``index`` and ``tiled_extent`` on the host, and the compute-domain checks
of ``parallel_for_each`` (``check_domain``, ``check_tiled_domain``).

Above ``amp_errors`` (``invalid_compute_domain``) and ``intmath`` (C++ int arithmetic), below the
arrays (``amp``) and the launchers.  ``amp`` re-exports every name, so ``amp.extent`` is this
module's ``extent``.
"""
import operator

import math

import numpy as np

from . import intmath
from .amp_errors import invalid_compute_domain

__all__ = ["extent", "index", "tiled_extent", "check_tiled_domain"]


def _ints(args):
    if len(args) == 1 and not isinstance(args[0], (int, np.integer)):
        args = tuple(args[0])
    return tuple(map(int, args))            # (numpy integers from int32() and friends too)


class _Tuple:
    """Shared behaviour of extent and index: an immutable rank 1-3 int tuple."""

    __slots__ = ("dims",)

    def __init__(self, *dims):
        self.dims = _ints(dims)
        if not self.dims:
            raise ValueError(f"{type(self).__name__} needs at least one dimension")

    @property
    def rank(self):
        return len(self.dims)

    def __getitem__(self, i):
        return self.dims[i]

    def __len__(self):
        return len(self.dims)

    def __iter__(self):
        return iter(self.dims)

    def __eq__(self, other):
        return isinstance(other, _Tuple) and self.dims == other.dims

    def __hash__(self):
        return hash((type(self).__name__, self.dims))

    def _op(self, other, f, swap=False):
        if isinstance(other, _Tuple):
            if other.rank != self.rank:
                raise ValueError(f"rank mismatch: {self!r} and {other!r}")
            o = other.dims
        else:
            o = (int(other),) * self.rank
        pairs = zip(o, self.dims) if swap else zip(self.dims, o)
        return type(self)(*(intmath.int32(f(a, b)) for a, b in pairs))

    # C++ AMP's operators: component-wise, int semantics (wrapping, truncating / and %)
    def __add__(self, other):
        return self._op(other, operator.add)

    def __sub__(self, other):
        return self._op(other, operator.sub)

    def __mul__(self, other):
        return self._op(other, operator.mul)

    def __truediv__(self, other):
        return self._op(other, intmath.cdiv)

    def __mod__(self, other):
        return self._op(other, intmath.cmod)

    __radd__ = __add__
    __rmul__ = __mul__

    def __rsub__(self, other):
        return self._op(other, operator.sub, swap=True)

    def __rtruediv__(self, other):
        return self._op(other, intmath.cdiv, swap=True)

    def __rmod__(self, other):
        return self._op(other, intmath.cmod, swap=True)

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(map(str, self.dims))})"


class extent(_Tuple):  # noqa: N801
    """``concurrency::extent<N>``."""

    __slots__ = ()

    def size(self):
        # C++ AMP's `unsigned int size()`: the product modulo 2**32 (a negative component's too);
        # a Python int: np.prod costs microseconds a call
        return math.prod(self.dims) & 0xFFFFFFFF

    def contains(self, idx):
        return all(0 <= i < d for i, d in zip(idx, self.dims))

    def tile(self, *tile_dims):
        return tiled_extent(self, tile_dims)


class index(_Tuple):  # noqa: N801
    """``concurrency::index<N>`` (host side)."""

    __slots__ = ()


class tiled_extent:  # noqa: N801
    """``concurrency::tiled_extent<D0[, D1[, D2]]>``."""

    def __init__(self, ext, tile_dims):
        self.extent = ext if isinstance(ext, extent) else extent(*_ints((ext,)))
        self.tile_extent = _ints(tile_dims)
        if len(self.tile_extent) != self.extent.rank:
            raise ValueError("tile rank must equal the extent rank")
        for k, d in enumerate(self.tile_extent):
            setattr(self, f"tile_dim{k}", d)

    rank = property(lambda self: self.extent.rank)

    def __getitem__(self, i):
        return self.extent[i]

    def size(self):
        return self.extent.size()

    def pad(self):          # int arithmetic: rounding INT_MAX up wraps, as in C++
        return tiled_extent(extent(*(intmath.int32(-(-e // t) * t) for e, t in zip(self.extent, self.tile_extent))),
                            self.tile_extent)

    def truncate(self):
        return tiled_extent(extent(*(e // t * t for e, t in zip(self.extent, self.tile_extent))),
                            self.tile_extent)

    def __eq__(self, other):
        return (isinstance(other, tiled_extent) and self.extent == other.extent
                and self.tile_extent == other.tile_extent)

    __hash__ = None

    def __repr__(self):
        return f"tiled_extent({self.extent!r}, tile={self.tile_extent})"


def check_domain(dims, where=None):
    """Raise ``invalid_compute_domain`` for a compute domain with a dimension that is not positive:
    C++ AMP's runtime refuses an empty or negative extent rather than launching nothing."""
    for k, e in enumerate(dims):
        if e <= 0:
            raise invalid_compute_domain(
                "concurrency::parallel_for_each: unsupported compute domain, the extent of dimension "
                f"{k} of the compute domain ({e}) is not positive.", where)


def check_tiled_domain(tiled_ext, where=None):
    """Raise ``invalid_compute_domain`` (C++ AMP's message) unless tiles divide the extent."""
    for k, (e, t) in enumerate(zip(tiled_ext.extent, tiled_ext.tile_extent)):
        if e % t != 0:
            raise invalid_compute_domain(
                "concurrency::parallel_for_each (tiling): unsupported compute domain, the extent "
                f"of dimension {k} of the compute domain ({e}) cannot be evenly divided by the "
                f"extent of dimension {k} of the tile ({t}).", where)
