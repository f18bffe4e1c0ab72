"""Visual C++'s class properties: `__declspec(property(get = get_x, put = set_x)) int x;`.

A property is no field: reading `obj.x` (or `x` inside a member function) is the call
`obj.get_x()`, `obj.x = v` is `obj.set_x(v)`, `obj.x += v` is `obj.set_x(obj.get_x() + v)` and
`++obj.x` is `obj.x += 1`, as Visual C++ rewrites them.  The rewrite is made on the AST and
analysed as the calls would be, so overloads, conversions and restrictions are the accessors'
own.  A property without `get` is not readable, one without `put` not assignable (Visual C++'s
C3734 and C3735).  Derived classes inherit their bases' properties.
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir


class PropertyName:
    """A property's bare name inside a member function of its class: `x` is `this->x`."""

    def __init__(self, prop: A.Property):
        self.prop = prop


def declare(a, d: A.StructDef, sd: ir.StructDef) -> None:
    """The properties of class `d` (and those of its base) on `sd`."""
    if sd.base and sd.base in a.structs:
        sd.properties.update(a.structs[sd.base].properties)
    for p in d.properties:
        if not p.indexed:
            sd.properties[p.name] = p
            a.property_names.add(p.name)


def of(a, t: ir.Type, name: str) -> A.Property | None:
    """Property `name` of a value of type `t`, if it has one."""
    if isinstance(t, ir.Pointer):           # `p->x`
        t = t.elem
    if name not in a.property_names or not isinstance(t, ir.StructType) or t.name not in a.structs:
        return None
    return a.structs[t.name].properties.get(name)


def read(a, base: A.Expr, prop: A.Property, arrow: bool, span) -> ir.Expr:
    """`base.x` of property `x`: `base.get_x()`."""
    return a.expr(_getter(a, base, prop, arrow, span))


def _getter(a, base: A.Expr, prop: A.Property, arrow: bool, span) -> A.Call:
    if prop.get is None:
        a.error("no-member", f"property '{prop.name}' has no 'get' accessor: it cannot be read", span,
                help=f"name a member function with `get = ...` in the __declspec(property(...)) of '{prop.name}'")
    return A.Call(span, A.Member(span, base, prop.get, arrow, None), ())


def target(a, n: A.Expr) -> tuple[A.Expr, A.Property, bool] | None:
    """(object, property, arrow) when `n` (an assignment's target) names a property."""
    if isinstance(n, A.Name) and not n.namespace and n.name in a.property_names:
        sym, _ = a.scope.lookup(n.name)
        if isinstance(sym, PropertyName):
            return A.This(n.span), sym.prop, True
    if isinstance(n, A.Member) and n.name in a.property_names:
        if isinstance(n.base, A.This):
            t = a.fn.this.type if a.fn is not None and a.fn.this is not None else None
        else:
            t = a.expr(n.base).type
        prop = of(a, t, n.name) if t is not None else None
        if prop is not None:
            return n.base, prop, n.arrow
    return None


def assign(a, n: A.Assign, found: tuple[A.Expr, A.Property, bool]) -> ir.Expr:
    """`obj.x = v`: `obj.set_x(v)`; `obj.x op= v`: `obj.set_x(obj.get_x() op v)`."""
    base, prop, arrow = found
    if prop.put is None:
        a.error("not-assignable", f"property '{prop.name}' has no 'put' accessor: it cannot be assigned",
                n.target.span, help=f"name a member function with `put = ...` in the __declspec(property(...)) "
                                    f"of '{prop.name}'")
    value = n.value
    if n.op != "=":
        value = A.Binary(n.span, n.op[:-1], _getter(a, base, prop, arrow, n.target.span), value)
    return a.expr(A.Call(n.span, A.Member(n.target.span, base, prop.put, arrow, None), (value,)))
