"""The emitter core's expressions: a mixin of `pyemit.PyEmitter`, as `refs.py` is.

Operator precedence and parentheses (`P_*`, `BINARY`: `expr(e, p)` parenthesises `e` when it
binds less tightly than `p`), literals (named by their `#define` where the C++ names one),
conversions, C++ integer division (`cdiv`/`cmod`, or `//` where both operands are provably
non-negative) and wrapping, `&&`/`||`/`?:` (whose operands may not run: nothing of them is
hoisted), index/extent components, sections, element and field access, calls, math calls, and
`++`/`--` used as a value.  Each is an `e_<Kind>` method that `PyEmitter.emit` dispatches to;
the dialects' hooks (`const`, `wrapper`, `scalar_convert`, ...) are declared in `pyemit.py`.
"""
from __future__ import annotations

import contextlib

from .. import ir
from ..cxx.types import deferrable, is_integer, result_wraps, wrap_value
from .mathcalls import outs_lines
from ..passes.patterns import extent_owner, non_negative

# Python operator precedence (higher binds tighter).  `expr(e, p)` parenthesises `e` when it
# binds less tightly than `p`.
P_TERNARY, P_OR, P_AND, P_NOT, P_CMP, P_BOR, P_BXOR, P_BAND, P_SHIFT, P_ADD, P_MUL, P_UNARY, \
    P_POW, P_ATOM = range(1, 15)

#: C++ binary operator -> (Python operator, its precedence)
BINARY = {
    "||": ("or", P_OR), "&&": ("and", P_AND),
    "==": ("==", P_CMP), "!=": ("!=", P_CMP), "<": ("<", P_CMP), "<=": ("<=", P_CMP),
    ">": (">", P_CMP), ">=": (">=", P_CMP),
    "|": ("|", P_BOR), "^": ("^", P_BXOR), "&": ("&", P_BAND),
    "<<": ("<<", P_SHIFT), ">>": (">>", P_SHIFT),
    "+": ("+", P_ADD), "-": ("-", P_ADD),
    "*": ("*", P_MUL), "/": ("/", P_MUL), "%": ("%", P_MUL),
}


def is_float(t) -> bool:
    return isinstance(t, ir.Scalar) and t.is_float


class CoreExpressions:
    """Mixin of the emitter core (`PyEmitter`): its `e_<Kind>` methods."""

    def e_Const(self, e: ir.Const):
        text, prec = self.const(e.value, e.type)
        named = self.macro_named(e, text, e.value, e.type)
        return (named, P_ATOM) if named is not None else (text, prec)

    def macro_named(self, c: ir.Const, text: str, value, t: ir.Type) -> str | None:
        """`text` (the literal `value` of type `t`) with the name of the `#define` that wrote
        literal `c` in place of the number (`N`, `float32(SCALE)`), or None."""
        m = self.macros.lookup(c, self.sources)
        if m is None or not isinstance(t, ir.Scalar) or t.name in ("bool", "char"):
            return None
        py = self.macros.py_name(m)
        if py is None or py in self.names_used:
            return None                     # a local of that name would hide the constant
        lit = repr(float(value)) if t.is_float else str(int(value))
        if text == lit:
            out = py
        elif text.endswith(f"({lit})"):
            out = f"{text[:-len(lit) - 1]}{py})"
        else:
            return None
        self.macros.used[m.name] = m
        return out

    def e_Convert(self, e: ir.Convert):
        src, dst = e.operand.type, e.type
        if src == dst or isinstance(dst, ir.Void) or isinstance(dst, ir.StructType):
            return self.emit(e.operand)     # (a derived object as its base: the object itself)
        if not (isinstance(src, ir.Scalar) and isinstance(dst, ir.Scalar)):
            return self.object_convert(e)
        if self.text_chars and "char" in (src.name, dst.name):
            return self.scalar_convert(e.operand, src, dst)
        folded = self.fold_convert(e.operand, dst)
        if folded is not None:
            return folded
        if dst.name == "bool":
            return f"{self.expr(e.operand, P_CMP + 1)} != 0", P_CMP
        return self.scalar_convert(e.operand, src, dst)

    def fold_convert(self, operand: ir.Expr, dst: ir.Scalar):
        """A converted literal as a literal of the target type (`float32(1.0)`, not `float32(1)`)."""
        if not isinstance(operand, ir.Const) or isinstance(operand.value, str) or operand.value is None:
            return None
        v = operand.value
        if dst.name == "bool":
            return self.const(bool(v), dst)
        if dst.is_float:
            v = float(v)
        elif isinstance(v, float):
            return None                             # truncation: the dialect's conversion
        else:
            v = wrap_value(int(v), dst)
        text, prec = self.const(v, dst)
        named = self.macro_named(operand, text, v, dst) if v == operand.value else None
        return (named, P_ATOM) if named is not None else (text, prec)

    def e_Unary(self, e: ir.Unary):
        if e.op == "!":
            return f"not {self.expr(e.operand, P_NOT)}", P_NOT
        if e.op == "-" and isinstance(e.operand, ir.Const) and _negatable(e.operand, e.type):
            return self.const(-e.operand.value, e.type)
        if e.op not in ("-", "+", "~"):
            raise self.not_here(f"operator '{e.op}'", e.span)
        text = f"{e.op}{self.expr(e.operand, P_UNARY)}"
        if result_wraps(e) and id(e) not in self.unwrapped:
            return f"{self.wrapper(e.type)}({text})", P_ATOM
        return text, P_UNARY

    def e_Binary(self, e: ir.Binary):
        op = e.op
        for child in (e.left, e.right):     # `int32(h * 31 + c)`: one wrap for a chain
            if deferrable(e, child):
                self.unwrapped.add(id(child))
        if op in ("/", "%") and is_integer(e.type):
            if non_negative(e.left) and non_negative(e.right):    # floor division truncates
                pyop = "//" if op == "/" else "%"
                return f"{self.expr(e.left, P_MUL)} {pyop} {self.expr(e.right, P_MUL + 1)}", P_MUL
            fn = "cdiv" if op == "/" else "cmod"             # C++ truncates toward zero
            return f"{fn}({self.expr(e.left)}, {self.expr(e.right)})", P_ATOM
        if op == "/" and is_float(e.type):
            text = self.float_division(e)
            if text is not None:
                return text, P_ATOM
        if op == "%":
            return f"{self.scalar_type(e.type)}(math.fmod({self.expr(e.left)}, {self.expr(e.right)}))", P_ATOM
        if op not in BINARY:
            raise self.not_here(f"operator '{op}'", e.span)
        pyop, prec = BINARY[op]
        if op in ("&&", "||"):              # the right operand runs only sometimes
            left = self.expr(e.left, prec)
            with self.maybe_skipped():
                return f"{left} {pyop} {self.expr(e.right, prec + 1)}", prec
        if prec == P_CMP:                   # never chained: `a < b < c` means something else in Python
            return f"{self.expr(e.left, P_CMP + 1)} {pyop} {self.expr(e.right, P_CMP + 1)}", P_CMP
        text = f"{self.expr(e.left, prec)} {pyop} {self.expr(e.right, prec + 1)}"
        if result_wraps(e) and id(e) not in self.unwrapped:
            # the exact result may leave the type's range: C++ wraps it at the type's width
            return f"{self.wrapper(e.type)}({text})", P_ATOM
        return text, prec

    def e_Conditional(self, e: ir.Conditional):
        cond = self.expr(e.cond, P_OR)
        with self.maybe_skipped():
            return (f"{self.expr(e.then, P_OR)} if {cond} else {self.expr(e.else_, P_TERNARY)}", P_TERNARY)

    @contextlib.contextmanager
    def maybe_skipped(self):
        """Emitting an operand C++ may not evaluate: nothing of it can go on a line before the
        statement (`hoist`)."""
        self.conditional += 1
        try:
            yield
        finally:
            self.conditional -= 1

    def hoist(self, lines: list[str], what: str, span) -> None:
        """Lines that compute part of the statement being emitted, put just before it."""
        if self.conditional:
            raise self.not_here(f"{what} in an operand of '&&', '||' or '?:'", span,
                                help="compute it in a statement of its own before")
        self.hoisted += lines

    def e_MakeIndex(self, e: ir.MakeIndex):
        return self.index_value([self.expr(c) for c in e.components])

    def e_IndexComponent(self, e: ir.IndexComponent):
        base = e.base
        if isinstance(base, ir.MakeIndex):
            return self.emit(base.components[e.dim])
        arr = extent_owner(base)
        if arr is not None:
            return self.extent_component(arr, e.dim), P_ATOM
        return f"{self.expr(base, P_ATOM)}[{e.dim}]", P_ATOM

    def e_ExtentOf(self, e: ir.ExtentOf):
        return self.extent_component(e.view, e.dim), P_ATOM

    def component(self, e: ir.Expr, d: int) -> ir.Expr:
        """Component `d` of an index<N>/extent<N> valued expression, as IR."""
        if isinstance(e.type, ir.Scalar):       # `idx * 2`: the scalar for every component
            return e
        if isinstance(e, ir.MakeIndex):
            return e.components[d]
        if isinstance(e, ir.Construct) and isinstance(e.type, (ir.Index, ir.Extent)) and \
                len(e.args) == e.type.rank:
            return e.args[d]
        if isinstance(e, ir.LibCall) and e.name in ("+", "-", "*", "/", "%") and e.obj is not None and \
                len(e.args) == 1 and isinstance(e.type, (ir.Index, ir.Extent)):     # `idx * 10 + 1`
            return ir.Binary(e.span, ir.INT, e.name, self.component(e.obj, d), self.component(e.args[0], d))
        return ir.IndexComponent(e.span, ir.INT, e, d)

    def e_Section(self, e: ir.Section):
        """A view of part of a view: on the host the runtime's `section`, in a kernel a slice
        of the array (a view of the same memory, as C++ AMP's section is)."""
        return self.section(e)

    def section(self, e: ir.Section) -> tuple[str, int]:
        base = self.expr(e.view, P_ATOM)
        parts = []
        for d in range(e.type.rank):
            lo = self.expr(self.component(e.origin, d), P_ADD) if e.origin is not None else ""
            size = self.expr(self.component(e.extent, d), P_ADD + 1) if e.extent is not None else None
            hi = "" if size is None else size if not lo else f"{lo} + {size}"
            parts.append(f"{lo}:{hi}")
        return f"{base}[{', '.join(parts)}]", P_ATOM

    def e_ElementRef(self, e: ir.ElementRef):
        base = self.element_base(e.base)
        for i in e.indices:                 # an overflowed signed index is out of range either way
            if result_wraps(i) and not i.type.is_unsigned:
                self.unwrapped.add(id(i))
        return f"{base}[{', '.join(self.expr(i) for i in e.indices)}]", P_ATOM

    def e_FieldRef(self, e: ir.FieldRef):
        return f"{self.expr(e.base, P_ATOM)}.{e.field}", P_ATOM

    def e_Call(self, e: ir.Call):
        if self.writebacks(e):                  # a line of its own first (refs.py)
            names = self.hoist_call(e)
            if len(names) != 1:
                raise self.not_here("a call that changes a reference argument, used as a value,", e.span)
            return names[0], P_ATOM
        return self.plain_call(e), P_ATOM

    def e_MathCall(self, e: ir.MathCall):
        if e.outs:                  # `frexp(x, &e)`: computed on a line of its own (mathcalls.py)
            lines, value = outs_lines(self, e, self.math_tuple(e))
            self.hoist(lines, f"a call of '{e.name}' with out parameters", e.span)
            return value, P_ATOM
        return self.math_call(e)

    def e_Assign(self, e: ir.Assign):
        raise self.not_here("an assignment used as a value", e.span,
                            help="write the assignment as a statement of its own")

    def e_IncDec(self, e: ir.IncDec):
        t = e.target.type
        if not (isinstance(e.target, ir.Var) and isinstance(t, ir.Scalar) and (t.is_int or t.is_float)
                and t.name not in ("char", "bool")):
            raise self.not_here(f"'{e.op}' of this operand used as a value", e.span,
                                help=f"write '{e.op}' as a statement of its own")
        # `a[i++] = x`: the old value kept, the variable stepped, on lines before the statement
        sym = e.target.sym
        inside = {id(x) for x in ir.walk(e)}
        if any(isinstance(x, ir.Var) and x.sym is sym and id(x) not in inside
               for root in self.stmt_root for x in ir.walk(root)):
            raise self.not_here(f"'{e.op}' of '{sym.name}' in a statement that also reads '{sym.name}'", e.span,
                                help=f"write '{sym.name}{e.op};' as a statement of its own")
        name = self.lvalue(e.target, "rw")
        lines = [self.incdec(e)]
        if e.prefix:
            self.hoist(lines, f"'{e.op}{e.target.sym.name}'", e.span)
            return name, P_ATOM
        old = self.fresh(f"{e.target.sym.py_name}_before")
        self.hoist([f"{old} = {name}"] + lines, f"'{e.target.sym.name}{e.op}'", e.span)
        return old, P_ATOM


def _negatable(c: ir.Const, t: ir.Type) -> bool:
    """`-literal` can be written as a negative literal of type `t`."""
    v = c.value
    if isinstance(v, (bool, str)) or v is None or not isinstance(t, ir.Scalar):
        return False
    if t.is_float:
        return True
    return t.is_int and not t.is_unsigned and wrap_value(-int(v), t) == -int(v)
