"""The kernel dialect of the emitter core: Numba nopython code (CPU and CUDA targets).

`pyemit.PyEmitter` walks the IR; this class supplies what kernels spell their own way:

- numbers are numpy scalars: `float` is float32 everywhere (`float32(0.5)`, math results
  converted back with `float32(...)`), an integer result that may leave its type's range is
  wrapped (`np.int32(h * 31 + c)`: Numba widens int32 arithmetic to 64 bits);
- `index<N>`/`extent<N>` values are tuples of ints, an array's extent is its `.shape`;
- struct values are scalar-replaced (`kernel_structs.py`);
- every statement is preceded by `# file.cpp:LINE: <C++ source line>`.

Target hooks (overridden by `cpu.CpuEmitter`, `cuda.CudaEmitter`, `cpu_checks.CheckedEmitter`):
`thread_index`, `tile_static_ref`, `barrier`, `atomic`, `math_call`, `local_array`,
`part_decorator`; `var_ref` lets a target redirect a variable.
"""
from __future__ import annotations

import re

from .. import ir
from ..diagnostics import KernelCodegenError
from ..cxx.mathfuncs import FUNCTIONS
from .kernel_ir import array_initializer, component_store, index_choice
from .kernel_pointers import PointerValues
from .kernel_structs import StructValues
from .mathcalls import template_values
from .pyemit import PyEmitter
from .pyexprs import P_AND, P_ATOM, P_CMP, P_MUL, P_NOT, P_UNARY, is_float
from .text import comment_text, where


def np_scalar(t: ir.Type) -> str:
    """numpy spelling of a scalar type usable in njit code (`float32`, `np.int32`, ...)."""
    if isinstance(t, ir.Scalar):
        name = ir.SCALARS[t.name][0]
        return "float32" if name == "float32" else f"np.{name}"
    raise KernelCodegenError(f"type '{t}' is not a scalar")


def is_float32(t) -> bool:
    return isinstance(t, ir.Scalar) and ir.SCALARS[t.name][0] == "float32"


class KernelExprEmitter(StructValues, PointerValues, PyEmitter):
    """Turns kernel IR into Python source lines.  Subclass per target."""

    #: IR kinds with no kernel spelling yet: "<construct> is not supported in kernels"
    #: [unsupported-in-kernel] (tests/test_ir.py: every other kind has an `e_`/`s_` method)
    NOT_IN_KERNELS = frozenset({"StringConst", "Copy", "StreamOut", "Manipulator",
                                "StreamIn", "Delete", "ParallelForEach", "Lambda", "Invoke", "Throw",
                                "Try", "Scoped"})

    #: pointers are kernel pointers (kernel_pointers.py); host loops keep the host's numpy views
    kernel_pointers = True

    #: decorator of a part function of a long statement list (outline.py); None: never split
    part_decorator: str | None = None

    def __init__(self, program: ir.Program | None = None, sources=None, kernel: ir.Kernel | None = None):
        super().__init__(program, sources)
        self.kernel = kernel
        self._last_comment = None
        self.helpers: list[str] = []          # part functions (outline.py), put before their user
        self.owner = kernel.name if kernel is not None else "kernel"   # base of part names
        self.struct_vars: dict = {}           # struct local Symbol -> its leaves' names (kernel_structs)
        self._global_consts = None
        self._comment_line: dict[str, int] = {}   # per file, the last C++ line commented
        if kernel is not None:
            self._comment_line[kernel.span.file] = kernel.span.line
        self.device_names: dict = {}          # id(function Symbol) -> name of its kernel version
        self.temp_names: set[str] = set()     # call results' temporaries (kernel_structs.unpack)

    @property
    def split_long(self) -> bool:
        return self.part_decorator is not None

    split_deep = split_long

    def error(self, message: str, span) -> KernelCodegenError:
        return KernelCodegenError(message, span)

    def not_here(self, what: str, span, help=None) -> KernelCodegenError:
        return KernelCodegenError(f"{what} is not supported in kernels", span, help)

    # ---------------------------------------------------------------- target hooks
    def thread_index(self, which: str, dim: int) -> str:
        raise KernelCodegenError(f"thread index '{which}' is not available here")

    def tile_static_ref(self, sym: ir.Symbol) -> str:
        """How a tile_static variable is spelled; scalars are 1-element arrays."""
        self.use(sym.py_name)
        return f"{sym.py_name}[0]" if isinstance(sym.type, (ir.Scalar, ir.StructType)) else sym.py_name

    #: whether a restrict(amp) function called from a tiled kernel may wait on the tile barrier
    #: and declare tile_static data (C++ AMP allows both)
    tile_functions = False

    def barrier(self, stmt: ir.Barrier) -> list[str]:
        raise KernelCodegenError("barrier cannot be placed here", stmt.span)

    def fence(self, stmt: ir.Fence) -> list[str]:
        """A memory fence.  On the CPU target a tile's threads run one region at a time in one
        thread of the machine, and tiles share memory through the cache-coherent processors: the
        order C++ AMP's fence promises holds without an instruction (the line's comment stays)."""
        return []

    def atomic(self, e: ir.AtomicCall) -> str:
        raise KernelCodegenError(f"atomic operation '{e.name}' is not supported on this target", e.span)

    def atomic_operands(self, e: ir.AtomicCall, target: str) -> tuple[str, list[str]]:
        """(array, index texts) of an atomic operation's target: an array element, or a
        tile_static scalar (element 0 of its one-element array)."""
        t = e.target
        if isinstance(t, ir.ElementRef) and isinstance(t.base.type, ir.Pointer) and self.kernel_pointers:
            base, off = self.pointer_parts(t.base)
            return base, [self.pointer_offset(off, t.indices[0])]
        if isinstance(t, ir.ElementRef):
            return self.element_base(t.base), [self.expr(i) for i in t.indices]
        if isinstance(t, ir.Var) and "tile_static" in t.sym.storage and isinstance(t.sym.type, ir.Scalar):
            self.use(t.sym.py_name)
            return t.sym.py_name, ["0"]
        raise KernelCodegenError("atomic operations need an array element or a tile_static "
                                 f"variable as their target on the {target} target", e.span)

    def compare_exchange(self, e: ir.AtomicCall, cas: str) -> str:
        """`atomic_compare_exchange(&dest, &expected, v)` on lines before its statement: `cas`
        (a template over `{expected}` and `{value}`) swaps and gives the old value; the call is
        true when that was the expected one, and the old value goes to `expected` (where it
        changes nothing when the swap was made)."""
        expected, value = e.args
        old, ok = self.fresh("cas_old"), self.fresh("cas_ok")
        lines = [f"{old} = {cas.format(expected=self.expr(expected), value=self.expr(value))}",
                 f"{ok} = {old} == {self.expr(expected, P_ATOM)}",
                 f"{self.lvalue(expected, 'w')} = {old}"]
        self.hoist(lines, "'atomic_compare_exchange'", e.span)
        return ok

    def math_call(self, e: ir.MathCall):
        """`float32(math.sqrt(x))`: amppy.cxx.mathfuncs' kernel spelling, converted to the C++ result
        type (Python's math functions compute in double)."""
        fn = FUNCTIONS[e.name]
        text = fn.kernel.format(*(self.expr(a, P_MUL + 1) for a in e.args), **template_values(self, e))
        if fn.result == "bool":
            return text, P_ATOM
        return f"{self.scalar_type(e.type)}({text})", P_ATOM

    def math_tuple(self, e: ir.MathCall) -> str:
        """A math call with out parameters: its spelling gives a tuple (mathcalls.py)."""
        return FUNCTIONS[e.name].kernel.format(*(self.expr(a) for a in e.args), **template_values(self, e))

    def wrapper(self, t: ir.Type) -> str:
        return np_scalar(t)

    def var_ref(self, sym: ir.Symbol) -> str:
        if "tile_static" in sym.storage:
            return self.tile_static_ref(sym)
        self.use(sym.py_name)
        return f"{sym.py_name}[0]" if sym.addressed else sym.py_name     # (kernel_pointers)

    def decl_target(self, sym: ir.Symbol) -> str:
        return self.var_ref(sym)

    # ---------------------------------------------------------------- values
    def e_Const(self, e: ir.Const):
        if e.value is None:                     # a null pointer (NULL, nullptr)
            if not isinstance(e.type, ir.Pointer):
                raise KernelCodegenError("this null pointer is not supported in kernels", e.span)
            return self.null_pointer(e.type, e.span), P_ATOM
        return super().e_Const(e)

    def const(self, value, t: ir.Type) -> tuple[str, int]:
        if isinstance(value, str):          # char
            value = ord(value)
        if isinstance(value, bool) or (isinstance(t, ir.Scalar) and t.name == "bool"):
            return ("True" if value else "False"), P_ATOM
        if is_float(t):
            v = float(value)
            lit = repr(v) if v == v and v not in (float("inf"), float("-inf")) else f"float('{v}')"
            if is_float32(t):
                return f"float32({lit})", P_ATOM
            return lit, (P_UNARY if lit.startswith("-") else P_ATOM)
        if isinstance(t, ir.Scalar) and (t.is_unsigned or ir.SCALARS[t.name][2] < 3):
            return f"{np_scalar(t)}({int(value)})", P_ATOM
        v = int(value)
        return str(v), (P_UNARY if v < 0 else P_ATOM)

    def scalar_convert(self, operand, src, dst):
        return f"{np_scalar(dst)}({self.expr(operand)})", P_ATOM

    def e_Var(self, e: ir.Var):
        if e.sym in self.struct_vars:
            raise KernelCodegenError(f"the struct '{e.sym.name}' used as a whole here is not supported "
                                     "in kernels yet; use its fields", e.span)
        if self.kernel is not None and e.sym is self.kernel.index:
            if isinstance(e.type, ir.Index):        # the untiled index as a whole: its components
                return self.index_value([self.thread_index("global", d) for d in range(e.type.rank)])
            raise KernelCodegenError(f"'{e.sym.name}' used as a whole value is not supported in kernels; "
                                     "use its .global/.local/.tile components", e.span)
        if e.sym.kind == "const" and e.sym.const_value is not None and "tile_static" not in e.sym.storage:
            if e.sym in self.global_consts():        # `range(TS)`: the module constant, as the C++
                self.names_used.add(e.sym.py_name)   # names it (Numba freezes it at compile time)
                return e.sym.py_name, P_ATOM
            return self.const(e.sym.const_value, e.type)
        return self.var_ref(e.sym), P_ATOM

    def global_consts(self) -> frozenset:
        """Named integer constants of the module (`const int TS = 16;` at file scope)."""
        if self._global_consts is None:
            self._global_consts = frozenset(
                g.sym for g in (self.program.globals if self.program is not None else ())
                if g.sym.kind == "const" and isinstance(g.sym.type, ir.Scalar) and g.sym.type.is_int
                and not g.sym.type.is_unsigned and isinstance(g.sym.const_value, int))
        return self._global_consts

    def e_ThreadIndex(self, e: ir.ThreadIndex):
        return self.thread_index(e.which, e.dim), P_ATOM

    def element_base(self, base: ir.Expr) -> str:
        if isinstance(base, ir.Var) and "tile_static" in base.sym.storage:
            self.use(base.sym.py_name)              # the array itself, not its element 0
            return base.sym.py_name
        return self.expr(base, P_ATOM)

    def _shape_tuple(self, arr: ir.Expr) -> tuple[str, int]:
        name = self.expr(arr, P_ATOM)
        return self.index_value([f"{name}.shape[{d}]" for d in range(getattr(arr.type, "rank", 1))])

    def e_LibAttr(self, e: ir.LibAttr):
        if e.name == "extent" and isinstance(e.obj.type, (ir.ArrayView, ir.AmpArray)):
            return self._shape_tuple(e.obj)
        if e.name == "extent" and isinstance(e.obj.type, ir.TiledExtent):   # a tiled_extent is its extent
            return self.emit(e.obj)
        raise KernelCodegenError(f"'{e.name}' is not supported in kernels", e.span)

    def e_FieldRef(self, e: ir.FieldRef):
        if e.arrow and isinstance(e.base.type, ir.Pointer) and self.kernel_pointers:    # `p->x`: of its record
            base, off = self.pointer_parts(e.base)
            return f"{base}[{off}].{e.field}", P_ATOM
        if not isinstance(e.type, ir.StructType):
            local = self._local_leaves(e)            # a field of a struct local: its own local
            if local is not None:
                return local[0], P_ATOM
            of_call = self.struct_field_of_call(e)   # `make(1).a`: the struct result is a tuple
            if of_call is not None:
                return of_call, P_ATOM
        return super().e_FieldRef(e)

    def callee(self, sym: ir.Symbol) -> str:
        name = self.device_names.get(id(sym), sym.py_name)
        self.names_used.add(name)
        return name

    def call_args(self, args) -> list[str]:
        return self.struct_args(args)

    def e_AtomicCall(self, e: ir.AtomicCall):
        return self.atomic(e), P_ATOM

    def e_Construct(self, e: ir.Construct):
        """`index<2>(i, j)`, `extent<1>(n)`, `index<2>(other)`, a kernel's tiled_index passed on:
        a tuple of int components."""
        if type(e.type) is ir.ArrayView and len(e.args) == 1 and type(e.args[0].type) in (ir.AmpArray, ir.ArrayView) \
                and (e.args[0].type.elem, e.args[0].type.rank) == (e.type.elem, e.type.rank):
            return self.emit(e.args[0])     # a view of an array (or a const view of a view): the same buffer
        if not isinstance(e.type, (ir.Index, ir.Extent, ir.TiledIndex)):
            raise self.not_here(ir.describe(e), e.span)
        if len(e.args) == 1 and isinstance(e.args[0].type, (ir.Index, ir.Extent)):
            return self.emit(e.args[0])
        return self.index_value([self.expr(a) for a in e.args])

    def e_LibCall(self, e: ir.LibCall):
        if e.name == "view_alias":             # `&v` / `*p` of an array_view: the view itself
            return self.emit(e.args[0])
        if self.kernel_pointers and (e.name.startswith("ptr_") or e.name in ("address", "element_address", "field_address", "flat")):
            pointer = self.pointer_call(e)
            if pointer is not None:
                return pointer
        compare = e.name in ("==", "!=")
        if compare and isinstance(e.obj.type, (ir.Index, ir.Extent, ir.TiledExtent)) or \
                e.name in ("+", "-", "*", "/", "%") and isinstance(e.type, (ir.Index, ir.Extent)):
            # index/extent arithmetic (sema/indices.py), component by component with C++ int semantics
            t = e.obj.type if compare else e.type
            rank = len(t.dims) if isinstance(t, ir.TiledExtent) else t.rank
            op = "==" if e.name == "!=" else e.name
            parts = [ir.Binary(e.span, ir.BOOL if op == "==" else ir.INT, op,
                               self.component(e.obj, d), self.component(e.args[0], d)) for d in range(rank)]
            if not compare:
                return self.index_value([self.expr(p) for p in parts])
            text = " and ".join(self.expr(p, P_NOT + 1) for p in parts)
            return (f"not ({text})", P_NOT) if e.name == "!=" else (text, P_AND)
        if e.name == "tile" and isinstance(e.type, ir.TiledExtent):      # its extent; the tiles are its type
            return self.emit(e.obj)
        if e.name in ("pad", "truncate") and isinstance(e.type, ir.TiledExtent):
            return self.index_value([self.expr(c) for c in tiled_bounds(e)])
        if e.name in ("get_extent", "extent") and e.obj is not None:
            return self._shape_tuple(e.obj)
        if e.name == "sample" or e.name.startswith("gather_"):
            return self.sample_call(e), P_ATOM
        if e.name == "view_as":             # the first extent.size() elements, in the new shape
            dims = [self.expr(self.component(e.args[0], d), P_MUL) for d in range(e.type.rank)]
            flat = self.expr(e.obj, P_ATOM)
            if e.obj.type.rank != 1:
                flat = f"{flat}.reshape({flat}.size)"
            return f"{flat}[:{' * '.join(dims)}].reshape({self.index_value(dims)[0]})", P_ATOM
        if e.name == "reinterpret_as":      # the elements' bytes, flattened, as the new number type
            flat = self.expr(e.obj, P_ATOM)
            if e.obj.type.rank != 1:
                flat = f"{flat}.reshape({flat}.size)"
            return f"{flat}.view({np_scalar(e.type.elem)})", P_ATOM
        if e.name == "size" and isinstance(e.obj.type, ir.Extent):          # extent<N>::size()
            parts = [self.expr(self.component(e.obj, d), P_MUL) for d in range(e.obj.type.rank)]
            return f"{self.scalar_type(ir.UINT)}({' * '.join(parts)})", P_ATOM
        if e.name == "contains" and isinstance(e.obj.type, ir.Extent):      # 0 <= idx < extent
            rank = e.obj.type.rank
            tests = [f"0 <= {self.expr(self.component(e.args[0], d), P_CMP + 1)} < "
                     f"{self.expr(self.component(e.obj, d), P_CMP + 1)}" for d in range(rank)]
            return " and ".join(tests), P_AND
        raise KernelCodegenError(f"call of '{e.name}' is not supported in kernels", e.span)

    def sample_call(self, e: ir.LibCall) -> str:
        """`tv.sample(...)` / `tv.gather_red(...)` (sema/views._sample): the runtime's sampling
        function of the texture's elements, on the view's array, the sampler's parts spread."""
        self.names_used.add("sampling")
        # modes written as constants (`sample<filter_point, address_wrap>`) go as Python ints:
        # the runtime makes code for those modes only
        modes = [str(int(x.value)) if isinstance(x, ir.Const) else self.expr(x) for x in e.args[:2]]
        args = modes + self.struct_args(e.args[2:])
        if e.name == "sample":
            fn = f"sample{e.obj.type.rank}"
        else:
            fn, args = e.name, args[1:]             # (a gather has no filter)
        return f"sampling.{fn}({', '.join([self.expr(e.obj)] + args)})"

    # ---------------------------------------------------------------- statements
    def comment(self, span, out: list[str], pad: str) -> None:
        """`# file.cpp:LINE: <C++ source line>` above a statement (once per line)."""
        if span is None or self.sources is None:
            return
        key = (span.file, span.line)
        if key == self._last_comment:
            return
        self._last_comment = key
        last = self._comment_line.get(span.file, span.line - 1)
        for c in self.user_comments.above(span.file, last + 1, span.line):
            out.append(f"{pad}{c}")             # the user's comments on lines of their own
        self._comment_line[span.file] = max(last, span.line)
        text = self.sources.line_text(span.file, span.line)
        text = "" if text is None else " ".join(text.strip().split())
        out.append(f"{pad}# {comment_text(span.file)}:{span.line}: {comment_text(text)}".rstrip())

    def reset_comments(self):
        self._last_comment = None

    def before(self, s: ir.Stmt, out, pad) -> None:
        if not isinstance(s, ir.TileStatic):
            self.comment(s.span, out, pad)

    def default_value(self, t: ir.Type, span) -> str:
        if isinstance(t, ir.CArray) and isinstance(t.elem, ir.Scalar):
            return f"np.zeros({t.dims!r}, {np_scalar(t.elem)})"
        if isinstance(t, ir.Index):
            return "(" + "0, " * t.rank + ")"
        if isinstance(t, ir.Scalar):
            return self.const(0, t)[0]
        if isinstance(t, ir.Pointer) and not t.owner:
            return self.null_pointer(t, span)   # (C++ leaves it indeterminate)
        raise KernelCodegenError(f"a local variable of type '{t}' is not supported in kernels", span)

    def e_ElementRef(self, e: ir.ElementRef):
        if isinstance(e.base.type, ir.Pointer) and self.kernel_pointers:
            return self.pointer_element(e), P_ATOM
        return super().e_ElementRef(e)

    def s_VarDecl(self, s: ir.VarDecl, out, depth, pad):
        t = s.sym.type
        if s.sym.addressed:
            self.addressed_decl(s, out, pad)
        elif isinstance(t, ir.StructType):
            self.struct_decl(s, out, pad)
        elif isinstance(t, ir.CArray) and isinstance(t.elem, ir.ArrayView):     # a tuple of the views
            items = array_initializer(s.init)
            views = [self.expr(items[(i,)]) for i in range(t.dims[0])]
            self.names_used.add("view_array")
            out.append(f"{pad}{self.decl_target(s.sym)} = view_array({', '.join(views)})")
        elif isinstance(t, ir.CArray):
            self.local_array_decl(s, out, pad)
        else:
            super().s_VarDecl(s, out, depth, pad)

    def local_elem(self, t: ir.CArray, span) -> str:
        """The element type of a per-thread C array: a number, or a struct's numba record type."""
        if isinstance(t.elem, ir.Scalar):
            return np_scalar(t.elem)
        if isinstance(t.elem, ir.StructType) and self.record_of is not None:
            self.struct_leaves(t.elem, span)            # (a struct amppy cannot hold as a record: reported)
            return self.record_of(t.elem)
        raise KernelCodegenError(f"a local array of '{t.elem}' is not supported in kernels", span)

    def local_array(self, t: ir.CArray, span) -> str:
        """Allocation of a per-thread C array (`int loc[3];`), zeroed; backends may override."""
        return f"np.zeros({t.dims!r}, {self.local_elem(t, span)})"

    #: does `local_array` leave the elements to be zeroed (CUDA's local memory is not)?
    zero_local_arrays = False

    def local_array_decl(self, s: ir.VarDecl, out, pad) -> None:
        """`T a[N] = {...};`: allocate, then store each initialiser element (missing ones are 0)."""
        t = s.sym.type
        target = self.decl_target(s.sym)
        out.append(f"{pad}{target} = {self.local_array(t, s.span)}")
        if isinstance(t.elem, ir.StructType):
            self.struct_array_init(s, target, out, pad)
            return
        if not (isinstance(s.init, ir.Construct) and s.init.args):
            return
        import itertools
        items = array_initializer(s.init)
        for idx in itertools.product(*(range(d) for d in t.dims)):
            value = self.expr(items[idx]) if idx in items else self.const(0, t.elem)[0]
            out.append(f"{pad}{target}[{', '.join(map(str, idx))}] = {value}")

    def s_TileStatic(self, s, out, depth, pad):
        if self.kernel is None:                         # in a restrict(amp) function (tile_functions)
            self.comment(s.span, out, pad)
            out.append(f"{pad}{self.function_tile_static(s)}")
        # (a kernel's are allocated by the backend)

    def function_tile_static(self, s: ir.TileStatic) -> str:
        raise KernelCodegenError("tile_static data in a called function is not supported on this target", s.span)

    def assignment(self, e):
        if isinstance(e, ir.Assign) and isinstance(e.target.type, ir.StructType):
            return self.struct_assign(e)
        t = e.target
        if isinstance(t, ir.IndexComponent) and isinstance(t.base, ir.Var) or index_choice(t) is not None:
            return super().assignment(component_store(e))
        return super().assignment(e)

    def s_Return(self, s: ir.Return, out, depth, pad):
        if s.value is not None and isinstance(s.value.type, ir.StructType):
            inner = s.value.operand if isinstance(s.value, ir.Copy) else s.value
            if isinstance(inner, ir.Call) and not self.writeback and not self.writebacks(inner):
                out.append(f"{pad}return {self.plain_call(inner)}")   # already the tuple of its leaves
            else:
                out.append(pad + self.returned(self.leaf_values(s.value)))   # a struct result: its leaves
            return
        super().s_Return(s, out, depth, pad)

    def s_Barrier(self, s, out, depth, pad):
        out.extend(pad + line for line in self.barrier(s))

    def s_Fence(self, s, out, depth, pad):
        out.extend(pad + line for line in self.fence(s))

    # ---------------------------------------------------------------- part functions (outline.py)
    def enter_part(self):
        saved = (super().enter_part(), self._last_comment)
        self.reset_comments()
        return saved

    def leave_part(self, saved) -> None:
        core, self._last_comment = saved
        super().leave_part(core)

    def add_part(self, name, params, body, span) -> None:
        self.helpers += [self.part_decorator, f"def {name}({', '.join(params)}):"] + body + [""]

    def part_call(self, call, span, out, pad) -> None:
        self.comment(span, out, pad)
        out.append(pad + call)

    # ---------------------------------------------------------------- functions
    #: what the `def` line of a function's kernel version says (the host has its own version)
    version_note = "  (kernel version; the host version has the plain name)"

    def functions(self, functions, decorator: str, emitted: set | None) -> list[str]:
        """restrict(amp) functions as `decorator` functions, skipping (and then adding) the
        names in `emitted`."""
        out = []
        for f in functions:
            name = self.device_names.get(id(f.sym), f.sym.py_name)
            if emitted is not None:
                if name in emitted:
                    continue
                emitted.add(name)
            out += self.function(f, decorator) + [""]
        return out

    def function(self, f: ir.FunctionDef, decorator: str) -> list[str]:
        """A restrict(amp) function, with the part functions it needs before it."""
        name = self.device_names.get(id(f.sym), f.sym.py_name)
        params = self.begin_function(f, name)
        note = self.version_note if name != f.sym.py_name else ""
        out = [decorator, f"def {name}({', '.join(params)}):  # {where(f.span.file, f.span.line)}{note}"]
        for p in f.params:
            if p.addressed:                     # `&param`: the parameter's value in a one-element array
                self.addressed_decl(ir.VarDecl(f.span, p, None), out, self.indent_unit,
                                    self.addressed_args[id(p)])
        self.block(f.body.body, out, 1)
        self.end_of_function(f, out)
        self.writeback = []
        return self.helpers + out

    def begin_function(self, f: ir.FunctionDef, name: str) -> list[str]:
        """Reset per-function state; return the Python parameters (a struct parameter is one
        per leaf field)."""
        self.reset_comments()
        for x in ir.walk(f.body):
            if isinstance(x, (ir.Barrier, ir.TileStatic)) and not self.tile_functions:
                what = "waits on a tile barrier" if isinstance(x, ir.Barrier) else \
                    f"declares the tile_static variable '{x.sym.name}'"
                raise KernelCodegenError(f"function '{f.sym.name}' {what}: it can be called only from a "
                                         "tiled kernel", x.span)
        self.owner, self.helpers, self.struct_vars = name, [], {}
        self._comment_line[f.span.file] = f.span.line
        self.names_used |= {n.sym.py_name for n in ir.walk(f.body) if isinstance(n, (ir.Var, ir.VarDecl))}
        self.names_used |= {p.py_name for p in f.params}
        params = []
        self.addressed_args = {}
        for p in f.params:
            if p.addressed:
                self.addressed_args[id(p)] = self.fresh(f"{p.py_name}_value")
            params += self.declare_struct(p) if isinstance(p.type, ir.StructType) else \
                [self.addressed_args.get(id(p), p.py_name)]
        self.writeback = [n for p in self.changed_params(f) for n in self.value_names(p)]
        return params


def kernel_versions(program: ir.Program | None, needs_host_version) -> dict:
    """id(function Symbol) -> the Python name of its kernel version (`f_device`), for the
    restrict(cpu, amp) functions for which the host gets a version of its own."""
    if program is None:
        return {}
    taken = {f.sym.py_name for f in program.functions} | {g.sym.py_name for g in program.globals}
    taken |= {k.name for k in program.kernels} | {s.py_name for s in program.structs}
    out = {}
    for f in program.functions:
        if f.sym.owner:
            continue                        # the host version is a method of the struct's class
        if "amp" in f.restrict and needs_host_version(f):
            name = f"{f.sym.py_name}_device"
            while name in taken:
                name += "_"
            taken.add(name)
            out[id(f.sym)] = name
    return out


def shared_kernel(lines: list[str], name: str, known: dict | None) -> list[str]:
    """The lines of kernel `name`, or one line naming an earlier kernel when its lines are that kernel's
    but for the name (another instance of one function template, the same kernel launched for other
    types): one numba dispatcher then, compiled once per signature, where a program instantiating a
    template many times spent most of its run compiling copies.  `known` maps each kernel text
    seen (its name blanked) to its kernel's name; None shares nothing."""
    if known is None:
        return lines
    text = re.sub(rf"(?<!\w){re.escape(name)}", "\0", "\n".join(lines))
    first = known.setdefault(text, name)
    if first == name:
        return lines
    return [f"{name} = {first}  # the same kernel as {first}: one numba dispatcher, compiled once per signature"]


def kernel_user_names(kernel: ir.Kernel) -> set:
    """Every Python name the kernel's C++ code uses (generated temporaries must avoid them)."""
    names = {c.inner.py_name for c in kernel.captures} | {kernel.index.py_name, kernel.name}
    for n in ir.walk(kernel.body):
        if isinstance(n, ir.Var):
            names.add(n.sym.py_name)
        elif isinstance(n, (ir.VarDecl, ir.TileStatic)):
            names.add(n.sym.py_name)
        elif isinstance(n, ir.Call):
            names.add(n.func.py_name)
    for f in kernel.functions:
        names.add(f.sym.py_name)
    return names


def fresh_names(bases, taken: set) -> dict:
    """Generated temporaries (`g0`, `ext1`, ...) renamed with `_` until they avoid `taken`."""
    table = {}
    for b in bases:
        n = b
        while n in taken:
            n += "_"
        table[b] = n
        taken.add(n)
    return table


def tiled_bounds(e: ir.LibCall) -> list:
    """`te.pad()` / `te.truncate()` of a tiled_extent in a kernel, as int IR per dimension:
    (e + D - 1) / D * D (up to whole tiles, in unsigned arithmetic as C++ AMP's amp.h computes
    it, so a tile of INT_MAX - 1 pads INT_MAX - 1 to itself) or e / D * D (down)."""
    out = []
    for d, size in enumerate(e.type.dims):
        c = ir.IndexComponent(e.span, ir.INT, e.obj, d)
        t = ir.UINT if e.name == "pad" else ir.INT
        k = ir.Const(e.span, t, size)
        if e.name == "pad":
            c = ir.Binary(e.span, t, "+", ir.Convert(e.span, t, c, False), ir.Const(e.span, t, size - 1))
        whole = ir.Binary(e.span, t, "*", ir.Binary(e.span, t, "/", c, k), k)
        out.append(ir.Convert(e.span, ir.INT, whole, False) if t != ir.INT else whole)
    return out
