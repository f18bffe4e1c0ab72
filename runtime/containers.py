"""``std::vector``, C structs and C arrays over numpy storage.

A ``@struct`` instance keeps its fields in a 0-d numpy structured array.  An
instance made by ``S(...)`` owns that array; ``vector[i]`` (and array_view
element access) returns an instance whose array is a *view* into the
container, so ``descs[i].value = 5`` writes through while ``descs[i].copy()``
is a value copy, as in C++.  Numeric elements come back as numpy scalars of the
element type.  Python ints stored into integer fields wrap like C++ integral
conversions; floats stored into them truncate toward zero.
"""
import numpy as np

from . import intmath, memlimit
from .memory import ptr_diff
from .stdexcept import std_bad_alloc, std_out_of_range

__all__ = ["cpp_char", "struct", "union_struct", "HostObject", "vector", "carray", "np_type", "to_dtype", "vector_type"]

class cpp_char:  # noqa: N801 - C++ name
    """The annotation of a struct's `char` field: stored as an int8 (what the kernels see), read
    as the one-character str that host code holds a `char` as (so `std::cout << s.c` writes the
    character, not its code); a str or a number may be stored."""


_PY_TYPES = {int: np.int32, float: np.float64, bool: np.bool_,
             intmath.int32: np.int32, intmath.uint32: np.uint32, cpp_char: np.int8}


def np_type(t):
    """Normalise an element type: Python/runtime names → numpy scalar types."""
    return _PY_TYPES.get(t, t)


def to_dtype(t):
    """numpy dtype for an element type (struct, numpy scalar, or str → object)."""
    t = np_type(t)
    if isinstance(t, type) and hasattr(t, "_fields") and hasattr(t, "dtype"):
        return t.dtype
    if t is str or isinstance(t, vector_type):
        return np.dtype(object)
    return np.dtype(t)


_NP_INTS = frozenset((np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64))


def _store(arr, key, value):
    """``arr[key] = value`` with C++ conversion rules (wrapping, truncation)."""
    tv = type(value)
    if type(key) is tuple and (tv is int or tv in _NP_INTS) and arr.dtype.kind in "iu":    # the common case
        if tv is arr.dtype.type:
            arr[key] = value                # (the element's own type: nothing to convert)
            return
        bits = arr.dtype.itemsize * 8
        value = int(value) & ((1 << bits) - 1)
        arr[key] = value - (1 << bits) if arr.dtype.kind == "i" and value >= 1 << (bits - 1) else value
        return
    if isinstance(value, vector):           # an element that is a vector: its own copy
        arr[key] = value.copy()
        return
    if isinstance(value, _StructBase) or arr.dtype == object and not isinstance(key, str):
        arr[key] = value if arr.dtype == object else value._rec     # (an object array: pointers, views)
        return
    dt = arr.dtype[key] if isinstance(key, str) else arr.dtype
    if isinstance(value, (list, tuple)) and dt.fields:  # brace init
        arr[key] = _struct_of(dt)(*value)._rec
        return
    kind = dt.kind
    if kind in "iu" and isinstance(value, (int, np.integer)) and not isinstance(value, np.bool_):
        bits = dt.itemsize * 8
        value = int(value) & ((1 << bits) - 1)
        arr[key] = value - (1 << bits) if kind == "i" and value >= 1 << (bits - 1) else value
        return                              # (wrapped: in range, nothing for errstate to silence)
    elif kind in "iu" and isinstance(value, str):
        value = ord(value)
    with np.errstate(invalid="ignore", over="ignore"):
        arr[key] = value


_BY_DTYPE = {}


def _struct_of(dtype):
    return _BY_DTYPE[dtype]


class _StructBase:
    """Behaviour shared by every ``@struct`` class (see ``struct``)."""

    __slots__ = ("_rec",)
    _fields = ()
    dtype = None

    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "_rec", np.zeros((), self.dtype))
        if len(args) > len(self._fields):
            raise TypeError(f"too many initializers for '{type(self).__name__}'")
        for name, value in zip(self._fields, args):
            setattr(self, name, value)
        for name, value in kwargs.items():
            setattr(self, name, value)

    @classmethod
    def _live(cls, rec):
        """An instance viewing ``rec`` (a 0-d structured array) in place."""
        obj = object.__new__(cls)
        object.__setattr__(obj, "_rec", rec)
        return obj

    @classmethod
    def from_record(cls, rec):
        """A value copy of a record (``np.void`` or 0-d structured array)."""
        obj = cls()
        obj._rec[()] = rec
        return obj

    def to_record(self):
        """A value copy as ``np.void``."""
        return self._rec.copy()[()]

    def copy(self):
        return type(self)._live(self._rec.copy())

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    def assign(self, other):
        """``*this = other`` (value assignment into this storage)."""
        self._rec[()] = other._rec
        return self

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return all(np.all(getattr(self, f) == getattr(other, f)) for f in self._fields)

    __hash__ = None

    def __repr__(self):
        body = ", ".join(f"{f}={_plain(getattr(self, f))!r}" for f in self._fields)
        return f"{type(self).__name__}({body})"


def _plain(v):
    if isinstance(v, np.generic):
        return v.item()
    return v.tolist() if isinstance(v, np.ndarray) else v


def _field_property(name, ftype):
    if isinstance(ftype, type) and issubclass(ftype, _StructBase):
        def get(self):
            return ftype._live(self._rec[name])
    elif isinstance(ftype, tuple):  # C array member: live numpy view
        def get(self):
            return self._rec[name]
    elif ftype is cpp_char:
        def get(self):
            return chr(int(self._rec[name]) & 0xFF)
    else:
        def get(self):
            return self._rec[name][()]

    def set_(self, value):
        if isinstance(ftype, tuple):
            carray_fill(self._rec[name], value)
        else:
            _store(self._rec, name, value)
    return property(get, set_)


def union_struct(cls):
    """Class decorator of a C++ union: a ``struct`` whose fields all start at byte 0 (one
    storage, as large as the largest field)."""
    return struct(cls, overlap=True)


def struct(cls, overlap=False):
    """Class decorator turning annotated fields into a C-layout value struct.

    Annotations are numpy scalar types (``np.int32`` …, or the runtime's
    ``int32``/``uint32``/``float32`` names, ``int``/``float``/``bool``), another
    ``@struct`` class, or ``(elem_type, shape)`` for a C array member.
    """
    hints = dict(cls.__dict__.get("__annotations__", {}))
    # Python renames `__x` annotations in a class body to `_Class__x`; the field is `__x`
    private = "_" + cls.__name__.lstrip("_") + "__"
    hints = {("__" + k[len(private):] if k.startswith(private) else k): t for k, t in hints.items()}
    if any(isinstance(t, str) for t in hints.values()):
        import sys
        ns = dict(vars(np))
        ns.update(vars(sys.modules[cls.__module__]))
        hints = {k: eval(t, ns) if isinstance(t, str) else t for k, t in hints.items()}
    fields, spec = [], []
    for name, t in hints.items():
        if isinstance(t, tuple):
            t = (np_type(t[0]), tuple(t[1]) if isinstance(t[1], (tuple, list)) else (t[1],))
            spec.append((name, to_dtype(t[0]), t[1]))
        elif t is cpp_char:
            spec.append((name, np.dtype(np.int8)))
        else:
            t = np_type(t)
            spec.append((name, to_dtype(t)))
        fields.append((name, t))
    ns = {k: v for k, v in cls.__dict__.items()
          if k not in ("__dict__", "__weakref__", "__annotations__")}
    ns["__slots__"] = ()
    ns["_fields"] = tuple(n for n, _ in fields)
    ns["_types"] = dict(fields)
    ns["dtype"] = _union_dtype(spec) if overlap else np.dtype(spec, align=True)
    for name, t in fields:
        ns[name] = _field_property(name, t)
    user_init = ns.pop("__init__", None)
    if user_init is not None:  # a C++ constructor: storage first, then the body
        def __init__(self, *args, **kwargs):
            object.__setattr__(self, "_rec", np.zeros((), self.dtype))
            user_init(self, *args, **kwargs)
        ns["__init__"] = __init__
    bases = tuple(b for b in cls.__bases__ if _is_struct(b)) or (_StructBase,)   # a derived class
    new = type(cls.__name__, bases, ns)
    new.__qualname__ = cls.__qualname__
    for f in [user_init] + list(ns.values()):  # make zero-argument super() see ``new``
        for cell in getattr(f, "__closure__", None) or ():
            if cell.cell_contents is cls:
                cell.cell_contents = new
    _BY_DTYPE.setdefault(new.dtype, new)
    return new


def _union_dtype(spec):
    """A union's layout: every field at offset 0, the size of the largest rounded to the
    strictest alignment (as C++ lays a union out)."""
    formats = [np.dtype(f[1]) if len(f) == 2 else np.dtype((f[1], f[2])) for f in spec]
    align = max((f.alignment for f in formats), default=1)
    size = max((f.itemsize for f in formats), default=1)
    size = -(-size // align) * align
    return np.dtype({"names": [f[0] for f in spec], "formats": formats, "offsets": [0] * len(spec),
                     "itemsize": size}, align=True)


class HostObject:
    """Base of a C++ class with members numpy records cannot hold (strings, vectors, pointers,
    array_views): a plain Python object with value semantics.  The generated subclass lists
    its fields in ``__slots__`` and gives them their default values in ``__init__``."""

    __slots__ = ()

    def set_members(self, values):
        """Aggregate initialisation: the first members from `values`, in declaration order."""
        if len(values) > len(type(self).__slots__):
            raise TypeError(f"too many initializers for '{type(self).__name__}'")
        for name, value in zip(type(self).__slots__, values):
            setattr(self, name, value)

    def copy(self):
        """A C++ copy: every member copied (an array_view shares its data, as in C++)."""
        new = object.__new__(type(self))
        for name in type(self).__slots__:
            setattr(new, name, _copied(getattr(self, name)))
        return new

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    def assign(self, other):
        """``*this = other``: member-wise assignment."""
        for name in type(self).__slots__:
            setattr(self, name, _copied(getattr(other, name)))
        return self

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n, None)!r}" for n in type(self).__slots__)
        return f"{type(self).__name__}({inner})"


def _copied(v):
    # (an array_view says `_shares_data`: containers sit below amp and do not import it)
    if getattr(v, "_shares_data", False) or not hasattr(v, "copy"):
        return v                        # array_views share their data; numbers and strings are values
    return v.copy()


def _is_struct(t):
    return isinstance(t, type) and issubclass(t, _StructBase)


def _element(arr, i, etype):
    """Element ``i`` of ``arr``: a live struct proxy or a numpy scalar."""
    if _is_struct(etype):
        return etype._live(arr[i, ...])
    return arr[i]


class _Iter:
    """A random-access iterator: a vector plus an offset."""

    __slots__ = ("vec", "pos")

    def __init__(self, vec, pos):
        self.vec, self.pos = vec, int(pos)

    def __add__(self, k):
        return _Iter(self.vec, self.pos + int(k))

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, _Iter):
            return self.pos - other.pos
        return _Iter(self.vec, self.pos - int(other))

    def __eq__(self, other):
        return isinstance(other, _Iter) and other.vec is self.vec and other.pos == self.pos

    def __lt__(self, other):
        return self.pos < other.pos

    __hash__ = None

    def __getitem__(self, k):
        return self.vec[self.pos + int(k)]

    def __setitem__(self, k, v):
        self.vec[self.pos + int(k)] = v

    def deref(self):
        return self.vec[self.pos]

    def __repr__(self):
        return f"<iterator +{self.pos}>"


class _RIter(_Iter):
    """A reverse iterator (`rbegin()`, `rend()`): the offset of the element it points at, which
    moves toward the vector's front as the iterator advances."""

    __slots__ = ()

    def __add__(self, k):
        return _RIter(self.vec, self.pos - int(k))

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, _Iter):
            return other.pos - self.pos
        return _RIter(self.vec, self.pos + int(other))

    def __lt__(self, other):
        return self.pos > other.pos

    def __getitem__(self, k):
        return self.vec[self.pos - int(k)]

    def __setitem__(self, k, v):
        self.vec[self.pos - int(k)] = v

    def __repr__(self):
        return f"<reverse iterator +{self.pos}>"


class vector_type:  # noqa: N801 - C++ name
    """The element type of a vector of vectors: `vector_type(np.int32)` is `std::vector<int>`
    (calling it makes an empty one)."""

    __slots__ = ("elem_type",)

    def __init__(self, elem_type):
        self.elem_type = elem_type

    def __call__(self):
        return vector(self.elem_type)

    def __eq__(self, other):
        return isinstance(other, vector_type) and other.elem_type == self.elem_type

    def __hash__(self):
        return hash(("vector", self.elem_type))


#: Where large vectors take their storage (`set_allocator`): None, numpy's memory.
_allocate = None


def set_allocator(allocate=None) -> None:
    """`allocate(size, dtype)` gives vectors their storage from now on (an uninitialised array,
    or None: numpy's zeros): the cuda target's pool of page-locked buffers (`launch_cuda.install`).
    The elements past a vector's size are never read, so the storage need not be zeroed."""
    global _allocate
    _allocate = allocate


class vector:  # noqa: N801 - C++ name
    """``std::vector<T>`` over a growable numpy array (capacity doubling).

    ``vector(T)``, ``vector(T, n)``, ``vector(T, n, value)``,
    ``vector(T, iterable_or_vector)``, ``vector(T, first_iter, last_iter)`` (iterators or pointers),
    ``vector(other_vector)``.
    """

    def __init__(self, elem_type, n=0, value=None):
        if isinstance(elem_type, vector):
            elem_type, n = elem_type.elem_type, elem_type
        self.elem_type = np_type(elem_type)
        self.dtype = to_dtype(self.elem_type)
        self._buf = np.zeros(0, self.dtype)
        self._n = 0
        if isinstance(n, _Iter):            # (first, last) iterators; reverse ones give the range back to front
            src = () if not isinstance(value, _Iter) else \
                n.vec.data()[value.pos + 1:n.pos + 1][::-1] if isinstance(n, _RIter) else n.vec.data()[n.pos:value.pos]
            self._extend(src)
        elif hasattr(n, "node") and hasattr(value, "node"):     # (first, last) of a list, set, ...: their values
            values, it = [], n
            while it != value:
                values.append(it[0])
                it = it + 1
            self._extend(values)
        elif isinstance(n, np.ndarray) and isinstance(value, np.ndarray):     # (first, last) pointers
            self._extend(n[:ptr_diff(value, n)])
        elif isinstance(n, (int, np.integer)):
            self.resize(int(n), value)
        else:
            self._extend(n.data() if isinstance(n, vector) else n)

    def _extend(self, items):
        items = list(items) if not isinstance(items, np.ndarray) else items
        self.reserve(len(items))
        if isinstance(items, np.ndarray) and items.dtype == self.dtype:
            self._buf[: len(items)] = items
        elif isinstance(items, np.ndarray) and items.dtype.kind in "biuf" and self.dtype.kind in "biuf":
            with np.errstate(all="ignore"):     # C++ conversions, all at once: integers wrap,
                self._buf[: len(items)] = items.astype(self.dtype)   # floats truncate toward 0
        else:
            for i, v in enumerate(items):
                _store(self._buf, i, v)
        self._n = len(items)

    # capacity -------------------------------------------------------------
    def size(self):
        return self._n

    def __len__(self):
        return self._n

    def empty(self):
        return self._n == 0

    def capacity(self):
        return len(self._buf)

    def reserve(self, n):
        if n > len(self._buf):
            size = max(int(n), 2 * len(self._buf))
            if not memlimit.fits(size * self.dtype.itemsize):     # Linux would kill the process later
                raise std_bad_alloc()
            buf = _allocate(size, self.dtype) if _allocate is not None else None
            if buf is None:
                buf = np.zeros(size, self.dtype)
            buf[: self._n] = self._buf[: self._n]
            self._buf = buf

    def resize(self, n, value=None):
        n = int(n)
        self.reserve(n)
        if n > self._n:
            fill = value if value is not None else self._default()
            if self.dtype == object:        # element objects: each slot its own copy
                for i in range(self._n, n):
                    own = isinstance(fill, HostObject) and (value is not None or i > self._n)
                    _store(self._buf, i, fill.copy() if own else fill)    # (never the caller's object)
            else:                           # numbers and records: convert once, then broadcast
                _store(self._buf, self._n, fill)
                self._buf[self._n + 1:n] = self._buf[self._n]
        self._n = n

    def _default(self):
        if isinstance(self.elem_type, vector_type):
            return self.elem_type()
        if self.elem_type is object:        # std::function elements start empty
            return None
        if isinstance(self.elem_type, type) and issubclass(self.elem_type, HostObject):
            ctor = getattr(self.elem_type, "new", None)     # its default constructor, if it has one
            return ctor() if ctor is not None else self.elem_type()
        return "" if self.dtype == object else 0

    def clear(self):
        self._n = 0

    def shrink_to_fit(self):
        pass

    # modifiers ---------------------------------------------------------------
    def push_back(self, v):
        if self._n == len(self._buf):
            self.reserve(max(1, 2 * self._n))
        _store(self._buf, self._n, v)
        self._n += 1

    emplace_back = push_back

    def destroy(self):
        """``~vector()`` of a vector of array_views: each element view is destroyed (the last
        view of a data source copies its changes back: ``array_view.destroy``)."""
        for k in range(self._n):
            self._buf[k].destroy()

    def pop_back(self):
        self._n -= 1

    def assign(self, other):
        """``*this = other`` for a vector, list or array."""
        src = other.data().copy() if isinstance(other, vector) else other
        self._n = 0
        self._extend(src)
        return self

    def assign_n(self, n, value):
        """``v.assign(n, value)``."""
        self._n = 0
        self.resize(n, value)

    def assign_range(self, first, last):
        """``v.assign(first, last)`` from another vector's iterators."""
        items = first.vec.data()[first.pos:last.pos].copy()
        self._n = 0
        self._extend(items)

    def insert(self, pos, *args):
        """``insert(pos, value)``, ``insert(pos, n, value)``, ``insert(pos, first, last)``:
        the elements go in before ``pos``; returns an iterator to the first of them."""
        i = pos.pos
        if len(args) == 1:
            items = [args[0]]
        elif isinstance(args[0], _Iter):
            items = args[0].vec.data()[args[0].pos:args[1].pos].copy()
        else:
            items = [args[1]] * int(args[0])
        k = len(items)
        self.reserve(self._n + k)
        buf = self._buf
        buf[i + k:self._n + k] = buf[i:self._n].copy()
        for j, v in enumerate(items):
            _store(buf, i + j, v)
        self._n += k
        return _Iter(self, i)

    def erase(self, first, last=None):
        """``erase(pos)``, ``erase(first, last)``: returns an iterator to what followed them."""
        i = first.pos
        j = last.pos if last is not None else i + 1
        buf = self._buf
        buf[i:self._n - (j - i)] = buf[j:self._n].copy()
        self._n -= j - i
        return _Iter(self, i)

    def swap(self, other):
        self.__dict__, other.__dict__ = other.__dict__, self.__dict__

    def copy(self):
        return vector(self)

    __copy__ = copy

    # access ------------------------------------------------------------------
    def data(self):
        """numpy view of the live elements (aliases the storage)."""
        return self._buf[: self._n]

    def __getitem__(self, i):
        return _element(self._buf, int(i), self.elem_type)

    def __setitem__(self, i, v):
        _store(self._buf, int(i), v)

    def checked_index(self, i):
        """`v.at(i)`'s index: `i`, or `std::out_of_range` with the Microsoft library's message."""
        i = int(i)
        if not 0 <= i < self._n:
            raise std_out_of_range("invalid vector subscript")
        return i

    def at(self, i):
        return self[self.checked_index(i)]

    def front(self):
        return self[0]

    def back(self):
        return self[self._n - 1]

    def begin(self):
        return _Iter(self, 0)

    def end(self):
        return _Iter(self, self._n)

    def rbegin(self):
        return _RIter(self, self._n - 1)

    def rend(self):
        return _RIter(self, -1)

    def __iter__(self):
        for i in range(self._n):
            yield self[i]

    def __eq__(self, other):
        if not isinstance(other, vector):
            return NotImplemented
        return self._n == other._n and all(a == b for a, b in zip(self, other))

    __hash__ = None

    def __repr__(self):
        name = getattr(self.elem_type, "__name__", str(self.elem_type))
        return f"vector<{name}>({[_plain(x) for x in self]!r})"


def carray_fill(arr, init):
    """Fill ``arr`` from a (nested) brace initializer; missing elements stay 0."""
    if isinstance(init, np.ndarray):
        arr[...] = init
        return
    if isinstance(init, str) and arr.dtype.kind in "iuS":  # char s[N] = "..."
        init = [ord(c) for c in init] + [0]
    for i, item in enumerate(init):
        if arr.ndim > 1:
            carray_fill(arr[i], item)
        else:
            _store(arr, i, item)


def carray(elem_type, shape, init=None):
    """A C array ``T a[d0][d1]... = {init}`` as a zero-filled numpy array.

    ``shape`` is an int or tuple; a leading ``None`` takes the size from
    ``init`` (``int a[] = {1, 2, 3}``).
    """
    shape = (shape,) if isinstance(shape, (int, np.integer)) or shape is None else tuple(shape)
    if shape[0] is None:
        shape = (len(init),) + shape[1:]
    arr = np.zeros(shape, to_dtype(elem_type))
    if init is not None:
        carray_fill(arr, init)
    return arr
