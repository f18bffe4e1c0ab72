"""Barriers under thread-dependent control flow  [amp-barrier-divergent].

Input: an `ir.Program`.  Output: the program unchanged, plus an error for every barrier
that some threads of a tile may not reach, using the tile-uniformity facts of
`passes/uniformity.py`:

    if (t_idx.local[0] == 0) {            note: this condition differs between threads of a tile
        t_idx.barrier.wait();             error: barrier under thread-dependent control flow
    }
    int g = t_idx.global[0];              note: depends on the thread's global index
    if (g > 3) t_idx.barrier.wait();      error: (the same, through the variable g)
    for (int i = 0; i < t_idx.local[0]; i++) t_idx.barrier.wait();     error: (the loop bound)
    if (t_idx.local[0] % 2) return;       note: some threads return early here
    t_idx.barrier.wait();                 error: barrier after a thread-dependent early return

and, with the code [amp-tile-static-context], every tile_static declaration under such control flow
(Visual C++'s C3561 for both).  A function the kernel calls that waits on the barrier or declares
tile_static data is checked where it is called (`passes/tile_functions.py` puts it in, as the
CPU target does).

A condition is thread-dependent when it depends on the local or global index, directly or
through variables, tile_static memory or memory the kernel writes; a loop also is when a
thread can leave it early through a thread-dependent break/continue/return.
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import KernelCodegenError, Note
from .tile_functions import inline
from .uniformity import ControlFlowVisitor, analyse

_HELP = ("move the barrier out of the branch or loop, or make the condition depend only on tile "
         "indices, captured values and constants")


def run(program: ir.Program, sink, opts) -> None:
    for k in program.kernels:
        if k.tile_dims is None:
            continue
        k = _with_callees(k)
        if any(isinstance(n, (ir.Barrier, ir.TileStatic)) for n in ir.walk(k.body)):
            _Checker(analyse(k), sink).visit(k.body)


def _with_callees(k: ir.Kernel) -> ir.Kernel:
    """The kernel with the functions that wait on its barrier put in at their calls, so that a
    barrier inside `g(t)` is checked under the control flow around the call and inside `g`."""
    try:
        return inline(k)
    except KernelCodegenError:          # a call form the CPU target cannot inline: its own report
        return k


def _describe(stmt) -> str:
    return {ir.If: "this condition", ir.Switch: "this switch value"}.get(type(stmt), "this loop condition")


class _Checker(ControlFlowVisitor):
    def __init__(self, u, sink):
        super().__init__(u)
        self.sink = sink
        self.returned = None            # (Return stmt, divergent enclosing stmt) once passed

    def visit_Return(self, s: ir.Return) -> None:
        div = self.divergent()
        if div is not None and self.returned is None:
            self.returned = (s, div)

    def visit_TileStatic(self, d: ir.TileStatic) -> None:
        div = self.divergent()
        if div is not None:
            self.sink.error("amp-tile-static-context",
                            f"tile_static variable '{d.sym.name}' declared under thread-dependent control flow: "
                            "it is one variable for the whole tile", d.span, notes=self.notes_for(div),
                            help="declare it where every thread of the tile reaches, before the branch or loop")

    def visit_Barrier(self, b: ir.Barrier) -> None:
        div = self.divergent()
        if div is not None:
            self.sink.error("amp-barrier-divergent",
                            "barrier under thread-dependent control flow: not every thread of the tile "
                            "reaches it", b.span, notes=self.notes_for(div), help=_HELP)
        elif self.returned is not None:
            ret, guard = self.returned
            self.sink.error("amp-barrier-divergent",
                            "barrier after a thread-dependent early return: threads that returned "
                            "never reach it", b.span,
                            notes=[Note("some threads return early here", ret.span)] + self.notes_for(guard),
                            help="let every thread reach the barrier: put the rest of the kernel in an "
                                 "'if' instead of returning early")

    def notes_for(self, stmt) -> list[Note]:
        span, text = self.u.control_reason(stmt)
        cond = stmt.cond                # stmt: an If, a Switch or a loop
        if cond is None or self.u.is_uniform(cond):
            return [Note(text, span)]          # a loop left early by some threads, an earlier return
        if _within(span, cond.span):
            return [Note(f"{_describe(stmt)} {text}", cond.span)]
        return [Note(f"{_describe(stmt)} differs between threads of a tile", cond.span),
                Note(f"it {text}", span)]


def _within(inner, outer) -> bool:
    return (inner.file == outer.file and (outer.line, outer.col) <= (inner.line, inner.col)
            and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col))
