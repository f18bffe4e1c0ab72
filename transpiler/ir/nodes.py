"""The typed IR that sema produces and passes/codegen consume.

A small tree of statements and expressions, every node with its `span` (the
user's C++ position) and every expression with its C++ `type`.  Sema has
already made every implicit conversion explicit (`Convert`), resolved names to
`Symbol`s, and turned library constructs into dedicated nodes, so the backends
never look at C++ text or re-derive types.

Host code and kernel code share the node set; a `Kernel` additionally has
thread-index reads (`ThreadIndex`), `TileStatic` declarations and `Barrier`s.

Example (tile_average's kernel, abridged, as `amppy translate --emit ir` prints it):

    Kernel kernel_SamplingExample_37 tiled=(2, 2) index=t_idx
      captures: matrix: array_view<float, 2> (by value), averages: array<float, 2> (by reference)
      TileStatic tileValues: float[2][2]
      Store  tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx.global]
      Barrier all
      If (t_idx.local[0] == 0) && (t_idx.local[1] == 0) ...

This module declares the node kinds (`ir/queries.py` answers questions about them: `root`,
`has_jump`, `is_lvalue`, ...).  It re-exports the types (`ir/types.py`: `ir.Scalar`, `ir.SCALARS`);
the package re-exports it with the queries and the traversal (`ir/walk.py`), so `ir.X` names them all.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Optional

from .types import (  # noqa: F401  (re-exported: ir.Scalar, ir.SCALARS, ir.INT, ...)
    SCALARS, BOOL, INT, UINT, FLOAT, DOUBLE, CHAR, MAX_RANK, MAX_ARRAY_RANK,
    Type, Scalar, Void, StructType, CArray, Pointer, ArrayView, AmpArray, Texture, TextureView, Extent, Index,
    TiledExtent,
    TiledIndex, Vector, ConcurrentQueue, Container, CONTAINER_KINDS, Iterator, String, StdString, Library, Function, FunctionPointer, FunctionType, Duration, TimePoint,
)
from ..source import Span


# ---- symbols -------------------------------------------------------------------------------
@dataclass(eq=False)
class Symbol:
    """A named entity: variable, parameter, capture, function.  Compared by identity.

    `py_name` is the Python identifier codegen must use (sema validated it and
    mangled names that clash with Python keywords, builtins or amppy's names).
    """
    name: str
    py_name: str
    type: Type
    kind: str                         # "local" "param" "global" "function" "capture" "index" "const" "closure"
    span: Span
    const_value: object = None        # compile-time value of a constant (int/float), if known
    storage: tuple[str, ...] = ()     # "tile_static", "static", ...
    by_ref: bool = False              # a reference parameter (writes reach the caller's object)
    const_ref: bool = False           # a const reference parameter: the caller's object, read only
    restrict_: tuple[str, ...] = ("cpu",)   # a function's restrict(...) list
    ref_params: tuple[bool, ...] = ()       # a function's parameters passed by reference
    mutable_refs: tuple[bool, ...] = ()     # ... by non-const reference (they bind only lvalues)
    pointer_refs: tuple[bool, ...] = ()     # ... as a pointer: restrict(amp) code takes their address
    written_refs: Optional[tuple] = None    # ... which of them the body may write (None: all; sema/memory.py)
    defaults: tuple = ()                    # a function's default arguments (AST expressions or None)
    owner: str = ""                   # a member function's class (its C++ name)
    member: str = ""                  # "method", "static", "ctor" or "dtor" for a member function
    method_py: str = ""               # a member function's Python name inside its class
    virtual: bool = False             # a virtual member function (the host dispatches on the object)
    explicit: bool = False            # an `explicit` constructor (no implicit conversions through it)
    closure: tuple | None = None      # a stored restrict(amp) lambda: (Kernel, capture values, index type)
    addressed: bool = False           # a kernel local whose address restrict(amp) code takes (`&x`)
    readonly: bool = False            # a `const T x` / `T* const p` local: never assigned after its declaration
    pointer_ref: bool = False         # a reference parameter passed as a pointer (`T& v` whose `&v` is taken)
    rebound: bool = False             # an `array_view&` parameter a host function assigns whole or swaps: the
                                      # function returns it, and the call puts it back (codegen/refs.py)
    const_target: bool = False        # a pointer to const (`const int* p`): nothing is written through it
    c_linkage: bool = False           # an `extern "C"` function (one version: no overloads)
    external: bool = False            # a free function with external linkage (`amppy.load` exports it)
    variadic: bool = False            # a function declared with `...` (called in decltype; none is defined)
    ret_ref: bool = False             # a function that returns a reference (`const T& get()`)
    constexpr_body: object = None     # a constexpr function's AST definition (sema/constexpr.py evaluates it)
    template_env: Optional[dict] = None   # a function template instance's bindings (its default arguments read them)

    def __repr__(self) -> str:
        return f"Symbol({self.name}: {self.type})"


# ---- expressions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Expr:
    span: Span
    type: Type


@dataclass(frozen=True)
class Const(Expr):
    children: ClassVar[tuple[str, ...]] = ()
    value: object                     # int, float, bool, str (char: a 1-char str)


@dataclass(frozen=True)
class Lambda(Expr):
    """A host lambda: a function value.  `by_value` are the enclosing variables it captures
    by copy (their values when the lambda is made), `assigned` those captured by reference
    that its body assigns."""
    children: ClassVar[tuple[str, ...]] = ('body',)
    params: tuple[Symbol, ...]
    body: "Block"
    by_value: tuple[Symbol, ...]
    assigned: tuple[Symbol, ...]


@dataclass(frozen=True)
class Invoke(Expr):
    """A call of a function value (a lambda, a `std::function`, a standard function object)."""
    children: ClassVar[tuple[str, ...]] = ('callee', 'args')
    callee: Expr
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class StringConst(Expr):
    children: ClassVar[tuple[str, ...]] = ()
    value: str


@dataclass(frozen=True)
class Var(Expr):
    children: ClassVar[tuple[str, ...]] = ()
    sym: Symbol


@dataclass(frozen=True)
class Convert(Expr):
    """Conversion of `operand` to `type` (implicit or a cast)."""
    children: ClassVar[tuple[str, ...]] = ('operand',)
    operand: Expr
    explicit: bool


@dataclass(frozen=True)
class Unary(Expr):
    children: ClassVar[tuple[str, ...]] = ('operand',)
    op: str                           # "-" "+" "!" "~"
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    """Arithmetic, comparison, logical and bitwise operators.

    Operands are already converted to a common type (for arithmetic) or to bool
    (for && ||).  "/" and "%" on integers mean C++ truncating division.
    """
    children: ClassVar[tuple[str, ...]] = ('left', 'right')
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Conditional(Expr):
    children: ClassVar[tuple[str, ...]] = ('cond', 'then', 'else_')
    cond: Expr
    then: Expr
    else_: Expr


@dataclass(frozen=True)
class ThreadIndex(Expr):
    """A component of the kernel's thread index: which in global/local/tile/tile_origin."""
    children: ClassVar[tuple[str, ...]] = ()
    which: str
    dim: int


@dataclass(frozen=True)
class MakeIndex(Expr):
    """An index<N> value made of N int expressions (also t_idx.global etc. as a whole)."""
    children: ClassVar[tuple[str, ...]] = ('components',)
    components: tuple[Expr, ...]


@dataclass(frozen=True)
class IndexComponent(Expr):
    """`idx[i]` of an index<N>/extent<N> valued expression that is not a MakeIndex."""
    children: ClassVar[tuple[str, ...]] = ('base',)
    base: Expr
    dim: int


@dataclass(frozen=True)
class ElementRef(Expr):
    """An element of an array_view/array/vector/C array: `av[idx]`, `av(i, j)`, `a[i][j]`.

    `indices` has one int expression per dimension of `base` (rank of the
    view, or all dims of a C array)."""
    children: ClassVar[tuple[str, ...]] = ('base', 'indices')
    base: Expr
    indices: tuple[Expr, ...]


@dataclass(frozen=True)
class FieldRef(Expr):
    """`s.field` / `p->field` of a struct value, element or pointer."""
    children: ClassVar[tuple[str, ...]] = ('base',)
    base: Expr
    field: str
    arrow: bool


@dataclass(frozen=True)
class Call(Expr):
    """A call of a user function (host or restrict(amp)).  `host_func`: in a restrict(cpu, amp)
    function, the restrict(cpu) overload its CPU version calls where `func` is restrict(amp) only."""
    children: ClassVar[tuple[str, ...]] = ('args',)
    func: Symbol
    args: tuple[Expr, ...]
    host_func: Optional[Symbol] = None


@dataclass(frozen=True)
class MathCall(Expr):
    """A math function: sqrt, fabs, min, max, pow, exp, ... (fast_math/precise_math/std, the
    direct3d intrinsics); `name` is its base name in `mathfuncs.FUNCTIONS`.  `outs` are the
    lvalues its out parameters write (`sincos(x, &s, &c)`: `s` and `c`)."""
    children: ClassVar[tuple[str, ...]] = ('args', 'outs')
    name: str
    args: tuple[Expr, ...]
    outs: tuple[Expr, ...] = ()


@dataclass(frozen=True)
class AtomicCall(Expr):
    """atomic_fetch_add(&x, v) and friends; `target` is an lvalue expression."""
    children: ClassVar[tuple[str, ...]] = ('target', 'args')
    name: str
    target: Expr
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class LibCall(Expr):
    """Host library calls and methods, emitted as `name(args)` or `obj.name(args)`.

    Examples: vector.push_back, vector.size, av.synchronize, extent.tile,
    printf, SetConsoleTextAttribute, GetStdHandle.  `obj` is None for free
    functions.  Runtime names mirror C++ names (see amppy.runtime)."""
    children: ClassVar[tuple[str, ...]] = ('obj', 'args')
    name: str
    obj: Optional[Expr]
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class LibAttr(Expr):
    """A library object's data member on the host: `av.extent`, `coord.X` of a library struct."""
    children: ClassVar[tuple[str, ...]] = ('obj',)
    obj: Expr
    name: str


@dataclass(frozen=True)
class ExtentOf(Expr):
    """`av.extent[dim]` / `av.get_extent()[dim]` of a captured view or array (kernels too)."""
    children: ClassVar[tuple[str, ...]] = ('view',)
    view: Expr
    dim: int


@dataclass(frozen=True)
class Section(Expr):
    """`av.section(origin, ext)` (every overload) of an array_view or array: a view of the
    region `origin .. origin + extent`: `origin` an index<N> value (None: zero), `extent` an
    extent<N> value (None: to the end of the parent)."""
    children: ClassVar[tuple[str, ...]] = ('view', 'origin', 'extent')
    view: Expr
    origin: Optional[Expr]
    extent: Optional[Expr]


@dataclass(frozen=True)
class Construct(Expr):
    """Construct a library or struct value: extent<2>(8, 9), Description{...},
    array_view<float, 2>(e, v), std::vector<int>(n, 0), new SMALL_RECT()."""
    children: ClassVar[tuple[str, ...]] = ('args',)
    args: tuple[Expr, ...]
    heap: bool = False


@dataclass(frozen=True)
class Copy(Expr):
    """A value copy of a struct / vector / C array (C++ copy semantics)."""
    children: ClassVar[tuple[str, ...]] = ('operand',)
    operand: Expr


@dataclass(frozen=True)
class StreamOut(Expr):
    """`stream << a << b ...` (std::cout, std::cerr, a stringstream or ofstream variable);
    items are values or manipulators."""
    children: ClassVar[tuple[str, ...]] = ('stream', 'items')
    stream: Expr                      # the library's `cout`, or the stream object written to
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Manipulator(Expr):
    """std::endl, std::setw(n), std::fixed, ... (`args` for the ones with a value)."""
    children: ClassVar[tuple[str, ...]] = ('args',)
    name: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class StreamIn(Expr):
    """`std::cin >> a >> b` (or a stringstream / ifstream): targets are lvalues."""
    children: ClassVar[tuple[str, ...]] = ('stream', 'targets')
    stream: Expr                      # the library's `cin`, or the stream object read from
    targets: tuple[Expr, ...]


@dataclass(frozen=True)
class Assign(Expr):
    """Assignment as an expression (`a = b`, `a += b`); value already converted.

    For compound assignment `op` is the arithmetic operator ("+", "/", ...),
    and `value` is the right operand converted to the computation type; the
    result is converted back to the target's type by the backend (`result_type`)."""
    children: ClassVar[tuple[str, ...]] = ('target', 'value')
    op: str                           # "=" or "+", "-", ...
    target: Expr
    value: Expr
    compute_type: Type                # type in which `target op value` is computed


@dataclass(frozen=True)
class IncDec(Expr):
    children: ClassVar[tuple[str, ...]] = ('target',)
    op: str                           # "++" or "--"
    prefix: bool
    target: Expr


# ---- statements ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Stmt:
    span: Span


@dataclass(frozen=True)
class Block(Stmt):
    children: ClassVar[tuple[str, ...]] = ('body',)
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class VarDecl(Stmt):
    """A local variable.  `init` is None for default initialisation (zero for
    scalars/structs/C arrays in amppy; C++ leaves them indeterminate)."""
    children: ClassVar[tuple[str, ...]] = ('init',)
    sym: Symbol
    init: Optional[Expr]


@dataclass(frozen=True)
class TileStatic(Stmt):
    """`tile_static T name[D0]...;` inside a tiled kernel.  C++ AMP forbids an
    initializer; sema keeps one if written so passes/tile_static.py can report it."""
    children: ClassVar[tuple[str, ...]] = ('init',)
    sym: Symbol
    init: Optional[Expr] = None


@dataclass(frozen=True)
class ExprStmt(Stmt):
    children: ClassVar[tuple[str, ...]] = ('expr',)
    expr: Expr


@dataclass(frozen=True)
class If(Stmt):
    children: ClassVar[tuple[str, ...]] = ('cond', 'then', 'else_')
    cond: Expr
    then: Block
    else_: Optional[Block]


@dataclass(frozen=True)
class While(Stmt):
    children: ClassVar[tuple[str, ...]] = ('cond', 'body')
    cond: Expr
    body: Block


@dataclass(frozen=True)
class DoWhile(Stmt):
    children: ClassVar[tuple[str, ...]] = ('body', 'cond')
    body: Block
    cond: Expr


@dataclass(frozen=True)
class For(Stmt):
    children: ClassVar[tuple[str, ...]] = ('init', 'cond', 'step', 'body')
    init: tuple[Stmt, ...]            # VarDecls or ExprStmts
    cond: Optional[Expr]
    step: tuple[Expr, ...]
    body: Block


@dataclass(frozen=True)
class Switch(Stmt):
    children: ClassVar[tuple[str, ...]] = ('cond', 'cases')
    cond: Expr
    cases: tuple[tuple[tuple[Expr, ...], Block, bool], ...]   # (values (empty=default), body, falls_through)


@dataclass(frozen=True)
class Return(Stmt):
    children: ClassVar[tuple[str, ...]] = ('value',)
    value: Optional[Expr]


@dataclass(frozen=True)
class Break(Stmt):
    children: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True)
class Continue(Stmt):
    children: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True)
class Barrier(Stmt):
    """t_idx.barrier.wait() and its variants: kind is "all", "global", "tile_static"."""
    children: ClassVar[tuple[str, ...]] = ()
    kind: str


@dataclass(frozen=True)
class Fence(Stmt):
    """`all_memory_fence(t.barrier)` and its variants: orders the thread's memory operations,
    waits for no other thread; kind is "all", "global", "tile_static"."""
    children: ClassVar[tuple[str, ...]] = ()
    kind: str


@dataclass(frozen=True)
class Delete(Stmt):
    children: ClassVar[tuple[str, ...]] = ('target',)
    target: Expr


@dataclass(frozen=True)
class Throw(Stmt):
    """`throw value;` (`value` None: `throw;`, rethrow the exception being handled)."""
    children: ClassVar[tuple[str, ...]] = ('value',)
    value: Optional[Expr]


@dataclass(frozen=True)
class Scoped(Stmt):
    """The rest of a block after the declaration of an object with a destructor: `body` runs,
    then `cleanup` (the destructor calls, in reverse order of construction) however `body` is
    left: at its end, by `return`/`break`/`continue`, or by an exception."""
    children: ClassVar[tuple[str, ...]] = ('body', 'cleanup')
    body: "Block"
    cleanup: "Block"


@dataclass(frozen=True)
class Try(Stmt):
    """`try { body } catch (T name) { ... } ...`: each handler is (T, None for `catch (...)`;
    the symbol `name`, None without one; its block)."""
    children: ClassVar[tuple[str, ...]] = ('body', 'handlers')
    body: "Block"
    handlers: tuple[tuple[Optional[Type], Optional[Symbol], "Block"], ...]


@dataclass(frozen=True)
class ParallelForEach(Stmt):
    """A kernel launch: `domain` is an extent<N> or tiled_extent<...> valued expression; `view`
    the accelerator_view it runs on (`parallel_for_each(av, e, k)`), None: the default view."""
    children: ClassVar[tuple[str, ...]] = ('domain', 'kernel', 'capture_args', 'view')
    domain: Expr
    kernel: "Kernel"
    capture_args: tuple[Expr, ...]    # host values for kernel.captures, in order
    view: Expr | None = None


# ---- top level -----------------------------------------------------------------------------
@dataclass
class StructDef:
    name: str
    fields: list[tuple[str, Type]]    # (Python attribute name (amppy.names.field_name), type)
    span: Span
    members: dict = field(default_factory=dict)   # C++ member function name -> [Symbol] (overloads)
    ctors: list = field(default_factory=list)     # constructor Symbols (sema/classes.py)
    dtor: Optional[Symbol] = None
    host_only: bool = False           # a member a numpy record cannot hold: a plain Python object
    defaults: list = field(default_factory=list)  # host_only: (field, default value Expr or None)
    base: Optional[str] = None        # the (first) base class: its fields come first
    extra_bases: dict = field(default_factory=dict)   # multiple inheritance: a further base -> the field holding it
    hiding: dict = field(default_factory=dict)    # a field named like a base's (which it hides) -> its own attribute
    member_types: dict = field(default_factory=dict)  # `typedef float value_type;` -> its type
    reference_types: dict = field(default_factory=dict)     # `typedef T& ref;` -> `T&` as written (AST)
    constants: dict = field(default_factory=dict)     # `static const int N = 4;` -> its Symbol
    field_inits: dict = field(default_factory=dict)   # `float x = 1;` in the class: field -> AST expr
    member_templates: dict = field(default_factory=dict)  # `template<class T> T get()` -> [AST TemplateDecl]
    unit: int = 0                     # the translation unit that defined it first (Program.units)
    union: bool = False               # a C++ union: every field at offset 0
    key: str = "struct"               # the class-key it was defined with: "struct", "class" or "union"
    bitfields: dict = field(default_factory=dict)     # `unsigned flags : 4;`: field -> its Span
    references: dict = field(default_factory=dict)    # `array_view<int>& v;`: field -> its Span
    hidden: tuple = ()                # fields holding an anonymous struct/union member: its members are ours
    virtual_base: bool = False        # `struct D : virtual B` (no type of restrict(amp) code)
    library_base: Optional[Type] = None   # `class J : public array_view<int>`: held as its first field
    properties: dict = field(default_factory=dict)    # `__declspec(property(...)) T x;`: name -> AST Property
    nonpublic: frozenset = frozenset()    # C++ names of members declared only private or protected
    access: dict = field(default_factory=dict)    # C++ member name -> its most open access ("public", ...)
    friends: frozenset = frozenset()      # names of its friend classes and functions (sema/access.py)
    mutable: frozenset = frozenset()      # C++ names of its `mutable` fields (sema/constness.py)
    cxx_fields: dict = field(default_factory=dict)    # C++ field name -> attribute, the bases' included


@dataclass
class Capture:
    """A variable a kernel captures: `inner` is the kernel-side symbol."""
    outer: Symbol
    inner: Symbol
    by_ref: bool


@dataclass
class Kernel:
    children: ClassVar[tuple[str, ...]] = ("body",)
    name: str                         # Python name of the generated kernel function
    span: Span                        # the lambda
    call_span: Span                   # the parallel_for_each call
    rank: int
    tile_dims: Optional[tuple[int, ...]]   # None for an untiled kernel
    index: Symbol                     # the lambda's index parameter (idx / t_idx)
    captures: list[Capture]
    body: Block
    functions: list["FunctionDef"] = field(default_factory=list)   # restrict(amp) helpers it calls (transitively)
    calls: list[Symbol] = field(default_factory=list)              # functions its body calls directly
    unit: int = 0                     # the translation unit of its parallel_for_each (Program.units)


@dataclass
class FunctionDef:
    sym: Symbol
    params: list[Symbol]
    ret: Type
    restrict: tuple[str, ...]         # ("cpu",), ("amp",), ("cpu", "amp")
    body: Block
    span: Span
    calls: list[Symbol] = field(default_factory=list)   # functions its body calls directly
    unit: int = 0                     # the translation unit that defined it (Program.units)


@dataclass
class GlobalVar:
    sym: Symbol
    init: Optional[Expr]
    unit: int = 0                     # the translation unit that defined it (Program.units)


@dataclass
class Program:
    file: str                         # the main file as the user named it
    structs: list[StructDef]
    globals: list[GlobalVar]
    functions: list[FunctionDef]      # host and amp functions, in source order
    kernels: list[Kernel]             # every parallel_for_each, in source order
    main: Optional[Symbol]            # main / _tmain / wmain
    main_params: int = 0              # 0 or 2 (argc, argv)
    units: list[str] = field(default_factory=list)   # the translation units' main files, in link order


def node_kinds() -> list[type]:
    """Every concrete statement and expression kind."""
    out, todo = [], [Expr, Stmt]
    while todo:
        for sub in todo.pop().__subclasses__():
            out.append(sub)
            todo.append(sub)
    return out
