"""CPU lowering of barriers (DESIGN §3): cut a kernel body into per-thread regions.

Input: an `ir.Kernel`.  Output: a `LoweredKernel`, plain data that `codegen/cpu.py` renders:

    nodes := [Node]
    Node  := ThreadLoop(stmts, loads, stores, remat, exits)   # run stmts for every thread of the tile
           | Sync(barrier)                                     # a barrier: the loops above have finished
           | TileStmt(stmt)                                    # a uniform assignment, once per tile
           | TileIf(stmt, then=[Node], else_=[Node])           # uniform `if` containing a barrier
           | TileLoop(stmt, body=[Node])                       # uniform loop containing a barrier
           | TileJump(stmt)                                    # break/continue of a TileLoop

Example (tree reduction):

    float v = data[t_idx.global];          ThreadLoop(VarDecl v, stores=[v])
    tile_static float s[64];
    s[t_idx.local[0]] = v;                 ... same ThreadLoop
    barrier;                               Sync
    for (int k = 32; k > 0; k /= 2) {      TileLoop(For k; body=[
        if (t_idx.local[0] < k) ...            ThreadLoop(If ...),
        barrier; }                             Sync])
    out[t_idx.global] = v + s[0];          ThreadLoop(..., loads=[v])

Rules: a statement containing a barrier (or a `break`/`continue` of a hoisted loop) is hoisted
out of the per-thread loops and must be tile-uniform (`uniformity.py`), else
`BarrierLoweringError`.  Variables read by hoisted conditions are *tile variables* (scalars
of the tile, assigned only by tile-level statements).  Other variables used in more than one
ThreadLoop live across a barrier: they are recomputed (`remat`) when their only definition is
a pure function of thread indices and constants, else *promoted* to a tile-shaped array
(`loads`/`stores` move them between the array and a scalar at the edges of a ThreadLoop).
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field

from .. import ir
from ..diagnostics import KernelCodegenError
from ..ir import has_jump
from ..passes.uniformity import Uniformity, analyse

_LOOPS = (ir.For, ir.While, ir.DoWhile)
_COMPOUND = (ir.If, ir.For, ir.While, ir.DoWhile, ir.Switch, ir.Block)


class BarrierLoweringError(KernelCodegenError):
    """A barrier the CPU target cannot place (thread-dependent control flow, early return)."""


@dataclass
class ThreadLoop:
    stmts: list
    loads: list = field(default_factory=list)      # promoted symbols read from their tile array first
    stores: list = field(default_factory=list)     # promoted symbols written back at the end
    remat: list = field(default_factory=list)      # symbols recomputed from their definition first
    exits: bool = False                            # contains `return`: emit the body as a function


@dataclass
class Sync:
    stmt: ir.Barrier


@dataclass
class TileStmt:
    stmt: ir.Stmt


@dataclass
class TileIf:
    stmt: ir.If
    then: list
    else_: list


@dataclass
class TileLoop:
    stmt: ir.Stmt
    body: list


@dataclass
class TileJump:
    stmt: ir.Stmt


@dataclass
class LoweredKernel:
    kernel: ir.Kernel
    nodes: list
    tile_statics: list                  # Symbols, allocated once per tile
    promoted: list                      # Symbols that become tile-shaped arrays
    tile_vars: set                      # Symbols that are scalars of the tile
    remat: dict                         # Symbol -> init expression, recomputed per region
    uniformity: Uniformity
    has_barrier: bool

    def thread_loops(self):
        def rec(nodes):
            for n in nodes:
                if isinstance(n, ThreadLoop):
                    yield n
                elif isinstance(n, TileIf):
                    yield from rec(n.then)
                    yield from rec(n.else_)
                elif isinstance(n, TileLoop):
                    yield from rec(n.body)
        return list(rec(self.nodes))


def _children(s):
    if isinstance(s, ir.Block):
        return list(s.body)
    if isinstance(s, ir.If):
        return list(s.then.body) + (list(s.else_.body) if s.else_ else [])
    if isinstance(s, _LOOPS):
        return (list(s.init) if isinstance(s, ir.For) else []) + list(s.body.body)
    if isinstance(s, ir.Switch):
        return [x for _, b, _ in s.cases for x in b.body]
    return []


def _contains(s, kind) -> bool:
    return any(isinstance(n, kind) for n in ir.walk(s))


def _vars(node) -> set:
    return {n.sym for n in ir.walk(node) if isinstance(n, ir.Var)}


def _cond_exprs(s):
    """Expressions a hoisted statement evaluates at tile level."""
    if isinstance(s, ir.If):
        return [s.cond]
    if isinstance(s, (ir.While, ir.DoWhile)):
        return [s.cond]
    if isinstance(s, ir.For):
        out = [s.cond] if s.cond is not None else []
        out += list(s.step)
        for i in s.init:
            if isinstance(i, ir.VarDecl) and i.init is not None:
                out.append(i.init)
            elif isinstance(i, ir.ExprStmt):
                out.append(i.expr)
        return out
    if isinstance(s, ir.Switch):
        return [s.cond]
    return []


def _assigned_by(s):
    """Symbols a simple statement assigns as whole variables."""
    if isinstance(s, ir.VarDecl):
        return {s.sym}
    if isinstance(s, ir.ExprStmt):
        return ir.written_variables(s.expr)
    return set()


_IMPURE = (ir.Assign, ir.IncDec, ir.Call, ir.AtomicCall, ir.StreamIn)


def switches_as_ifs(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with every `switch` that contains a barrier written as an if/else-if chain
    (`switch (t.tile[0]) { case 0: ...; break; default: ...; }` -> `if (t.tile[0] == 0) ...
    else ...`): the region cutter below handles tile-uniform `if`s.  The value is read once per
    case test, so it must have no side effects; a case that falls through into a non-empty
    case, or a `break` not at the end of its case, is reported."""
    if not any(isinstance(n, ir.Switch) and _contains(n, ir.Barrier) for n in ir.walk(kernel.body)):
        return kernel
    return dataclasses.replace(kernel, body=_SwitchesAsIfs().visit(kernel.body))


class _SwitchesAsIfs(ir.Transformer):
    """Through blocks, `if`s and loop bodies (where the region cutter looks), each `switch` that
    contains a barrier as an if/else-if chain."""

    def visit_Switch(self, s: ir.Switch):
        return self.visit(_switch_as_if(s)) if _contains(s, ir.Barrier) else s

    def generic_visit(self, s):
        return super().generic_visit(s) if isinstance(s, (ir.Block, ir.If) + _LOOPS) else s


def _switch_as_if(s: ir.Switch) -> ir.Stmt:
    if any(isinstance(n, _IMPURE) for n in ir.walk(s.cond)):
        raise BarrierLoweringError("a barrier inside a 'switch' whose value has side effects is not "
                                   "supported on the CPU target", s.cond.span)
    groups, default = [], None
    for labels, stmts in ir.switch_arms(s):
        at = next((v.span for v in labels if v is not None), stmts[0].span if stmts else s.span)
        block = ir.Block(at, tuple(stmts))        # at its `case` line
        if None in labels:                      # `default:` (maybe grouped with cases)
            default = block
            continue
        tests = [ir.Binary(v.span, ir.BOOL, "==", s.cond, v) for v in labels]
        cond = tests[0]
        for t in tests[1:]:
            cond = ir.Binary(t.span, ir.BOOL, "||", cond, t)
        groups.append((cond, block))
    chain = default
    for cond, block in reversed(groups):
        chain = ir.Block(block.span, (ir.If(block.span, cond, block, chain),))
    return chain if chain is not None else ir.Block(s.span, ())


def lower(kernel: ir.Kernel, uniformity: Uniformity | None = None) -> LoweredKernel:
    """The kernel cut at its barriers, in phases: find the statements that must run once per
    tile (hoisted) and the tile variables; check they are tile-uniform; split the body into
    nodes; then place the variables that live across a barrier."""
    kernel = switches_as_ifs(kernel)
    u = uniformity or analyse(kernel)
    body = list(kernel.body.body)
    tile_statics = [n.sym for n in ir.walk(kernel.body) if isinstance(n, ir.TileStatic)]
    tile_statics.sort(key=lambda s: (s.span.line, s.span.col))
    barriers = [n for n in ir.walk(kernel.body) if isinstance(n, ir.Barrier)]
    if kernel.tile_dims is None and barriers:
        raise BarrierLoweringError("a barrier can only be used in a tiled kernel", barriers[0].span)
    locals_, simple = _index(body)
    locals_ -= set(tile_statics)
    hoisted, tvars = _hoisted(kernel, locals_, simple)
    _check_uniform(hoisted, tvars, u)
    nodes = [ThreadLoop(list(body))] if kernel.tile_dims is None else _split(body, False, hoisted, tvars)
    lk = LoweredKernel(kernel, nodes, tile_statics, [], tvars, {}, u, bool(barriers))
    loops = lk.thread_loops()
    _check_returns(kernel, nodes, loops)
    _live_across(lk, loops, locals_, simple)
    return lk


def _index(body) -> tuple[set, list]:
    """(the local variables the kernel declares, (statement, ancestors) of every simple
    statement -- those that are not compound -- including for-loop initialisers)."""
    locals_: set = set()
    simple: list = []

    def visit(stmts, anc):
        for s in stmts:
            if isinstance(s, ir.VarDecl):
                locals_.add(s.sym)
            if not isinstance(s, _COMPOUND):
                simple.append((s, anc))
            elif isinstance(s, ir.For):
                for i in s.init:
                    if isinstance(i, ir.VarDecl):
                        locals_.add(i.sym)
                    simple.append((i, anc + (s,)))
                visit(s.body.body, anc + (s,))
            else:
                visit(list(_children(s)), anc + (s,))
    visit(body, ())
    return locals_, simple


def _hoisted(kernel: ir.Kernel, locals_: set, simple: list) -> tuple[dict, set]:
    """The statements run once per tile (id -> statement) and the tile variables, to a
    fixpoint: a compound statement containing a barrier is hoisted; the variables its
    decisions read are tile variables; a statement assigning a tile variable is a tile
    statement, and the compound statements around it are hoisted."""
    hoisted: dict[int, ir.Stmt] = {}
    tvars: set = set()

    def hoist(s) -> bool:
        if id(s) not in hoisted and not isinstance(s, ir.Block):
            hoisted[id(s)] = s
            return True
        return False

    def add_vars(vs) -> bool:
        new = vs - tvars
        tvars.update(new)
        return bool(new)

    def jumps(stmts) -> bool:                  # uniform break/continue of a hoisted loop
        changed = False
        for c in stmts:
            if isinstance(c, (ir.If, ir.Switch, ir.Block)) and (has_jump(c, ir.Break) or has_jump(c, ir.Continue)):
                changed |= hoist(c)
                changed |= jumps(_children(c))
        return changed

    for s in ir.walk(kernel.body):
        if isinstance(s, _COMPOUND) and not isinstance(s, ir.Block) and _contains(s, ir.Barrier):
            hoist(s)
    changed = True
    while changed:
        changed = False
        for s in list(hoisted.values()):
            if isinstance(s, ir.For):
                changed |= add_vars({i.sym for i in s.init if isinstance(i, ir.VarDecl)})
            for e in _cond_exprs(s):
                changed |= add_vars(_vars(e) & locals_)
            if isinstance(s, _LOOPS):
                changed |= jumps(s.body.body)
        for s, anc in simple:
            if _assigned_by(s) & tvars:
                changed |= add_vars(_vars(s) & locals_)
                for a in anc:
                    changed |= hoist(a)
    return hoisted, tvars


def _check_uniform(hoisted: dict, tvars: set, u: Uniformity) -> None:
    """Every hoisted decision and every tile variable must be the same for all threads of a tile."""
    for s in hoisted.values():
        if isinstance(s, ir.Switch):
            raise BarrierLoweringError("a barrier inside a 'switch' is not supported on the CPU target", s.span)
        r = u.control_reason(s)
        if r is not None:
            raise BarrierLoweringError(
                f"barrier under thread-dependent control flow: this condition {r[1]}; the CPU target "
                "runs the threads of a tile one after another between barriers, so every thread of "
                "a tile must reach the same barriers", r[0])
    for v in sorted(tvars, key=lambda s: (s.span.line, s.span.col)):
        r = u.var_reason(v)
        if r is not None:
            raise BarrierLoweringError(
                f"barrier under thread-dependent control flow: '{v.name}' controls a barrier but "
                f"{r[1]}", r[0])


def _split(stmts, loop_level: bool, hoisted: dict, tvars: set) -> list:
    """Statements -> nodes: runs of per-thread statements become ThreadLoops between the
    barriers, hoisted and tile statements become tile nodes."""
    nodes, pending = [], []

    def flush():
        if pending:
            nodes.append(ThreadLoop(list(pending)))
            pending.clear()

    def split(body, in_loop):
        return _split(list(body), in_loop, hoisted, tvars)
    for s in stmts:
        if isinstance(s, ir.TileStatic):
            continue
        if isinstance(s, ir.Block) and (_contains(s, ir.Barrier) or any(id(x) in hoisted for x in ir.walk(s))
                                         or _assigned_in(s, tvars)):
            flush()
            nodes.extend(split(s.body, loop_level))
        elif isinstance(s, ir.Barrier):
            flush()
            nodes.append(Sync(s))
        elif id(s) in hoisted:
            flush()
            if isinstance(s, ir.If):
                nodes.append(TileIf(s, split(s.then.body, loop_level),
                                    split(s.else_.body, loop_level) if s.else_ else []))
            else:
                nodes.append(TileLoop(s, split(s.body.body, True)))
        elif loop_level and isinstance(s, (ir.Break, ir.Continue)):
            flush()
            nodes.append(TileJump(s))
        elif _assigned_by(s) & tvars:
            flush()
            nodes.append(TileStmt(s))
        else:
            pending.append(s)
    flush()
    return nodes


def _check_returns(kernel: ir.Kernel, nodes: list, loops: list) -> None:
    """An early `return` is only possible in the last region (every thread must reach each barrier)."""
    for tl in loops:
        blk = ir.Block(kernel.span, tuple(tl.stmts))
        if _contains(blk, ir.Return):
            tl.exits = True
            if tl is not nodes[-1]:
                ret = next(n for n in ir.walk(blk) if isinstance(n, ir.Return))
                raise BarrierLoweringError("'return' before a barrier is not supported on the CPU "
                                           "target: every thread of a tile must reach each barrier", ret.span)


def _live_across(lk: LoweredKernel, loops: list, locals_: set, simple: list) -> None:
    """Variables used in more than one ThreadLoop: recomputed at the start of each region
    (`remat`) when their one definition is a pure function of thread indices and constants,
    else promoted to tile-shaped arrays (`loads`/`stores` at the region's edges)."""
    kernel = lk.kernel
    refs = []
    for tl in loops:
        blk = ir.Block(kernel.span, tuple(tl.stmts))
        refs.append((_vars(blk) | {d.sym for d in ir.walk(blk) if isinstance(d, ir.VarDecl)}) & locals_)
    counts = Counter(v for used in refs for v in used)
    defs, assign_count = {}, Counter()
    for s, _ in simple:
        for v in _assigned_by(s):
            assign_count[v] += 1
            if isinstance(s, ir.VarDecl):
                defs[v] = s
    for n in ir.walk(kernel.body):                      # for-steps assign too
        if isinstance(n, ir.For):
            for sym in (sym for st in n.step for sym in ir.written_variables(st)):
                assign_count[sym] += 2
    live = sorted((v for v, c in counts.items() if c > 1 and v not in lk.tile_vars),
                  key=lambda s: (s.span.line, s.span.col))
    captures = {c.inner for c in kernel.captures}
    remat: dict = {}
    for v in live:
        d = defs.get(v)
        if (d is not None and d.init is not None and assign_count[v] == 1
                and isinstance(v.type, (ir.Scalar, ir.Index, ir.Extent)) and _pure(d.init, remat, captures)):
            remat[v] = d.init
    pointed = {x.args[0].sym for x in ir.walk(kernel.body) if isinstance(x, ir.LibCall)
               and x.name in ("element_address", "flat") and x.args and isinstance(x.args[0], ir.Var)}
    for v in live:          # pointers may change it unseen, and its one-element array is no scalar
        if v.addressed or v in pointed and "tile_static" not in v.storage:
            raise BarrierLoweringError(f"variable '{v.name}', whose address is taken, is used across a barrier; "
                                       "the CPU target does not support that yet (the cuda target does)", v.span)
    promoted = [v for v in live if v not in remat]
    for v in promoted:
        if not isinstance(v.type, (ir.Scalar, ir.CArray, ir.Index, ir.Extent)):
            raise BarrierLoweringError(f"variable '{v.name}' of type '{v.type}' is used across a "
                                       "barrier; the CPU target supports scalars, indices and arrays there",
                                       v.span)
    lk.promoted, lk.remat = promoted, remat
    for tl, used in zip(loops, refs):
        blk = ir.Block(kernel.span, tuple(tl.stmts))
        declared = {d.sym for d in ir.walk(blk) if isinstance(d, ir.VarDecl)}
        assigned = ir.written_variables(blk) | declared
        need = {v for v in remat if v in used and v not in declared}
        for v in reversed(list(remat)):            # dependencies of recomputed variables
            if v in need:
                need |= _vars(remat[v]) & set(remat)
        tl.remat = [v for v in remat if v in need and v not in declared]
        tl.loads = [v for v in promoted if v in used and v not in declared]
        tl.stores = [] if tl.exits else [v for v in promoted if v in assigned
                                         and (not isinstance(v.type, ir.CArray) or v in declared)]


def _pure(e: ir.Expr, remat: dict, captures: set) -> bool:
    """`e` can be evaluated again in a later region with the same value."""
    for n in ir.walk(e):
        if isinstance(n, ir.Var):
            s = n.sym
            if not (s in remat or (s in captures and isinstance(s.type, ir.Scalar))
                    or (s.kind == "const" and s.const_value is not None)):
                return False
        elif not isinstance(n, (ir.Const, ir.ThreadIndex, ir.Binary, ir.Unary, ir.Convert,
                                ir.Conditional, ir.MathCall, ir.MakeIndex, ir.IndexComponent)):
            return False
    return True


def _assigned_in(s, syms) -> bool:
    return any(isinstance(n, ir.VarDecl) and n.sym in syms for n in ir.walk(s)) or \
        bool(ir.written_variables(s) & set(syms))
