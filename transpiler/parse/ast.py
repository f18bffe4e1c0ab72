"""AST: frozen dataclasses, one per C++ construct amppy understands.

Every node's first field is its `span` (required).  Child sequences are tuples,
so nodes are hashable and safely shared.  `amppy.parse.parser` builds these from the
Lark tree; nothing later in the pipeline sees Lark objects.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Optional, Union

from ..source import Span


@dataclass(frozen=True)
class Node:
    span: Span


# ---- types ---------------------------------------------------------------------
@dataclass(frozen=True)
class TypeName(Node):
    """`int`, `unsigned int`, `Description`, `array_view<const float, 2>`, `std::vector<T>`.

    `name` is normalised ("unsigned int", "long long"); `args` holds template
    arguments (TypeRef or Expr) or is None when the type is not a template-id.
    """
    name: str
    namespace: tuple[str, ...]
    args: Optional[tuple]
    const: bool
    volatile: bool
    elaborated: Optional[str]        # "struct"/"class"/"enum"/"union" keyword, if written
    scope: Optional["TypeName"] = None      # `std::vector<int>::iterator`: the class it is a member of


@dataclass(frozen=True)
class PointerType(Node):
    base: "TypeRef"
    const: bool
    volatile: bool = False            # `T* volatile p` (the pointer itself)


@dataclass(frozen=True)
class ReferenceType(Node):
    base: "TypeRef"
    rvalue: bool


@dataclass(frozen=True)
class ArrayType(Node):
    base: "TypeRef"
    size: Optional["Expr"]


@dataclass(frozen=True)
class FunctionType(Node):
    """A function type: `std::function<int(float, int)>`'s argument, what a pointer or reference
    to a function points at (`int (*)(int) restrict(amp)`), a function type as a template argument."""
    ret: "TypeRef"
    params: tuple["TypeRef", ...]
    restrict: tuple[str, ...] = ()      # as written; () when unspecified
    variadic: bool = False


@dataclass(frozen=True)
class MemberPointerType(Node):
    """A pointer to a member of class `owner`: `int (C::*)(int)` (`base` a FunctionType)."""
    owner: str
    base: "TypeRef"
    const: bool = False


TypeRef = Union[TypeName, PointerType, ReferenceType, ArrayType, FunctionType, MemberPointerType]


# ---- expressions -------------------------------------------------------------------
@dataclass(frozen=True)
class IntLit(Node):
    value: int
    text: str
    unsigned: bool
    long: int                         # number of `l` suffixes


@dataclass(frozen=True)
class FloatLit(Node):
    value: float
    text: str
    single: bool                      # `f` suffix: float rather than double


@dataclass(frozen=True)
class CharLit(Node):
    value: str
    wide: bool


@dataclass(frozen=True)
class StringLit(Node):
    value: str
    wide: bool


@dataclass(frozen=True)
class BoolLit(Node):
    value: bool


@dataclass(frozen=True)
class NullPtr(Node):
    pass


@dataclass(frozen=True)
class This(Node):
    pass


@dataclass(frozen=True)
class Name(Node):
    name: str
    namespace: tuple[str, ...]        # ("std",) for std::cout; ("",) for ::x


@dataclass(frozen=True)
class Unary(Node):
    op: str                           # - + ! ~ * & ++ -- (prefix)
    operand: "Expr"


@dataclass(frozen=True)
class Postfix(Node):
    op: str                           # ++ --
    operand: "Expr"


@dataclass(frozen=True)
class Binary(Node):
    op: str
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Assign(Node):
    op: str                           # = += -= ...
    target: "Expr"
    value: "Expr"


@dataclass(frozen=True)
class Conditional(Node):
    cond: "Expr"
    then: "Expr"
    else_: "Expr"


@dataclass(frozen=True)
class Comma(Node):
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Cast(Node):
    type: TypeRef
    operand: "Expr"
    style: str                        # "c", "static_cast", "reinterpret_cast", ...


@dataclass(frozen=True)
class TemplateId(Node):
    """A function template's name with its arguments, as a value: `decltype(tf<double>)`."""
    type: "TypeName"


@dataclass(frozen=True)
class StaticMember(Node):
    """A member named through a class type: `std::numeric_limits<int>::max`."""
    type: TypeRef
    name: str


@dataclass(frozen=True)
class Construct(Node):
    """Functional cast or temporary: `float(x)`, `index<2>(i, j)`, `Point{1, 2}`."""
    type: TypeRef
    args: tuple["Expr", ...]
    brace: bool


@dataclass(frozen=True)
class Call(Node):
    func: "Expr"
    args: tuple["Expr", ...]


@dataclass(frozen=True)
class Subscript(Node):
    base: "Expr"
    index: "Expr"


@dataclass(frozen=True)
class Member(Node):
    base: "Expr"
    name: str
    arrow: bool
    template_args: Optional[tuple]    # e.tile<2, 3>  -> (IntLit 2, IntLit 3)


@dataclass(frozen=True)
class SizeofType(Node):
    type: TypeRef


@dataclass(frozen=True)
class SizeofExpr(Node):
    operand: "Expr"


@dataclass(frozen=True)
class TypeId(Node):
    """`typeid(expr)` or `typeid(T)`: one of the two is None."""
    operand: "Expr | None"
    type: "TypeRef | None"


@dataclass(frozen=True)
class New(Node):
    type: TypeRef
    args: Optional[tuple["Expr", ...]]
    array_size: Optional["Expr"]


@dataclass(frozen=True)
class Delete(Node):
    operand: "Expr"
    array: bool


@dataclass(frozen=True)
class Throw(Node):
    operand: Optional["Expr"]


@dataclass(frozen=True)
class InitList(Node):
    items: tuple["Expr", ...]


@dataclass(frozen=True)
class Capture(Node):
    kind: str                         # "=" "&" "name" "&name" "this" "*this"
    name: Optional[str]


@dataclass(frozen=True)
class Lambda(Node):
    captures: tuple[Capture, ...]
    params: tuple["Param", ...]
    restrict: tuple[str, ...]         # ("amp",), ("cpu", "amp"), () when unspecified
    restrict_span: Optional[Span]
    mutable: bool
    return_type: Optional[TypeRef]
    body: "Compound"
    throws: bool = False              # a dynamic exception specification: `[]() throw() { ... }`
    end: Optional[Span] = None        # its closing brace (node spans keep to their first line)


Expr = Union[IntLit, FloatLit, CharLit, StringLit, BoolLit, NullPtr, This, Name, Unary,
             Postfix, Binary, Assign, Conditional, Comma, Cast, Construct, Call, Subscript,
             Member, SizeofType, SizeofExpr, New, Delete, Throw, InitList, Lambda]


# ---- declarations --------------------------------------------------------------------
@dataclass(frozen=True)
class VarDecl(Node):
    name: str
    name_span: Span
    type: TypeRef
    storage: tuple[str, ...]          # "static", "tile_static", "extern", "constexpr", ...
    init: Optional[Expr]              # `= e`, `= {...}` or `{...}` (InitList)
    ctor_args: Optional[tuple[Expr, ...]]   # `T x(a, b)`
    bits: Optional[Expr] = None       # a bit-field's width: `unsigned flags : 4;`


@dataclass(frozen=True)
class Param(Node):
    name: Optional[str]
    type: TypeRef
    default: Optional[Expr]


@dataclass(frozen=True)
class FunctionDef(Node):
    name: str
    name_span: Span
    return_type: TypeRef
    params: tuple[Param, ...]
    variadic: bool
    restrict: tuple[str, ...]
    restrict_span: Optional[Span]
    storage: tuple[str, ...]
    body: Optional["Compound"]        # None for a prototype
    owner: Optional[str] = None       # `S::f` defined outside its class: "S"
    kind: Optional[str] = None        # None (a function), "ctor" (constructor), "dtor" (destructor)
    const: bool = False               # a `const` member function
    inits: tuple = ()                 # a constructor's member initializers: (name, args, span)
    spec_args: Optional[tuple] = None # `template<> int f<1>(...)`: the specialisation's arguments


@dataclass(frozen=True)
class StructDef(Node):
    kind: str                         # "struct" / "class" / "union"
    name: str
    fields: tuple[VarDecl, ...]
    methods: tuple[FunctionDef, ...]
    bases: tuple                      # names; a template-id base (`array_view<int>`) as its TypeName
    unsupported: tuple["Unsupported", ...]   # members outside the subset (ctors, access labels in classes, ...)
    others: tuple = ()                # member typedefs and aliases, enums, static_asserts
    spec_args: Optional[tuple] = None # `template<> struct S<1> {...}`: the specialisation's arguments
    member_templates: tuple = ()      # `template<typename T> T get() const`: TemplateDecls
    anonymous: tuple = ()             # unnamed classes of members (`union { ... } u;`, `struct { ... };`)
    hidden: tuple = ()                # fields standing for an anonymous struct or union member
    virtual_base: bool = False        # `struct D : virtual B`
    properties: tuple = ()            # `__declspec(property(...))` members: Property
    nonpublic: tuple = ()             # names of members declared only private or protected (a constructor's: the class's)
    access: tuple = ()                # (member name, its most open access: "public", "protected", "private")
    friends: tuple = ()               # names of its friend classes and functions


@dataclass(frozen=True)
class Property(Node):
    """`__declspec(property(get = g, put = p)) T name;` in a class (Visual C++): reading `name`
    calls `g()`, assigning it calls `p(value)`; either accessor may be absent."""
    name: str
    name_span: Span
    type: TypeRef
    get: Optional[str]
    put: Optional[str]
    indexed: bool = False             # `T name[]`: `name[i]` calls `g(i)`


@dataclass(frozen=True)
class EnumDef(Node):
    name: Optional[str]
    enumerators: tuple[tuple[str, Optional[Expr], Span], ...]
    underlying: Optional[TypeRef] = None      # `enum Suit : char { ... }`


@dataclass(frozen=True)
class Typedef(Node):
    name: str
    type: TypeRef


@dataclass(frozen=True)
class UsingNamespace(Node):
    name: str


@dataclass(frozen=True)
class StaticMemberDef(Node):
    """`int Counter::made = 0;`, `array<int, 1> S::a(n);`: the definition of a class's static data member."""
    owner: str
    name: str
    name_span: Span
    type: TypeRef
    init: Optional["Expr"]
    ctor_args: Optional[tuple] = None       # `(n)`: the constructor's arguments


@dataclass(frozen=True)
class DecltypeStmt(Node):
    """`decltype(f());` as a statement: declares nothing (Visual C++ warns), its operand is still
    analysed, unevaluated, in the code's restriction."""
    expr: "Expr"


@dataclass(frozen=True)
class LocalFunctionDecl(Node):
    """`int f(int);`, `S foo(int(a)) restrict(cpu);` in a block: declares a function of the
    enclosing namespace (C++'s most vexing parse), no code."""
    decl: "FunctionDef"


@dataclass(frozen=True)
class StaticAssert(Node):
    cond: "Expr"
    message: Optional[str]


@dataclass(frozen=True)
class StructForward(Node):
    """`struct X;`: X names a class defined later."""
    name: str


@dataclass(frozen=True)
class TemplateParam(Node):
    """`typename T` / `class T` (kind "type"), `int N` (kind "value", with its `type`),
    `template<typename> class C` (kind "template": a class template's name is its value)."""
    kind: str
    name: Optional[str]
    type: Optional[TypeRef]
    default: Optional[object]          # a TypeRef (type parameter) or an Expr (value parameter)


@dataclass(frozen=True)
class TemplateDecl(Node):
    """`template<params> decl`: a function template or a class template; with `decl.spec_args`
    (or no params), an explicit or partial specialisation of one."""
    params: tuple[TemplateParam, ...]
    decl: Node


@dataclass(frozen=True)
class ExplicitInstantiation(Node):
    """`template void f<int>(int&) restrict(amp);`, `template struct S<int>;`: the template's
    instance, made here."""
    decl: "FunctionDef | TypeName"


@dataclass(frozen=True)
class Namespace(Node):
    """`namespace name { decls }` (name None: an unnamed namespace)."""
    name: Optional[str]
    decls: tuple


@dataclass(frozen=True)
class UsingDeclaration(Node):
    """`using std::vector;`, `using util::twice;`"""
    namespace: tuple[str, ...]
    name: str


@dataclass(frozen=True)
class Unsupported(Node):
    """Valid C++ that amppy does not translate yet; sema reports it."""
    what: str


# ---- statements ------------------------------------------------------------------------
@dataclass(frozen=True)
class Compound(Node):
    items: tuple["Stmt", ...]


@dataclass(frozen=True)
class DeclStmt(Node):
    decls: tuple[VarDecl, ...]


@dataclass(frozen=True)
class ExprStmt(Node):
    expr: Optional[Expr]


@dataclass(frozen=True)
class If(Node):
    cond: Expr
    then: "Stmt"
    else_: Optional["Stmt"]


@dataclass(frozen=True)
class While(Node):
    cond: Expr
    body: "Stmt"


@dataclass(frozen=True)
class DoWhile(Node):
    body: "Stmt"
    cond: Expr


@dataclass(frozen=True)
class For(Node):
    init: Optional["Stmt"]            # DeclStmt or ExprStmt
    cond: Optional[Expr]
    step: Optional[Expr]
    body: "Stmt"


@dataclass(frozen=True)
class RangeFor(Node):
    var: VarDecl
    range: Expr
    body: "Stmt"


@dataclass(frozen=True)
class Switch(Node):
    cond: Expr
    body: "Stmt"


@dataclass(frozen=True)
class Case(Node):
    value: Optional[Expr]             # None for `default:`


@dataclass(frozen=True)
class Return(Node):
    value: Optional[Expr]


@dataclass(frozen=True)
class Break(Node):
    pass


@dataclass(frozen=True)
class Continue(Node):
    pass


@dataclass(frozen=True)
class Goto(Node):
    label: str


@dataclass(frozen=True)
class Label(Node):
    name: str
    stmt: "Stmt"


@dataclass(frozen=True)
class Try(Node):
    body: Compound
    handlers: tuple[tuple[Optional[Param], Compound], ...]


Stmt = Union[Compound, DeclStmt, ExprStmt, If, While, DoWhile, For, RangeFor, Switch, Case,
             Return, Break, Continue, Goto, Label, Try, StructDef, EnumDef, Typedef,
             UsingNamespace, Unsupported]


@dataclass(frozen=True)
class TranslationUnit(Node):
    decls: tuple


# ---- dump ----------------------------------------------------------------------------------
def walk(node):
    """`node` and every AST node below it, in source order (iteratively: a body may nest deeply)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        kids = [x for f in fields(n) for v in (getattr(n, f.name),)
                for x in (v if isinstance(v, tuple) else (v,)) if isinstance(x, Node)]
        stack.extend(reversed(kids))                # (source order: a declaration before its uses)


def dump(node, indent: int = 0) -> str:
    """A stable, readable tree dump (`amppy translate --emit ast`).

    Scalars that are absent (None, False, empty tuples, a zero count) are left out, except
    a `value` field, which is always shown (`IntLit value=0`, `BoolLit value=False`).
    Iterative, so a program nested thousands of levels deep dumps without recursion."""
    out: list[str] = []
    stack: list = [(node, indent, None)]
    while stack:
        value, depth, label = stack.pop()
        pad = "  " * depth
        if label is _CLOSE:
            out.append(f"{pad}]")
            continue
        prefix = f"{label}: " if label else ""
        if isinstance(value, Node):
            scalars, children = [], []
            for name in _field_names(type(value)):
                v = getattr(value, name)
                if isinstance(v, Node) or (isinstance(v, tuple) and any(isinstance(x, (Node, tuple)) for x in v)):
                    children.append((v, depth + 1, name))
                elif isinstance(v, Span):
                    continue
                elif (name == "value" and v is not None) or v not in (None, (), False):
                    scalars.append(f"{name}={v!r}")
            out.append(f"{pad}{prefix}{type(value).__name__} {_short(value.span)}"
                       + (" " + " ".join(scalars) if scalars else ""))
            stack.extend(reversed(children))
        elif isinstance(value, tuple):
            out.append(f"{pad}{prefix}[")
            stack.append((None, depth, _CLOSE))
            stack.extend((item, depth + 1, None) for item in reversed(value))
        else:
            out.append(f"{pad}{prefix}{value!r}")
    return "\n".join(out) + "\n"


_CLOSE = object()       # stack marker: close a tuple's '['
_FIELDS: dict[type, tuple[str, ...]] = {}


def assigned_names(nodes) -> set[str]:
    """The names that assignments, `++`/`--` and declarations in `nodes` (AST, any depth) change."""
    out, stack = set(), list(nodes)
    while stack:
        n = stack.pop()
        if isinstance(n, tuple):
            stack.extend(n)
            continue
        if not isinstance(n, Node):
            continue
        target = n.target if isinstance(n, Assign) else n.operand if isinstance(n, Postfix) or (
            isinstance(n, Unary) and n.op in ("++", "--")) else None
        if isinstance(target, Name):
            out.add(target.name)
        if isinstance(n, VarDecl):
            out.add(n.name)
        for name in _field_names(type(n)):
            v = getattr(n, name)
            if isinstance(v, (Node, tuple)):
                stack.append(v)
    return out


def _field_names(cls) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls) if f.name != "span")
    return names


def _short(span: Span) -> str:
    return f"<{span.line}:{span.col}-{span.end_line}:{span.end_col}>"
