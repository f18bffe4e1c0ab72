"""The parse tree and the AST builders that turn it into `amppy.parse.ast` nodes.

`ToAst` holds one builder method per grammar rule (the rule groups live in
`build_decls`, `build_stmts` and `build_exprs`).  Two ways in:

* the fast path: `amppy.lalr.Driver` calls the builders (`ToAst.builders`)
  during parsing, children in, AST node out, no tree;
* Lark's path: Lark builds a tree of `Node`s (its tree-building callbacks
  wrapped by `positioned`, which gives each node its position), and
  `ToAst.transform` runs the same builders over it, bottom up.
"""
from __future__ import annotations

from lark import Tree

from .build_decls import DeclBuilders
from .build_functions import FunctionBuilders
from .build_exprs import ExprBuilders
from .build_stmts import StmtBuilders


class Node:
    """A parse-tree node: Lark's `Tree` without the `Meta` object.

    `pos` is the node's own (line, column, end_line, end_column) in the preprocessed text
    and `cpos` its "container" position (parentheses or other tokens around an inlined
    child included), both None for a node without tokens.  They follow exactly the rule of
    Lark's `propagate_positions=True`, computed by `positioned` below at a fraction of the
    cost (no Meta objects, no getattr-with-default chains)."""
    __slots__ = ("data", "children", "pos", "cpos")

    def __init__(self, data, children, meta=None):
        self.data = data
        self.children = children
        self.pos = self.cpos = None


def positioned(build):
    """Wrap one rule's tree-building callback (Lark's child filter and single-child
    expansion, which get *unfiltered* children) with position propagation: a node starts
    where its first child's container starts and ends where its last child's container
    ends; a child inlined by `?rule` keeps its own position and gets the container's."""
    def callback(children):
        res = build(children)
        if res.__class__ is not Node:
            return res
        start = end = None
        for c in children:
            if c.__class__ is Node:
                if c.cpos is not None:
                    start = c.cpos
                    break
            elif c is not None:
                start = (c.line, c.column)
                break
        else:
            return res
        for c in reversed(children):
            if c.__class__ is Node:
                if c.cpos is not None:
                    cp = c.cpos
                    end = (cp[2], cp[3])
                    break
            elif c is not None:
                end = (c.end_line, c.end_column)
                break
        cpos = res.cpos = (start[0], start[1], end[0], end[1])
        if res.pos is None:
            res.pos = cpos
        return res
    return callback


class ToAst(DeclBuilders, FunctionBuilders, StmtBuilders, ExprBuilders):
    """Tree -> AST.  Each rule's method gets (meta, children) with the children already
    converted, like a Lark Transformer under `v_args(meta=True)`, but driven by an
    iterative loop: no per-call wrapper objects (a fifth of the front end's time with
    Lark's Transformer) and no Python recursion however deep the tree."""

    def transform(self, tree):
        results: list = []
        stack: list = [(tree, False)]
        methods: dict = {}
        while stack:
            node, expanded = stack.pop()
            kids = node.children
            if not expanded:
                stack.append((node, True))
                stack.extend((c, False) for c in reversed(kids) if c.__class__ is Node)
                continue
            n = sum(1 for c in kids if c.__class__ is Node)
            if n:
                done = iter(results[len(results) - n:])
                del results[len(results) - n:]
                kids = [next(done) if c.__class__ is Node else c for c in kids]
            else:
                kids = list(kids)
            data = node.data
            if data == "binops" or data == "additive":     # needs the operands' positions
                results.append(self.binops(node.pos, kids, [
                    (c.line, c.column, c.end_line, c.end_column) if c.__class__ is not Node else c.cpos
                    for c in node.children]))
                continue
            f = methods.get(data)
            if f is None:
                f = methods[data] = getattr(self, data, None) or (
                    lambda pos, ch, data=data: Tree(data, ch))
            results.append(f(node.pos, kids))
        return results[0]

    def builders(self, names) -> dict:
        """The builder method of each rule callback name that has one (`amppy.lalr.Driver`)."""
        out = {}
        for name in set(names):
            f = getattr(self, "lambda_" if name == "lambda" else name, None)
            if f is not None:
                out[name] = f
        return out


# `lambda` is a Python keyword, so the rule's method needs another name.
setattr(ToAst, "lambda", ToAst.lambda_)
