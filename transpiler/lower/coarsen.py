"""Thread coarsening of tiled kernels for the CUDA target (issue 43): several C++ AMP threads of a
tile run in one CUDA thread, so a `tile_static` load they share is made once.

Input: an `ir.Kernel` and the `--coarsen` setting.  Output: a `Plan` (plain data that
`codegen/coarsened.py` renders) or None: the kernel runs one C++ AMP thread per CUDA thread.

The tile the program wrote is kept (its `tile_static` sizes and `tiled_index` values are the
program's); only the mapping to CUDA threads changes.  With factor F along dimension d, the CUDA
block has `D_d / F` threads along d and CUDA thread `x` runs the C++ AMP threads whose local index
along d is `x + r * (D_d / F)` for r = 0 .. F-1 (its *replicas*; neighbouring CUDA threads keep
touching neighbouring elements).  The body is emitted with the replicas interleaved statement by
statement, which C++ AMP allows: threads of a tile are ordered only by barriers.

    for (int k = 0; k < TS; k++)           for k in range(TS):                         # once
        sum += locA[row][k] * locB[k][col];    sum_r0 += locA[row_r0, k] * locB[k, col]   # locB[k, col]
                                               sum_r1 += locA[row_r1, k] * locB[k, col]   # loaded once
                                               ...

Each statement is one of three kinds:
- *once*: a barrier, a fence, a `tile_static` declaration, a `break`/`continue`/`return` in
  control every replica shares, or a side-effect-free assignment of a *shared* local from a value
  that is the same in every replica (`col = t_idx.local[1]` when only dimension 0 is coarsened);
- *jammed*: a branch or loop whose path is the same in every replica (`uniformity.py` with only
  the coarsened dimensions varying) and whose own init/step are *once*: its header is emitted
  once, its body statement by statement;
- *replicated*: everything else, emitted once per replica with the replica's copies of the
  *split* locals (those whose value differs between replicas, or that a replicated statement
  assigns) and the replica's thread index.  Each replica's arithmetic stays in the program's
  order, so results are bit-identical to one thread per CUDA thread.

A kernel is left alone (with the reason, for `-v`) when coarsening cannot keep its meaning or
would not pay: a replicated statement holding a barrier or a `return`, the whole `tiled_index`
passed on, calls of functions that use the tile, split locals that are not numbers, indices or structs, a body
long enough to be outlined, or (automatic choice) no load the replicas would share.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import ir
from ..passes.uniformity import analyse
from .coarsen_setting import parse_setting

#: `--coarsen auto`: the factors tried, largest first
AUTO_FACTORS = (4, 2)
#: a coarsened block keeps at least this many CUDA threads (two warps)
MIN_BLOCK_THREADS = 64
#: threads of a warp (the last dimension is coarsened only where a warp still spans this many)
WARP = 32
#: bodies longer than this (statements, nested ones counted) are not coarsened: outline.py would
#: split them into part functions, and the replicas would multiply their length
MAX_STATEMENTS = 64

ONCE, JAM, REPLICATE = "once", "jam", "replicate"

_CONTROL = (ir.If, ir.Switch, ir.For, ir.While, ir.DoWhile, ir.Block)


class _No(Exception):
    """This kernel is not coarsened; the message says why."""


@dataclass
class Plan:
    """How one tiled kernel is coarsened.  `factors[d]` C++ AMP threads along dimension d share
    one CUDA thread; `kinds` maps id(stmt) to ONCE/JAM/REPLICATE (statements not in it are
    inside a replicated one); `split`: the locals with one copy per replica."""
    kernel: ir.Kernel = field(repr=False)
    factors: tuple
    kinds: dict = field(default_factory=dict, repr=False)
    split: set = field(default_factory=set)
    shared_loads: list = field(default_factory=list)     # text of the loads the replicas share

    @property
    def replicas(self) -> int:
        n = 1
        for f in self.factors:
            n *= f
        return n

    @property
    def dims(self) -> tuple:
        """The coarsened C++ dimensions."""
        return tuple(d for d, f in enumerate(self.factors) if f > 1)

    @property
    def tiled(self) -> bool:
        return self.kernel.tile_dims is not None

    def block(self) -> tuple | None:
        """CUDA threads per block, in CUDA's (x, y, z) order (untiled: the launcher's default)."""
        if not self.tiled:
            return None
        return tuple(t // f for t, f in zip(self.kernel.tile_dims, self.factors))[::-1]

    def replica_offsets(self, r: int) -> dict:
        """{dimension: how far replica `r` is from the CUDA thread's own index along it}: in
        threads for a tiled kernel (its local index is `threadIdx + offset`), in blocks of threads
        for an untiled one (its global index is `g + offset * blockDim`: a block of B CUDA
        threads covers B * F consecutive indices, each replica a coalesced run of B)."""
        out = {}
        for d in reversed(self.dims):           # the last dimension's replicas vary fastest
            f = self.factors[d]
            out[d] = (r % f) * (self.kernel.tile_dims[d] // f if self.tiled else 1)
            r //= f
        return out

    def kind(self, s: ir.Stmt) -> str | None:
        return self.kinds.get(id(s))

    def describe(self) -> str:
        f = "x".join(map(str, self.factors))
        shared = ", ".join(self.shared_loads[:4]) + (", ..." if len(self.shared_loads) > 4 else "")
        block = ", ".join(map(str, self.block() or ()))
        loads = f"; loads made once for several of them: {shared}" if shared else ""
        if not self.tiled:
            return (f"coarsened {f}: {self.replicas} C++ AMP threads per CUDA thread (a block of B threads "
                    f"covers {self.replicas} * B indices){loads}")
        return (f"coarsened {f}: {self.replicas} C++ AMP threads of tile<{', '.join(map(str, self.kernel.tile_dims))}> "
                f"per CUDA thread (block ({block})){loads}")


def plan(kernel: ir.Kernel, setting="auto") -> Plan | None:
    """The coarsening of `kernel` under `setting` (see `parse_setting`), or None."""
    p, _ = explain(kernel, setting)
    return p


def explain(kernel: ir.Kernel, setting="auto") -> tuple[Plan | None, str]:
    """(plan or None, why) for `-v`."""
    if isinstance(setting, str):
        setting = parse_setting(setting)
    if setting == "off":
        return None, "not coarsened (--coarsen off)"
    if kernel.tile_dims is None and kernel.rank != 1:
        return None, f"not coarsened: an untiled kernel of rank {kernel.rank} (only rank 1 is, yet)"
    try:
        _eligible(kernel)
        if kernel.tile_dims is None:
            return _untiled(kernel, setting)
        if setting == "auto":
            return _auto(kernel)
        rank = len(kernel.tile_dims)
        factors = (1,) * (rank - len(setting)) + tuple(setting[-rank:])
        if all(f == 1 for f in factors):
            return None, "not coarsened (--coarsen 1)"
        for d, (t, f) in enumerate(zip(kernel.tile_dims, factors)):
            if t % f:
                raise _No(f"--coarsen {'x'.join(map(str, setting))}: {f} does not divide the tile's {t} "
                          f"along dimension {d}")
        p = _plan(kernel, factors)
        return p, p.describe()
    except _No as why:
        return None, f"not coarsened: {why}"


def _auto(kernel: ir.Kernel):
    """One dimension coarsened by the largest of AUTO_FACTORS that keeps a block of
    MIN_BLOCK_THREADS threads and gives the replicas a load to share; the dimensions before the
    last are tried first, the last only where a warp still spans WARP threads along it.

    Measured on an H200 (benchmarks/coarsening.py, the 16x16 tiled matmul): 4 rows of a tile per
    CUDA thread (`4x1`, block (16, 4)) runs 1.6x the uncoarsened kernel; 4 columns (`1x4`, block
    (4, 16)) 0.57x: a warp then spans 8 rows of the tile, and the rows' `locA[row][k]` loads hit
    the same shared-memory banks."""
    dims = kernel.tile_dims
    rank = len(dims)
    threads = 1
    for t in dims:
        threads *= t
    refused = None
    for d in [*range(rank - 2, -1, -1), rank - 1]:
        for f in AUTO_FACTORS:
            if dims[d] % f or threads // f < MIN_BLOCK_THREADS or (d == rank - 1 and dims[d] // f < WARP):
                continue
            try:
                p = _plan(kernel, (1,) * d + (f,) + (1,) * (rank - 1 - d))
            except _No as why:
                refused = refused or why
                continue
            if p.shared_loads:
                return p, p.describe()
    if refused is not None:
        return None, f"not coarsened: {refused}"
    return None, "not coarsened: no load that neighbouring threads of a tile share in a loop"


def _untiled(kernel: ir.Kernel, setting):
    """A rank-1 untiled kernel: coarsened only when asked (`--coarsen F`).  `auto` leaves untiled
    kernels alone: their extent is known only at run time, and coarsening divides the threads a
    GPU gets.  Measured on an H200 (benchmarks/nbody.py): the n-body sample's kernel with 4 bodies
    per thread, each `pos[j]` loaded once for the 4, ran 0.45x at 32,768 bodies (32 blocks of 256
    threads for 132 multiprocessors); it pays only where the extent is many times what the GPU
    runs at once."""
    if setting == "auto":
        return None, "not coarsened: an untiled kernel (--coarsen F coarsens it: see docs/architecture.md)"
    f = setting[-1]
    if f == 1:
        return None, "not coarsened (--coarsen 1)"
    if any(isinstance(x, ir.Return) for x in ir.walk(kernel.body)):
        # (the extent's last block runs its replicas one after another: a return would skip the rest)
        raise _No("a 'return' in an untiled kernel")
    p = _plan(kernel, (f,))
    return p, p.describe()


def _eligible(kernel: ir.Kernel) -> None:
    n = sum(1 for x in ir.walk(kernel.body) if isinstance(x, ir.Stmt) and not isinstance(x, ir.Block))
    if n > MAX_STATEMENTS:
        raise _No(f"a body of {n} statements (at most {MAX_STATEMENTS})")
    if kernel.index in ir.written_variables(kernel.body):
        raise _No(f"'{kernel.index.name}' is assigned")
    for x in ir.walk(kernel.body):
        if isinstance(x, ir.Var) and x.sym is kernel.index and kernel.tile_dims is not None:
            # (an untiled index as a whole is its components, each the replica's own)
            raise _No(f"the whole '{x.sym.name}' is used (only its components can be per replica)")
        if isinstance(x, (ir.Lambda, ir.Invoke)):
            raise _No("a lambda in the kernel")
    for f in kernel.functions:
        if any(isinstance(x, (ir.Barrier, ir.TileStatic, ir.ThreadIndex)) for x in ir.walk(f.body)):
            raise _No(f"it calls '{f.sym.name}', which uses the tile")


def _plan(kernel: ir.Kernel, factors: tuple) -> Plan:
    varying = frozenset(d for d, f in enumerate(factors) if f > 1)
    u = analyse(kernel, varying=varying)
    p = Plan(kernel, factors)
    local = _locals(kernel)
    split = {s for s in local if u.var_reason(s) is not None}
    per_dim = [analyse(kernel, varying=frozenset([d])) for d in sorted(varying)] if len(varying) > 1 else [u]
    for _ in range(100):
        c = _Classifier(u, split, per_dim, local)
        c.block(kernel.body.body, False)
        if c.split <= split:
            break
        split |= c.split
    else:
        raise _No("the analysis did not settle")
    for sym in split:
        if not isinstance(sym.type, (ir.Scalar, ir.StructType, ir.Index, ir.Extent)) or sym.addressed or sym.by_ref:
            raise _No(f"'{sym.name}' differs between the threads coarsened and is not a number, an index "
                      "or a struct")
    p.kinds, p.split, p.shared_loads = c.kinds, split, c.shared_loads      # (the kernel keeps the statements)
    return p


def _locals(kernel) -> set:
    """The kernel's local variables (not its tile_static data, captures or index)."""
    return {x.sym for x in ir.walk(kernel.body) if isinstance(x, ir.VarDecl) and "tile_static" not in x.sym.storage}


class _Classifier:
    """One round: the kind of every statement given the split locals so far; `split` grows by
    the locals that replicated statements assign."""

    def __init__(self, u, split: set, per_dim: list, local: set):
        self.u = u
        self.local = local                      # what may be split (tile_static data is the tile's)
        self.per_dim = per_dim                  # the analysis with one coarsened dimension varying
        self.split = set(split)
        self.kinds: dict = {}
        self.shared_loads: list = []

    def set(self, s, kind):
        self.kinds[id(s)] = kind

    def uniform(self, e) -> bool:
        return e is None or (self.u.is_uniform(e) and not any(
            isinstance(x, ir.Var) and x.sym in self.split for x in ir.walk(e)))

    def block(self, stmts, in_loop) -> None:
        for s in stmts:
            self.stmt(s, in_loop)

    def stmt(self, s, in_loop) -> None:
        if isinstance(s, (ir.Barrier, ir.Fence, ir.TileStatic, ir.Break, ir.Continue)):
            self.set(s, ONCE)
            return
        if isinstance(s, ir.Return):
            if s.value is not None:
                raise _No("a return with a value")
            self.set(s, ONCE)
            return
        if self.once(s):
            self.set(s, ONCE)
            return
        if isinstance(s, _CONTROL) and self.jammable(s):
            self.set(s, JAM)
            if isinstance(s, ir.For):
                for i in s.init:
                    self.set(i, ONCE)
            loop = isinstance(s, (ir.For, ir.While, ir.DoWhile)) or in_loop
            for b in _blocks(s):
                self.block(b.body, loop)
            return
        self.replicate(s, in_loop)

    def once(self, s) -> bool:
        """A side-effect-free assignment of a shared local from a value every replica shares."""
        if isinstance(s, ir.VarDecl):
            return s.sym not in self.split and isinstance(s.sym.type, ir.Scalar) and \
                (s.init is None or (self.uniform(s.init) and not ir.has_side_effects(s.init)))
        if isinstance(s, ir.ExprStmt):
            return self.once_expr(s.expr)
        return False

    def once_expr(self, e) -> bool:
        if isinstance(e, (ir.Assign, ir.IncDec)) and isinstance(e.target, ir.Var):
            if e.target.sym in self.split or not isinstance(e.target.sym.type, ir.Scalar):
                return False
            value = e.value if isinstance(e, ir.Assign) else None
            return self.uniform(value) and (value is None or not ir.has_side_effects(value))
        return False

    def jammable(self, s) -> bool:
        if isinstance(s, ir.Block):
            return True
        if self.u.control_reason(s) is not None:
            return False
        if isinstance(s, ir.For):
            if not all(self.once(i) for i in s.init) or not all(self.once_expr(e) for e in s.step):
                return False
        return self.uniform(s.cond) and not (s.cond is not None and ir.has_side_effects(s.cond))

    def replicate(self, s, in_loop) -> None:
        for x in ir.walk(s):
            if isinstance(x, (ir.Barrier, ir.TileStatic)):
                raise _No("a barrier where the threads coarsened take different paths")
            if isinstance(x, ir.Return):
                raise _No("a 'return' where the threads coarsened take different paths")
        if any(ir.has_jump(s, k) for k in (ir.Break, ir.Continue)) and not isinstance(s, (ir.For, ir.While, ir.DoWhile)):
            raise _No("a 'break' or 'continue' where the threads coarsened take different paths")
        self.set(s, REPLICATE)
        self.split |= ({x.sym for x in ir.walk(s) if isinstance(x, ir.VarDecl)} | ir.written_variables(s)) & self.local
        if in_loop:
            self.note_shared_loads(s)

    def note_shared_loads(self, s) -> None:
        """Element reads in replicated statements inside a loop whose address the replicas along
        a coarsened dimension share: what coarsening saves."""
        if all(self.uniform(y) for y in ir.walk(s) if isinstance(y, ir.Expr)):
            return                          # (nothing differs between the replicas: nothing saved)
        for x in ir.walk(s):
            if isinstance(x, ir.ElementRef) and any(u.is_uniform(x) for u in self.per_dim):
                text = _describe(x)
                if text not in self.shared_loads:
                    self.shared_loads.append(text)


def _blocks(s) -> list:
    if isinstance(s, ir.Block):
        return [s]
    if isinstance(s, ir.If):
        return [b for b in (s.then, s.else_) if b is not None]
    if isinstance(s, ir.Switch):
        return [body for _, body, _ in s.cases]
    return [s.body]


def _describe(e: ir.ElementRef) -> str:
    root = ir.root_symbol(e)
    return f"{root.name if root is not None else '?'}[...]"
