"""CUDA backend: one `ir.Kernel` → a `numba.cuda.jit` kernel (DESIGN §4).

Input: a kernel as sema and the passes left it (no barrier lowering: a GPU thread runs the body
as written).  Output: source lines.  The kernel's parameters are the extent's dimensions, then
the captures in order (what `runtime/launch_cuda.launch` passes).  A tiled kernel maps
`tile<D0, D1>` to the block `(D1, D0)`: the last C++ dimension is `threadIdx.x`, so neighbouring
threads touch neighbouring elements (coalescing).  `tile_static` variables become
`cuda.shared.array`s, allocated once at the top of the kernel; barriers are `cuda.syncthreads()`:

    @cuda.jit(cache=True)
    def main_kernel(ext0, ext1, a, b, product):
        # mm.cpp:39: tile_static float locA[TS][TS];
        locA = cuda.shared.array((16, 16), float32)
        ...
        # tiled_index<16, 16>: local = threadIdx (y, x), tile = blockIdx (y, x)
        l0 = cuda.threadIdx.y
        l1 = cuda.threadIdx.x
        t0 = cuda.blockIdx.y
        g0 = t0 * 16 + l0
        ...
        # mm.cpp:41: locA[row][col] = a(t_idx.global[0], col + i);
        locA[row, col] = a[g0, col + i]
        # mm.cpp:43: t_idx.barrier.wait();
        cuda.syncthreads()

An untiled kernel runs on a grid rounded up to whole blocks and guards its body:

    @cuda.jit(cache=True)
    def main_kernel(ext0, ext1, m):
        g1, g0 = cuda.grid(2)
        if g0 < ext0 and g1 < ext1:
            ...

restrict(amp) functions are `@cuda.jit(device=True)` functions; a restrict(cpu, amp) function
also has a host version (host code cannot call a device function), so its device version is
named `<name>_device` (see `needs_host_version`).  Host code launches a kernel with
`emit_launch(...)` → `launch_cuda.launch(kernel, domain, "file.cpp:LINE", None, *captures)`.
"""
from __future__ import annotations

from .. import ir
from ..lower import coarsen
from ..passes import tile_functions
from ..cxx.mathfuncs import FUNCTIONS
from ..names import EVERY_GPU_INSTALL
from .kernel_exprs import (P_ATOM, KernelCodegenError, KernelExprEmitter, fresh_names, kernel_user_names,
                           kernel_versions, np_scalar, shared_kernel)
from .coarsened import CoarseningMixin
from .kernel_ir import array_initializer
from .mathcalls import call_type
from .text import where
from .types import dtype_of

JIT = "@cuda.jit(cache=True)"
#: numba-cuda links a helper library into a kernel that reshapes an array (`view_as`), and such a
#: kernel cannot be written to the disk cache ("Cannot pickle CUDACodeLibrary with linking files")
JIT_UNCACHED = "@cuda.jit  # not cached: a view reshaped in the kernel (numba-cuda links a library)"
DEVICE = "@cuda.jit(device=True, cache=True)"

#: CUDA's limit on static shared memory per block (more needs dynamic shared memory + opt-in).
SHARED_MEMORY_LIMIT = 48 * 1024

#: imports the generated kernels need (put once at the top of the module)
PRELUDE = [
    "import math",
    "import warnings",
    "",
    "import numba",
    "import numpy as np",
    "from numpy import float32",
    "",
    "from amppy.runtime import launch_cuda",
    "from amppy.runtime.cuda_compat import import_cuda",
    "from amppy.runtime.pointers import (Pointer, array_pointer, element_pointer, element_pointer2, "
    "element_pointer3, field_span, null_pointer, pointer_address, pointer_diff, reinterpret_pointer, "
    "view_array)",
    "from amppy.runtime.intmath import cdiv, cmod",
    "",
    "# numba-cuda warns about grids under 128 blocks; small C++ AMP domains are normal here",
    "warnings.filterwarnings(\"ignore\", message=\".*under-utilization due to low occupancy\")",
    "cuda = import_cuda()       # NVIDIA's numba-cuda (checked), usable with numpy 2.5",
    "launch_cuda.install()      # array/array_view data movement as in C++ AMP",
]


def module_prelude(every_gpu: bool = False) -> list[str]:
    """The module head; `every_gpu`: the program lists the accelerators (`accelerator::get_all()`),
    so every visible GPU's driver context is made in the background from the start, not when the
    list is first read (a second GPU's context, about 0.15 s, was on the critical path)."""
    if not every_gpu:
        return list(PRELUDE)
    return PRELUDE[:-1] + [f"{EVERY_GPU_INSTALL}    # data movement as in C++ AMP; every GPU set up from the start"]


_ATOMICS = {
    "atomic_fetch_add": "add", "atomic_fetch_sub": "sub", "atomic_exchange": "exch",
    "atomic_fetch_max": "max", "atomic_fetch_min": "min", "atomic_fetch_and": "and_",
    "atomic_fetch_or": "or_", "atomic_fetch_xor": "xor",
    "atomic_fetch_inc": "add", "atomic_fetch_dec": "add",    # CUDA's inc/dec wrap at a bound
}

_AXES = "xyz"


def _which_key(which: str, dim: int) -> str:
    return {"global": "g", "local": "l", "tile": "t", "tile_origin": "o"}[which] + str(dim)


class CudaEmitter(CoarseningMixin, KernelExprEmitter):
    """Kernel expressions for the GPU: thread indices are locals set from threadIdx/blockIdx
    (a coarsened kernel's replicas have their own: coarsened.py)."""

    part_decorator = DEVICE                     # parts of long statement lists (outline.py)

    def __init__(self, program, sources, kernel, names, device_names):
        super().__init__(program, sources, kernel)
        self.n = names                          # generated-name table ("g0" -> its Python name)
        self.device_names = device_names        # id(function Symbol) -> name of its device version
        self.idx_used: set = set()              # (which, dim) read

    def thread_index(self, which, dim):
        if self.kernel is None:
            raise KernelCodegenError(f"thread index '{which}' used outside a kernel")
        if self.kernel.tile_dims is None and which != "global":
            raise KernelCodegenError(f"'{which}' index used in an untiled kernel")
        self.idx_used.add((which, dim))
        name = self.n[_which_key(which, dim)]
        self.use(name)
        return self.replica_index(which, dim, name)

    tile_functions = True        # device functions may call syncthreads and declare shared arrays

    def function_tile_static(self, s: ir.TileStatic) -> str:
        t = s.sym.type
        dims, elem_t = _shared_layout(t)
        if isinstance(elem_t, ir.StructType) and self.record_of is not None:
            return f"{s.sym.py_name} = cuda.shared.array({_shape(dims)}, {self.record_of(elem_t)})"
        if not isinstance(elem_t, ir.Scalar):
            raise KernelCodegenError(f"tile_static data of type '{t}' in a called function is not supported "
                                     "yet", s.span)
        return f"{s.sym.py_name} = cuda.shared.array({_shape(dims)}, {np_scalar(elem_t)})"

    def barrier(self, stmt: ir.Barrier):
        # __syncthreads() waits for the block and makes its global and shared memory writes
        # visible to the block: what all three C++ AMP barrier variants promise for a tile.
        return ["cuda.syncthreads()"]

    def fence(self, stmt: ir.Fence):
        # tile_static memory is the block's shared memory; global (and all) reaches the device
        return ["cuda.threadfence_block()" if stmt.kind == "tile_static" else "cuda.threadfence()"]

    def atomic(self, e: ir.AtomicCall):
        if e.name == "atomic_compare_exchange":
            arr, idx = self.atomic_operands(e, "CUDA")
            idx = idx[0] if len(idx) == 1 else f"({', '.join(idx)})"
            return self.compare_exchange(e, f"cuda.atomic.cas({arr}, {idx}, {{expected}}, {{value}})")
        fn = _ATOMICS.get(e.name)
        if fn is None:
            raise KernelCodegenError(f"atomic operation '{e.name}' is not supported on the CUDA target", e.span)
        arr, idx = self.atomic_operands(e, "CUDA")
        idx = idx[0] if len(idx) == 1 else f"({', '.join(idx)})"
        if e.type == ir.FLOAT:                  # atomic_exchange(float*, float)
            return self.float_exchange(arr, idx, self.expr(e.args[0]), e.span)
        if e.name in ("atomic_fetch_inc", "atomic_fetch_dec"):
            one = self.const(1 if e.name == "atomic_fetch_inc" else -1, ir.INT)[0]
            args = [f"{np_scalar(e.type)}({one})" if isinstance(e.type, ir.Scalar) else one]
        else:
            args = [self.expr(a) for a in e.args]
        return f"cuda.atomic.{fn}({arr}, {idx}, {', '.join(args)})"

    def float_exchange(self, arr: str, idx: str, value: str, span) -> str:
        """numba-cuda exchanges 32-bit integers only: the float's bits go through a one-element
        local array seen as both types, the element through the array seen as int32."""
        bits = self.fresh("exchange_bits")
        self.hoist([f"{bits} = cuda.local.array(1, np.int32)",
                    f"{bits}.view(float32)[0] = {value}",
                    f"{bits}[0] = cuda.atomic.exch({arr}.view(np.int32), {idx}, {bits}[0])"],
                   "'atomic_exchange' of a float", span)
        return f"{bits}.view(float32)[0]"

    def math_call(self, e: ir.MathCall):
        text = self._gpu_spelling(e)
        if text is None:
            return super().math_call(e)
        if FUNCTIONS[e.name].cuda is not None:          # an integer libdevice result, to the C++ type
            return f"{self.scalar_type(e.type)}({text})", P_ATOM
        return text, P_ATOM

    def math_tuple(self, e: ir.MathCall) -> str:
        text = self._gpu_spelling(e)
        return text if text is not None else super().math_tuple(e)

    def _gpu_spelling(self, e: ir.MathCall) -> str | None:
        """The function's own GPU spelling, or its libdevice function for the call's floating
        type (None: the kernel spelling serves the GPU too)."""
        fn = FUNCTIONS[e.name]
        t = call_type(e)
        if fn.cuda is not None:
            return fn.cuda.format(*(self.expr(a) for a in e.args))
        if fn.libdevice is not None and isinstance(t, ir.Scalar) and t.is_float:
            name = fn.libdevice[0] if t.name == "float" else fn.libdevice[1]
            return f"cuda.libdevice.{name}({', '.join(self.expr(a) for a in e.args)})"
        return None

    def local_array(self, t: ir.CArray, span) -> str:
        return f"cuda.local.array({_shape(t.dims)}, {self.local_elem(t, span)})"

    zero_local_arrays = True

    def local_array_decl(self, s: ir.VarDecl, out, pad) -> None:
        """`T a[N][M];` / `T a[N] = {...};` in a kernel: a per-thread `cuda.local.array`, zeroed
        by a loop nest (amppy zero-initialises; C++ leaves `T a[N];` indeterminate), then the
        initialiser's elements."""
        t = s.sym.type
        name = self.decl_target(s.sym)
        out.append(f"{pad}{name} = {self.local_array(t, s.span)}")
        if isinstance(t.elem, ir.StructType):
            self.struct_array_init(s, name, out, pad)
            return
        idx = [self.fresh(f"{s.sym.py_name}_i{d}") for d in range(len(t.dims))]
        for d, (i, n) in enumerate(zip(idx, t.dims)):
            out.append(f"{pad}{self.indent_unit * d}for {i} in range({n}):")
        out.append(f"{pad}{self.indent_unit * len(t.dims)}{name}[{', '.join(idx)}] = {self.const(0, t.elem)[0]}")
        for position, e in array_initializer(s.init).items():
            out.append(f"{pad}{name}[{', '.join(map(str, position))}] = {self.expr(e)}")

    version_note = "  (device version; the host version has the plain name)"


def _shared_layout(t: ir.Type) -> tuple:
    """(dims, element type) of the shared array holding a tile_static variable of type `t` (a
    scalar or struct is a one-element array)."""
    return (t.dims, t.elem) if isinstance(t, ir.CArray) else ((1,), t)


def _shape(dims) -> str:
    dims = tuple(dims)
    return str(dims[0]) if len(dims) == 1 else repr(dims)


def needs_host_version(f: ir.FunctionDef) -> bool:
    """Host code cannot call a `cuda.jit(device=True)` function: every restrict(cpu, amp)
    function also gets a host version (HostWriter), and its device version another name."""
    return "cpu" in f.restrict


def device_names(program: ir.Program | None) -> dict:
    return kernel_versions(program, needs_host_version)


def _name_table(taken: set) -> dict:
    return fresh_names([f"ext{d}" for d in range(ir.MAX_RANK)] + ["flat"] +
                       [f"{w}{d}" for w in "glto" for d in range(ir.MAX_RANK)], taken)


def _fields_of(program):
    structs = {s.name: s.fields for s in (program.structs if program is not None else [])}

    def fields_of(t: ir.StructType):
        return structs[t.name]
    return fields_of


class _KernelWriter:
    def __init__(self, kernel: ir.Kernel, program, sources, emitted: set | None, coarse=None, why=""):
        self.k = kernel
        self.coarse = coarse                  # lower/coarsen.py's Plan, or None
        self.why = why                        # ... and the reason (a comment in a tiled kernel: -v prints it)
        self.p = program
        self.emitted = emitted if emitted is not None else set()
        self.taken = kernel_user_names(kernel)
        if program is not None:
            self.taken |= {s.py_name for s in program.structs} | {g.sym.py_name for g in program.globals}
        self.n = _name_table(self.taken)
        self.em = CudaEmitter(program, sources, kernel, self.n, device_names(program))
        self.em.names_used |= self.taken
        self.records: list[str] = []          # module-level numba record types the kernel needs
        self.em.record_of = lambda t: self.elem_type(t, None)

    def elem_type(self, t: ir.Type, span) -> str:
        if isinstance(t, ir.Scalar):
            return np_scalar(t)
        if isinstance(t, ir.StructType):
            return record_name(t, self.emitted, self.records)
        raise KernelCodegenError(f"tile_static variable of type '{t}' is not supported on the CUDA target", span)

    def shared_arrays(self) -> list[str]:
        """`cuda.shared.array` lines for the kernel's tile_static variables (and the size check)."""
        decls = [n for n in ir.walk(self.k.body) if isinstance(n, ir.TileStatic)]
        decls.sort(key=lambda d: (d.span.line, d.span.col))
        fields_of = _fields_of(self.p)
        unique, seen = [], set()
        for d in decls:
            if id(d.sym) not in seen:
                seen.add(id(d.sym))
                unique.append((d, dtype_of(d.sym.type, fields_of).itemsize))
        total = sum(size for _, size in unique)
        if total > SHARED_MEMORY_LIMIT:
            running = 0
            for d, size in unique:
                running += size
                if running > SHARED_MEMORY_LIMIT:
                    parts = ", ".join(f"'{x.sym.name}' {sz}" for x, sz in unique)
                    raise KernelCodegenError(
                        f"tile_static memory of {total} bytes per tile exceeds CUDA's limit of "
                        f"{SHARED_MEMORY_LIMIT} bytes (48 KiB) of static shared memory per block "
                        f"(bytes: {parts}); use smaller tiles or tile_static arrays, or --target cpu",
                        d.span)
        out = []
        self.em.reset_comments()
        for d, _ in unique:
            t = d.sym.type
            dims, elem_t = _shared_layout(t)
            self.em.comment(d.span, out, "    ")
            out.append(f"    {d.sym.py_name} = cuda.shared.array({_shape(dims)}, {self.elem_type(elem_t, d.span)})")
        return out

    def write(self) -> list[str]:
        k, n, em = self.k, self.n, self.em
        tiled = k.tile_dims is not None
        rank = len(k.tile_dims) if tiled else k.rank
        shared = self.shared_arrays() if tiled else []
        body: list[str] = []
        em.reset_comments()
        em.start_coarsening(self.coarse)
        if self.coarse is not None and not tiled:       # (rank 1: coarsened.py)
            return self.finish(em.untiled_coarsened(k.body.body, n, self.why))
        em.block(k.body.body, body, 1 if tiled else 2)
        used = em.idx_used
        pre: list[str] = []
        if tiled:
            dims = k.tile_dims
            axes = [_AXES[rank - 1 - d] for d in range(rank)]
            need_l = {d for w, d in used if w in ("local", "global")}
            need_t = {d for w, d in used if w in ("tile", "global", "tile_origin")}
            need_o = {d for w, d in used if w == "tile_origin"}
            need_g = {d for w, d in used if w == "global"}
            if used:
                sizes = ", ".join(map(str, dims))
                ax = ", ".join(reversed(_AXES[:rank]))
                pre.append(f"    # tiled_index<{sizes}>: local = threadIdx ({ax}), tile = blockIdx ({ax})")
            if rank == 2:       # a grid taller than CUDA's 65,535 blocks folds into z (launch_cuda.launch_config)
                t0 = n["t0"]
                pre += [f"    {t0} = cuda.blockIdx.y",
                        "    if cuda.blockIdx.z:  # a folded grid: more than 65,535 rows of tiles go on along z",
                        f"        {t0} = np.int32({t0} + cuda.blockIdx.z * cuda.gridDim.y)",
                        f"        if {t0} >= {n['ext0']} // {dims[0]}:  # (the last slice's spare tiles)",
                        "            return"]
                need_t = need_t - {0}
            sets = (("l", need_l, lambda d: f"cuda.threadIdx.{axes[d]}"),
                    ("t", need_t, lambda d: f"cuda.blockIdx.{axes[d]}"),
                    ("o", need_o, lambda d: f"{n[f't{d}']} * {dims[d]}"),
                    ("g", need_g, lambda d: f"{n[f't{d}']} * {dims[d]} + {n[f'l{d}']}"))
            for key, needed, value in sets:     # each index kind once, in dimension order
                pre += [f"    {n[f'{key}{d}']} = {value(d)}" for d in range(rank) if d in needed]
            head = pre + em.prelude_lines(n, self.why)
        else:
            gs = [n[f"g{d}"] for d in range(rank)]
            if rank > 3:            # one row-major thread number, split into the rank's components
                exts = [n[f"ext{d}"] for d in range(rank)]
                flat = n["flat"]
                head = [f"    {flat} = cuda.grid(1)  # rank {rank}: threads numbered in row-major order",
                        f"    if {flat} < {' * '.join(exts)}:  # the grid is rounded up to whole blocks"]
                for d in range(rank - 1, -1, -1):
                    inner = " * ".join(exts[d + 1:])
                    value = flat if not inner else f"{flat} // {inner}" if d == rank - 2 else f"{flat} // ({inner})"
                    head.append(f"        {gs[d]} = {value}" + (f" % {exts[d]}" if d else ""))
            else:
                if rank == 1:
                    grid = f"    {gs[0]} = cuda.grid(1)"
                else:
                    grid = f"    {', '.join(reversed(gs))} = cuda.grid({rank})  # x is the last dimension"
                if rank == 2:       # a grid taller than CUDA's 65,535 blocks folds into z (launch_config)
                    grid += ("\n    if cuda.blockIdx.z:  # a folded grid: more than 65,535 rows of blocks go on along z"
                             f"\n        {gs[0]} += cuda.blockIdx.z * cuda.gridDim.y * cuda.blockDim.y")
                elif rank == 3:     # ... and a deeper one into y: more blocks along y than dimension 1 needs
                    ext1, rows = n["ext1"], f"(({n['ext1']} + cuda.blockDim.y - 1) // cuda.blockDim.y)"
                    grid += "\n".join([
                        "",
                        f"    if cuda.gridDim.y * cuda.blockDim.y >= {ext1} + cuda.blockDim.y:  # a folded grid: "
                        "z's blocks go on along y",
                        f"        {gs[1]} = cuda.blockIdx.y % {rows} * cuda.blockDim.y + cuda.threadIdx.y",
                        f"        {gs[0]} = (cuda.blockIdx.z + cuda.gridDim.z * (cuda.blockIdx.y // {rows})) "
                        "* cuda.blockDim.z + cuda.threadIdx.z"])
                guard = " and ".join(f"{gs[d]} < {n[f'ext{d}']}" for d in range(rank))
                head = [grid, f"    if {guard}:  # the grid is rounded up to whole blocks"]
        return self.finish(shared + head + body)

    def finish(self, lines: list[str]) -> list[str]:
        """The kernel's decorator and `def` line above `lines` (its shared arrays, thread indices
        and body), after the record types and helpers it needs."""
        k, n, em = self.k, self.n, self.em
        tiled = k.tile_dims is not None
        rank = len(k.tile_dims) if tiled else k.rank
        params = [n[f"ext{d}"] for d in range(rank)] + [c.inner.py_name for c in k.captures]
        sp = k.span
        at = where(sp.file, sp.line)
        kind = f"tile<{', '.join(map(str, k.tile_dims))}>" if tiled else f"extent<{rank}>"
        reshapes = any(isinstance(x, ir.LibCall) and x.name in ("view_as", "reinterpret_as")
                       for body in [k.body] + [f.body for f in k.functions] for x in ir.walk(body))
        jit = JIT_UNCACHED if reshapes else JIT
        return self.records + em.helpers + [jit, f"def {k.name}({', '.join(params)}):  # {at}: {kind}"] + lines


def emit_functions(functions, program=None, sources=None, emitted: set | None = None) -> list[str]:
    """restrict(amp) functions as device functions (skipping names in `emitted`)."""
    em = CudaEmitter(program, sources, None, {}, device_names(program))
    records: list[str] = []
    seen = emitted if emitted is not None else set()
    em.record_of = lambda t: record_name(t, seen, records)      # tile_static structs, null pointers
    lines = em.functions(functions, DEVICE, emitted)
    return records + lines


def record_name(t: ir.StructType, emitted: set, records: list) -> str:
    """The module-level numba record type of struct `t`, its definition added to `records` the
    first time the module needs it (`emitted` remembers)."""
    name = f"{t.py}_record"
    if ("record", t.name) not in emitted:
        emitted.add(("record", t.name))
        records += [f"{name} = numba.from_dtype({t.py}.dtype)  # struct {t.py} in shared memory", ""]
    return name


def emit_kernel(kernel: ir.Kernel, program: ir.Program | None, sources, emitted_functions: set | None = None,
                known: dict | None = None, coarsen_setting="auto", explained=None) -> list[str]:
    """Source lines of the kernel's `cuda.jit` function plus its helpers (device functions it
    calls, unless already in `emitted_functions`, and numba record types for struct tile_static
    variables).  Raises `KernelCodegenError` with `.span` for constructs the CUDA target cannot
    express, including static shared memory above 48 KiB per block.  `explained`: the kernel's
    `explain_coarsening` when the caller has it already."""
    if emitted_functions is None:
        emitted_functions = set()
    plan, why = explained if explained is not None else explain_coarsening(kernel, coarsen_setting)
    if kernel.tile_dims is not None:    # a local class's member functions that use the kernel's shared data
        kernel = tile_functions.inline(kernel, tile_functions.uses_outer_tile_static)
    lines = emit_functions(kernel.functions, program, sources, emitted_functions)
    writer = _KernelWriter(kernel, program, sources, emitted_functions, plan, why)
    return lines + shared_kernel(writer.write(), kernel.name, known)


def coarsening(kernel: ir.Kernel, setting="auto"):
    """The kernel's coarsening plan (lower/coarsen.py) under `--coarsen setting`, or None; the
    same answer for the kernel and its launch."""
    return explain_coarsening(kernel, setting)[0]


def explain_coarsening(kernel: ir.Kernel, setting="auto"):
    """(plan or None, why) of `coarsening`.  A kernel whose functions use its tile_static data
    (inlined into it first) is not coarsened."""
    if kernel.tile_dims is not None and \
            tile_functions.inline(kernel, tile_functions.uses_outer_tile_static) is not kernel:
        return None, "not coarsened: a function it calls uses its tile_static data"
    return coarsen.explain(kernel, setting)


def emit_launch(pfe: ir.ParallelForEach, domain_src: str, capture_srcs: list[str], coarsen_setting="auto",
                plan=False) -> str:
    """One host statement launching the kernel of `pfe` on the GPU (a coarsened kernel's launch
    names its smaller block, in CUDA's order).  `plan`: the kernel's coarsening when the caller
    has it already (False: not known yet)."""
    sp = pfe.span                   # the launch (a stored lambda launches where it is named)
    if plan is False:
        plan = coarsening(pfe.kernel, coarsen_setting)
    block = repr(plan.block()) if plan is not None and plan.tiled else "None"
    args = [pfe.kernel.name, domain_src, repr(f"{sp.file}:{sp.line}"), block] + list(capture_srcs)
    if plan is not None and not plan.tiled:     # an untiled kernel: fewer blocks, each covering more
        args.append(f"coarsen={plan.factors!r}")
    return f"launch_cuda.launch({', '.join(args)})"


class Backend:
    """The CUDA backend as `codegen.generate` uses it, with the command line's `--coarsen`."""

    module_prelude = staticmethod(module_prelude)
    needs_host_version = staticmethod(needs_host_version)

    def __init__(self, coarsen_setting="auto"):
        self.coarsen = coarsen_setting
        self._explained: dict = {}          # id(kernel) -> (kernel, explain_coarsening's answer)

    def explained(self, kernel: ir.Kernel):
        """`explain_coarsening` of `kernel`, worked out once for its definition and its launches."""
        got = self._explained.get(id(kernel))
        if got is None:
            got = self._explained[id(kernel)] = (kernel, explain_coarsening(kernel, self.coarsen))
        return got[1]

    def emit_kernel(self, kernel, program, sources, emitted_functions=None, known=None):
        return emit_kernel(kernel, program, sources, emitted_functions, known, self.coarsen, self.explained(kernel))

    def emit_launch(self, pfe, domain_src, capture_srcs):
        return emit_launch(pfe, domain_src, capture_srcs, self.coarsen, self.explained(pfe.kernel)[0])
