"""Pointers and references to functions, and pointers to member functions.

`int (*op)(int, int) = add;` on the host: a pointer to a function is the function itself, a
Python callable (as a `std::function` is), so `op(2, 3)`, `(*op)(2, 3)`, `op = &mul`, arrays
and typedefs of them and callback parameters (`void each(int (*f)(int))`) need nothing more.
Its type is an `ir.FunctionPointer`, a kind of `ir.Function`.

C++ AMP forbids them in two ways, both `[amp-restrict]`:

* restrict(amp) code has no function pointer, function reference or pointer to member function
  at all: a variable, parameter, cast or `.*` of one is Visual C++'s C3581 ("unsupported type
  in amp restricted code"), at the type;
* no code has a pointer or reference to a restrict(amp) function (C3939): a type
  `int (*)(int) restrict(amp)` (or `restrict(cpu, amp)`), or `&f` / `f` as a value of an
  amp-only function on the host.

Pointers to member functions (`int (C::*)(int)`, `(o.*pm)(x)`) are not supported yet on the
host.
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from .overloads import Overloads

_WHAT = {"*": "function pointer", "&": "function reference", "member": "pointer to member function"}
_AMP_HELP = "call the function directly: restrict(amp) code has no function pointers or references"
_C3939_HELP = "C++ AMP has no pointers or references to restrict(amp) functions; call the function directly"


def is_function_pointer_type(t) -> bool:
    """Whether AST type `t` is a pointer or reference to a function, or a pointer to a member."""
    return isinstance(t, A.MemberPointerType) or \
        isinstance(t, (A.PointerType, A.ReferenceType)) and isinstance(t.base, A.FunctionType)


def resolve(a, t) -> ir.FunctionPointer:
    """The type of AST `t` (`is_function_pointer_type`), or `[amp-restrict]` where C++ AMP
    forbids it."""
    kind = "member" if isinstance(t, A.MemberPointerType) else "*" if isinstance(t, A.PointerType) else "&"
    fn: A.FunctionType = t.base
    if a.fn is not None and a.in_amp():
        a.error("amp-restrict", f"a {_WHAT[kind]} cannot be used in restrict(amp) code", t.span, help=_AMP_HELP)
    restrict = fn.restrict or ("cpu",)
    if "amp" in restrict:
        a.error("amp-restrict", f"a {_WHAT[kind]} to a restrict({', '.join(restrict)}) function is not allowed",
                t.span, help=_C3939_HELP)
    ret = a.resolve_type(fn.ret)
    params = [a.resolve_type(p) for p in fn.params]
    if fn.variadic:
        a.unsupported(f"a {_WHAT[kind]} to a variadic function is", t.span)
    return ir.FunctionPointer(ret, tuple(params), kind=kind, restrict=restrict,
                              owner=t.owner if kind == "member" else "")


def contained(t: ir.Type) -> ir.FunctionPointer | None:
    """The function pointer type `t` is or holds (an array or pointer of them), if any."""
    while isinstance(t, (ir.CArray, ir.Pointer)):
        t = t.elem
    return t if isinstance(t, ir.FunctionPointer) else None


def held_by(a, t: ir.Type) -> bool:
    """Whether a value of type `t` holds a function pointer: it is one, or a class (or an array
    of one) with such a member, its bases' and member classes' included."""
    seen = set()
    todo = [t]
    while todo:
        t = todo.pop()
        while isinstance(t, ir.CArray):
            t = t.elem
        if isinstance(t, ir.FunctionPointer):
            return True
        if isinstance(t, ir.StructType) and t.name in a.structs and t.name not in seen:
            seen.add(t.name)
            todo += [ft for _, ft in a.structs[t.name].fields]
    return False


def check_amp(a, t: ir.Type, span) -> None:
    """`[amp-restrict]` for a variable or parameter of restrict(amp) code whose type (through a
    typedef, say) is or holds a function pointer."""
    fp = contained(t)
    if fp is not None and a.fn is not None and a.in_amp():
        a.error("amp-restrict", f"a {_WHAT[fp.kind]} ('{fp}') cannot be used in restrict(amp) code", span,
                help=_AMP_HELP)


def check_signature(a, d: A.FunctionDef, params: list) -> None:
    """A restrict(amp) function's parameters hold no function pointer (C3581)."""
    if "amp" not in (d.restrict or ()):
        return
    for p, t in zip(d.params, params):
        fp = contained(t)
        if fp is not None:
            a.error("amp-restrict", f"restrict(amp) function '{d.name}' cannot take a {_WHAT[fp.kind]} "
                    f"('{fp}')", p.span, help=_AMP_HELP)
        if held_by(a, t):
            a.error("amp-restrict", f"restrict(amp) function '{d.name}' cannot take a '{t}', which holds a "
                    "function pointer", p.span, help=_AMP_HELP)


def convert(a, e: ir.Expr, t: ir.Type, span, explicit: bool) -> ir.Expr | None:
    """`e` as function pointer type `t` (a function, another pointer of its type, a null
    pointer), or a function pointer as a `std::function`; None if neither."""
    src = e.type
    if not isinstance(t, ir.Function) or not isinstance(src, (ir.Function, ir.Pointer, ir.Scalar)):
        return None
    if not isinstance(src, ir.Function):    # NULL, nullptr, 0
        if isinstance(t, ir.FunctionPointer) and isinstance(e, ir.Const) and e.value in (None, 0) and \
                not isinstance(e.value, bool) and not (isinstance(src, ir.Scalar) and src.is_float):
            return ir.Const(e.span, t, None)
        return None
    if not isinstance(t, ir.FunctionPointer) and not isinstance(src, ir.FunctionPointer):
        return None
    if (src.ret, src.params) != (t.ret, t.params):
        if explicit:
            a.unsupported(f"reinterpreting '{src}' as '{t}' is", span)
        return None
    if isinstance(t, ir.FunctionPointer) and t.kind == "member" or \
            isinstance(src, ir.FunctionPointer) and src.kind == "member":
        a.unsupported("pointers to member functions are", span)
    if isinstance(e, ir.Var) and e.sym.kind == "function":
        if isinstance(t, ir.FunctionPointer) and not set(t.restrict) <= set(e.sym.restrict_):
            a.error("amp-restrict", f"cannot convert the restrict({', '.join(e.sym.restrict_)}) function "
                    f"'{e.sym.name}' to '{t}'", span, help="a function pointer's restriction must be one the "
                    "function has")     # (Visual Studio's C2440)
        check_function_value(a, e.sym, span)
    return e


def check_function_value(a, sym: ir.Symbol, span) -> None:
    """Function `sym` used as a value (`&f`, `op = f`): not a restrict(amp)-only function on
    the host (C3939); not one whose reference parameters the call gives back (refs.py)."""
    if "cpu" not in sym.restrict_ and not (a.fn is not None and a.in_amp()):
        a.error("amp-restrict", f"a pointer to the restrict(amp) function '{sym.name}' is not allowed", span,
                help=_C3939_HELP)
    if sym.member:
        a.unsupported("pointers to member functions are", span)
    written = [t for t, m in zip(sym.type.params, sym.mutable_refs)
               if m and isinstance(t, (ir.Scalar, ir.StdString, ir.Pointer))]
    if written:
        a.unsupported(f"a pointer to the function '{sym.name}', which changes a reference parameter of type "
                      f"'{written[0]}', is", span)


def chosen(a, node, t: ir.Type) -> ir.Expr | None:
    """`f` or `&f` of an overloaded `f` as a value of function pointer type `t`: the overload
    of `t`'s parameters and restriction (None if `node` is not that)."""
    name = node.operand if isinstance(node, A.Unary) and node.op == "&" else node
    if not isinstance(t, ir.FunctionPointer) or not isinstance(name, A.Name) or name.namespace:
        return None
    group, _ = a.scope.lookup(name.name)
    if not isinstance(group, Overloads):
        return None
    found = [s for s in group.syms if s.kind == "function" and s.type.params == t.params
             and set(t.restrict) <= set(s.restrict_)]
    if len(found) != 1:
        return None
    check_function_value(a, found[0], node.span)
    return ir.Var(node.span, found[0].type, found[0])


def uninitialised(a, t: ir.Type, v: A.VarDecl) -> bool:
    """A function pointer without an initializer (a local's value is unspecified: None here);
    a function reference needs one."""
    if isinstance(t, ir.FunctionPointer) and t.kind == "&":
        a.error("ref-binding", f"declaration of reference variable '{v.name}' requires an initializer", v.span)
    return isinstance(t, ir.FunctionPointer)


def address_of(a, n: A.Unary) -> ir.Expr | None:
    """`&f`: the function itself (None if `n`'s operand is not a function's name)."""
    name = n.operand
    if not isinstance(name, A.Name):
        return None
    if name.namespace and name.namespace[-1] in a.structs:      # `&C::f`
        sd = a.structs[name.namespace[-1]]
        if name.name in getattr(sd, "methods", {}) or name.name not in dict(sd.fields):
            if a.fn is not None and a.in_amp():
                a.error("amp-restrict", "a pointer to member function cannot be used in restrict(amp) code",
                        n.span, help=_AMP_HELP)
            a.unsupported("pointers to member functions are", n.span)
    sym, _ = a.scope.lookup(name.name)
    if isinstance(sym, Overloads):
        sym = overload_value(a, sym, n.span)
    if not (isinstance(sym, ir.Symbol) and sym.kind == "function"):
        return None
    check_function_value(a, sym, n.span)
    return ir.Var(n.span, sym.type, sym)


def overload_value(a, group: Overloads, span) -> ir.Symbol | None:
    """The one function of an overload set that this context can call (`&f` on the host of
    `f() restrict(amp)` and `f() restrict(cpu)`: the CPU's), or None."""
    amp = a.fn is not None and a.in_amp()
    found = [s for s in group.syms if s.kind == "function" and ("amp" if amp else "cpu") in s.restrict_]
    return found[0] if len(found) == 1 else None


def compare(op: str, left: ir.Expr, right: ir.Expr, span) -> ir.Expr | None:
    """`op == f`, `op != NULL`: whether two function pointers name one function (Python's
    `==` of two functions, or of a function and None)."""
    if op not in ("==", "!=") or not any(isinstance(x.type, ir.FunctionPointer) for x in (left, right)):
        return None
    sides = []
    for x in (left, right):
        if isinstance(x, ir.Const) and x.value in (None, 0):
            x = ir.Const(x.span, ir.Pointer(ir.Void()), None)
        elif not isinstance(x.type, ir.Function):
            return None
        sides.append(x)
    return ir.Binary(span, ir.BOOL, op, sides[0], sides[1])


def member_access(a, n: A.Binary) -> ir.Expr:
    """`o.*pm`, `p->*pm`: a member through a pointer to member."""
    if a.fn is not None and a.in_amp():
        a.error("amp-restrict", "a pointer to member cannot be used in restrict(amp) code", n.span, help=_AMP_HELP)
    a.unsupported(f"the '{n.op}' operator (pointers to members) is", n.span)
