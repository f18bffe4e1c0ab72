"""The C++ types of the IR (`ir.Type` and its kinds) and the arithmetic types' facts (`SCALARS`).

Every IR expression carries one of these as its `type`; they are values (frozen, compared by
content), printed the way C++ spells them (`array_view<const float, 2>`, `float[2][2]`).
Import them through `amppy.ir` (`ir.Scalar`, `ir.SCALARS`), which re-exports them.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Type:
    def __str__(self) -> str:
        return type(self).__name__


@dataclass(frozen=True)
class Scalar(Type):
    """Arithmetic types. `name` is one of SCALARS' keys."""
    name: str

    @property
    def is_float(self) -> bool:
        return self.name in ("float", "double", "long double")

    @property
    def is_int(self) -> bool:
        return not self.is_float and self.name != "bool"

    @property
    def is_unsigned(self) -> bool:
        return self.name.startswith("unsigned") or self.name in ("size_t",)

    def __str__(self) -> str:
        return self.name


#: C++ scalar name -> (numpy type name, size in bytes, rank for the usual arithmetic conversions)
SCALARS = {
    "bool": ("bool_", 1, 0),
    "char": ("int8", 1, 1), "signed char": ("int8", 1, 1), "unsigned char": ("uint8", 1, 1),
    "wchar_t": ("uint16", 2, 2), "short": ("int16", 2, 2), "unsigned short": ("uint16", 2, 2),
    "int": ("int32", 4, 3), "unsigned int": ("uint32", 4, 3),
    "long": ("int32", 4, 4), "unsigned long": ("uint32", 4, 4),      # MSVC: long is 32-bit
    "long long": ("int64", 8, 5), "unsigned long long": ("uint64", 8, 5), "size_t": ("uint64", 8, 5),
    "float": ("float32", 4, 10), "double": ("float64", 8, 11), "long double": ("float64", 8, 12),
}

BOOL, INT, UINT, FLOAT, DOUBLE, CHAR = (Scalar("bool"), Scalar("int"), Scalar("unsigned int"),
                                         Scalar("float"), Scalar("double"), Scalar("char"))


@dataclass(frozen=True)
class Void(Type):
    def __str__(self):
        return "void"


@dataclass(frozen=True)
class StructType(Type):
    name: str                         # the C++ name: look up fields in Program.structs
    py_name: str = ""                 # the Python class name (amppy.names), "" = same as name

    @property
    def py(self) -> str:
        return self.py_name or self.name

    def __str__(self):
        return self.name


@dataclass(frozen=True)
class CArray(Type):
    """A C array `T a[D0][D1]` (host, kernel-local or tile_static): dims are constants."""
    elem: Type
    dims: tuple[int, ...]

    def __str__(self):
        return f"{self.elem}" + "".join(f"[{d}]" for d in self.dims)


@dataclass(frozen=True)
class Pointer(Type):
    """`T*`; a smart pointer when `owner` is "unique_ptr" or "shared_ptr" (to an array when `elem`
    is a number: `std::unique_ptr<float[]>`, to an object when it is a struct)."""
    elem: Type
    owner: str = ""
    #: `const T*`: what it points at cannot be assigned through it (not part of the type's
    #: identity here: amppy's types carry no other const, and conversions compare without it)
    const: bool = field(default=False, compare=False)

    def __str__(self):
        if self.owner:
            return f"std::{self.owner}<{self.elem}{'[]' if isinstance(self.elem, Scalar) else ''}>"
        return f"{'const ' if self.const else ''}{self.elem}*"


#: the highest rank of an extent or index amppy takes (C++ AMP sets none; tiles stop at 3; the
#: suite goes to 111), and of an array or array_view (numpy's arrays stop at 64 dimensions)
MAX_RANK = 128
MAX_ARRAY_RANK = 32


@dataclass(frozen=True)
class ArrayView(Type):
    elem: Type
    rank: int
    const: bool = False

    def __str__(self):
        return f"array_view<{'const ' if self.const else ''}{self.elem}, {self.rank}>"


@dataclass(frozen=True)
class AmpArray(Type):
    """concurrency::array<T, N>."""
    elem: Type
    rank: int

    def __str__(self):
        return f"array<{self.elem}, {self.rank}>"


@dataclass(frozen=True)
class Texture(AmpArray):
    """concurrency::graphics::texture<T, N>: an array whose elements are read as values and
    written with `set` (C++ AMP's texture memory; amppy keeps it in ordinary device memory)."""

    def __str__(self):
        return f"texture<{self.elem}, {self.rank}>"


@dataclass(frozen=True)
class TextureView(ArrayView):
    """texture_view<T, N> / texture_view<const T, N> (and the older writeonly_texture_view<T, N>)
    of a texture: captured by value like an array_view, seeing the texture's data."""

    writeonly: bool = False         # writeonly_texture_view<T, N>: set() only

    def __str__(self):
        if self.writeonly:
            return f"writeonly_texture_view<{self.elem}, {self.rank}>"
        return f"texture_view<{'const ' if self.const else ''}{self.elem}, {self.rank}>"


@dataclass(frozen=True)
class Extent(Type):
    rank: int

    def __str__(self):
        return f"extent<{self.rank}>"


@dataclass(frozen=True)
class Index(Type):
    rank: int

    def __str__(self):
        return f"index<{self.rank}>"


@dataclass(frozen=True)
class TiledExtent(Type):
    dims: tuple[int, ...]

    def __str__(self):
        return f"tiled_extent<{', '.join(map(str, self.dims))}>"


@dataclass(frozen=True)
class TiledIndex(Type):
    dims: tuple[int, ...]

    def __str__(self):
        return f"tiled_index<{', '.join(map(str, self.dims))}>"


@dataclass(frozen=True)
class Vector(Type):
    """`std::vector<T>`; `std::array<T, N>` when `size` is N (a vector that never changes size)."""
    elem: Type
    size: int | None = None

    def __str__(self):
        return f"std::vector<{self.elem}>" if self.size is None else f"std::array<{self.elem}, {self.size}>"


@dataclass(frozen=True)
class ConcurrentQueue(Type):
    """The PPL's `concurrency::concurrent_queue<T>` (host code only)."""
    elem: Type

    def __str__(self):
        return f"concurrent_queue<{self.elem}>"


#: the standard containers other than std::vector/std::array: kind -> (has a mapped type, iterators)
#: where iterators are "random" (deque), "bidirectional" (node-based), "forward" or None (the adaptors)
CONTAINER_KINDS = {
    "map": (True, "bidirectional"), "multimap": (True, "bidirectional"),
    "set": (False, "bidirectional"), "multiset": (False, "bidirectional"),
    "unordered_map": (True, "forward"), "unordered_multimap": (True, "forward"),
    "unordered_set": (False, "forward"), "unordered_multiset": (False, "forward"),
    "list": (False, "bidirectional"), "forward_list": (False, "forward"), "deque": (False, "random"),
    "queue": (False, None), "stack": (False, None), "priority_queue": (False, None),
}


@dataclass(frozen=True)
class Container(Type):
    """`std::map<K, V>`, `std::set<K>`, `std::list<T>`, `std::deque<T>`, `std::queue<T>`, ... (host code
    only; `kind` is one of CONTAINER_KINDS).  `key`: the key of a set or map, the element of the
    others; `mapped`: a map's mapped type; `compare`: the ordering's function type when it is not
    `std::less<key>` (a set's, a map's or a priority_queue's third template argument), with
    `compare_name` the C++ name written there (`std::greater<int>`, `ByLength`)."""
    kind: str
    key: Type
    mapped: Type | None = None
    compare: Type | None = None
    compare_name: str = ""

    @property
    def ordered(self) -> bool:
        return self.kind in ("map", "multimap", "set", "multiset")

    @property
    def iterators(self) -> str | None:
        return CONTAINER_KINDS[self.kind][1]

    def __str__(self):
        args = [str(self.key)] + ([str(self.mapped)] if self.mapped is not None else [])
        if self.compare_name:
            args.append(self.compare_name)
        return f"std::{self.kind}<{', '.join(args)}>"


@dataclass(frozen=True)
class Iterator(Type):
    """An iterator of a std::vector (begin()/end()), or of the `Container` named by `container`
    (its C++ spelling, `std::map<int, int>`; its elements are `elem`); `reverse`: a reverse_iterator
    (rbegin()/rend()); `access`: "random", "bidirectional" or "forward" (what `it + n`, `--it` may do)."""
    elem: Type
    reverse: bool = False
    container: str = ""
    access: str = "random"

    def __str__(self):
        owner = self.container or f"std::vector<{self.elem}>"
        return f"{owner}::{'reverse_' if self.reverse else ''}iterator"


@dataclass(frozen=True)
class String(Type):
    """A string literal / const char* (`const wchar_t*`, `L"..."`, when `wide`)."""
    wide: bool = False

    def __str__(self):
        return "const wchar_t*" if self.wide else "const char*"


@dataclass(frozen=True)
class StdString(Type):
    """`std::string` (`std::wstring` when `wide`): a value, on the host only."""
    wide: bool = False

    def __str__(self):
        return "std::wstring" if self.wide else "std::string"


@dataclass(frozen=True)
class Library(Type):
    """Opaque library objects: std::cout ("ostream"), std::cin ("istream"), manipulators,
    HANDLE, COORD, SMALL_RECT, tile_barrier, accelerator ... `name` says which."""
    name: str

    def __str__(self):
        return self.name


@dataclass(frozen=True)
class Function(Type):
    """A function, lambda or `std::function<ret(params...)>`."""
    ret: Type
    params: tuple[Type, ...]

    def __str__(self):
        return f"std::function<{self.ret}({', '.join(map(str, self.params))})>"


@dataclass(frozen=True)
class FunctionPointer(Function):
    """A pointer (`kind` "*") or reference ("&") to a function, or a pointer to a member
    function ("member", of class `owner`): `int (*)(int, int)`.  On the host the function
    itself (a Python callable, like a `Function`); restrict(amp) code has none.  `restrict`
    is the pointed-to function type's restriction (`("cpu",)` when unspecified)."""
    kind: str = "*"
    restrict: tuple[str, ...] = ("cpu",)
    owner: str = ""

    def __str__(self):
        inner = {"*": "*", "&": "&", "member": f"{self.owner}::*"}[self.kind]
        spec = "" if self.restrict == ("cpu",) else f" restrict({', '.join(self.restrict)})"
        return f"{self.ret} ({inner})({', '.join(map(str, self.params))}){spec}"


@dataclass(frozen=True)
class FunctionType(Type):
    """A function type as a type, never a value: `decltype(f)` of a function `f`, or
    `int(float) restrict(amp)` written as a template argument (`std::is_same<decltype(f), int(float)>`).
    `restrict` in C++ AMP's order (cpu before amp)."""
    ret: Type
    params: tuple[Type, ...]
    restrict: tuple[str, ...] = ("cpu",)

    def __str__(self):
        spec = "" if self.restrict == ("cpu",) else f" restrict({', '.join(self.restrict)})"
        return f"{self.ret}({', '.join(map(str, self.params))}){spec}"


@dataclass(frozen=True)
class Duration(Type):
    """`std::chrono::duration<rep, std::ratio<num, den>>`: counts of `num/den` seconds."""
    rep: str
    num: int
    den: int

    def __str__(self):
        return f"std::chrono::duration<{self.rep}, std::ratio<{self.num}, {self.den}>>"


@dataclass(frozen=True)
class TimePoint(Type):
    """`std::chrono::time_point<clock, duration>` (`clock` is "steady_clock" or "system_clock")."""
    clock: str
    duration: Duration

    def __str__(self):
        return f"std::chrono::time_point<std::chrono::{self.clock}>"
