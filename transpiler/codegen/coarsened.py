"""Emitting a coarsened tiled kernel (lower/coarsen.py's `Plan`) in the CUDA dialect.

`CoarseningMixin` goes into the CUDA kernel emitter: a statement the plan replicates is emitted
once per replica, from a copy of it whose split locals are the replica's own (`sum__1`), with
the replica's thread index (`l1_4` = the CUDA thread's `l1` + 4); every other statement goes
through the emitter core as written, and its nested statements come back here one by one.
`prelude_lines` defines the replicas' indices after the CUDA thread's own.
"""
from __future__ import annotations

import dataclasses

from .. import ir
from ..lower.coarsen import REPLICATE


class _Rename(ir.Transformer):
    """A statement with every split local replaced by replica `r`'s copy."""

    def __init__(self, copies: dict):
        self.copies = copies                    # Symbol -> its copy

    def visit_Var(self, e: ir.Var):
        c = self.copies.get(e.sym)
        return e if c is None else dataclasses.replace(e, sym=c)

    def visit_VarDecl(self, s: ir.VarDecl):
        s = self.generic_visit(s)
        c = self.copies.get(s.sym)
        return s if c is None else dataclasses.replace(s, sym=c)


class CoarseningMixin:
    """For `CudaEmitter`: `self.coarse` is the kernel's plan (None: one thread per CUDA thread)."""

    coarse = None
    replica: int | None = None

    def start_coarsening(self, plan) -> None:
        self.coarse = plan
        self.replica = None
        self._renames: dict = {}                # replica -> its _Rename (its copies of the split locals)
        self._replica_index: dict = {}          # (which, dim, offset) -> name

    def stmt(self, s: ir.Stmt, out: list[str], depth: int) -> None:
        p = self.coarse
        if p is None or self.replica is not None or p.kind(s) != REPLICATE:
            super().stmt(s, out, depth)
            return
        for r in range(p.replicas):
            self.as_replica(r, [s], out, depth)

    def as_replica(self, r: int, stmts, out: list[str], depth: int) -> None:
        """`stmts` as replica `r` runs them: its copies of the split locals, its thread index."""
        rename = self._renames.get(r)
        if rename is None:
            rename = self._renames[r] = _Rename({
                sym: dataclasses.replace(sym, py_name=self.fresh(f"{sym.py_name.rstrip('_') or sym.py_name}_r{r}"))
                for sym in self.coarse.split})
        self.replica = r
        try:
            for s in stmts:
                super().stmt(rename.visit(s), out, depth)
        finally:
            self.replica = None

    def replica_index(self, which: str, dim: int, base: str) -> str:
        """The name of this replica's `which` index along `dim` (the CUDA thread's own for
        replica offset 0); `base` is the CUDA thread's own name."""
        if self.replica is None or which not in ("local", "global") or dim not in self.coarse.dims:
            return base
        off = self.coarse.replica_offsets(self.replica)[dim]
        if not off:
            return base
        key = (which, dim, off)
        if key not in self._replica_index:
            self._replica_index[key] = self.fresh(f"{base}_{off}")
        return self._replica_index[key]

    def untiled_coarsened(self, stmts, names: dict, why: str) -> list[str]:
        """A rank-1 untiled kernel's index, its replicas' and its body: interleaved where every
        replica is inside the extent, else (the extent's last block) each replica inside it on
        its own, one after another.

            g0 = cuda.blockIdx.x * cuda.blockDim.x * 4 + cuda.threadIdx.x
            g0_1 = g0 + cuda.blockDim.x  ...
            if g0_3 < ext0:
                <the body, statements interleaved>
            else:
                if g0 < ext0:
                    <the body of replica 0>
                ..."""
        g, ext = names["g0"], names["ext0"]
        self.use(g)
        gs = []
        for r in range(self.coarse.replicas):
            self.replica = r
            gs.append(self.thread_index("global", 0))
        self.replica = None
        fast: list[str] = []
        self.block(stmts, fast, 2)
        rest: list[str] = []
        for r, gr in enumerate(gs):
            rest.append(f"        if {gr} < {ext}:")
            n = len(rest)
            self.as_replica(r, stmts, rest, 3)
            if len(rest) == n:
                rest.append("            pass")
        f = self.coarse.replicas
        head = [f"    {g} = cuda.blockIdx.x * cuda.blockDim.x * {f} + cuda.threadIdx.x  # replica r: r blocks on"]
        head += self.prelude_lines(names, why, unit="cuda.blockDim.x")
        return head + [f"    if {gs[-1]} < {ext}:  # every replica inside the extent"] + fast + \
            ["    else:  # the extent's end: the replicas inside it, one after another"] + rest

    def prelude_lines(self, names: dict, why: str, unit: str = "") -> list[str]:
        """`l1_4 = l1 + 4`, `g1_4 = g1 + 4`: the replicas' indices (after the thread's own),
        under a comment saying how the kernel is coarsened, or why not (`-v` prints it)."""
        out = [f"    # {why}"]
        if self.coarse is None:
            return out
        for (which, dim, off), name in sorted(self._replica_index.items(), key=lambda kv: (kv[0][0] != "local", kv[0][1:])):
            base = names[("l" if which == "local" else "g") + str(dim)]
            step = off if not unit else unit if off == 1 else f"{off} * {unit}"
            out.append(f"    {name} = {base} + {step}")
        return out
