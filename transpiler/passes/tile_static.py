"""tile_static declarations: C++ AMP forbids an initializer  [amp-tile-static-init].

Input: an `ir.Program`; sema keeps a written initializer in `ir.TileStatic.init` (in a kernel or in a
restrict(amp) function it calls).
Output: the program unchanged, plus diagnostics:

    tile_static float total = 0;
    ->  error: tile_static variable 'total' cannot have an initializer [amp-tile-static-init]
        help: declare it without a value and assign it from one thread before a barrier

(tile_static outside a tiled kernel is `amp-tile-static-context`, reported by sema for the kernel's
own body and here for a function an untiled kernel calls, as a barrier there is `amp-barrier-context`.)
"""
from __future__ import annotations

from .. import ir


def run(program: ir.Program, sink, opts) -> None:
    # kernels and the functions (member functions too), each declaration once
    bodies = [k.body for k in program.kernels] + [f.body for f in program.functions if f.body is not None]
    seen = set()
    for body in bodies:
        for n in ir.walk(body):
            if id(n) in seen:
                continue
            seen.add(id(n))
            if isinstance(n, ir.TileStatic) and n.init is not None:
                sink.error("amp-tile-static-init",
                           f"tile_static variable '{n.sym.name}' cannot have an initializer", n.span,
                           help="declare it without a value and assign it from one thread before a barrier")
    for k in program.kernels:
        if k.tile_dims is None:
            _untiled_callees(k, sink)


def _untiled_callees(k: ir.Kernel, sink) -> None:
    """A function an untiled kernel calls cannot declare tile_static data or wait on a barrier:
    there is no tile (both targets; the kernel's own body is sema's business)."""
    for f in k.functions:
        x = next((x for x in ir.walk(f.body) if isinstance(x, (ir.Barrier, ir.TileStatic))), None)
        if isinstance(x, ir.TileStatic):
            sink.error("amp-tile-static-context",
                       f"function '{f.sym.name}' declares the tile_static variable '{x.sym.name}' but is called "
                       "from a kernel that is not tiled", x.span,
                       help="call it from a parallel_for_each over a tiled extent (extent.tile<...>())")
        elif isinstance(x, ir.Barrier):
            sink.error("amp-barrier-context",
                       f"function '{f.sym.name}' waits on a tile barrier but is called from a kernel that is not "
                       "tiled", x.span, help="call it from a parallel_for_each over a tiled extent (extent.tile<...>())")

