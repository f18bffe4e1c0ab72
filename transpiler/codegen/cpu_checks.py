"""CPU backend with dynamic checks: `amppy run --check races` / `--check bounds`.

Same lowering as `cpu.py` (it subclasses its writer and emitter), with three differences:

- the kernel runs serially (`numba.njit` without `parallel`, `range` over tiles), so the first
  violation found is deterministic (lowest tile, then local index order);
- checked accesses go through the njit helpers of `amppy.runtime.checks`, which get a *site id*
  (an index into a table emitted next to the kernel: C++ span, variable, source line):

      averages[check_index2(viol, 3, averages.shape, t0, t1)] /= float32(4.0)      # bounds
      total[check_tile_static1(total_shadow, viol, epoch, l0 * 2 + l1, tile, 0, 3,
                               total.shape, 0)] += ...                          # races
      epoch += 1                                                                  # at a barrier

  `--check bounds` checks every element access of an array_view, array, tile_static or local
  C array in kernel bodies; `--check races` records tile_static reads and writes per thread
  and barrier interval (and bounds-checks tile_static indices, to keep its shadow in range);
- the kernel takes `viol` (the violation record) last, and is launched with
  `launch_checked(kernel, kernel_checks, domain, where, *captures)`.

With `--check bounds`, the restrict(amp) functions a kernel calls are checked too: the kernel gets
copies of its own (`f_checked_<kernel>`) that take the violation record last and report through
the kernel's site table (`CheckedFunctionEmitter`).  Not instrumented: tile_static accesses in
tile-uniform statements hoisted out of the thread loops (bounds only there).  Without
`--check`, `cpu.py` alone writes the kernels, so normal kernels are unchanged.
"""
from __future__ import annotations

from functools import partial

from .. import ir
from . import cpu
from .kernel_exprs import KernelExprEmitter
from .pyexprs import P_ATOM

JIT_CHECKED = '@numba.njit(cache=True, error_model="numpy")'

_ARRAYS = (ir.ArrayView, ir.AmpArray, ir.CArray)
_MODES = {"r": 1, "w": 2, "rw": 3}


class _Sites:
    """Mixin: the site table a checked access reports through, the violation record's name
    (`viol`), and calls of the checked copies of restrict(amp) functions (`checked`: the ids of
    the function symbols that have one; they take `viol` last)."""

    checked: frozenset = frozenset()

    def site(self, span, name: str, scalar: bool = False) -> int:
        text = self.sources.line_text(span.file, span.line) if self.sources is not None else None
        self.sites.append((span.file, span.line, span.col, span.end_line, span.end_col, name,
                           text, scalar))
        return len(self.sites) - 1

    def _checked_index(self, span, label, name, idx, scalar=False) -> str:
        site = self.site(span, label, scalar)
        self.use(self.viol)
        return f"check_index{len(idx)}({self.viol}, {site}, {name}.shape, {', '.join(idx)})"

    def plain_call(self, e: ir.Call) -> str:
        if id(e.func) not in self.checked:
            return super().plain_call(e)
        self.use(self.viol)
        return f"{self.callee(e.func)}({', '.join(self.call_args(e.args) + [self.viol])})"


class CheckedFunctionEmitter(_Sites, KernelExprEmitter):
    """The restrict(amp) functions a kernel checked for bounds calls, their element accesses
    checked as the kernel's are (copies of its own: their sites are in its table)."""

    def __init__(self, program, sources, sites: list, names: dict):
        super().__init__(program, sources)
        self.sites, self.device_names, self.checked = sites, dict(names), frozenset(names)
        self.viol = "viol"

    def begin_function(self, f: ir.FunctionDef, name: str) -> list[str]:
        params = super().begin_function(f, name)
        self.viol = self.fresh("viol")
        return params + [self.viol]

    def e_ElementRef(self, e: ir.ElementRef):
        base = e.base
        if not isinstance(base.type, _ARRAYS) or not 1 <= len(e.indices) <= 3:
            return super().e_ElementRef(e)
        name = self.expr(base, P_ATOM)
        root = ir.root_symbol(base)
        idx = [self.expr(i) for i in e.indices]
        return f"{name}[{self._checked_index(e.span, root.name if root is not None else 'array', name, idx)}]", P_ATOM


class CheckedEmitter(_Sites, cpu.CpuEmitter):
    def __init__(self, program, sources, kernel, names, *, races: bool, bounds: bool):
        super().__init__(program, sources, kernel, names)
        self.races, self.bounds = races, bounds
        self.sites: list[tuple] = []
        self.shadows: dict = {}          # tile_static Symbol -> shadow array name
        self.viol = self.epoch = None    # names, set by the writer
        self.in_thread = False           # emitting per-thread code (local indices are defined)
        self._mode = "r"

    def lvalue(self, e, mode):
        saved, self._mode = self._mode, mode
        try:
            return self.expr(e)
        finally:
            self._mode = saved

    def _take_mode(self) -> str:
        m, self._mode = self._mode, "r"
        return m

    def _use(self, *names):
        for name in names:
            self.use(name)

    def _tid(self) -> str:
        dims = self.kernel.tile_dims
        text = self.thread_index("local", 0)
        for d in range(1, len(dims)):
            if d > 1:
                text = f"({text})"
            text = f"{text} * {dims[d]} + {self.thread_index('local', d)}"
        return text

    def _tile_static_index(self, span, sym, mode, name, idx, scalar=False) -> str:
        site = self.site(span, sym.name, scalar)
        sh, tile = self.shadows[sym], self.n["tile"]
        self._use(sh, self.viol, self.epoch, tile)
        return (f"check_tile_static{len(idx)}({sh}, {self.viol}, {self.epoch}, {self._tid()}, {tile}, "
                f"{site}, {_MODES[mode]}, {name}.shape, {', '.join(idx)})")

    # ---------------------------------------------------------------- accesses
    def e_Var(self, e: ir.Var):
        sym = e.sym
        if "tile_static" in sym.storage and isinstance(sym.type, ir.Scalar):
            mode = self._take_mode()
            name = sym.py_name
            self._use(name)
            if self.races and self.in_thread and sym in self.shadows:
                return f"{name}[{self._tile_static_index(e.span, sym, mode, name, ['0'], True)}]", P_ATOM
            return f"{name}[0]", P_ATOM
        return super().e_Var(e)

    def e_ElementRef(self, e: ir.ElementRef):
        mode = self._take_mode()
        base = e.base
        if not isinstance(base.type, _ARRAYS) or not 1 <= len(e.indices) <= 3:
            return super().e_ElementRef(e)
        root = ir.root_symbol(base)
        ts = root is not None and "tile_static" in root.storage and isinstance(base, ir.Var)
        if ts:
            name = base.sym.py_name
            self._use(name)
        else:
            name = self.expr(base, P_ATOM)
        idx = [self.expr(i) for i in e.indices]
        if ts and self.races and self.in_thread and root in self.shadows:
            return f"{name}[{self._tile_static_index(e.span, root, mode, name, idx)}]", P_ATOM
        if self.bounds or ts:
            label = root.name if root is not None else "array"
            return f"{name}[{self._checked_index(e.span, label, name, idx)}]", P_ATOM
        return f"{name}[{', '.join(idx)}]", P_ATOM

    def atomic(self, e: ir.AtomicCall):
        t = e.target
        fn = cpu._ATOMICS.get(e.name)
        if (fn is None or not self.bounds or not isinstance(t, ir.ElementRef)
                or not isinstance(t.base.type, _ARRAYS) or not 1 <= len(t.indices) <= 3):
            return super().atomic(e)
        arr = self.expr(t.base, 14)
        root = ir.root_symbol(t.base)
        idx = self._checked_index(t.span, root.name if root is not None else "array", arr,
                                  [self.expr(i) for i in t.indices])
        args = ["1"] if e.name in ("atomic_fetch_inc", "atomic_fetch_dec") else [self.expr(a) for a in e.args]
        return f"{fn}({arr}, {idx}, {', '.join(args)})"


class CheckedKernelWriter(cpu._KernelWriter):
    JIT = JIT_CHECKED
    PRANGE = "range"

    def __init__(self, kernel, program, sources, emitted=None, *, races: bool, bounds: bool):
        self.emitter_class = partial(CheckedEmitter, races=races, bounds=bounds)
        super().__init__(kernel, program, sources, emitted)
        em = self.em
        em.viol = em.fresh("viol")
        em.epoch = em.fresh("epoch")
        self.track = races and self.tiled and bool(self.lk.tile_statics)
        if self.track:
            for sym in self.lk.tile_statics:
                em.shadows[sym] = em.fresh(f"{sym.py_name}_shadow")

    def extra_params(self):
        return [self.em.viol]

    def tile_prelude(self, out):
        if not self.track:
            return
        out.append(f"        {self.em.epoch} = 1  # barrier interval, for the race check")
        for sym in self.lk.tile_statics:
            shape, _ = cpu._shape_elem(sym.type, sym.span, self._record)
            size = 1
            for d in shape:
                size *= d
            out.append(f"        {self.em.shadows[sym]} = np.zeros(({size}, 8), np.int64)"
                       f"  # accesses to '{sym.name}' in this barrier interval")

    def _n_Sync(self, nd, out, depth):
        super()._n_Sync(nd, out, depth)
        if self.track:
            out.append("    " * depth + f"{self.em.epoch} += 1")

    def _region_body(self, tl, depth):
        saved, self.em.in_thread = self.em.in_thread, True
        try:
            return super()._region_body(tl, depth)
        finally:
            self.em.in_thread = saved

    def table(self) -> list[str]:
        """The site table `launch_checked` reports through."""
        k = self.k
        out = [f"{k.name}_checks = {{", f"    'tile': {tuple(k.tile_dims) if k.tile_dims else None!r},",
               "    'sites': ("]
        out += [f"        {s!r}," for s in self.em.sites]
        out += ["    ),", "}"]
        return out


class CheckedBackend:
    """The kernel backend object `codegen.generate` uses when a `--check` option is on
    (same interface as the `cpu` module)."""

    def __init__(self, races: bool, bounds: bool):
        self.races, self.bounds = races, bounds

    def module_prelude(self, every_gpu: bool = False) -> list[str]:
        return cpu.module_prelude() + [
            "from amppy.runtime.checks import (check_index1, check_index2, check_index3, "
            "check_tile_static1, check_tile_static2, check_tile_static3, launch_checked)"]

    def emit_kernel(self, kernel, program, sources, emitted_functions=None, known=None) -> list[str]:
        # (each kernel keeps its own copy: its table of access sites is named after it)
        kernel = cpu.lowered(kernel)
        w = CheckedKernelWriter(kernel, program, sources, emitted_functions, races=self.races, bounds=self.bounds)
        if self.bounds and kernel.functions:        # the functions it calls: checked copies of its own
            names = {id(f.sym): f"{w.em.device_names.get(id(f.sym), f.sym.py_name)}_checked_{kernel.name}"
                     for f in kernel.functions}
            w.em.device_names = {**w.em.device_names, **names}
            w.em.checked = frozenset(names)
            em = CheckedFunctionEmitter(program, sources, w.em.sites, names)
            lines = cpu.emit_functions(kernel.functions, program, sources, emitted_functions, em=em)
        else:
            lines = cpu.emit_functions(kernel.functions, program, sources, emitted_functions)
        return lines + w.write() + [""] + w.table()

    @staticmethod
    def needs_host_version(f) -> bool:
        return cpu.needs_host_version(f)

    def emit_launch(self, pfe, domain_src, capture_srcs) -> str:
        sp = pfe.span                   # the launch (a stored lambda launches where it is named)
        args = [pfe.kernel.name, f"{pfe.kernel.name}_checks", domain_src, repr(f"{sp.file}:{sp.line}")]
        return f"launch_checked({', '.join(args + list(capture_srcs))})"
