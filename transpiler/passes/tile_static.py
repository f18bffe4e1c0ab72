"""tile_static declarations: C++ AMP forbids an initializer  [amp-tile-static-init].

Input: an `ir.Program`; sema keeps a written initializer in `ir.TileStatic.init`.
Output: the program unchanged, plus diagnostics:

    tile_static float total = 0;
    ->  error: tile_static variable 'total' cannot have an initializer [amp-tile-static-init]
        help: declare it without a value and assign it from one thread before a barrier

(tile_static outside a tiled kernel is `amp-tile-static-context`, reported by sema.)
"""
from __future__ import annotations

from .. import ir


def run(program: ir.Program, sink, opts) -> None:
    for k in program.kernels:
        for n in ir.walk(k.body):
            if isinstance(n, ir.TileStatic) and n.init is not None:
                sink.error("amp-tile-static-init",
                           f"tile_static variable '{n.sym.name}' cannot have an initializer", n.span,
                           help="declare it without a value and assign it from one thread before a barrier")
