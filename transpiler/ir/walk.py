"""Walking the IR: `children`, `walk`, `Visitor` and `Transformer` (re-exported by `amppy.ir`,
used as `ir.walk`, `ir.Visitor`, ...).

A node is an object whose class declares `children`, the names of its fields that hold nodes
(`Binary.children == ("left", "right")`); tests/test_ir.py checks every kind declares them.
So the traversal needs no list of kinds, and this module imports none of them.

- `walk(node)`: every node below, for questions about a subtree (`any(isinstance(n, ir.Barrier)
  for n in ir.walk(body))`);
- `Visitor`: read-only, one method per kind that matters (`visit_Return`), the rest through
  `generic_visit` (the children, in field order);
- `Transformer`: the same dispatch, each method returning the node to put in the place of the
  one visited; `generic_visit` rebuilds a node only when one of its children changed.
"""
from __future__ import annotations

import dataclasses


def _is_node(x) -> bool:
    return hasattr(type(x), "children")         # (not a case's fall-through flag, a Type, a Symbol)


def children(node):
    """The IR nodes directly below `node`, in field order: its declared `children` fields,
    through tuples (a `Switch`'s cases, `For.init`) and skipping absent (None) ones."""
    for name in type(node).children:
        v = getattr(node, name)
        if isinstance(v, tuple):
            yield from _nodes_in(v)
        elif v is not None:
            yield v


def _nodes_in(values):
    for x in values:
        if isinstance(x, tuple):
            yield from _nodes_in(x)
        elif _is_node(x):
            yield x


def walk(node):
    """Yield `node` and every IR node below it (statements, expressions, the kernels of
    launches), depth first; the one traversal every pass and backend uses."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(children(n))


class Visitor:
    """pycparser's NodeVisitor for the IR: `visit(node, *args)` calls `visit_<Kind>(node, *args)`
    when the subclass defines it, else `generic_visit(node, *args)`, which visits the children
    (with the same extra arguments: a context such as the enclosing condition).

    A subclass that must decide for every node kind what it does sets `complete = True` (every
    kind) or `complete = ir.Stmt` / `ir.Expr` (every statement / expression kind: it never meets
    the others); tests/test_ir.py then fails for a kind it has no `visit_` method for, so adding
    a node kind fails in a test, not in users' hands.  (`visit_X = generic_visit` is a decision
    too: it says the children are all there is to X.)"""

    complete: bool | type | tuple = False

    def visit(self, node, *args):
        m = getattr(self, "visit_" + type(node).__name__, None)
        return m(node, *args) if m is not None else self.generic_visit(node, *args)

    def generic_visit(self, node, *args):
        for c in children(node):
            self.visit(c, *args)


class Transformer(Visitor):
    """A Visitor that rewrites: `visit(node)` returns what takes `node`'s place, and
    `generic_visit(node)` returns `node` with each child replaced by what visiting it returned:
    `node` itself when nothing changed (so an unchanged subtree is shared, not copied), else a
    `dataclasses.replace` copy.  IR nodes are frozen dataclasses; nothing is changed in place.

    Inside a tuple field (`Block.body`, `For.init`, call arguments) a method may return a list:
    its items take the node's place (`[]` removes it, `[decl, stmt]` puts a declaration before
    the statement).  `generic_visit(node, fields)` visits only the named fields (the operand of
    `?:` that always runs, say), leaving the others as they are."""

    def generic_visit(self, node, *args, fields=None):
        changes = {}
        for name in (type(node).children if fields is None else fields):
            v = getattr(node, name)
            nv = self._value(v, args)
            if nv is not v:
                changes[name] = nv
        return dataclasses.replace(node, **changes) if changes else node

    def _value(self, v, args):
        if isinstance(v, tuple):
            items = []
            for x in v:
                nx = self._value(x, args)
                if isinstance(nx, list):
                    items.extend(nx)
                else:
                    items.append(nx)
            same = len(items) == len(v) and all(a is b for a, b in zip(items, v))
            return v if same else tuple(items)
        if _is_node(v):
            return self.visit(v, *args)
        return v                                # None, a fall-through flag, a handler's Type
