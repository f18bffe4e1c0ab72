"""C++ AMP host types: extent, index, tiled_extent, array, array_view, copy.

Storage model: every ``array``/``array_view`` has ``.host``, a numpy array
shaped like the extent.  An ``array_view`` over a ``vector`` or contiguous C
array *aliases* that storage (as C++ AMP does on the CPU); an ``array`` owns a
copy.  On the CPU target kernels run directly on ``.host``.

Device hook: a GPU backend calls ``register_device_hooks(to_device, to_host)``
with two functions ``to_device(av)`` (fill/allocate ``av.device`` from
``av.host``) and ``to_host(av)`` (copy ``av.device`` into ``av.host``); before
a launch it calls ``av._sync_to_device()`` and afterwards sets
``av._device_dirty = True`` on views the kernel writes.  Host element access,
``data()`` and ``synchronize()`` call ``_sync_to_host()`` first.
"""
import inspect
import operator
import os
import sys
import time

import numpy as np

from . import containers, intmath, memlimit, win32
from .containers import _BY_DTYPE, _Iter, _is_struct, _store, vector, np_type, to_dtype
from .stdexcept import std_exception

__all__ = [
    "extent", "index", "tiled_extent", "array_view", "array", "texture", "texture_view", "copy", "copy_async",
    "runtime_exception", "invalid_compute_domain", "out_of_range", "out_of_memory", "unsupported_feature",
    "accelerator_view_removed",
    "check_tiled_domain", "run_main", "register_device_hooks",
]


# ------------------------------------------------------------------ exceptions
class runtime_exception(std_exception):  # noqa: N801 - C++ name
    """``concurrency::runtime_exception`` (a ``std::exception``); ``where`` is an optional
    "file:line"."""

    cpp_name = "concurrency::runtime_exception"
    code = -2147467259                  # E_FAIL (an HRESULT is a signed 32-bit long)

    def __init__(self, message="", where=None):
        super().__init__(message, where)

    def with_code(self, code):
        """`runtime_exception(message, hresult)`: the code `get_error_code()` gives."""
        self.code = int(code)
        return self

    def get_error_code(self):
        return self.code


class invalid_compute_domain(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::invalid_compute_domain"
    code = -2147024809                  # E_INVALIDARG


class out_of_memory(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::out_of_memory"
    code = -2147024882                  # E_OUTOFMEMORY


class unsupported_feature(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::unsupported_feature"
    code = -2147024809                  # E_INVALIDARG


class accelerator_view_removed(runtime_exception):  # noqa: N801
    """C++ AMP's exception for a device that went away (a TDR); `get_view_removed_reason()` is
    the HRESULT given as its second argument."""

    cpp_name = "concurrency::accelerator_view_removed"
    code = -2005270523                  # DXGI_ERROR_DEVICE_REMOVED

    def get_view_removed_reason(self):
        return self.code


class out_of_range(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::out_of_range"


# ------------------------------------------------------------ extent and index
def _ints(args):
    if len(args) == 1 and not isinstance(args[0], (int, np.integer)):
        args = tuple(args[0])
    return tuple(int(a) for a in args)


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
        return int(np.prod(self.dims))

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


# ------------------------------------------------------------- device hooks
_hooks = {"to_device": None, "to_host": None, "before_host_access": None, "host_written": None,
          "device_copy": None}


def register_device_hooks(to_device, to_host, before_host_access=None, host_written=None,
                          device_copy=None):
    """Plug a GPU backend in (see the module docstring).  With several devices the backend
    also says what the host's access to a view (`before_host_access(view)`) and its writes
    (`host_written(view)`) mean for the other views of the same data.  `device_copy(src, dst)`
    copies between two arrays whose data are on devices without the host, if it can (True)."""
    _hooks["to_device"], _hooks["to_host"] = to_device, to_host
    _hooks["before_host_access"], _hooks["host_written"] = before_host_access, host_written
    _hooks["device_copy"] = device_copy


def _elem_type_of(dtype):
    return _BY_DTYPE.get(dtype, dtype.type) if dtype.fields else dtype.type


class _ArrayBase:
    """Host storage, device copy state and element access shared by array/array_view."""

    const = False
    _parent = None

    def _init_storage(self, host, elem_type):
        self.host = host
        self.elem_type = elem_type
        self.extent = extent(*host.shape)
        self.device = None
        self._device_dirty = False  # device copy newer than host
        self._host_dirty = True  # host newer than (or no) device copy

    rank = property(lambda self: self.extent.rank)

    def get_extent(self):
        return self.extent

    # -- synchronisation
    def _sync_to_host(self):
        if _hooks["before_host_access"] is not None:
            _hooks["before_host_access"](self)
        if self._parent is not None:
            self._parent._sync_to_host()
        if self._device_dirty and _hooks["to_host"] is not None:
            _hooks["to_host"](self)
        self._device_dirty = False

    def _sync_to_device(self):
        if self._parent is not None:
            self._parent._sync_to_device()
        if (self.device is None or self._host_dirty) and _hooks["to_device"] is not None:
            _hooks["to_device"](self)
        self._host_dirty = False

    def _mark_host_written(self):
        """The host copy changed: this view and every view it aliases must copy in again."""
        v = self
        while v is not None:
            v._host_dirty = True
            v.__dict__.pop("_copies", None)
            v = v._parent
        if _hooks["host_written"] is not None:
            _hooks["host_written"](self)

    def data(self):
        """The host numpy array (shape = extent), synchronised first."""
        self._sync_to_host()
        if not self.const:
            self._mark_host_written()      # the caller may write through the returned array
        return self.host

    # -- element access
    def _key(self, key):
        if isinstance(key, _Tuple):
            key = key.dims
        elif isinstance(key, (int, np.integer)):
            key = (int(key),)
        return tuple(int(k) for k in key)

    def __getitem__(self, key):
        key = self._key(key)
        self._sync_to_host()
        if len(key) < self.rank:  # projection: av[i] on rank > 1
            return array_view._over(self.host[key], self.elem_type, self, self.const)
        if _is_struct(self.elem_type):
            rec = self.host[key + (Ellipsis,)]
            if self.const:
                rec = rec.view()
                rec.flags.writeable = False
            else:
                self._mark_host_written()  # the live proxy writes straight into host storage
            return self.elem_type._live(rec)
        return self.host[key]

    def __call__(self, *key):
        return self[key]

    def __setitem__(self, key, value):
        if self.const:
            raise TypeError(f"assignment of read-only location in "
                            f"'array_view<const {_tname(self.elem_type)}, {self.rank}>'")
        key = self._key(key)
        self._sync_to_host()
        _store(self.host, key, value)
        self._mark_host_written()

    def copy_to(self, dst):
        copy(self, dst)

    def __len__(self):
        return self.extent[0]

    def __repr__(self):
        return f"{type(self).__name__}<{_tname(self.elem_type)}, {self.rank}>({self.extent!r})"


def _tname(t):
    return getattr(t, "__name__", str(t))


def _source_array(src):
    """(numpy array, elem_type, parent) for an array_view / array source."""
    if isinstance(src, vector):
        return src.data(), src.elem_type, None
    if isinstance(src, _ArrayBase):
        src._sync_to_host()
        return src.host, src.elem_type, src
    if isinstance(src, np.ndarray):
        return src, _elem_type_of(src.dtype), None
    raise TypeError(f"cannot make an array_view over {type(src).__name__}")


def _parse(args):
    """Split constructor arguments into (extent dims or None, source, elem_type)."""
    dims, source, etype = [], None, None
    for a in args:
        if isinstance(a, (extent, tiled_extent)):
            dims.extend(a.extent if isinstance(a, tiled_extent) else a)
        elif isinstance(a, (int, np.integer)):
            dims.append(int(a))
        elif isinstance(a, tuple) and all(isinstance(x, (int, np.integer)) for x in a):
            dims.extend(int(x) for x in a)
        elif isinstance(a, type) or a is intmath.int32 or a is intmath.uint32:
            etype = np_type(a)
        elif source is None:
            source = a
        else:
            raise TypeError(f"unexpected argument {a!r}")
    return (tuple(dims) or None), source, etype


def _too_small(source, size, dims):
    """An array_view's extent larger than its source: Visual C++'s amp.h throws for a container
    (E_INVALIDARG); over a C array or pointer C++ AMP would read and write past the data
    (undefined), which amppy stops with the same exception, at the C++ line that made the view."""
    import linecache
    import sys
    from .failure import _WHERE
    where, frame = None, sys._getframe(1)
    while frame is not None and where is None:
        m = _WHERE.search(linecache.getline(frame.f_code.co_filename, frame.f_lineno))
        where = f"{m.group(1)}:{m.group(2)}" if m else None
        frame = frame.f_back
    what = "container" if isinstance(source, vector) else "data"
    raise runtime_exception(f"Invalid _Src argument: an array_view of extent ({', '.join(map(str, dims))}) needs "
                            f"{int(np.prod(dims))} elements, its source {what} has {size}", where).with_code(-2147024809)


class array_view(_ArrayBase):  # noqa: N801
    """``concurrency::array_view<T, N>`` (``const=True`` for ``array_view<const T, N>``).

    ``array_view(source[, ext])``, ``array_view(ext, source)``,
    ``array_view(e0, e1, source)``, ``array_view(ext, elem_type)`` (owned zeros).
    The view aliases a vector's or C array's storage without copying.
    """

    def __init__(self, *args, const=False, elem_type=None):
        dims, source, etype = _parse(args)
        self.const = bool(const)
        self._writeback = None
        if source is None:
            etype = np_type(etype or elem_type or np.float32)
            self._init_storage(np.zeros(dims, to_dtype(etype)), etype)
            return
        flat, etype, parent = _source_array(source)
        if dims is None:
            dims = flat.shape
        if flat.size < int(np.prod(dims)):
            _too_small(source, flat.size, dims)
        if flat.shape != dims:
            part = flat.reshape(-1)[: int(np.prod(dims))] if flat.flags.c_contiguous else None
            if part is None:  # non-contiguous C array: work on a copy, write back later
                self._writeback = flat
                part = flat.reshape(-1)[: int(np.prod(dims))].copy()
            flat = part.reshape(dims)
        self._init_storage(flat, etype)
        self._parent = parent

    @classmethod
    def _over(cls, host, elem_type, parent, const):
        """A view over part of another view's host storage (projection/section)."""
        av = cls.__new__(cls)
        av.const, av._writeback = const, None
        av._init_storage(host, elem_type)
        av._parent = parent
        return av

    def section(self, origin=None, ext=None):
        """``section(origin, ext)``, ``section(origin)`` (to the end), ``section(ext)`` (from 0)."""
        if isinstance(origin, extent):
            origin, ext = None, origin
        o = (0,) * self.rank if origin is None else _ints((origin,))
        e = tuple(d - k for d, k in zip(self.extent, o)) if ext is None else _ints((ext,))
        if len(o) != self.rank or len(e) != self.rank or \
                any(k < 0 or n < 0 or k + n > d for k, n, d in zip(o, e, self.extent)):
            raise runtime_exception(f"Invalid section: origin {o} with extent {e} lies outside the "
                                    f"{_tname(self.elem_type)} view of extent {tuple(self.extent)}")
        sl = tuple(slice(k, k + n) for k, n in zip(o, e))
        # (no copy back: a section shares its parent's storage, and its own accesses synchronise;
        # a device may still be writing the parent's other sections, as in C++ AMP)
        return array_view._over(self.host[sl], self.elem_type, self, self.const)

    def view_as(self, ext):
        dims = _ints((ext,))
        if int(np.prod(dims)) > self.host.size:
            raise runtime_exception(f"Invalid view_as: extent {dims} is larger than the view's "
                                    f"{self.host.size} elements")
        self._sync_to_host()
        flat = self.host.reshape(-1)[: int(np.prod(dims))]
        return array_view._over(flat.reshape(dims), self.elem_type, self, self.const)

    def reinterpret_as(self, elem_type):
        """The view's elements as ``elem_type`` values (rank 1; the byte count decides the size)."""
        etype = np_type(elem_type)
        self._sync_to_host()
        flat = self.host.reshape(-1)
        dt = to_dtype(etype)
        n = flat.nbytes // dt.itemsize
        raw = flat.view(np.uint8)[: n * dt.itemsize]
        return array_view._over(raw.view(dt), etype, self, self.const)

    def get_source_accelerator_view(self):
        from .accelerators import accelerator
        return accelerator().default_view

    def synchronize(self):
        self._sync_to_host()
        if self._writeback is not None:
            self._writeback.reshape(-1)[: self.host.size] = self.host.reshape(-1)

    def synchronize_async(self):
        self.synchronize()
        return completion_future()

    def refresh(self):
        """The data was changed outside the view: every device copy must be made again."""
        self._mark_host_written()

    def discard_data(self):
        self._host_dirty = False

    # -- lifetime: C++ AMP copies a data source's pending changes back to it when the source's
    # last array_view is destroyed ("array_view - implicit synchronization on destruction")
    def held(self):
        """A C++ variable (a local, a by-value parameter) holds this view from here on: one more
        live view of its data source.  Returns the view (``a = array_view(n, v).held()``)."""
        root = _root_view(self)
        root._family_holders = root.__dict__.get("_family_holders", 0) + 1
        return self

    def replacing(self, old):
        """``old_view = self;`` (array_view's copy assignment): the variable holds this view now, and
        the view it held before is let go (the last of its source's views copies its data back)."""
        if old is self:
            return self
        self.held()
        if old is not None:             # (a class's member assigned in its constructor's body)
            old.destroy()
        return self

    def destroy(self):
        """``~array_view()``, where the C++ variable that held the view goes out of scope.  When
        it was the last live view of its data source (a vector or C array), the changes kernels
        made come back to that source now (on the cuda target: the copy back; a non-contiguous
        C array's write-back on both); a view over an ``array`` leaves it where it is.  Errors of
        that copy are swallowed, as a destructor's are."""
        root = _root_view(self)
        left = root.__dict__.get("_family_holders", 0) - 1
        root._family_holders = max(left, 0)
        if isinstance(root, array):
            return                      # (an array keeps its data where it is)
        if self is not root and self._device_dirty and not getattr(self, "_device_alias", False):
            # a view with a device copy of its own (reinterpret_as, or a section placed apart from
            # its parent): its data is the source's too, brought back with the source's
            root.__dict__.setdefault("_dying", {})[id(self)] = self
        if left > 0:
            return
        try:
            root.synchronize()
            for v in root.__dict__.pop("_dying", {}).values():
                v.synchronize()
        except Exception:   # noqa: BLE001 - a destructor does not throw (C++ AMP's ~array_view)
            pass


def _root_view(v):
    """The view (or array) that a section, projection or view_as of ``v`` was made from."""
    while v._parent is not None:
        v = v._parent
    return v


def _allocate(dims, dtype) -> np.ndarray:
    """An array's storage; C++ AMP's runtime refuses an extent with a dimension that is not
    positive (runtime_exception, E_INVALIDARG) and reports storage it cannot have as out_of_memory."""
    if any(int(d) <= 0 for d in dims):
        raise runtime_exception(f"Invalid - extent: every dimension must be positive, got "
                                f"({', '.join(str(int(d)) for d in dims)})").with_code(-2147024809)
    shape = tuple(int(d) for d in dims)
    try:
        if not memlimit.fits(int(np.prod(shape, dtype=object)) * np.dtype(dtype).itemsize):
            raise MemoryError       # (Linux would hand it out, then kill the process using it)
        return np.zeros(shape, dtype)
    except (ValueError, MemoryError):
        raise out_of_memory("Failed to create buffer: out of memory") from None


class array(_ArrayBase):  # noqa: N801
    """``concurrency::array<T, N>``: always owns a copy of its data.

    ``array(ext, elem_type)``, ``array(ext, vec_or_ndarray_or_list)``,
    ``array(ext, first_iter, last_iter)``, ``array(e0, e1, src)``, ``array(other)``.
    """

    def __init__(self, *args, elem_type=None):
        iters = [a for a in args if isinstance(a, _Iter)]
        dims, source, etype = _parse([a for a in args if not isinstance(a, _Iter)])
        if iters:
            first = iters[0]
            last = iters[1].pos if len(iters) > 1 else None
            source = first.vec.data()[first.pos:last]
            etype = first.vec.elem_type
        elif isinstance(source, list):
            etype = np_type(etype or elem_type or np.float32)
            source = containers.carray(etype, len(source), source)
        elif source is not None:
            source, etype, _ = _source_array(source)
        etype = np_type(etype or elem_type or np.float32)
        dims = dims or source.shape
        host = _allocate(dims, to_dtype(etype))
        if source is not None:
            n = host.size
            if source.size < n:
                raise ValueError("array source has fewer elements than the extent")
            host.reshape(-1)[:] = source.reshape(-1)[:n]
        self._init_storage(host, etype)

    def to_vector(self):
        """``std::vector<T> v = arr;`` → a new vector with a copy of the data."""
        self._sync_to_host()
        return vector(self.elem_type, self.host.reshape(-1).copy())

    def view_as(self, ext):
        return array_view(self).view_as(ext)

    def section(self, origin=None, ext=None):
        return array_view(self).section(origin, ext)

    def reinterpret_as(self, elem_type):
        return array_view(self).reinterpret_as(elem_type)

    _view = _associated = None
    _access = None

    def placed(self, view, second=None):
        """``array(..., view[, associated_view | cpu_access_type])``: where C++ AMP keeps the
        array (amppy's data movement follows the target; the views are what the program asks)."""
        self._view = view
        if isinstance(second, (int, np.integer)):
            self._access = int(second)
        else:
            self._associated = second
        return self

    def get_accelerator_view(self):
        from .accelerators import accelerator
        return self._view if self._view is not None else accelerator().default_view

    def get_associated_accelerator_view(self):
        return self._associated if self._associated is not None else self.get_accelerator_view()

    def get_cpu_access_type(self):
        from .accelerators import access_type_auto, access_type_none, access_type_read_write
        if self._access is not None and self._access != access_type_auto:
            return self._access
        acc = self.get_accelerator_view().accelerator
        if acc.default_cpu_access_type != access_type_auto:
            return acc.default_cpu_access_type
        return access_type_read_write if acc.supports_cpu_shared_memory else access_type_none


#: bits per scalar element C++ AMP accepts for each kind of texel component, the default first
TEXTURE_BITS = {"int": (32, 8, 16), "uint": (32, 8, 16), "float": (32, 16), "double": (64,),
                "norm": (16, 8), "unorm": (16, 8)}


def _texel_kind(elem_type) -> str:
    """The component kind of a texture's elements: int, uint, float, double, norm, unorm."""
    name = getattr(elem_type, "__name__", str(elem_type))
    for kind in ("unorm", "norm", "uint", "int", "float", "double"):
        if name == kind or name.startswith(kind + "_"):
            return kind
    return {"int32": "int", "uint32": "uint", "float32": "float", "float64": "double"}.get(name, "float")


def _leaf_view(host):
    """All components of `host` (a texture's elements), flat, in memory order (x y z w per texel)."""
    dt = host.dtype
    while dt.fields:
        dt = next(iter(dt.fields.values()))[0]
    return host.reshape(-1).view(dt)


class texture(array):  # noqa: N801 - C++ name
    """``concurrency::graphics::texture<T, N>``: an ``array`` whose elements a kernel reads as
    values and writes with ``set`` (sema makes both element accesses; amppy keeps the elements
    in ordinary device memory, where a read costs what an array read costs).

    ``bits`` is C++ AMP's bits per scalar element: a texture of 8- or 16-bit components keeps
    its values as the narrow format holds them (integers clamped, norm/unorm rounded to
    ``1/(2**bits - 1)`` steps, 16-bit floats rounded to half precision), after every write:
    construction, copies in, and each kernel that captured it.  ``data``/``size``: the
    constructor from raw memory in that format (``texture(ext, src, src_byte_size, bits)``)."""

    def __init__(self, *args, elem_type=None, bits=None, data=None, size=None):
        if len(args) >= 2 and isinstance(args[1], np.ndarray) and isinstance(args[-1], np.ndarray):
            first, last = args[1], args[-1]   # (first, last) pointers: the elements between them
            args = (args[0], first[:_ptr_diff(last, first)])
        super().__init__(*args, elem_type=elem_type)
        self.kind = _texel_kind(self.elem_type)
        allowed = TEXTURE_BITS[self.kind]
        self.bits = allowed[0] if bits is None else int(bits)
        if self.bits not in allowed:
            raise runtime_exception(f"Invalid _Bits_per_scalar_element argument: {self.bits} bits per "
                                    f"{self.kind} component").with_code(-2147024809)
        if data is not None:
            self._decode(data, int(size))
        else:
            self._requantize()

    # ---- the narrow formats ----------------------------------------------------------------
    def _format(self):
        """(numpy dtype of one stored component, scale): norm/unorm store round(v * scale)."""
        b = self.bits
        if self.kind in ("norm", "unorm"):
            signed = self.kind == "norm"
            return np.dtype(f"{'i' if signed else 'u'}{b // 8}"), float(2 ** (b - signed) - 1)
        if self.kind == "float":
            return np.dtype("f2" if b == 16 else "f4"), None
        if self.kind == "double":
            return np.dtype("f8"), None
        return np.dtype(f"{'i' if self.kind == 'int' else 'u'}{b // 8}"), None

    def _encode(self, leaves):
        """Components (flat) as the texture's format stores them."""
        fmt, scale = self._format()
        if scale is not None:
            lo = -1.0 if self.kind == "norm" else 0.0
            return np.rint(np.clip(leaves.astype(np.float64), lo, 1.0) * scale).astype(fmt)
        if fmt.kind in "iu":
            info = np.iinfo(fmt)
            return np.clip(leaves.astype(np.int64), info.min, info.max).astype(fmt)
        return leaves.astype(fmt)

    def _decoded(self, stored):
        fmt, scale = self._format()
        if scale is not None:
            values = stored.astype(np.float32) / np.float32(scale)
            return np.maximum(values, np.float32(-1.0)) if self.kind == "norm" else values
        return stored

    def _requantize(self):
        """Keep only what the format can hold (nothing to do for 32- and 64-bit components)."""
        if self.bits >= 32:
            return
        self._sync_to_host()
        leaves = _leaf_view(self.host)
        leaves[:] = self._decoded(self._encode(leaves))
        self._mark_host_written()

    def _decode(self, data, size):
        fmt, _ = self._format()
        leaves = _leaf_view(self.host)
        need = leaves.size * fmt.itemsize
        raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        if size < need or raw.size < need:
            raise runtime_exception("Invalid _Src_byte_size argument: the source is smaller than the "
                                    "texture").with_code(-2147024809)
        leaves[:] = self._decoded(raw[:need].view(fmt))
        self._mark_host_written()

    def copy_out(self, dst, size):
        """``copy(texture, dst, dst_byte_size)``: the texels in the texture's format."""
        self._sync_to_host()
        stored = self._encode(_leaf_view(self.host)).view(np.uint8)
        raw = dst.reshape(-1).view(np.uint8)
        if int(size) < stored.size or raw.size < stored.size:
            raise runtime_exception("Invalid _Dst_byte_size argument: the destination is smaller than the "
                                    "texture").with_code(-2147024809)
        raw[:stored.size] = stored

    def copy_in(self, src, size):
        """``copy(src, src_byte_size, texture)``."""
        self._sync_to_host()
        self._decode(src, int(size))

    def get_bits_per_scalar_element(self):
        return self.bits

    def get_data_length(self):
        return _leaf_view(self.host).size * self.bits // 8


class texture_view(array_view):  # noqa: N801 - C++ name
    """``texture_view<T, N>`` / ``texture_view<const T, N>`` of a texture: its data, seen as a view."""

    def __init__(self, tex, const=False):
        super().__init__(tex, const=const)
        self.texture = tex.texture if isinstance(tex, texture_view) else tex

    def get_bits_per_scalar_element(self):
        return self.texture.bits

    def get_data_length(self):
        return self.texture.get_data_length()


def after_kernel(capture):
    """A texture a kernel may have written keeps only what its format holds (the launchers call
    this for every capture after the kernel)."""
    tex = capture.texture if isinstance(capture, texture_view) else capture
    if isinstance(tex, texture) and tex.bits < 32 and not getattr(capture, "const", False):
        tex._requantize()


# --------------------------------------------------------------------- copy
def _flat_source(src):
    if isinstance(src, _ArrayBase):
        src._sync_to_host()
        return src.host.reshape(-1)
    if isinstance(src, vector):
        return src.data()
    return np.asarray(src).reshape(-1)


def _write_into(dst, flat):
    if isinstance(dst, _ArrayBase):
        if dst.const:
            raise TypeError("cannot copy into an array_view<const T>")
        dst._sync_to_host()     # (a device's newer data around a section comes back before it is written)
        # (a section is strided: reshape(-1) would write into a copy)
        dst.host[...] = np.asarray(flat[: dst.host.size]).reshape(dst.host.shape)
        dst._device_dirty = False
        dst._mark_host_written()
        if getattr(dst, "_writeback", None) is not None:
            dst.synchronize()
    elif isinstance(dst, _Iter):
        dst.vec.data()[dst.pos: dst.pos + flat.size] = flat
    elif isinstance(dst, vector):
        dst.data()[: flat.size] = flat
    elif isinstance(dst, np.ndarray):
        dst.reshape(-1)[: flat.size] = flat
    else:
        raise TypeError(f"cannot copy into {type(dst).__name__}")


def copy(*args):
    """``concurrency::copy``: ``copy(src, dst)`` or ``copy(first, last, dst)``.

    Sources: array, array_view, vector, numpy array, or a vector iterator
    (``copy(v.begin(), arr)`` copies ``arr``'s size).  Destinations: array,
    array_view, vector iterator, vector, numpy array.
    """
    if len(args) == 3 and isinstance(args[2], texture) and not isinstance(args[0], _Iter):
        return args[2].copy_in(args[0], args[1])        # copy(src, src_byte_size, tex)
    if len(args) == 3 and isinstance(args[0], texture):
        return args[0].copy_out(args[1], args[2])       # copy(tex, dst, dst_byte_size)
    if len(args) == 3:
        first, last, dst = args
        flat = first.vec.data()[first.pos:last.pos] if isinstance(first, _Iter) else \
            first[:_ptr_diff(last, first)]               # (pointers)
    elif len(args) == 2:
        src, dst = args
        if _hooks["device_copy"] is not None and _hooks["device_copy"](src, dst):
            return                                      # array to array on the device(s)
        if isinstance(src, _Iter):
            n = dst.host.size if isinstance(dst, _ArrayBase) else len(src.vec) - src.pos
            flat = src.vec.data()[src.pos:src.pos + n]
        else:
            flat = _flat_source(src)
    else:
        raise TypeError("copy expects (src, dst) or (first, last, dst)")
    _write_into(dst, flat)
    target = dst.texture if isinstance(dst, texture_view) else dst
    if isinstance(target, texture):
        target._requantize()


def _ptr_diff(p, q):
    from .memory import ptr_diff
    return ptr_diff(p, q)


class completion_future:  # noqa: N801 - C++ name
    """``concurrency::completion_future`` of ``copy_async``/``synchronize_async`` (amppy's copies
    finish before the call returns: the future is ready) or of ``accelerator_view::
    create_marker()`` (ready when the device has done the work queued before it: ``event``, a CUDA
    event).  ``then`` runs its callable when the future is ready: at once if it is, else when the
    program first waits on it (C++ AMP runs it on another thread)."""

    def __init__(self, event=None):
        self._event = event
        self._then = []

    def is_ready(self):
        return self._event is None or bool(self._event.query())

    def get(self):
        if self._event is not None:
            self._event.synchronize()
            self._event = None
        for fn in self._then:
            fn()
        self._then.clear()
        return None

    wait = get

    def valid(self):
        return True

    def then(self, fn):
        if self.is_ready():
            self.get()
            fn()
        else:
            self._then.append(fn)


def copy_async(*args):
    copy(*args)
    return completion_future()


# ----------------------------------------------------------------- run_main
def run_main(main_fn):
    """Run the translated ``main`` and exit like the C++ program would."""
    code = 0
    try:  # Ctrl-C ends the program at once, as it ends a C++ program (even inside a kernel)
        import signal
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    except (ValueError, OSError, AttributeError):  # not the main thread / no signals here
        pass
    started = time.perf_counter()
    try:
        nparams = len(inspect.signature(main_fn).parameters)
        ret = main_fn(len(sys.argv), list(sys.argv)) if nparams >= 2 else main_fn()
        code = 0 if ret is None else int(ret) & 0xFF
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        # The reader went away (`prog | head`): a C++ program dies of SIGPIPE, quietly.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        code = 141
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException as e:  # noqa: BLE001 - the program's uncaught exception
        _flush(sys.stdout)
        from .failure import uncaught
        uncaught(e, getattr(getattr(main_fn, "__code__", None), "co_filename", None))
        code = 1
    _flush(sys.stdout)
    win32.reset_console()
    _flush(sys.stderr)
    timing = os.environ.get("AMPPY_MAIN_SECONDS")
    if timing:      # benchmarks/host.py: how long main ran, start-up not counted
        with open(timing, "w", encoding="ascii") as f:
            f.write(f"{time.perf_counter() - started:.6f}\n")
    sys.exit(code)


def _flush(f):
    try:
        if f is not None:
            f.flush()
    except (ValueError, OSError):
        pass
