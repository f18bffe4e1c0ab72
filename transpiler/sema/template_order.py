"""Which of several function templates a call means, before and after deduction: whether explicit
template arguments can be a template's (`kinds_fit`), and C++'s partial ordering of the templates
whose instances fit equally well (`more_specialised`)."""
from __future__ import annotations

from ..parse import ast as A
from .. import ir


class TemplateValue:
    """A value template parameter's name inside an instantiation: reads as its constant."""

    def __init__(self, value: int, type: ir.Type):
        self.value, self.type = value, type


def kinds_fit(a, d: A.TemplateDecl, args_ast) -> bool:
    """Whether explicit template arguments can be `d`'s: no constant where it takes a type, and no
    type where it takes a constant (a bare name is what it names: `_D0`, a value parameter of the
    template the call is in, is a constant)."""
    if len(args_ast) > len(d.params):
        return False
    for p, x in zip(d.params, args_ast):
        is_type = isinstance(x, (A.TypeName, A.PointerType, A.ReferenceType, A.ArrayType, A.FunctionType))
        is_value = not is_type and not isinstance(x, A.Name)
        if isinstance(x, (A.Name, A.TypeName)) and not x.namespace and getattr(x, "args", None) is None:
            named = a.scope.lookup(x.name)[0]
            if isinstance(named, TemplateValue) or isinstance(named, ir.Symbol) and named.kind == "const":
                is_type, is_value = False, True
        if p.kind == "value" and is_type or p.kind != "value" and is_value:
            return False
    return True


def more_specialised(d1: A.TemplateDecl, d2: A.TemplateDecl) -> bool:
    """C++'s partial ordering of function templates, where every parameter is a template type
    parameter (or a reference to one): `d1` is at least as specialised as `d2` when `d2`'s
    parameters deduce from `d1`'s (`f(It, It)` is more specialised than `f(B, E)`, not the reverse)."""
    p1, p2 = d1.decl.params, d2.decl.params
    if len(p1) != len(p2) or not p1:
        return False
    n1 = {p.name for p in d1.params if p.kind == "type"}
    n2 = {p.name for p in d2.params if p.kind == "type"}
    bound: dict = {}
    for q1, q2 in zip(p1, p2):
        b1, b2 = _bare_parameter(q1.type, n1), _bare_parameter(q2.type, n2)
        if b1 is None and b2 is None and _same_shape(q1.type, q2.type):
            continue                        # `extent<_rank>` in both
        if b1 is None or b2 is None or bound.setdefault(b2, b1) != b1:
            return False
    return True


def _same_shape(x, y) -> bool:
    """Two AST nodes written alike (their positions aside)."""
    if type(x) is not type(y):
        return False
    if isinstance(x, (list, tuple)):
        return len(x) == len(y) and all(_same_shape(u, v) for u, v in zip(x, y))
    if not hasattr(x, "__dataclass_fields__"):
        return x == y
    return all(_same_shape(getattr(x, f), getattr(y, f)) for f in x.__dataclass_fields__ if f != "span")


def _bare_parameter(t, names: set) -> str | None:
    """The template type parameter a function parameter's type is (`T`, `T&`, `const T&`), or None."""
    if isinstance(t, A.ReferenceType):
        t = t.base
    if isinstance(t, A.TypeName) and t.args is None and not t.namespace and t.name in names:
        return t.name
    return None
