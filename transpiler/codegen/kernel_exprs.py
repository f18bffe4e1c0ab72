"""Kernel IR → Python source valid in Numba nopython mode (shared by the CPU and CUDA backends).

Input: IR expressions and statements of a kernel body or a restrict(amp) function.
Output: Python source text.  C++ semantics are kept explicit:

- `float` is float32 everywhere: `Convert` to float → `float32(x)`, float literals →
  `float32(0.5)`, math functions on float are wrapped in `float32(...)`.
- integer `/` and `%` truncate: `cdiv(a, b)` / `cmod(a, b)`, or `//` / `%` when both
  operands are provably non-negative (unsigned, non-negative constants, thread indices).
- `&&` `||` `!` → `and` `or` `not`; `c ? a : b` → `(a if c else b)`; comparisons are
  always parenthesised when nested (Python would chain `a < b < c`).
- assignments and `++`/`--` exist only as statements (and in `for` steps).

Target-specific spellings live in overridable methods: `thread_index`, `tile_static_ref`,
`barrier`, `atomic`, `math_call`; variable spelling goes through `var_ref` so a backend can
redirect a symbol (the CPU backend turns per-thread variables live across barriers into
tile-shaped arrays).
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import KernelCodegenError
from ..ir import has_jump
from ..cxxtypes import conversion_wraps, deferrable, result_wraps
from ..mathfuncs import FUNCTIONS


from .comments import comments_of
from .kernel_structs import StructValues
from .text import comment_text


# Python precedence levels (higher binds tighter).
P_TERNARY, P_OR, P_AND, P_NOT, P_CMP, P_BOR, P_BXOR, P_BAND, P_SHIFT, P_ADD, P_MUL, P_UNARY, \
    P_POW, P_ATOM = range(1, 15)

_BINOPS = {
    "||": ("or", P_OR), "&&": ("and", P_AND),
    "==": ("==", P_CMP), "!=": ("!=", P_CMP), "<": ("<", P_CMP), "<=": ("<=", P_CMP),
    ">": (">", P_CMP), ">=": (">=", P_CMP),
    "|": ("|", P_BOR), "^": ("^", P_BXOR), "&": ("&", P_BAND),
    "<<": ("<<", P_SHIFT), ">>": (">>", P_SHIFT),
    "+": ("+", P_ADD), "-": ("-", P_ADD),
    "*": ("*", P_MUL), "/": ("/", P_MUL), "%": ("%", P_MUL),
}


def np_scalar(t: ir.Type) -> str:
    """numpy spelling of a scalar type usable in njit code (`float32`, `np.int32`, ...)."""
    if isinstance(t, ir.Scalar):
        name = ir.SCALARS[t.name][0]
        return "float32" if name == "float32" else f"np.{name}"
    raise KernelCodegenError(f"type '{t}' is not a scalar")


def is_float(t) -> bool:
    return isinstance(t, ir.Scalar) and t.is_float


def is_float32(t) -> bool:
    return isinstance(t, ir.Scalar) and ir.SCALARS[t.name][0] == "float32"


def is_int(t) -> bool:
    return isinstance(t, ir.Scalar) and t.is_int




class KernelExprEmitter(StructValues):
    """Turns kernel IR into Python source lines.  Subclass per target."""

    indent_unit = "    "

    #: IR kinds with no kernel spelling yet: "<construct> is not supported in kernels"
    #: [unsupported-in-kernel] (tests/test_ir.py: every other kind has an `_e_`/`_s_` method)
    NOT_IN_KERNELS = frozenset({"StringConst", "Copy", "StreamOut", "Manipulator",
                                "StreamIn", "Delete", "ParallelForEach"})

    def __init__(self, program: ir.Program | None = None, sources=None, kernel: ir.Kernel | None = None):
        self.program = program
        self.sources = sources
        self.kernel = kernel
        self._last_comment = None
        self._continue_prefix: list[tuple[ir.Expr, ...] | None] = []   # for-steps to run on `continue`
        self.names_used: set[str] = set()                           # every Python name emitted
        self.unwrapped: set[int] = set()      # ids of integer results whose wrap the consumer does
        self.frames: list[set[str]] = []      # names read by each part function being emitted
        self.helpers: list[str] = []          # part functions (outline.py), put before their user
        self.owner = kernel.name if kernel is not None else "kernel"   # base of part names
        self.loop_depth = 0                   # loops around the statement being emitted
        self.struct_vars: dict = {}           # struct local Symbol -> its leaves' names (kernel_structs)
        self._global_consts = None
        self.user_comments = comments_of(sources)
        self._comment_line: dict[str, int] = {}   # per file, the last C++ line commented
        if kernel is not None:
            self._comment_line[kernel.span.file] = kernel.span.line
        self.device_names: dict = {}          # id(function Symbol) -> name of its kernel version

    def error(self, message: str, span) -> KernelCodegenError:
        return KernelCodegenError(message, span)

    #: decorator of a part function of a long statement list (outline.py); None: never split
    part_decorator: str | None = None

    def use(self, name: str) -> None:
        """Record that emitted code reads the local or parameter `name`."""
        self.names_used.add(name)
        for f in self.frames:
            f.add(name)

    # ---------------------------------------------------------------- target hooks
    def thread_index(self, which: str, dim: int) -> str:
        raise KernelCodegenError(f"thread index '{which}' is not available here")

    def tile_static_ref(self, sym: ir.Symbol) -> str:
        """How a tile_static variable is spelled; scalars are 1-element arrays."""
        self.use(sym.py_name)
        return f"{sym.py_name}[0]" if isinstance(sym.type, (ir.Scalar, ir.StructType)) else sym.py_name

    def barrier(self, stmt: ir.Barrier) -> list[str]:
        raise KernelCodegenError("barrier cannot be placed here", stmt.span)

    def atomic(self, e: ir.AtomicCall) -> str:
        raise KernelCodegenError(f"atomic operation '{e.name}' is not supported on this target", e.span)

    def math_call(self, e: ir.MathCall) -> str:
        """`float32(math.sqrt(x))`: amppy.mathfuncs' kernel spelling, converted to the C++ result
        type (Python's math functions compute in double)."""
        fn = FUNCTIONS[e.name]
        text = fn.kernel.format(*(self.expr(a, P_MUL + 1) for a in e.args))
        if fn.result == "bool":
            return text
        return f"{self.scalar_type(e.type)}({text})"

    def scalar_type(self, t: ir.Type) -> str:
        return np_scalar(t)

    def var_ref(self, sym: ir.Symbol) -> str:
        if "tile_static" in sym.storage:
            return self.tile_static_ref(sym)
        self.use(sym.py_name)
        return sym.py_name

    # ---------------------------------------------------------------- expressions
    def expr(self, e: ir.Expr, min_prec: int = 0) -> str:
        text, prec = self._expr(e)
        return f"({text})" if prec < min_prec else text

    def _expr(self, e: ir.Expr) -> tuple[str, int]:
        m = getattr(self, "_e_" + type(e).__name__, None)
        if m is None:
            raise KernelCodegenError(f"{ir.describe(e)} is not supported in kernels", e.span)
        return m(e)

    def const(self, value, t: ir.Type) -> tuple[str, int]:
        if isinstance(value, str):          # char
            value = ord(value)
        if isinstance(value, bool) or (isinstance(t, ir.Scalar) and t.name == "bool"):
            return ("True" if value else "False"), P_ATOM
        if is_float(t):
            v = float(value)
            lit = repr(v) if v == v and v not in (float("inf"), float("-inf")) else f"float('{v}')"
            return (f"float32({lit})" if is_float32(t) else lit), P_ATOM
        if isinstance(t, ir.Scalar) and (t.is_unsigned or ir.SCALARS[t.name][2] < 3):
            return f"{np_scalar(t)}({int(value)})", P_ATOM
        v = int(value)
        return str(v), (P_UNARY if v < 0 else P_ATOM)

    def _e_Const(self, e: ir.Const):
        return self.const(e.value, e.type)

    def _e_Var(self, e: ir.Var):
        if e.sym in self.struct_vars:
            raise KernelCodegenError(f"the struct '{e.sym.name}' used as a whole here is not supported "
                                     "in kernels yet; use its fields", e.span)
        if self.kernel is not None and e.sym is self.kernel.index:
            if isinstance(e.type, ir.Index):        # the untiled index as a whole: its components
                parts = [self.thread_index("global", d) for d in range(e.type.rank)]
                return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")", P_ATOM
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

    def _e_Convert(self, e: ir.Convert):
        src, dst = e.operand.type, e.type
        if src == dst:
            return self._expr(e.operand)
        if isinstance(e.operand, ir.Const) and isinstance(dst, ir.Scalar):
            try:
                v = e.operand.value
                v = ord(v) if isinstance(v, str) else v
                if dst.name == "bool":
                    return self.const(bool(v), dst)
                if dst.is_float:
                    return self.const(float(v), dst)
                if not is_float(src):
                    return self.const(int(v), dst)
            except (TypeError, ValueError):
                pass
        if isinstance(dst, ir.Scalar) and dst.name == "bool":
            return f"{self.expr(e.operand, P_CMP + 1)} != 0", P_CMP
        if isinstance(dst, ir.Scalar):
            return f"{np_scalar(dst)}({self.expr(e.operand)})", P_ATOM
        return self._expr(e.operand)          # index/extent/struct conversions: same value

    def _e_Unary(self, e: ir.Unary):
        if e.op == "!":
            return f"not {self.expr(e.operand, P_NOT)}", P_NOT
        if e.op in ("-", "+", "~"):
            if e.op == "-" and isinstance(e.operand, ir.Const) and not isinstance(e.operand.value, (bool, str)):
                return self.const(-e.operand.value, e.type)
            text = f"{e.op}{self.expr(e.operand, P_UNARY)}"
            if result_wraps(e) and id(e) not in self.unwrapped:
                return f"{self.scalar_type(e.type)}({text})", P_ATOM
            return text, P_UNARY
        raise KernelCodegenError(f"operator '{e.op}' is not supported in kernels", e.span)

    @staticmethod
    def non_negative(e: ir.Expr) -> bool:
        """True when `e` is provably >= 0 (so Python floor division equals C++ truncation)."""
        if isinstance(e.type, ir.Scalar) and e.type.is_unsigned:
            return True
        if isinstance(e, ir.Const):
            return isinstance(e.value, (int, float)) and e.value >= 0
        if isinstance(e, ir.ThreadIndex):
            return True
        if isinstance(e, ir.Var) and e.sym.kind == "const" and isinstance(e.sym.const_value, (int, float)):
            return e.sym.const_value >= 0
        if isinstance(e, ir.Convert) and is_int(e.type) and is_int(e.operand.type):
            # (int)u of an unsigned u >= 2**31 is negative: only value-preserving conversions keep the sign
            return not conversion_wraps(e.operand.type, e.type) and KernelExprEmitter.non_negative(e.operand)
        if isinstance(e, ir.Binary) and e.op in ("+", "*", "/", "%", "&", ">>", "|"):
            return KernelExprEmitter.non_negative(e.left) and KernelExprEmitter.non_negative(e.right)
        return False

    def _e_Binary(self, e: ir.Binary):
        op = e.op
        for child in (e.left, e.right):     # `np.int32(h * 31 + c)`: one wrap for a chain
            if deferrable(e, child):
                self.unwrapped.add(id(child))
        if op in ("/", "%") and is_int(e.type):
            if self.non_negative(e.left) and self.non_negative(e.right):
                pyop = "//" if op == "/" else "%"
                return (f"{self.expr(e.left, P_MUL)} {pyop} {self.expr(e.right, P_MUL + 1)}", P_MUL)
            fn = "cdiv" if op == "/" else "cmod"
            return f"{fn}({self.expr(e.left)}, {self.expr(e.right)})", P_ATOM
        if op == "%":
            return f"{self.scalar_type(e.type)}(math.fmod({self.expr(e.left)}, {self.expr(e.right)}))", P_ATOM
        if op not in _BINOPS:
            raise KernelCodegenError(f"operator '{op}' is not supported in kernels", e.span)
        pyop, prec = _BINOPS[op]
        if prec == P_CMP:       # never chain comparisons
            return f"{self.expr(e.left, P_CMP + 1)} {pyop} {self.expr(e.right, P_CMP + 1)}", P_CMP
        text = f"{self.expr(e.left, prec)} {pyop} {self.expr(e.right, prec + 1)}"
        if result_wraps(e) and id(e) not in self.unwrapped:
            # numba widens int32/uint32 arithmetic to 64 bits; C++ wraps at the type's width
            return f"{self.scalar_type(e.type)}({text})", P_ATOM
        return text, prec

    def _e_Conditional(self, e: ir.Conditional):
        return (f"({self.expr(e.then, P_OR)} if {self.expr(e.cond, P_OR)} else "
                f"{self.expr(e.else_, P_TERNARY)})", P_ATOM)

    def _e_ThreadIndex(self, e: ir.ThreadIndex):
        return self.thread_index(e.which, e.dim), P_ATOM

    def _e_MakeIndex(self, e: ir.MakeIndex):
        parts = [self.expr(c) for c in e.components]
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")", P_ATOM

    def _e_IndexComponent(self, e: ir.IndexComponent):
        base = e.base
        if isinstance(base, ir.MakeIndex):
            return self._expr(base.components[e.dim])
        if isinstance(base.type, ir.Extent):
            arr = None
            if isinstance(base, ir.FieldRef) and base.field == "extent":
                arr = base.base
            elif isinstance(base, ir.LibCall) and base.name in ("get_extent", "extent") and base.obj is not None:
                arr = base.obj
            if arr is not None and isinstance(arr.type, (ir.ArrayView, ir.AmpArray)):
                return f"{self.expr(arr, P_ATOM)}.shape[{e.dim}]", P_ATOM
        return f"{self.expr(base, P_ATOM)}[{e.dim}]", P_ATOM

    def _e_ElementRef(self, e: ir.ElementRef):
        base = e.base
        if "tile_static" in getattr(ir.root_symbol(base), "storage", ()) and isinstance(base, ir.Var):
            name = base.sym.py_name
            self.use(name)
        else:
            name = self.expr(base, P_ATOM)
        for i in e.indices:                 # an overflowed signed index is out of range either way
            if result_wraps(i) and not i.type.is_unsigned:
                self.unwrapped.add(id(i))
        idx = ", ".join(self.expr(i) for i in e.indices)
        return f"{name}[{idx}]", P_ATOM

    def _e_ExtentOf(self, e: ir.ExtentOf):
        return f"{self.expr(e.view, P_ATOM)}.shape[{e.dim}]", P_ATOM

    def _e_LibAttr(self, e: ir.LibAttr):
        if e.name == "extent" and isinstance(e.obj.type, (ir.ArrayView, ir.AmpArray)):
            arr = self.expr(e.obj, P_ATOM)
            rank = e.obj.type.rank
            return "(" + ", ".join(f"{arr}.shape[{d}]" for d in range(rank)) + ("," if rank == 1 else "") + ")", P_ATOM
        raise KernelCodegenError(f"'{e.name}' is not supported in kernels", e.span)

    def _e_FieldRef(self, e: ir.FieldRef):
        if not isinstance(e.type, ir.StructType):
            local = self._local_leaves(e)            # a field of a struct local: its own local
            if local is not None:
                return local[0], P_ATOM
            of_call = self.struct_field_of_call(e)   # `make(1).a`: the struct result is a tuple
            if of_call is not None:
                return of_call, P_ATOM
        return f"{self.expr(e.base, P_ATOM)}.{e.field}", P_ATOM

    def _e_Call(self, e: ir.Call):
        name = self.device_names.get(id(e.func), e.func.py_name)
        self.names_used.add(name)
        return f"{name}({', '.join(self.struct_args(e.args))})", P_ATOM

    def _e_MathCall(self, e: ir.MathCall):
        return self.math_call(e), P_ATOM

    def _e_AtomicCall(self, e: ir.AtomicCall):
        return self.atomic(e), P_ATOM

    def component(self, e: ir.Expr, d: int) -> ir.Expr:
        """Component `d` of an index<N>/extent<N> valued expression, as IR."""
        if isinstance(e, ir.MakeIndex):
            return e.components[d]
        if isinstance(e, ir.Construct) and isinstance(e.type, (ir.Index, ir.Extent)) and \
                len(e.args) == e.type.rank:
            return e.args[d]
        return ir.IndexComponent(e.span, ir.INT, e, d)

    def _index_tuple(self, parts) -> tuple[str, int]:
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")", P_ATOM

    def _e_Construct(self, e: ir.Construct):
        """`index<2>(i, j)`, `extent<1>(n)`, `index<2>(other)`: a tuple of int components."""
        if not isinstance(e.type, (ir.Index, ir.Extent)):
            raise KernelCodegenError(f"{ir.describe(e)} is not supported in kernels", e.span)
        if len(e.args) == 1 and isinstance(e.args[0].type, (ir.Index, ir.Extent)):
            return self._expr(e.args[0])
        return self._index_tuple([self.expr(a) for a in e.args])

    def _e_LibCall(self, e: ir.LibCall):
        if e.name in ("+", "-", "==", "!=") and isinstance(e.obj.type, (ir.Index, ir.Extent)):
            # index/extent arithmetic, component by component with C++ int semantics
            rank = e.obj.type.rank
            op = "==" if e.name == "!=" else e.name
            parts = [ir.Binary(e.span, ir.BOOL if op == "==" else ir.INT, op,
                               self.component(e.obj, d), self.component(e.args[0], d)) for d in range(rank)]
            if e.name in ("+", "-"):
                return self._index_tuple([self.expr(p) for p in parts])
            text = " and ".join(self.expr(p, P_NOT + 1) for p in parts)
            return (f"not ({text})", P_NOT) if e.name == "!=" else (text, P_AND)
        if e.name in ("get_extent", "extent") and e.obj is not None:
            arr = self.expr(e.obj, P_ATOM)
            rank = getattr(e.obj.type, "rank", 1)
            return "(" + ", ".join(f"{arr}.shape[{d}]" for d in range(rank)) + ("," if rank == 1 else "") + ")", P_ATOM
        raise KernelCodegenError(f"call of '{e.name}' is not supported in kernels", e.span)

    def _e_Assign(self, e):
        raise KernelCodegenError("an assignment used as a value is not supported in kernels; "
                                 "write it as a separate statement", e.span)

    def _e_IncDec(self, e):
        raise KernelCodegenError(f"'{e.op}' used as a value is not supported in kernels; "
                                 "write it as a separate statement", e.span)

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

    def lvalue(self, e: ir.Expr, mode: str) -> str:
        """An assignment target; `mode` is "w" (plain store) or "rw" (`+=`, `++`: read, then
        store).  Same text as `expr` here; a checking backend can instrument the access."""
        return self.expr(e)

    def assign_stmt(self, e: ir.Assign | ir.IncDec) -> str:
        if isinstance(e, ir.IncDec):
            one = self.const(1, e.target.type)[0] if isinstance(e.target.type, ir.Scalar) else "1"
            if is_int(e.target.type):       # numba would widen the variable to 64 bits
                tgt = self.lvalue(e.target, "rw")
                return f"{tgt} = {self.scalar_type(e.target.type)}({tgt} {'+' if e.op == '++' else '-'} {one})"
            return f"{self.lvalue(e.target, 'rw')} {'+' if e.op == '++' else '-'}= {one}"
        if e.op == "=":
            tgt = self.lvalue(e.target, "w")
            return f"{tgt} = {self.expr(e.value)}"
        ct, tt = e.compute_type, e.target.type
        # target op value, computed in compute_type, converted back to the target's type
        lhs = e.target if ct == tt else ir.Convert(e.target.span, ct, e.target, False)
        rhs_e = ir.Binary(e.span, ct, e.op, lhs, e.value)
        ring = e.op in ("+", "-", "*", "<<") and is_int(tt)      # must wrap: take the general path
        if ct == tt and not ring and e.op in ("+", "-", "*", "|", "&", "^", "<<", ">>") or \
                (ct == tt and e.op == "/" and is_float(tt)):
            tgt = self.lvalue(e.target, "rw")
            return f"{tgt} {_BINOPS[e.op][0]}= {self.expr(e.value, P_TERNARY)}"
        val = rhs_e if ct == tt else ir.Convert(e.span, tt, rhs_e, False)
        tgt = self.lvalue(e.target, "w")
        return f"{tgt} = {self.expr(val)}"

    def default_value(self, t: ir.Type, span) -> str:
        if isinstance(t, ir.Scalar):
            return self.const(0, t)[0]
        if isinstance(t, ir.CArray) and isinstance(t.elem, ir.Scalar):
            return f"np.zeros({t.dims!r}, {np_scalar(t.elem)})"
        if isinstance(t, ir.Index):
            return "(" + "0, " * t.rank + ")"
        raise KernelCodegenError(f"a local variable of type '{t}' is not supported in kernels", span)

    def stmts(self, stmts, out: list[str], depth: int, live_after=frozenset()) -> None:
        """A statement list; a long one goes out as calls of part functions (outline.py)."""
        from .outline import emit_statements
        emit_statements(self, stmts, out, depth, live_after)

    def block(self, stmts, out: list[str], depth: int) -> None:
        n = len(out)
        self.stmts(stmts, out, depth)
        if len(out) == n or all(l.lstrip().startswith("#") for l in out[n:]):
            out.append(self.indent_unit * depth + "pass")

    def stmt(self, s: ir.Stmt, out: list[str], depth: int) -> None:
        pad = self.indent_unit * depth
        if isinstance(s, ir.Block):
            self.stmts(s.body, out, depth)
            return
        if not isinstance(s, ir.TileStatic):
            self.comment(s.span, out, pad)
        m = getattr(self, "_s_" + type(s).__name__, None)
        if m is None:
            raise KernelCodegenError(f"{ir.describe(s)} is not supported in kernels", s.span)
        m(s, out, depth, pad)

    def _s_Block(self, s: ir.Block, out, depth, pad):
        self.stmts(s.body, out, depth)

    def decl_target(self, sym: ir.Symbol) -> str:
        return self.var_ref(sym)

    def _s_VarDecl(self, s: ir.VarDecl, out, depth, pad):
        t = s.sym.type
        if isinstance(t, ir.StructType):
            self.struct_decl(s, out, pad)
            return
        if isinstance(t, ir.CArray):
            self.local_array_decl(s, out, pad)
            return
        val = self.expr(s.init) if s.init is not None else self.default_value(t, s.span)
        out.append(f"{pad}{self.decl_target(s.sym)} = {val}")

    def local_array(self, t: ir.CArray, span) -> str:
        """Allocation of a per-thread C array (`int loc[3];`); backends may override."""
        if not isinstance(t.elem, ir.Scalar):
            raise KernelCodegenError(f"a local array of '{t.elem}' is not supported in kernels", span)
        return f"np.zeros({t.dims!r}, {np_scalar(t.elem)})"

    def local_array_decl(self, s: ir.VarDecl, out, pad) -> None:
        """`T a[N] = {...};`: allocate, then store each initialiser element (missing ones are 0)."""
        t = s.sym.type
        target = self.decl_target(s.sym)
        out.append(f"{pad}{target} = {self.local_array(t, s.span)}")
        if not (isinstance(s.init, ir.Construct) and s.init.args):
            return
        import itertools
        items = array_initializer(s.init)
        for idx in itertools.product(*(range(d) for d in t.dims)):
            value = self.expr(items[idx]) if idx in items else self.const(0, t.elem)[0]
            out.append(f"{pad}{target}[{', '.join(map(str, idx))}] = {value}")

    def _s_TileStatic(self, s, out, depth, pad):
        pass                                            # allocated by the backend

    def _s_ExprStmt(self, s: ir.ExprStmt, out, depth, pad):
        e = s.expr
        if isinstance(e, ir.Assign) and isinstance(e.target.type, ir.StructType):
            out.extend(pad + line for line in self.struct_assign(e))
        elif isinstance(e, (ir.Assign, ir.IncDec)):
            out.append(pad + self.assign_stmt(e))
        elif isinstance(e, ir.Convert) and isinstance(e.type, ir.Void):
            out.append(pad + self.expr(e.operand))
        else:
            out.append(pad + self.expr(e))

    def _s_If(self, s: ir.If, out, depth, pad, kw="if"):
        out.append(f"{pad}{kw} {self.expr(s.cond)}:")
        self.block(s.then.body, out, depth + 1)
        els = s.else_
        if els is not None and els.body:
            if len(els.body) == 1 and isinstance(els.body[0], ir.If):
                self._s_If(els.body[0], out, depth, pad, kw="elif")
            else:
                out.append(f"{pad}else:")
                self.block(els.body, out, depth + 1)

    def loop_body(self, stmts, out, depth, steps=None) -> None:
        """A loop's body (`steps`: a while-lowered for-loop's steps, run before `continue`)."""
        self._continue_prefix.append(steps)
        self.loop_depth += 1
        self.block(stmts, out, depth)
        self.loop_depth -= 1
        self._continue_prefix.pop()

    def _s_While(self, s: ir.While, out, depth, pad):
        out.append(f"{pad}while {self.expr(s.cond)}:")
        self.loop_body(s.body.body, out, depth + 1)

    def _s_DoWhile(self, s: ir.DoWhile, out, depth, pad):
        if has_jump(s.body, ir.Continue):
            flag = self.fresh("first_iteration")
            out.append(f"{pad}{flag} = True")
            out.append(f"{pad}while {flag} or {self.expr(s.cond, P_OR + 1)}:")
            out.append(f"{pad}{self.indent_unit}{flag} = False")
            self.loop_body(s.body.body, out, depth + 1)
        elif ir.is_false(s.cond) and not has_jump(s.body, ir.Break):
            self.block(s.body.body, out, depth)     # `do { ... } while (false)`: the body, once
        else:
            out.append(f"{pad}while True:")
            self.loop_body(s.body.body, out, depth + 1)
            if ir.is_false(s.cond):
                out.append(f"{pad}{self.indent_unit}break")
            else:
                out.append(f"{pad}{self.indent_unit}if not {self.expr(s.cond, P_NOT)}:")
                out.append(f"{pad}{self.indent_unit * 2}break")

    def fresh(self, base: str) -> str:
        name, k = base, 1
        while name in self.names_used:
            k += 1
            name = f"{base}{k}"
        self.names_used.add(name)
        return name

    def _s_For(self, s: ir.For, out, depth, pad):
        rng = for_range(s)
        if rng is not None:
            sym, start, stop_e, step_v, incl = rng
            start_s = self.expr(start)
            stop = self.expr(stop_e, P_ADD + 1)
            if incl:
                stop = f"{stop} + 1" if step_v > 0 else f"{stop} - 1"
            args = range_args(start_s, stop, step_v)
            out.append(f"{pad}for {self.var_ref(sym)} in range({args}):")
            self.loop_body(s.body.body, out, depth + 1)
            return
        for i in s.init:
            self.stmt(i, out, depth)
        cond = self.expr(s.cond) if s.cond is not None else "True"
        out.append(f"{pad}while {cond}:")
        self.loop_body(s.body.body, out, depth + 1, s.step)
        for st in s.step:
            out.append(pad + self.indent_unit + self._step(st))

    def _step(self, st: ir.Expr) -> str:
        if isinstance(st, (ir.Assign, ir.IncDec)):
            return self.assign_stmt(st)
        return self.expr(st)

    def _s_Continue(self, s, out, depth, pad):
        steps = self._continue_prefix[-1] if self._continue_prefix else None
        for st in steps or ():
            out.append(pad + self._step(st))
        out.append(pad + "continue")

    def _s_Break(self, s, out, depth, pad):
        out.append(pad + "break")

    def _s_Return(self, s: ir.Return, out, depth, pad):
        if s.value is not None and isinstance(s.value.type, ir.StructType):
            inner = s.value.operand if isinstance(s.value, ir.Copy) else s.value
            value = self.expr(inner) if isinstance(inner, ir.Call) else ", ".join(self.leaf_values(s.value))
            out.append(f"{pad}return {value}")       # a struct result is the tuple of its leaves
            return
        out.append(pad + ("return" if s.value is None else f"return {self.expr(s.value)}"))

    def _s_Barrier(self, s, out, depth, pad):
        out.extend(pad + l for l in self.barrier(s))

    def _s_Switch(self, s: ir.Switch, out, depth, pad):
        sel = self.fresh("switch_value")
        out.append(f"{pad}{sel} = {self.expr(s.cond)}")
        groups, problem = ir.switch_groups(s)
        if problem is not None:
            raise KernelCodegenError(f"{problem[1]} is not supported in kernels", problem[0])
        kw, default = "if", None
        for vals, stmts, _ in groups:
            if None in vals:
                default = stmts
                continue
            conds = " or ".join(f"{sel} == {self.expr(v, P_CMP + 1)}" for v in vals)
            out.append(f"{pad}{kw} {conds}:")
            self.block(stmts, out, depth + 1)
            kw = "elif"
        if default is not None:
            if kw == "if":
                for x in default:
                    self.stmt(x, out, depth)
            else:
                out.append(f"{pad}else:")
                self.block(default, out, depth + 1)

    # ---------------------------------------------------------------- functions
    def function(self, f: ir.FunctionDef, decorator: str) -> list[str]:
        """A restrict(amp) function as an inlined njit function."""
        name = self.device_names.get(id(f.sym), f.sym.py_name)
        out = [decorator, f"def {name}({', '.join(self.begin_function(f, name))}):"]
        self.block(f.body.body, out, 1)
        return self.helpers + out

    def begin_function(self, f: ir.FunctionDef, name: str) -> list[str]:
        """Reset per-function state; return the Python parameters (a struct parameter is one
        per leaf field)."""
        self.reset_comments()
        for x in ir.walk(f.body):
            if isinstance(x, ir.Barrier):
                raise KernelCodegenError(f"function '{f.sym.name}' waits on a barrier; barriers inside "
                                         "called functions are not supported yet", x.span)
        self.owner, self.helpers, self.struct_vars = name, [], {}
        self._comment_line[f.span.file] = f.span.line
        self.names_used |= {n.sym.py_name for n in ir.walk(f.body) if isinstance(n, (ir.Var, ir.VarDecl))}
        self.names_used |= {p.py_name for p in f.params}
        params = []
        for p in f.params:
            params += self.declare_struct(p) if isinstance(p.type, ir.StructType) else [p.py_name]
        return params


def array_initializer(init) -> dict:
    """`{1, 2, {3}}` of a C array: element index tuple -> initialiser expression (the elements
    the braces name; the others are zero)."""
    items: dict = {}

    def collect(e, prefix):
        for i, item in enumerate(e.args):
            if isinstance(item, ir.Construct) and isinstance(item.type, ir.CArray):
                collect(item, prefix + (i,))
            else:
                items[prefix + (i,)] = item
    if isinstance(init, ir.Construct):
        collect(init, ())
    return items


def kernel_versions(program: ir.Program | None, needs_host_version) -> dict:
    """id(function Symbol) -> the Python name of its kernel version (`f_device`), for the
    restrict(cpu, amp) functions for which the host gets a version of its own."""
    if program is None:
        return {}
    taken = {f.sym.py_name for f in program.functions} | {g.sym.py_name for g in program.globals}
    taken |= {k.name for k in program.kernels} | {s.py_name for s in program.structs}
    out = {}
    for f in program.functions:
        if "amp" in f.restrict and needs_host_version(f):
            name = f"{f.sym.py_name}_device"
            while name in taken:
                name += "_"
            taken.add(name)
            out[id(f.sym)] = name
    return out


def assigned_symbols(node) -> set:
    """Symbols a statement/expression tree assigns as whole variables."""
    out = set()
    for n in ir.walk(node):
        if isinstance(n, (ir.Assign, ir.IncDec)) and isinstance(n.target, ir.Var):
            out.add(n.target.sym)
        elif isinstance(n, ir.VarDecl):
            out.add(n.sym)
    return out


def range_args(start: str, stop: str, step: int) -> str:
    if step == 1:
        return stop if start == "0" else f"{start}, {stop}"
    return f"{start}, {stop}, {step}"


def const_int(e: ir.Expr):
    """The value of an int literal or of a named int constant (`const int TS = 16;`), else None."""
    if isinstance(e, ir.Const):
        v = e.value
    elif isinstance(e, ir.Var):
        v = e.sym.const_value
    else:
        return None
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def for_range(s: ir.For):
    """(sym, start, stop, step, inclusive) when a C++ for loop is a plain counted loop."""
    if len(s.init) != 1 or not isinstance(s.init[0], ir.VarDecl) or s.init[0].init is None:
        return None
    sym = s.init[0].sym
    if not is_int(sym.type) or len(s.step) != 1 or not isinstance(s.cond, ir.Binary):
        return None
    st = s.step[0]
    step = None
    if isinstance(st, ir.IncDec) and isinstance(st.target, ir.Var) and st.target.sym is sym:
        step = 1 if st.op == "++" else -1
    elif (isinstance(st, ir.Assign) and isinstance(st.target, ir.Var) and st.target.sym is sym
          and st.op in ("+", "-")):
        v = st.value.operand if isinstance(st.value, ir.Convert) else st.value
        k = const_int(v)
        if k is not None and k > 0:
            step = k if st.op == "+" else -k
    if step is None:
        return None
    c = s.cond
    if not (isinstance(c.left, ir.Var) and c.left.sym is sym):
        return None
    if (c.op in ("<", "<=") and step < 0) or (c.op in (">", ">=") and step > 0) or c.op not in ("<", "<=", ">", ">="):
        return None
    stop = c.right
    body_assigned = assigned_symbols(s.body)
    if sym in body_assigned:
        return None
    for n in ir.walk(stop):
        if isinstance(n, ir.Var) and n.sym in body_assigned:
            return None
        if isinstance(n, (ir.ElementRef, ir.Call, ir.AtomicCall)):
            return None
        if isinstance(n, ir.FieldRef) and not (n.field == "extent" and isinstance(n.type, ir.Extent)):
            return None
    return sym, s.init[0].init, stop, step, c.op in ("<=", ">=")


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
