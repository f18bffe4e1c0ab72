"""Walking the IR: `children`, `walk` and `Visitor` (re-exported by `amppy.ir`, used as `ir.walk`).

A node is an object whose class declares `children`, the names of its fields that hold nodes
(`Binary.children == ("left", "right")`); tests/test_ir.py checks every kind declares them.
So the traversal needs no list of kinds, and this module imports none of them.
"""
from __future__ import annotations


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
        elif hasattr(type(x), "children"):      # a node (not a case's fall-through flag)
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
    """pycparser's NodeVisitor for the IR: `visit(node)` calls `visit_<Kind>(node)` when the
    subclass defines it, else `generic_visit`, which visits the children.  A subclass that
    must handle every node kind sets `complete = True`; tests/test_ir.py then fails for a
    kind it has no method for, so adding a node kind fails in a test, not in users' hands."""

    complete = False

    def visit(self, node):
        m = getattr(self, "visit_" + type(node).__name__, None)
        return m(node) if m is not None else self.generic_visit(node)

    def generic_visit(self, node):
        for c in children(node):
            self.visit(c)
