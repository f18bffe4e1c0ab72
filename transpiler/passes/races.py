"""Static race check for tile_static memory  [amp-tile-static-race] (a warning).

Input: an `ir.Program`.  Output: the program unchanged, plus a warning for each store that
every thread of a tile makes to the same tile_static location at the same time:

    tile_static float total;
    total += matrix[t_idx];           warning: data race: every thread of the tile updates
                                      tile_static variable 'total' at once
    leader = av[t_idx];               warning: data race: every thread of the tile writes a
                                      different value to tile_static variable 'leader'

A store is reported when (1) its address is tile-uniform (a tile_static scalar or struct,
or an element whose indices do not depend on the local/global index), (2) no
thread-dependent condition guards it (`if (t_idx.local[0] == 0)` makes it a one-thread
store, which barriers then order), and (3) it is a read-modify-write (`+=`, `++`) or
stores a thread-dependent value.  All threads storing one tile-uniform value is left
alone (every order gives the same result).  `-Werror` makes the warning an error.
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import Note
from .uniformity import ControlFlowVisitor, analyse


def run(program: ir.Program, sink, opts) -> None:
    for k in program.kernels:
        if k.tile_dims is None:
            continue
        decls = {n.sym: n for n in ir.walk(k.body) if isinstance(n, ir.TileStatic)}
        if not decls:
            continue
        found = []
        _Checker(analyse(k), decls, found).visit(k.body)
        for span, msg, notes, help in sorted(found, key=lambda x: (x[0].line, x[0].col)):
            sink.warning("amp-tile-static-race", msg, span, notes=notes, help=help)


class _Checker(ControlFlowVisitor):
    def __init__(self, u, decls, found):
        super().__init__(u)
        self.decls = decls
        self.found = found
        self.after_return = False

    def guarded(self) -> bool:
        return self.after_return or self.divergent() is not None

    def visit_Return(self, s: ir.Return) -> None:
        if self.guarded():
            self.after_return = True            # only some threads go on: not checked further

    def expr(self, e: ir.Expr) -> None:
        if self.guarded():
            return
        for n in ir.walk(e):
            if isinstance(n, (ir.Assign, ir.IncDec)):
                self.store(n)

    def store(self, n) -> None:
        sym = ir.root_symbol(n.target)
        if sym not in self.decls or not _uniform_address(self.u, n.target):
            return
        rmw = isinstance(n, ir.IncDec) or n.op != "="
        if not rmw and self.u.is_uniform(n.value):
            return
        what = f"tile_static variable '{sym.name}'"
        if isinstance(n.target, (ir.ElementRef, ir.FieldRef)):
            what = f"the same element of tile_static '{sym.name}'"
        if rmw:
            msg = f"data race: every thread of the tile updates {what} at once"
            help = ("let one thread update it (if (t_idx.local[0] == 0) ...) with barriers around, or "
                    "give each thread its own element (indexed by t_idx.local) and combine them after a barrier")
        else:
            msg = f"data race: every thread of the tile writes a different value to {what}"
            help = ("let one thread write it (if (t_idx.local[0] == 0) ...) and read it after "
                    "t_idx.barrier.wait(), or give each thread its own element (indexed by t_idx.local)")
        notes = [Note(f"'{sym.name}' is shared by all threads of a tile", self.decls[sym].span)]
        self.found.append((n.span, msg, notes, help))


def _uniform_address(u, target) -> bool:
    """The store goes to the same address in every thread of the tile."""
    e = target
    while isinstance(e, (ir.ElementRef, ir.FieldRef, ir.IndexComponent)):
        if isinstance(e, ir.ElementRef) and not all(u.is_uniform(i) for i in e.indices):
            return False
        e = e.base
    return isinstance(e, ir.Var)
