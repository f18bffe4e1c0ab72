"""Const objects, as C++ compilers enforce them: a const variable, a const reference parameter
and `*this` in a const member function are read only.  Assigning to them or to one of their
fields (not a `mutable` one) is `[not-assignable]` (Visual C++'s C3490 / C2166), and calling a
member function not declared `const` on them is `[const-object]` (C2662): code that does either
is not valid C++, whatever it would compute.

Binding one to a non-const reference (a parameter, `T& r = ...`) is `[ref-binding]` (C2664).  A
local const reference (`const S& r = s;`, `for (const auto& r : v)`) is a name for its object
here (`sema/locals.py`): the objects it names are remembered as read only through it.
"""
from __future__ import annotations

from .. import ir
from ..ir.queries import value_owner, value_parts
from . import hierarchy as H

#: Visual Studio's C2071 for `mutable` anywhere but on a non-static data member
MUTABLE_MISPLACED = "'mutable' can only be applied to non-static data members"


def _const_this(a, sym: ir.Symbol) -> bool:
    """`sym` is the object of the const member function being analysed."""
    this = getattr(a.fn, "this", None) if a.fn is not None else None
    return sym is this and this.kind == "param" and a.fn.const_method


def has_mutable(a, t: ir.StructType) -> bool:
    """Class `t` or one of its bases has a `mutable` field (its const member functions may change it)."""
    return any(sd.mutable for sd in H.lineage(a, t))


def _mutable_field(a, e: ir.Expr, this: ir.Symbol) -> bool:
    """`e` is (part of) a `mutable` field of `*this`: of its class, of its first base (whose fields
    it holds) or of a further base (held in a field of its own)."""
    path = []                               # the fields from `this` outwards
    while isinstance(e, (ir.FieldRef, ir.ElementRef)):
        if isinstance(e, ir.FieldRef):
            path.append(e.field)
            if isinstance(e.base, ir.Var) and e.base.sym is this:
                break
        e = e.base
    t = this.type
    for attr in reversed(path):
        sd = a.structs.get(t.name)
        if sd is None:
            return False
        cxx = next((c for c, py in sd.cxx_fields.items() if py == attr), None)
        if cxx is not None:
            return any(cxx in b.mutable for b in H.lineage(a, t))
        base = next((b for b, held in sd.extra_bases.items() if held == attr), None)
        if base is None:
            return False
        t = ir.StructType(base, a.structs[base].py_name)
    return False


def through_alias(a, alias) -> ir.Expr:
    """A local reference's use (`r` of `T& r = s.parts[2];`): the object it names; through a const
    reference (`const T& r`, `for (const auto& r : v)`) that object is remembered as read only."""
    if alias.const_name is not None:
        # (the object is kept with its name: its id is not given to another object meanwhile)
        a.const_aliases[id(alias.expr)] = (alias.expr, alias.const_name)
    return alias.expr


def const_owner(a, e: ir.Expr) -> str | None:
    """How `e` is (part of) a const object, for the message: "variable 'x'", "*this"; None when
    it is not (a `mutable` field of `*this` is not const)."""
    aliases = a.const_aliases
    for x in value_parts(e) if aliases else ():
        if id(x) in aliases and aliases[id(x)][0] is x:
            return f"the reference '{aliases[id(x)][1]}'"
    owner = value_owner(e)    # `const S s; s.x = 1`, `const int a[2]; a[0] = 1`: parts of a const value
    if owner is None:
        return None
    sym = owner.sym
    if sym.readonly or sym.const_ref and not isinstance(sym.type, ir.Pointer):   # (`int*&& p` binds no const)
        return f"variable '{sym.name}'"
    if _const_this(a, sym) and not _mutable_field(a, e, sym):
        return "*this" if isinstance(e, ir.Var) else "a member of *this"
    return None


def check_assign(a, e: ir.Expr, span) -> None:
    """`e = ...`, `e += ...`, `++e`: `e` must not be (part of) a const object."""
    const = const_owner(a, e)
    if const in ("*this", "a member of *this"):
        a.error("not-assignable", f"cannot assign to non-static data member within const member function "
                f"'{a.fn.name}'", span, help="make the member function non-const, or the field 'mutable'")
    if const is not None:
        a.error("not-assignable", f"cannot assign to {const} with const-qualified type", span)


def check_call(a, sym: ir.Symbol, obj: ir.Expr, span) -> None:
    """`obj.f(...)` of a member function `f` not declared const: `obj` must not be a const object."""
    decl = a.member_decls.get(id(sym))
    if decl is None or getattr(decl, "const", True):
        return
    const = const_owner(a, obj)
    if const is not None:
        a.error("const-object", f"member function '{sym.name}' is not marked const: it cannot be called on "
                f"{const}, a const '{obj.type}'", span,
                help=f"declare '{sym.name}' const (if it changes nothing), or call it on an object that is not const")
