"""Tile shapes and tile_static memory  [amp-tile-shape].

Input: an `ir.Program`.  Output: the program unchanged, plus diagnostics for every
`e.tile<D0, ...>()` (a `LibCall "tile"` of type `TiledExtent`), every `tiled_index<...>`
parameter, and every tiled kernel's tile_static memory:

    av.extent.tile<4, 0>()        error: tile dimension 1 is 0, but every tile dimension must be at least 1
    parallel_for_each(e.tile<32, 64>(), ...)
                                  error: a tile of 32 x 64 has 2048 threads, more than the limit of 1024
    av.extent.tile<1, 2, 2, 2>()  error: a tile has rank 1, 2 or 3, not 4
    v.extent.tile<4, 4>()         error: a 2-dimensional tile of an extent of rank 1 (v: rank 1)
    tile_static float a[96][96];  error: tile_static memory of 36864 bytes per tile exceeds the
                                         limit of 32768 bytes (32 KiB)

A tile size that is not a compile-time constant is reported by sema (same code).  The limits
and `shape_problems` are `cxx/amp_rules.py`'s (sema asks it of a tiled_index parameter too).
"""
from __future__ import annotations

from .. import ir
from ..cxx.amp_rules import TILE_STATIC_LIMIT, shape_problems
from ..ir import layout
from ..diagnostics import Note


def run(program: ir.Program, sink, opts) -> None:
    found = []
    for f in program.functions:
        for p in f.params:
            if isinstance(p.type, ir.TiledIndex):
                found += [(p.span, m, h) for m, h in shape_problems(p.type.dims, launched=False)]
        tiled = set()
        pfes = []
        for n in ir.walk(f.body):
            if isinstance(n, ir.LibCall) and n.name == "tile" and isinstance(n.type, ir.TiledExtent):
                dims = n.type.dims
                problems = shape_problems(dims, launched=False)
                if problems:
                    tiled.add(dims)             # (reported here; not again at its launch)
                found += [(n.span, m, h) for m, h in problems]
                base = n.obj.type if n.obj is not None else None
                if not problems and isinstance(base, ir.Extent) and base.rank != len(dims):
                    found.append((n.span, f"a {len(dims)}-dimensional tile of an extent of rank {base.rank}",
                                  f"give tile<...> exactly {base.rank} size(s)"))
            elif isinstance(n, ir.ParallelForEach) and isinstance(n.domain.type, ir.TiledExtent):
                pfes.append(n)
        for n in pfes:              # the thread limit, where a kernel is launched on the tiles
            if n.domain.type.dims not in tiled:
                found += [(n.domain.span, m, h) for m, h in shape_problems(n.domain.type.dims)]
    for span, m, h in sorted(found, key=lambda x: (x[0].line, x[0].col)):
        sink.error("amp-tile-shape", m, span, help=h)
    for k in program.kernels:
        if k.tile_dims is not None:
            _tile_static_memory(k, program, sink)


def _tile_static_memory(k: ir.Kernel, program: ir.Program, sink) -> None:
    decls = sorted((n for n in ir.walk(k.body) if isinstance(n, ir.TileStatic)),
                   key=lambda n: (n.span.line, n.span.col))
    total = 0
    notes = []
    for d in decls:
        size = sizeof(d.sym.type, program)
        total += size
        notes.append(Note(f"'{d.sym.name}' takes {size} bytes", d.span))
        if total > TILE_STATIC_LIMIT:
            sink.error("amp-tile-shape",
                       f"tile_static memory of {sum(sizeof(x.sym.type, program) for x in decls)} bytes per tile "
                       f"exceeds the limit of {TILE_STATIC_LIMIT} bytes (32 KiB)", d.span,
                       notes=[n for n in notes if n.span is not d.span],
                       help="use smaller tiles or smaller tile_static arrays (C++ AMP allows 32 KiB per tile)")
            return


def sizeof(t: ir.Type, program: ir.Program) -> int:
    """Bytes of tile_static memory a variable of type `t` takes (8 for a type without a C layout)."""
    return layout.sizeof(t, lambda st: _fields(st, program), opaque=(8, 8),
                         unions={s.name for s in program.structs if s.union})


def _fields(t: ir.StructType, program: ir.Program) -> list:
    fields = next((s.fields for s in program.structs if s.name == t.name), None)
    if fields is None:
        from ..cxx.win32 import STRUCTS as LIBRARY_STRUCTS
        fields = LIBRARY_STRUCTS.get(t.name, [])
    return fields
