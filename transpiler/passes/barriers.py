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

A condition is thread-dependent when it depends on the local or global index, directly or
through variables, tile_static memory or memory the kernel writes; a loop also is when a
thread can leave it early through a thread-dependent break/continue/return.
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import Note
from .uniformity import analyse

_CONTROL = (ir.If, ir.For, ir.While, ir.DoWhile, ir.Switch)
_HELP = ("move the barrier out of the branch or loop, or make the condition depend only on tile "
         "indices, captured values and constants")


def has_barrier(node) -> bool:
    return any(isinstance(n, ir.Barrier) for n in ir.walk(node))


def run(program: ir.Program, sink, opts) -> None:
    for k in program.kernels:
        if k.tile_dims is not None and has_barrier(k.body):
            _Checker(k, analyse(k), sink).block(k.body, [])


def _describe(stmt) -> str:
    return {ir.If: "this condition", ir.Switch: "this switch value"}.get(type(stmt), "this loop condition")


class _Checker:
    def __init__(self, kernel, u, sink):
        self.kernel = kernel
        self.u = u
        self.sink = sink
        self.returned = None            # (Return stmt, divergent enclosing stmt) once passed

    def block(self, b: ir.Block, enclosing: list) -> None:
        for s in b.body:
            self.stmt(s, enclosing)

    def stmt(self, s, enclosing: list) -> None:
        if isinstance(s, ir.Barrier):
            self.barrier(s, enclosing)
        elif isinstance(s, ir.Block):
            self.block(s, enclosing)
        elif isinstance(s, ir.Return):
            div = self.divergent(enclosing)
            if div is not None and self.returned is None:
                self.returned = (s, div)
        elif isinstance(s, _CONTROL):
            inner = enclosing + [s]
            if isinstance(s, ir.If):
                self.block(s.then, inner)
                if s.else_ is not None:
                    self.block(s.else_, inner)
            elif isinstance(s, ir.Switch):
                for _, body, _ in s.cases:
                    self.block(body, inner)
            else:
                if isinstance(s, ir.For):
                    for i in s.init:
                        self.stmt(i, enclosing)
                self.block(s.body, inner)

    def divergent(self, enclosing: list):
        """The outermost enclosing statement whose path differs between threads, or None."""
        for s in enclosing:
            if self.u.control_reason(s) is not None:
                return s
        return None

    def notes_for(self, stmt) -> list[Note]:
        span, text = self.u.control_reason(stmt)
        cond = getattr(stmt, "cond", None)
        if cond is None or self.u.is_uniform(cond):
            return [Note(text, span)]          # a loop left early by some threads, an earlier return
        if _within(span, cond.span):
            return [Note(f"{_describe(stmt)} {text}", cond.span)]
        return [Note(f"{_describe(stmt)} differs between threads of a tile", cond.span),
                Note(f"it {text}", span)]

    def barrier(self, b: ir.Barrier, enclosing: list) -> None:
        div = self.divergent(enclosing)
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


def _within(inner, outer) -> bool:
    return (inner.file == outer.file and (outer.line, outer.col) <= (inner.line, inner.col)
            and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col))
