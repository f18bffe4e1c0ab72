"""CPU backend: one `ir.Kernel` → a `numba.njit(parallel=True)` function (DESIGN §3).

Input: a kernel (lowered by `lower/barrier_regions.py`).  Output: source lines.  A tiled
kernel runs `prange` over the flattened tile grid; each region between barriers is a nest of
`range` loops over the tile's local indices (last dimension innermost):

    @numba.njit(parallel=True, cache=True, error_model="numpy")
    def kernel_main_12(ext0, ext1, a, b, c):
        ntiles1 = ext1 // 16
        for tile in prange(ext0 // 16 * ntiles1):
            t0 = tile // ntiles1
            ...
            locA = np.empty((16, 16), float32)          # tile_static, once per tile
            for l0 in range(16):
                g0 = o0 + l0
                for l1 in range(16):
                    # mm.cpp:20: locA[row][col] = a(t_idx.global[0], col + i);
                    ...

An untiled kernel is `prange` over dimension 0 and `range` over the others.  A region with
an early `return` becomes an inlined per-thread function.  Host code launches a kernel with
`emit_launch(...)` → `launch_cpu(kernel, domain, "file.cpp:LINE", *captures)`.
"""
from __future__ import annotations

from .. import ir
from ..lower import barrier_regions as br
from ..passes import tile_functions
from .outline import NEST_LIMIT, whole_variables
from .kernel_exprs import (KernelCodegenError, KernelExprEmitter, fresh_names, kernel_user_names, kernel_versions,
                           np_scalar, shared_kernel)

JIT = '@numba.njit(parallel=True, cache=True, error_model="numpy")'
INLINE = '@numba.njit(inline="always", cache=True, error_model="numpy")'
#: a part of a long statement list (outline.py): compiled on its own, called from the kernel
PART = '@numba.njit(cache=True, error_model="numpy")'

#: imports the generated kernels need (put once at the top of the module)
PRELUDE = [
    "import math",
    "",
    "import numba",
    "import numpy as np",
    "from numba import prange",
    "from numpy import float32",
    "",
    "from amppy.runtime.pointers import (Pointer, array_pointer, element_pointer, element_pointer2, "
    "element_pointer3, field_span, null_pointer, pointer_address, pointer_diff, reinterpret_pointer, "
    "view_array)",
    "from amppy.runtime.intmath import cdiv, cmod, cround",
    "from amppy.runtime.launch_cpu import (atomic_add, atomic_sub, atomic_exchange, atomic_max, "
    "atomic_min, atomic_and, atomic_or, atomic_xor, atomic_cas, launch_cpu)",
]


def module_prelude(every_gpu: bool = False) -> list[str]:
    """The module head (`every_gpu` matters to the CUDA target only)."""
    return list(PRELUDE)


def needs_host_version(f: ir.FunctionDef) -> bool:
    """A restrict(cpu, amp) function is one njit function that host code calls too, unless a
    struct is among its parameters or its result: the kernel version takes and returns them
    field by field (kernel_structs.py), so the host gets a version of its own; so does one
    taking or giving a pointer (a kernel's pointers are not the host's: kernel_pointers.py), or an
    index<N>/extent<N> (a tuple in kernels, an `index`/`extent` object on the host), or one
    calling a function whose restrict(cpu) and restrict(amp) overloads differ (`Call.host_func`)."""
    sig = [p.type for p in f.params] + [f.ret]
    return "cpu" in f.restrict and (
        any(isinstance(t, (ir.StructType, ir.Pointer, ir.Index, ir.Extent, ir.TiledExtent)) for t in sig) or
        any(isinstance(x, ir.Call) and x.host_func is not None for x in ir.walk(f.body)))


_ATOMICS = {
    "atomic_fetch_add": "atomic_add", "atomic_fetch_sub": "atomic_sub",
    "atomic_exchange": "atomic_exchange", "atomic_fetch_max": "atomic_max",
    "atomic_fetch_min": "atomic_min", "atomic_fetch_and": "atomic_and",
    "atomic_fetch_or": "atomic_or", "atomic_fetch_xor": "atomic_xor",
    "atomic_fetch_inc": "atomic_add", "atomic_fetch_dec": "atomic_sub",
}


class CpuEmitter(KernelExprEmitter):
    """Kernel expressions for the CPU: thread indices are loop variables of the tile loops."""

    part_decorator = PART
    unpack_through_temp = True

    def __init__(self, program, sources, kernel, names):
        super().__init__(program, sources, kernel)
        self.n = names                          # generated-name table
        self.idx_used: set = set()              # (which, dim) read since the last reset

    def thread_index(self, which, dim):
        if self.kernel.tile_dims is None and which != "global":
            raise KernelCodegenError(f"'{which}' index used in an untiled kernel")
        self.idx_used.add((which, dim))
        name = self.n[which[0] + str(dim)] if which != "tile_origin" else self.n[f"o{dim}"]
        self.use(name)
        return name

    def atomic(self, e: ir.AtomicCall):
        if e.name == "atomic_compare_exchange":
            arr, idx = self.atomic_operands(e, "CPU")
            return self.compare_exchange(e, f"atomic_cas({arr}, ({', '.join(idx)},), {{expected}}, {{value}})")
        fn = _ATOMICS.get(e.name)
        if fn is None:
            raise KernelCodegenError(f"atomic operation '{e.name}' is not supported in kernels", e.span)
        arr, idx = self.atomic_operands(e, "CPU")
        idx = "(" + ", ".join(idx) + ",)"
        args = [self.expr(a) for a in e.args]
        if e.name in ("atomic_fetch_inc", "atomic_fetch_dec"):
            args = ["1"]
        return f"{fn}({arr}, {idx}, {', '.join(args)})"

    def barrier(self, stmt):
        raise br.BarrierLoweringError("internal: a barrier reached per-thread code", stmt.span)


def _jumps_out(nd) -> bool:
    """Can control leave tile loop `nd` other than by its own end or `break` (a `return`)?"""
    return any(isinstance(x, ir.Return) for x in ir.walk(nd.stmt))


def _name_table(kernel, taken):
    base = ["tile", "ntiles0", "ntiles1", "ntiles2"] + [f"ext{d}" for d in range(ir.MAX_RANK)]
    return fresh_names(base + [f"{w}{d}" for w in "gltoi" for d in range(ir.MAX_RANK)], taken)


class _KernelWriter:
    """Writes one kernel.  `cpu_checks.py` subclasses it for `--check races|bounds`: the class
    attributes and the `extra_params`/`tile_prelude` hooks are its seams (empty here)."""

    JIT = JIT
    PRANGE = "prange"
    emitter_class = CpuEmitter

    def __init__(self, kernel, program, sources, emitted: set | None = None):
        self.k = kernel
        self.emitted = emitted if emitted is not None else set()   # module-level names written
        self.records: list[str] = []
        self.lk = br.lower(kernel)
        self.taken = kernel_user_names(kernel)
        self.n = _name_table(kernel, self.taken)
        self.em = self.emitter_class(program, sources, kernel, self.n)
        self.em.record_of = self._record
        self.em.device_names = kernel_versions(program, needs_host_version)
        self.em.names_used |= self.taken
        self.helpers: list[str] = []
        self.tiled = kernel.tile_dims is not None
        self.dims = kernel.tile_dims
        self.arr_name = {}
        for v in self.lk.promoted:
            self.arr_name[v] = self.em.fresh(f"{v.py_name}_tile")
        self.tile_used: set = set()        # (which, dim) needed at tile level
        self.thread_names: set = set()     # names the thread regions set from tile arrays / definitions

    # ------------------------------------------------------------ nodes
    def nodes(self, nodes, out, depth):
        start = len(out)
        for nd in nodes:
            getattr(self, "_n_" + type(nd).__name__)(nd, out, depth)
        if all(l.lstrip().startswith("#") for l in out[start:]):
            out.append("    " * depth + "pass")

    def _n_Sync(self, nd, out, depth):
        self.em.comment(nd.stmt.span, out, "    " * depth)

    def _n_TileStmt(self, nd, out, depth):
        self.em.idx_used = set()
        self.em.stmt(nd.stmt, out, depth)
        self.tile_used |= self.em.idx_used

    def _n_TileJump(self, nd, out, depth):
        self.em.stmt(nd.stmt, out, depth)

    def _cond(self, e):
        self.em.idx_used = set()
        s = self.em.expr(e)
        self.tile_used |= self.em.idx_used
        return s

    def _n_TileIf(self, nd, out, depth, kw="if"):
        pad = "    " * depth
        self.em.comment(nd.stmt.span, out, pad)
        out.append(f"{pad}{kw} {self._cond(nd.stmt.cond)}:")
        self.nodes(nd.then, out, depth + 1)
        if nd.else_:
            out.append(f"{pad}else:")
            self.nodes(nd.else_, out, depth + 1)

    def _n_TileLoop(self, nd, out, depth):
        """A loop containing a barrier: the emitter core's loop, with the tile's nodes as its
        body; what its head and steps read of the thread indices is needed at tile level.
        Met `NEST_LIMIT` loops deep it is a part function of its own (`_tile_part`)."""
        em = self.em
        if em.loop_depth >= NEST_LIMIT and not _jumps_out(nd):
            self._tile_part(nd, out, depth)
            return
        em.comment(nd.stmt.span, out, "    " * depth)
        em.idx_used = set()

        def body(d):
            self.tile_used |= em.idx_used
            self.nodes(nd.body, out, d)
            em.idx_used = set()
        em.loop(nd.stmt, out, depth, body)
        self.tile_used |= em.idx_used

    def _tile_part(self, nd, out, depth):
        """Emit tile loop `nd` as a function of the tile's state (CPython refuses more than 20
        nested loop blocks, and the prange and thread loops count): it takes the names its text
        reads and returns the tile's scalars it assigns."""
        em = self.em
        em.frames.append(set())
        saved = em.enter_part()
        body: list[str] = []
        try:
            self._n_TileLoop(nd, body, 1)
        finally:
            refs = em.frames.pop()
            em.leave_part(saved)
        declared, assigned = whole_variables([nd.stmt])
        results = sorted((v for v in assigned - declared if v in self.lk.tile_vars),
                         key=lambda v: v.py_name)
        names = [x for v in results for x in em.value_names(v)]
        if names:
            body.append(f"    return {', '.join(names)}")
        rank = len(self.dims)
        local = {self.n[f"{w}{d}"] for w in "lg" for d in range(rank)}
        local |= {x for v in declared for x in em.struct_vars.get(v, [v.py_name])}
        local |= self.thread_names
        funcs = {f.sym.py_name for f in self.k.functions}
        params = sorted(refs - local - funcs)
        for f in em.frames:
            f.update(params)
            f.update(names)
        name = em.fresh(f"{self.k.name}_part")
        em.add_part(name, params, body, nd.stmt.span)
        call = f"{name}({', '.join(params)})"
        em.part_call(f"{', '.join(names)} = {call}" if names else call, nd.stmt.span, out, "    " * depth)

    # ------------------------------------------------------------ per-thread regions
    def _lidx(self):
        names = [self.n[f"l{d}"] for d in range(len(self.dims))]
        for x in names:
            self.em.use(x)
        return ", ".join(names)

    def _cell(self, v) -> str:
        """This thread's element of promoted variable `v`'s tile array (an index<N> is the
        tuple of its N elements)."""
        at = f"{self.arr_name[v]}[{self._lidx()}"
        if isinstance(v.type, (ir.Index, ir.Extent)):
            cells = [f"{at}, {d}]" for d in range(v.type.rank)]
            return f"({cells[0]},)" if len(cells) == 1 else f"({', '.join(cells)})"
        return at + "]"

    def _region_body(self, tl, depth):
        em, lk = self.em, self.lk
        body = []
        pad = "    " * depth
        self.thread_names |= {v.py_name for v in tl.remat} | {v.py_name for v in tl.loads}
        for v in tl.remat:
            body.append(f"{pad}{v.py_name} = {em.expr(lk.remat[v])}")
        for v in tl.loads:
            em.use(self.arr_name[v])
            body.append(f"{pad}{v.py_name} = {self._cell(v)}")
        em.reset_comments()
        em.stmts(tl.stmts, body, depth, live_after=frozenset(tl.stores))
        for v in tl.stores:
            em.use(self.arr_name[v])
            body.append(f"{pad}{self._cell(v)} = {v.py_name}")
        if all(l.lstrip().startswith("#") for l in body):
            body.append(pad + "pass")
        return body

    def _n_ThreadLoop(self, tl, out, depth):
        em = self.em
        rank = self.k.rank if not self.tiled else len(self.dims)
        em.idx_used = set()
        if tl.exits:
            body = self._thread_function(tl)
            inner = depth + rank
            body = ["    " * inner + body]
        else:
            inner = depth + rank
            body = self._region_body(tl, inner)
        used = em.idx_used
        if self.tiled:
            for w, d in used:
                if w in ("tile", "tile_origin", "global"):
                    self.tile_used.add((w, d))
            for d in range(rank):
                pad = "    " * (depth + d)
                out.append(f"{pad}for {self.n[f'l{d}']} in range({self.dims[d]}):")
                if ("global", d) in used:
                    em.use(self.n[f'o{d}'])
                    out.append(f"{pad}    {self.n[f'g{d}']} = {self.n[f'o{d}']} + {self.n[f'l{d}']}")
        else:
            for d in range(rank):
                pad = "    " * (depth + d)
                loop = self.PRANGE if d == 0 else "range"
                out.append(f"{pad}for {self.n[f'g{d}']} in {loop}({self.n[f'ext{d}']}):")
        out.extend(body)

    def _thread_function(self, tl):
        """Emit the region as an inlined function (it has an early `return`); return its call."""
        em = self.em
        em.frames.append(set())
        body = self._region_body(tl, 1)
        refs = em.frames.pop()
        declared = {d.sym.py_name for s in tl.stmts for d in ir.walk(s) if isinstance(d, ir.VarDecl)}
        declared |= {v.py_name for v in tl.remat} | {v.py_name for v in tl.loads}
        funcs = {f.sym.py_name for f in self.k.functions}
        params = sorted(refs - declared - funcs)
        params += sorted({self.arr_name[v] for v in tl.loads} - set(params))
        name = em.fresh(f"{self.k.name}_thread")
        self.helpers += [INLINE, f"def {name}({', '.join(params)}):"] + body + [""]
        return f"{name}({', '.join(params)})"

    # ------------------------------------------------------------ the kernel
    def write(self) -> list[str]:
        k, n = self.k, self.n
        rank = k.rank if not self.tiled else len(self.dims)
        params = [n[f"ext{d}"] for d in range(rank)] + [c.inner.py_name for c in k.captures]
        params += self.extra_params()
        head = [self.JIT, f"def {k.name}({', '.join(params)}):"] + self.unpack_struct_captures()
        if not self.tiled:
            body = []
            self.nodes(self.lk.nodes, body, 1)
            return self.records + self.em.helpers + self.helpers + head + body
        body: list[str] = []
        self.nodes(self.lk.nodes, body, 2)
        pre2: list[str] = []                    # inside the prange loop, before the regions
        need_t = {d for w, d in self.tile_used}
        need_o = {d for w, d in self.tile_used if w in ("tile_origin", "global")}
        t = [n[f"t{d}"] for d in range(rank)]
        nt = [n[f"ntiles{d}"] for d in range(rank)]
        if rank == 1:
            tile_of = [n["tile"]]
        elif rank == 2:
            tile_of = [f"{n['tile']} // {nt[1]}", f"{n['tile']} % {nt[1]}"]
        else:
            tile_of = [f"{n['tile']} // ({nt[1]} * {nt[2]})", f"{n['tile']} // {nt[2]} % {nt[1]}",
                       f"{n['tile']} % {nt[2]}"]
        for d in range(rank):
            if d in need_t:
                pre2.append(f"        {t[d]} = {tile_of[d]}")
        for d in range(rank):
            if d in need_o:
                pre2.append(f"        {n[f'o{d}']} = {t[d]} * {self.dims[d]}")
        decl_span = {id(x.sym): x.span for x in ir.walk(k.body) if isinstance(x, ir.TileStatic)}
        self.em.reset_comments()
        for sym in self.lk.tile_statics:
            shape, elem = _shape_elem(sym.type, sym.span, self._record)
            self.em.comment(decl_span.get(id(sym), sym.span), pre2, "        ")
            pre2.append(f"        {sym.py_name} = np.empty({shape!r}, {elem})")
        for v in self.lk.promoted:
            shape, elem = _shape_elem(v.type, v.span)
            shape = () if isinstance(v.type, ir.Scalar) else shape
            pre2.append(f"        {self.arr_name[v]} = np.empty({tuple(self.dims) + shape!r}, {elem})"
                        f"  # '{v.name}' of every thread, live across a barrier")
        self.tile_prelude(pre2)
        pre1 = [f"    {nt[d]} = {n[f'ext{d}']} // {self.dims[d]}" for d in range(1, rank)]
        count = " * ".join([f"{n['ext0']} // {self.dims[0]}"] + nt[1:])
        pre1.append(f"    for {n['tile']} in {self.PRANGE}({count}):")
        return self.records + self.em.helpers + self.helpers + head + pre1 + pre2 + body

    def unpack_struct_captures(self) -> list[str]:
        """A struct captured by value is read into one local per field at kernel entry: Numba's
        parallel loops cannot take a record value into their body, and the kernel body then
        reads the fields as plain locals (the capture is const in the kernel)."""
        lines = []
        for c in self.k.captures:
            if isinstance(c.inner.type, ir.StructType) and not c.by_ref:
                leaves = self.em.struct_leaves(c.inner.type, c.inner.span)
                reads = [f"{c.inner.py_name}.{'.'.join(p)}" for p, _ in leaves]
                names = self.em.declare_struct(c.inner)
                lines.append(f"    {', '.join(names)} = {', '.join(reads)}  # the captured struct's fields")
        return lines

    def _record(self, t: ir.StructType) -> str:
        return record_name(t, self.emitted, self.records)

    def extra_params(self) -> list[str]:
        return []

    def tile_prelude(self, out: list[str]) -> None:
        """Lines run once per tile before its first region (after the tile_static arrays)."""


def _shape_elem(t, span, record=None):
    """(shape, element type) of a tile_static variable or of a value live across a barrier;
    `record(struct_type)` names a struct's layout (tile_static only)."""
    if isinstance(t, ir.Scalar):
        return (1,), np_scalar(t)
    if isinstance(t, ir.CArray) and isinstance(t.elem, ir.Scalar):
        return tuple(t.dims), np_scalar(t.elem)
    if isinstance(t, (ir.Index, ir.Extent)):
        return (t.rank,), "np.int32"
    if record is not None and isinstance(t, ir.StructType):
        return (1,), record(t)
    if record is not None and isinstance(t, ir.CArray) and isinstance(t.elem, ir.StructType):
        return tuple(t.dims), record(t.elem)
    raise KernelCodegenError(f"tile_static or cross-barrier variable of type '{t}' is not supported "
                             "on the CPU target", span)


def record_name(t: ir.StructType, emitted: set, records: list) -> str:
    """The module-level numpy layout of struct `t` (for its tile_static arrays, null pointers and
    pointers cast to it), its definition added to `records` the first time (`emitted` remembers)."""
    name = f"{t.py}_record"
    if ("record", t.name) not in emitted:
        emitted.add(("record", t.name))
        records += [f"{name} = {t.py}.dtype  # struct {t.py}'s layout, for tile_static arrays", ""]
    return name


def emit_functions(functions, program=None, sources=None, emitted: set | None = None, em=None) -> list[str]:
    """restrict(amp) functions as inlined njit functions (skipping names in `emitted`); `em`: the
    emitter that writes them (`run --check bounds` gives each checked kernel copies of its own)."""
    em = em if em is not None else KernelExprEmitter(program, sources)
    em.unpack_through_temp = True
    em.part_decorator = PART
    em.device_names = {**kernel_versions(program, needs_host_version), **em.device_names}
    records: list[str] = []
    seen = emitted if emitted is not None else set()
    em.record_of = lambda t: record_name(t, seen, records)
    lines = em.functions(functions, INLINE, emitted)
    return records + lines


def emit_kernel(kernel: ir.Kernel, program: ir.Program | None, sources, emitted_functions: set | None = None,
                known: dict | None = None) -> list[str]:
    """Source lines of the kernel's njit function plus its helpers (restrict(amp) functions it
    calls, unless already in `emitted_functions`, and per-thread functions).  Raises
    `KernelCodegenError` (or its subclass `BarrierLoweringError`) with `.span` for constructs
    the CPU target cannot express."""
    kernel = lowered(kernel)
    lines = emit_functions(kernel.functions, program, sources, emitted_functions)
    return lines + shared_kernel(_KernelWriter(kernel, program, sources, emitted_functions).write(), kernel.name, known)


def lowered(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel as this target writes it (also with `run --check`): a tiled kernel with the
    bodies of called functions that wait on the tile barrier or declare tile_static data put in."""
    return tile_functions.inline(kernel) if kernel.tile_dims is not None else kernel


def emit_launch(pfe: ir.ParallelForEach, domain_src: str, capture_srcs: list[str]) -> str:
    """One host statement launching the kernel of `pfe` on the CPU."""
    sp = pfe.span                   # the launch (a stored lambda launches where it is named)
    args = [pfe.kernel.name, domain_src, repr(f"{sp.file}:{sp.line}")] + list(capture_srcs)
    return f"launch_cpu({', '.join(args)})"
