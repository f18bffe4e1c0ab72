"""Class hierarchy over the program's classes (`a.structs`): which class derives from which, how
a derived object reaches a base part (`upcast`), and the further bases of multiple inheritance.
A leaf of sema: overload ranking, conversions and smart pointers ask it."""
from __future__ import annotations

from dataclasses import replace

from ..parse import ast as A
from .. import ir


def derives(a, t: ir.Type, base: ir.Type) -> bool:
    """`t` is a class derived (directly or not) from class `base`."""
    if not (isinstance(t, ir.StructType) and isinstance(base, ir.StructType)):
        return False
    return base_path(a, t.name, base.name) is not None


def base_path(a, name: str, base: str) -> list | None:
    """How class `name` reaches its base class `base`: one step per class on the way, None
    for the first base (whose fields come first in the object) or the field that holds a
    further base (multiple inheritance: `struct D : A, B` holds its B part as a member); None
    when `base` is not a base of `name`."""
    sd = a.structs.get(name)
    if sd is None:
        return None
    for b, via in ([(sd.base, None)] if sd.base else []) + list(sd.extra_bases.items()):
        if b == base:
            return [via]
        deeper = base_path(a, b, base)
        if deeper is not None:
            return [via] + deeper
    return None


def lineage(a, t: ir.Type) -> list:
    """Class `t`'s StructDef and those of all its bases (first bases and further ones), `t` first."""
    sd = a.structs.get(t.name) if isinstance(t, ir.StructType) else None
    if sd is None:
        return []
    out = [sd]
    for b in ([sd.base] if sd.base else []) + list(sd.extra_bases):
        out += lineage(a, ir.StructType(b, a.structs[b].py_name)) if b in a.structs else []
    return out


def further_base(a, d: A.StructDef, name, sd: ir.StructDef) -> None:
    """The second and later bases of multiple inheritance: a field of the base class's type
    holds that part, and the base's fields and member functions are reached through it (as an
    anonymous member's are), on the host and in kernels; converting to the base is that field."""
    t = a.resolve_type(name) if isinstance(name, A.TypeName) else a.resolve_type(A.TypeName(d.span, name, (), None,
                                                                                            False, False, None))
    if not isinstance(t, ir.StructType) or t.name not in a.structs:
        a.unsupported(f"'{t}' as a second base class is", d.span)
    if t.name == sd.base or t.name in sd.extra_bases:
        a.error("redefinition", f"base class '{t.name}' specified more than once", d.span)
    py = "base_" + a.structs[t.name].py_name
    sd.fields.append((py, t))
    sd.hidden += (py,)
    sd.extra_bases[t.name] = py
    base = a.structs[t.name]
    for k, v in base.member_types.items():
        sd.member_types.setdefault(k, v)
    for cname, c in base.constants.items():
        sd.constants.setdefault(cname, c)
        a.scope.define(cname, c)


def downcast(a, e: ir.Expr, t: ir.StructType, span) -> ir.Expr:
    """`static_cast<Derived&>(base)`: on the host the object already is the derived one, so the
    same lvalue is seen with the derived class's type; a kernel holds only the base's fields."""
    if a.fn is not None and a.in_amp():
        a.unsupported(f"a cast from '{e.type}' down to '{t}' in restrict(amp) code is", span)
    return replace(e, type=t)


def upcast(a, e: ir.Expr, t: ir.StructType) -> ir.Expr:
    """`e` (of a class derived from `t`) as its `t` part: the host uses the object itself, the
    kernels its first fields (the base's, which come first); a further base of multiple
    inheritance is the field that holds it."""
    if e.type == t:
        return e
    cls, first = e.type.name, None          # `first`: the class a run of first-base steps reached
    for via in base_path(a, e.type.name, t.name) or [None]:
        if via is None:
            cls = first = a.structs[cls].base
            continue
        if first is not None:               # (a run of first bases: the object's first fields)
            e, first = ir.Convert(e.span, _class_type(a.structs[first]), e, False), None
        held = dict(a.structs[cls].fields)[via]
        e, cls = ir.FieldRef(e.span, held, e, via, False), held.name
    return e if e.type == t else ir.Convert(e.span, t, e, False)


def _class_type(sd: ir.StructDef) -> ir.StructType:
    return ir.StructType(sd.name, sd.py_name)
