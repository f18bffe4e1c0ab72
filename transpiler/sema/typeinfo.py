"""`typeid` and `std::type_info` on the host: `typeid(T).name()`, `typeid(x) == typeid(y)`.

Each `typeid` is known at compile time here: amppy takes `typeid` of types and of expressions
whose class has no virtual functions (a polymorphic object's dynamic type is `[unsupported]`).
Its value is the name the Microsoft compiler gives the type, which is what Windows programs print
(`int`, `unsigned __int64`, `class Shape`, `struct Point`, `float * __ptr64`); comparing two
`type_info`s compares the types.  restrict(amp) code has no `typeid` (Visual Studio's C3591).
"""
from __future__ import annotations

from .. import ir
from .area import Area

TYPE_INFO = ir.Library("type_info")

#: the Microsoft compiler's names of the fundamental types (LLP64: `long` is 32 bits)
_SCALARS = {"long long": "__int64", "unsigned long long": "unsigned __int64", "size_t": "unsigned __int64",
            "signed char": "signed char", "long double": "long double"}


def msvc_name(a, t: ir.Type) -> str:
    """`type_info::name()` of `t` as Visual C++ x64 spells it."""
    if isinstance(t, ir.Scalar):
        return _SCALARS.get(t.name, t.name)
    if isinstance(t, ir.StructType):
        sd = a.structs.get(t.name)
        return f"{sd.key if sd is not None else 'struct'} {t.name}"
    if isinstance(t, ir.Pointer) and not t.owner:
        return f"{msvc_name(a, t.elem)} * __ptr64"
    if isinstance(t, ir.CArray):
        return msvc_name(a, t.elem) + "".join(f" [{d}]" for d in t.dims)
    if isinstance(t, ir.FunctionPointer) and t.kind == "*":
        params = ",".join(msvc_name(a, p) for p in t.params) or "void"
        return f"{msvc_name(a, t.ret)} (__cdecl*)({params})"
    if isinstance(t, ir.Void):
        return "void"
    return f"class {t}"


def typeid(a, t: ir.Type, span) -> ir.Expr:
    return ir.StringConst(span, TYPE_INFO, msvc_name(a, t))


def typeid_expr(a, n) -> ir.Expr:
    """`typeid(T)`, `typeid(expr)` (the static type; a polymorphic class's object is not yet)."""
    if a.in_amp():                          # (Visual Studio's C3591)
        a.error("amp-restrict", "typeid is not allowed in restrict(amp) code", n.span,
                help="restrict(amp) code has no run-time type information")
    if n.type is not None:
        return typeid(a, a.resolve_type(n.type), n.span)
    e = a.expr(n.operand)
    if isinstance(e.type, ir.StructType) and e.type.name in a.structs and any(
            s.virtual for syms in a.structs[e.type.name].members.values() for s in syms):
        a.unsupported(f"typeid of an object of the polymorphic class '{e.type}' is", n.span,
                      help="typeid of the class itself (typeid(Shape)) is translated")
    return typeid(a, e.type, n.span)


def compare(a, op: str, left: ir.Expr, right: ir.Expr, span) -> ir.Expr | None:
    """`typeid(x) == typeid(y)` / `!=`: a constant."""
    if left.type != TYPE_INFO or right.type != TYPE_INFO:
        return None
    if op not in ("==", "!=") or not all(isinstance(x, ir.StringConst) for x in (left, right)):
        a.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')", span)
        return ir.Const(span, ir.BOOL, False)
    return ir.Const(span, ir.BOOL, (left.value == right.value) == (op == "=="))


def _method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    if name in ("name", "raw_name") and not args and isinstance(obj, ir.StringConst):
        return ir.StringConst(n.span, ir.String(), obj.value)
    a.unsupported(f"'type_info::{name}' is", n.span, help="use name() or compare two typeid values")


AREA = Area("<typeinfo>", owns=lambda t: t == TYPE_INFO, method=_method)
