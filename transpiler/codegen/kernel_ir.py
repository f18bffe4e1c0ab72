"""IR rewrites the kernel dialects (and the host, for index/extent values) share: a C array's
initialiser by element position, and an assignment of one component of an immutable index/extent
value as the whole value rebuilt."""
from __future__ import annotations

from .. import ir


def array_initializer(init) -> dict:
    """`{1, 2, {3}}` of a C array: element index tuple -> initialiser expression (the elements
    the braces name; the others are zero)."""
    items: dict = {}

    def collect(e, prefix):
        for i, item in enumerate(e.args):
            if isinstance(item, ir.Construct) and isinstance(item.type, ir.CArray):
                collect(item, prefix + (i,))
            else:
                items[prefix + (i,)] = item
    if isinstance(init, ir.Construct):
        collect(init, ())
    return items


def component_store(e: ir.Assign | ir.IncDec) -> ir.Assign:
    """`idx[d] = v`, `idx[d] += v`, `idx[d]++` on an index<N>/extent<N> local: in a kernel the
    local is a tuple (immutable), so the statement assigns the whole tuple, component d replaced;
    `idx[i] = v` with a run-time i replaces each component d where i == d."""
    t = e.target
    tt = t.type

    def value(cur: ir.Expr) -> ir.Expr:
        """The component's new value, `cur` its old one."""
        if isinstance(e, ir.IncDec):
            return ir.Binary(e.span, tt, "+" if e.op == "++" else "-", cur, ir.Const(e.span, tt, 1))
        if e.op == "=":
            return e.value
        ct = e.compute_type
        out = ir.Binary(e.span, ct, e.op, cur if ct == tt else ir.Convert(cur.span, ct, cur, False), e.value)
        return ir.Convert(e.span, tt, out, False) if ct != tt else out

    if isinstance(t, ir.IndexComponent):
        base = t.base
        comps = tuple(value(t) if d == t.dim else ir.IndexComponent(e.span, ir.INT, base, d)
                      for d in range(base.type.rank))
    else:
        choice = index_choice(t)
        base, i = choice[0][1].base, choice[0][0]
        comps = []
        for d in range(base.type.rank):
            old = ir.IndexComponent(e.span, ir.INT, base, d)
            chosen = ir.Binary(e.span, ir.BOOL, "==", i, ir.Const(e.span, ir.INT, d))
            comps.append(ir.Conditional(e.span, ir.INT, chosen, value(old), old))
        comps = tuple(comps)
    return ir.Assign(e.span, base.type, "=", base, ir.MakeIndex(e.span, base.type, comps), base.type)


def index_choice(t: ir.Expr) -> list | None:
    """`idx[i]` with a run-time i (sema/library.py: a conditional comparing i with each component's
    number): [(i, component)] per arm, or None for another expression."""
    arms = []
    while isinstance(t, ir.Conditional) and isinstance(t.then, ir.IndexComponent) and \
            isinstance(t.cond, ir.Binary) and t.cond.op == "==":
        arms.append((t.cond.left, t.then))
        t = t.else_
    if not arms or not isinstance(t, ir.IndexComponent) or t.base != arms[0][1].base:
        return None
    return arms + [(arms[0][0], t)]
