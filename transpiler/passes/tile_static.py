"""tile_static declarations: C++ AMP forbids an initializer  [amp-tile-static-init].

Input: an `ir.Program`; sema keeps a written initializer in `ir.TileStatic.init`.
Output: the program unchanged, plus diagnostics:

    tile_static float total = 0;
    ->  error: tile_static variable 'total' cannot have an initializer [amp-tile-static-init]
        help: declare it without a value and assign it from one thread before a barrier

(tile_static outside a tiled kernel is `amp-tile-static-context`, reported by sema.)
"""
from __future__ import annotations

from dataclasses import fields

from .. import ir

_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def walk(node):
    """`ir.walk` (every IR node below `node`, kernels of launches included), with the
    dataclass field names cached per node class: the validation passes walk every body."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        cls = type(n)
        names = _CHILD_FIELDS.get(cls)
        if names is None:
            names = _CHILD_FIELDS[cls] = ("body",) if cls is ir.Kernel else tuple(
                f.name for f in fields(cls) if f.name not in ("span", "type", "sym", "func"))
        for name in names:
            v = getattr(n, name)
            if isinstance(v, (ir.Expr, ir.Stmt, ir.Kernel)):
                stack.append(v)
            elif isinstance(v, tuple):
                for x in v:
                    if isinstance(x, (ir.Expr, ir.Stmt)):
                        stack.append(x)
                    elif isinstance(x, tuple):
                        stack.extend(y for y in x if isinstance(y, (ir.Expr, ir.Stmt)))


def run(program: ir.Program, sink, opts) -> None:
    for k in program.kernels:
        for n in walk(k.body):
            if isinstance(n, ir.TileStatic) and n.init is not None:
                sink.error("amp-tile-static-init",
                           f"tile_static variable '{n.sym.name}' cannot have an initializer", n.span,
                           help="declare it without a value and assign it from one thread before a barrier")
