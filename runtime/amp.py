"""C++ AMP host types: array, array_view, copy.

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

Layers: this module sits on ``amp_errors`` (the exceptions), ``futures`` (completion_future),
``extents`` (extent, index, tiled_extent), ``accelerators`` and ``containers``; the textures
(``textures``, arrays in a texel format), the launchers and the device backends sit on it.  A
device backend plugs in through ``register_device_hooks``; a texture through the methods
``copy`` calls (``copy_in``, ``copy_out``, ``_after_copy_in``).
"""
import linecache
import sys

import numpy as np

from . import containers, intmath, memlimit
from .accelerators import access_type_auto, access_type_none, access_type_read_write, accelerator
from .containers import _BY_DTYPE, _Iter, _RIter, _is_struct, _store, vector, np_type, to_dtype
from .stdcontainers import _NodeIter
from .failure import _WHERE
from .memory import ptr_diff as _ptr_diff
# Re-exported: the launchers, checks and tests name these as `amp.X` (each class is defined once,
# in its own module, so `except amp.runtime_exception` catches what the lower layers raise).
from .amp_errors import (accelerator_view_removed, invalid_compute_domain, out_of_memory,  # noqa: F401
                         out_of_range, runtime_exception, unsupported_feature)
from .extents import (_Tuple, _ints, check_domain, check_tiled_domain, extent, index,  # noqa: F401
                      tiled_extent)
from .futures import completion_future

__all__ = ["array_view", "array", "copy", "copy_async", "register_device_hooks", "user_iterator"]


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
        return self.host_buffer(not self.const)     # the caller may write through the returned array

    def host_buffer(self, write=False):
        """The host numpy array (shape = extent) whose elements a compiled host loop reads,
        synchronised as element access (`av[i]`, `av(i, j)`) is; `write`: the loop may store into it,
        so every view it aliases must copy in again."""
        self._sync_to_host()
        if write:
            self._mark_host_written()
        return self.host

    # -- element access
    def _key(self, key):
        if isinstance(key, _Tuple):
            return key.dims                     # (an index's components are ints already)
        if isinstance(key, (int, np.integer)):
            return (int(key),)
        return tuple(map(int, key))

    def __getitem__(self, key):
        key = self._key(key)
        self._sync_to_host()
        if len(key) < self.rank:  # projection: av[i] on rank > 1
            if not all(0 <= k < n for k, n in zip(key, self.extent)):
                raise runtime_exception(f"Invalid _I argument: projection at {key[0]} of an extent of "
                                        f"{self.extent[0]}").with_code(-2147024809)
            return array_view._over(self.host[key], self.elem_type, self, self.const)
        host, key = _placed(self.host, key)
        if _is_struct(self.elem_type):
            rec = host[key + (Ellipsis,)]
            if self.const:
                rec = rec.view()
                rec.flags.writeable = False
            else:
                self._mark_host_written()  # the live proxy writes straight into host storage
            return self.elem_type._live(rec)
        return host[key]

    def __call__(self, *key):
        return self[key]

    def __setitem__(self, key, value):
        if self.const:
            raise TypeError(f"assignment of read-only location in "
                            f"'array_view<const {_tname(self.elem_type)}, {self.rank}>'")
        key = self._key(key)
        self._sync_to_host()
        host, key = _placed(self.host, key)
        _store(host, key, value)
        self._mark_host_written()

    def copy_to(self, dst):
        copy(self, dst)

    def _after_copy_in(self):
        """``copy`` wrote into this array or view (a texture's narrow format drops what it cannot hold)."""

    def __len__(self):
        return self.extent[0]

    def __repr__(self):
        return f"{type(self).__name__}<{_tname(self.elem_type)}, {self.rank}>({self.extent!r})"


def _placed(host, key):
    """(array, key) that reach element `key` of a view's host array: itself, or past its extent the
    element beneath (`_outside`)."""
    for k, n in zip(key, host.shape):       # (a loop: this runs for every element a host loop touches)
        if k < 0 or k >= n:
            return _outside(host, key), ()
    return host, key


def _outside(host, key):
    """The element at `key` past the view's extent (C++ AMP does not check a view's indices: `(i, j)`
    past a section's or a row's end is the element at that offset of the data the view was made
    over), as a 0-d array; an IndexError when that is outside the data too."""
    root = host
    while isinstance(root.base, np.ndarray):
        root = root.base
    at = host.__array_interface__["data"][0] - root.__array_interface__["data"][0] + \
        sum(k * s for k, s in zip(key, host.strides))
    if not (0 <= at and at + host.itemsize <= root.nbytes and root.flags.c_contiguous):
        raise IndexError(f"index {key} is outside the view's data")
    return np.ndarray((), host.dtype, buffer=root, offset=at)


class user_iterator:
    """A program's class used as an input iterator by `copy` and the array constructors: the
    translation names its `operator*`, prefix `operator++` and `operator!=` methods."""
    __slots__ = ("obj", "deref", "step", "ne")

    def __init__(self, obj, deref, step, ne):
        self.obj, self.deref, self.step, self.ne = obj, deref, step, ne

    def values(self, last=None, n=None):
        """The values from here to `last` (or `n` of them), stepping this iterator."""
        out, it = [], self.obj
        while getattr(it, self.ne)(last.obj) if last is not None else len(out) < n:
            out.append(getattr(it, self.deref)())
            getattr(it, self.step)()
        return np.asarray(out)


def _is_iterator(x):
    """A vector's (or deque's) iterator, reverse or not, a node container's (list, set, ...), or
    a program's iterator class."""
    return isinstance(x, (_Iter, _NodeIter, user_iterator))


def _iter_values(first, last=None, n=None):
    """The values of [first, last), or of the `n` from `first`, as a numpy array: any container's
    iterators (a reverse one gives them back to front) or pointers into an array."""
    if isinstance(first, user_iterator):
        return first.values(last, n)
    if isinstance(first, _RIter):
        data = first.vec.data()
        stop = last.pos if last is not None else first.pos - n
        return data[stop + 1:first.pos + 1][::-1]
    if isinstance(first, _Iter):
        stop = last.pos if last is not None else first.pos + n
        return first.vec.data()[first.pos:stop]
    if isinstance(first, _NodeIter):
        values, it = [], first
        while (it != last) if last is not None else len(values) < n:
            values.append(it[0])
            it = it + 1
        return np.asarray(values, dtype=to_dtype(first.c.elem_type)) if hasattr(first.c, "elem_type") else \
            np.asarray(values)
    return first[:_ptr_diff(last, first)] if last is not None else first[:n]


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

    _shares_data = True     # a copy of a struct holding the view holds the same view (containers._copied)

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
                any(k < 0 or n <= 0 or k + n > d for k, n, d in zip(o, e, self.extent)):
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
        if flat.nbytes % dt.itemsize:       # (C++ AMP checks it on the host)
            raise runtime_exception(f"Invalid _Src argument(s) - reinterpret_as: the view's {flat.nbytes} bytes are not a "
                                    f"whole number of {dt.itemsize}-byte elements").with_code(-2147024809)
        n = flat.nbytes // dt.itemsize
        raw = flat.view(np.uint8)[: n * dt.itemsize]
        return array_view._over(raw.view(dt), etype, self, self.const)

    def get_source_accelerator_view(self):
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

    def _let_go(self):
        """One holder fewer of the view's data source: (the source's root view, holders left)."""
        root = _root_view(self)
        left = root.__dict__.get("_family_holders", 0) - 1
        root._family_holders = max(left, 0)
        return root, left

    def destroy(self):
        """``~array_view()``, where the C++ variable that held the view goes out of scope.  When
        it was the last live view of its data source (a vector or C array), the changes kernels
        made come back to that source now (on the cuda target: the copy back; a non-contiguous
        C array's write-back on both); a view over an ``array`` leaves it where it is.  Errors of
        that copy are swallowed, as a destructor's are."""
        root, left = self._let_go()
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
        iters = [a for a in args if _is_iterator(a)]
        pointers = [a for a in args if isinstance(a, np.ndarray)]
        if len(pointers) == 2:                  # array(e, first, last) of pointers
            iters = pointers
        dims, source, etype = _parse([a for a in args if not _is_iterator(a) and not any(a is p for p in iters)])
        if iters:
            first = iters[0]
            source = _iter_values(first, iters[1] if len(iters) > 1 else None, n=int(np.prod(dims)))
            etype = first.vec.elem_type if isinstance(first, _Iter) else first.c.elem_type \
                if isinstance(first, _NodeIter) else elem_type if isinstance(first, user_iterator) \
                else _elem_type_of(first.dtype)
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
        return self._view if self._view is not None else accelerator().default_view

    def get_associated_accelerator_view(self):
        return self._associated if self._associated is not None else self.get_accelerator_view()

    def data(self):
        """A pointer to element 0 (`T*`): the host numpy array, flat (an array of rank 2 or more is
        one row-major run of its elements, as in C++); None (a null pointer) when the CPU may not
        access the array (`cpu_access_type` none: C++ AMP's `data()` gives NULL on the host then)."""
        if self.get_cpu_access_type() == access_type_none:
            return None
        return super().data().reshape(-1)           # (a view: an array's storage is contiguous)

    def get_cpu_access_type(self):
        if self._access is not None and self._access != access_type_auto:
            return self._access
        acc = self.get_accelerator_view().accelerator
        if acc.default_cpu_access_type != access_type_auto:
            return acc.default_cpu_access_type
        return access_type_read_write if acc.supports_cpu_shared_memory else access_type_none


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
        flat = np.asarray(flat[: dst.host.size])
        if flat.size < dst.host.size:           # a shorter range: its first elements, the rest kept
            flat = np.concatenate([flat.reshape(-1), dst.host.reshape(-1)[flat.size:]])
        dst.host[...] = flat.reshape(dst.host.shape)
        dst._device_dirty = False
        dst._mark_host_written()
        if getattr(dst, "_writeback", None) is not None:
            dst.synchronize()
    elif isinstance(dst, _RIter):
        data = dst.vec.data()
        data[dst.pos - flat.size + 1:dst.pos + 1] = flat[::-1]
    elif isinstance(dst, _Iter):
        dst.vec.data()[dst.pos: dst.pos + flat.size] = flat
    elif isinstance(dst, _NodeIter):
        it = dst
        for v in flat.reshape(-1):
            it[0] = v
            it = it + 1
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
    # (a texture, textures.py, has copy_in/copy_out: the forms with a byte size)
    if len(args) == 3 and hasattr(args[2], "copy_in") and not isinstance(args[0], _Iter):
        return args[2].copy_in(args[0], args[1])        # copy(src, src_byte_size, tex)
    if len(args) == 3 and hasattr(args[0], "copy_out"):
        return args[0].copy_out(args[1], args[2])       # copy(tex, dst, dst_byte_size)
    if len(args) == 3:
        first, last, dst = args
        # (a reversed range: std::distance is negative, as a size_t more than any destination holds)
        reversed_ = isinstance(first, _Iter) and isinstance(last, _Iter) and last.pos < first.pos
        flat = None if reversed_ else _iter_values(first, last)      # (iterators of any container, pointers)
        if reversed_ or isinstance(dst, _ArrayBase) and np.size(flat) > dst.host.size:
            raise runtime_exception("Invalid _Src argument(s). _Src size exceeds total size of the _Dest."
                                    ).with_code(-2147024809)
    elif len(args) == 2:
        src, dst = args
        if isinstance(src, _ArrayBase) and isinstance(dst, _ArrayBase) and len(src.extent) == len(dst.extent) \
                and tuple(src.extent) != tuple(dst.extent):     # (C++ AMP's E_INVALIDARG; C++ has no copy
            # between ranks: sema rejects it, and a Python caller gets the elements in order)
            raise runtime_exception(f"Invalid _Src argument(s). _Src extent ({', '.join(map(str, src.extent))}) "
                                    f"differs from _Dest extent ({', '.join(map(str, dst.extent))})"
                                    ).with_code(-2147024809)
        if _hooks["device_copy"] is not None and _hooks["device_copy"](src, dst):
            return                                      # array to array on the device(s)
        if _is_iterator(src):
            n = dst.host.size if isinstance(dst, _ArrayBase) else len(src.vec) - src.pos
            flat = _iter_values(src, n=n)
        else:
            flat = _flat_source(src)
    else:
        raise TypeError("copy expects (src, dst) or (first, last, dst)")
    _write_into(dst, flat)
    if isinstance(dst, _ArrayBase):
        dst._after_copy_in()            # (a texture keeps what its format holds)


def copy_async(*args):
    copy(*args)
    return completion_future()


