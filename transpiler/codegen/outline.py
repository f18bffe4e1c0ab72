"""Long statement lists in kernels become calls of part functions (both kernel targets).

Numba compiles one function in time that grows faster than its length: numba-cuda's SSA pass is
quadratic in the number of assignments to one variable (1,000 chained statements take 14 s to
reach PTX, 5,000 do not finish in ten minutes), and the CPU's parfor passes are quadratic in the
length of a `prange` body.  So a statement list of more than `PART_STATEMENTS` statements
(counted through nested blocks) is emitted as runs of at most that many statements, each run a
separately compiled function (the target's `part_decorator`) that takes the names it reads and
returns the variables it assigns that code after it may read:

    # long.cpp:9: int x = i[0]; int y = 0;
    x, y = main_kernel_part(g0)
    x, y = main_kernel_part2(x, y)
    ...

A loop met `NEST_LIMIT` loops deep is a part on its own, so no nesting depth C++ accepts makes
Python that CPython refuses.

What stays inline (so a part never has to say how it was left): a statement that can leave the
list (`return`, or a `break`/`continue` of an enclosing loop), a declaration of a C array that
later statements use (a function cannot hand back a `cuda.local.array`), and a statement bigger
than a part on its own -- emitting it inline splits its own nested lists the same way.  The
names a part reads are the emitter's `use` records of its body (thread indices, captures and
locals alike), minus what the part declares itself; module-level functions are not parameters.
"""
from __future__ import annotations

from collections import Counter

from .. import ir
from ..ir import has_jump

#: the most statements one compiled function gets from a long list (below: emitted as written)
PART_STATEMENTS = 64
#: a run of fewer statements than this between two inline ones stays inline too
PART_MIN = 8
#: a loop statement met this many loops deep becomes a part of its own: CPython refuses a
#: function with more than 20 nested loop blocks ("too many statically nested blocks"), and the
#: CPU backend's own thread and tile loops take up to 7 of them
NEST_LIMIT = 10


def has_loop(s: ir.Stmt) -> bool:
    return any(isinstance(x, (ir.For, ir.While, ir.DoWhile)) for x in ir.walk(s))


def size(s: ir.Stmt) -> int:
    """Statements in `s`, counting those nested in its blocks."""
    return sum(1 for x in ir.walk(s) if isinstance(x, ir.Stmt) and not isinstance(x, ir.Block))


def _references(s: ir.Stmt) -> Counter:
    return Counter(x.sym for x in ir.walk(s) if isinstance(x, ir.Var))


class Later:
    """Is a symbol read after the current statement?  One counter for the whole list, so the
    question costs a lookup, not a walk of the rest of the list."""

    def __init__(self, stmts, live_after):
        self.counts = Counter()
        self.per_stmt = [_references(s) for s in stmts]
        for c in self.per_stmt:
            self.counts.update(c)
        self.live_after = live_after

    def passed(self, i: int) -> None:
        self.counts.subtract(self.per_stmt[i])

    def __contains__(self, sym) -> bool:
        return self.counts[sym] > 0 or sym in self.live_after


def movable(s: ir.Stmt, later) -> bool:
    if has_jump(s, ir.Break) or has_jump(s, ir.Continue):
        return False
    if any(isinstance(x, ir.Return) for x in ir.walk(s)):
        return False
    if isinstance(s, ir.VarDecl) and isinstance(s.sym.type, ir.CArray) and s.sym in later:
        return False
    return True


def whole_variables(run) -> tuple[set, set]:
    """(symbols declared anywhere in `run`, symbols `run` assigns as whole variables)."""
    declared, assigned = set(), set()
    for s in run:
        for x in ir.walk(s):
            if isinstance(x, ir.VarDecl):
                declared.add(x.sym)
                assigned.add(x.sym)
            elif isinstance(x, (ir.Assign, ir.IncDec)):
                t = x.target
                while isinstance(t, ir.FieldRef) and not t.arrow:     # a field of a struct local
                    t = t.base
                sym = ir.assigned_symbol(t)                          # (an index local's component too)
                if sym is not None:
                    assigned.add(sym)
    return declared, assigned


def emit_statements(em, stmts, out: list[str], depth: int, live_after=frozenset()) -> None:
    """Emit `stmts` at `depth`; a long list goes out as part calls (see the module docstring).
    `live_after`: symbols read after the list by code that is not in `stmts` (the CPU backend's
    stores of values live across a barrier).  `em.split_long`/`em.split_deep` say which parts
    the dialect makes (host code: only the deep ones)."""
    stmts = list(stmts)
    deep = em.split_deep and em.loop_depth >= NEST_LIMIT and any(has_loop(s) for s in stmts)
    sizes = [size(s) for s in stmts] if em.split_long else []
    if not deep and sum(sizes) <= PART_STATEMENTS:
        for s in stmts:
            em.stmt(s, out, depth)
        return
    later = Later(stmts, live_after)      # symbols read after the statement being placed
    run: list = []
    run_size = 0

    def flush():
        nonlocal run, run_size
        if run_size >= PART_MIN:
            _emit_part(em, run, later, out, depth)
        else:
            for s in run:
                em.stmt(s, out, depth)
        run, run_size = [], 0

    for i, s in enumerate(stmts):
        # `later` must describe what follows the run when it is flushed: flush before passing s
        ok = movable(s, After(later, i))
        if deep and ok and has_loop(s):          # nested too deeply: a part of its own
            flush()
            later.passed(i)
            _emit_part(em, [s], later, out, depth)
            continue
        n = sizes[i] if em.split_long else PART_STATEMENTS + 1
        ok = ok and n <= PART_STATEMENTS
        if not ok or run_size + n > PART_STATEMENTS:
            flush()
        later.passed(i)
        if not ok:
            em.stmt(s, out, depth)
            continue
        run.append(s)
        run_size += n
    flush()


class After:
    """`later` as seen from after statement i (the statement's own references removed)."""

    def __init__(self, later: Later, i: int):
        self.later, self.own = later, later.per_stmt[i]

    def __contains__(self, sym) -> bool:
        return self.later.counts[sym] - self.own[sym] > 0 or sym in self.later.live_after


def _emit_part(em, run, later_refs, out: list[str], depth: int) -> None:
    declared, assigned = whole_variables(run)
    top = {s.sym for s in run if isinstance(s, ir.VarDecl)}
    # (a variable whose address is taken lives in a one-element array: one the part declares is
    # returned whole; another is changed in place)
    results = sorted((sym for sym in assigned
                      if "tile_static" not in sym.storage and not isinstance(sym.type, ir.CArray)
                      and sym.kind != "global" and not (sym.addressed and sym not in declared)
                      and (sym not in declared or (sym in top and sym in later_refs))),
                     key=lambda sym: sym.py_name)
    name = em.fresh(f"{em.owner}_part")
    body: list[str] = []
    saved = em.enter_part()
    em.frames.append(set())
    try:
        for s in run:
            em.stmt(s, body, 1)
    finally:
        refs = em.frames.pop()
        em.leave_part(saved)
    names = []
    for sym in results:
        if sym.addressed:                   # its one-element array
            em.use(sym.py_name)
            names.append(sym.py_name)
        else:
            names += em.value_names(sym)    # a struct local: its leaves
    if names:
        body.append(f"{em.indent_unit}return {', '.join(names)}")
    params = sorted(refs - {n for sym in declared for n in em.struct_vars.get(sym, [sym.py_name])})
    for f in em.frames:                   # the call's arguments and results are used where it stands
        f.update(params)
        f.update(names)
    em.add_part(name, params, body, run[0].span)
    call = f"{name}({', '.join(params)})"
    em.part_call(f"{', '.join(names)} = {call}" if names else call, run[0].span, out,
                 em.indent_unit * depth)
