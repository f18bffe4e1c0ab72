"""The one Python emitter core: IR statements and expressions -> Python source lines.

Every dialect amppy writes is a subclass that only supplies hooks:

- host code (`host.HostWriter`): plain Python over `amppy.runtime`; integers are Python ints
  wrapped by `int32(...)`, `char` is a one-character string;
- kernel code (`kernel_exprs.KernelExprEmitter`, then `cpu.CpuEmitter`, `cuda.CudaEmitter`
  and `cpu_checks.CheckedEmitter`): Numba nopython code over numpy scalars.

What lives here, once: `if`/`while`/`do`/`for` (with the one counted-`for` detector and the
steps a `continue` runs), `switch` lowering with fall-through, assignments and `++`/`--`,
statement lists (split into part functions by `outline.py`), and the walk itself: `stmt`
dispatches `s_<Kind>`, `emit` dispatches `e_<Kind>`.  The expressions (operator precedence and
parentheses, C++ integer division and wrapping, conditionals, element and field access,
calls) are its mixin `pyexprs.py`; reference parameters its mixin `refs.py`.

The hooks a dialect supplies (each documented where it is defined below):
`const`, `wrapper`, `scalar_type`, `scalar_convert`, `object_convert`, `index_value`,
`extent_component`, `math_call`, `callee`, `call_args`, `element_base`, `lvalue`,
`decl_target`, `default_value`, `before`/`after` (line references and the user's comments),
`not_here` (how a construct the dialect cannot spell is reported), and the part-function
hooks `enter_part`/`leave_part`/`add_part`/`part_call`.
"""
from __future__ import annotations


import contextlib
import dataclasses

from .. import ir
from ..diagnostics import KernelCodegenError
from .refs import ReferenceParams, negated
from . import CodegenUnsupported
from ..cxx.types import is_integer
from .macros import macro_names_of
from .mathcalls import outs_lines
from ..passes.patterns import counted_for, has_effects, simple
from .pyexprs import BINARY, P_ADD, P_ATOM, P_CMP, P_NOT, P_OR, CoreExpressions, is_float


def chained(e: ir.Assign | ir.IncDec) -> tuple[ir.Assign, ir.Assign] | None:
    """`a = b = c` (the value an assignment, perhaps converted): (the inner assignment, the outer
    one reading the inner's target back), when reading that target again is the same; else None."""
    if not isinstance(e, ir.Assign):
        return None
    converts, v = [], e.value
    while isinstance(v, ir.Convert):
        converts.append(v)
        v = v.operand
    if not isinstance(v, ir.Assign) or has_effects(v.target):
        return None
    value = v.target
    for c in reversed(converts):
        value = dataclasses.replace(c, operand=value)
    return v, dataclasses.replace(e, value=value)


class PyEmitter(CoreExpressions, ReferenceParams):
    """The walk over IR statements and expressions, writing Python lines into `out` lists."""

    indent_unit = "    "
    #: `char` values are one-character strings (host code) rather than small integers (kernels)
    text_chars = False
    #: statement lists longer than outline.PART_STATEMENTS become part functions
    split_long = False
    #: a loop met outline.NEST_LIMIT loops deep becomes a part function
    split_deep = False

    def __init__(self, program: ir.Program | None, sources):
        from .comments import comments_of
        self.program = program
        self.sources = sources
        self.names_used: set[str] = set()     # every Python name in the function (fresh names avoid them)
        self.unwrapped: set[int] = set()      # ids of integer results whose wrap the consumer does
        self.frames: list[set[str]] = []      # names read by each part function being emitted
        self.loop_depth = 0                   # loops around the statement being emitted
        self.loop_steps: list = []            # per loop: the for-steps a `continue` runs first
        self.owner = "main"                   # base of part function names
        self.struct_vars: dict = {}           # struct local Symbol -> the locals holding it
        self.user_comments = comments_of(sources)
        self.errors: list | None = None       # see `recovering`
        self.hoisted: list[str] = []          # lines to put above the statement being emitted
        self.conditional = 0                  # inside an operand that may not run (`&&`, `||`, `?:`)
        self.stmt_root = ()                   # the expressions of the statement being emitted
        self.writeback: list[str] = []        # the changed reference parameters a return gives back (refs.py)
        self._fdefs = None
        self.macros = macro_names_of(sources)  # `#define` constants named where the C++ names them

    # ================================================================ hooks
    def not_here(self, what: str, span, help: str | None = None) -> Exception:
        """The error for a construct this dialect cannot spell (`what` names it in C++ terms)."""
        raise NotImplementedError

    def const(self, value, t: ir.Type) -> tuple[str, int]:
        """A literal of C++ type `t`."""
        raise NotImplementedError

    def wrapper(self, t: ir.Scalar) -> str:
        """The function that wraps an integer result to `t`'s width (`int32`, `np.int32`)."""
        raise NotImplementedError

    def scalar_type(self, t: ir.Type) -> str:
        return self.wrapper(t)

    def scalar_convert(self, operand: ir.Expr, src: ir.Scalar, dst: ir.Scalar) -> tuple[str, int]:
        """A conversion between arithmetic types (other than to bool)."""
        raise NotImplementedError

    def object_convert(self, e: ir.Convert) -> tuple[str, int]:
        """A conversion where one side is not arithmetic (index, struct, pointer)."""
        return self.emit(e.operand)

    def index_value(self, parts: list[str]) -> tuple[str, int]:
        """An index<N>/extent<N> value made of its components."""
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")", P_ATOM

    def extent_component(self, arr: ir.Expr, dim: int) -> str:
        """Dimension `dim` of the extent of array or array_view `arr`."""
        return f"{self.expr(arr, P_ATOM)}.shape[{dim}]"

    def math_call(self, e: ir.MathCall) -> tuple[str, int]:
        raise NotImplementedError

    def callee(self, sym: ir.Symbol) -> str:
        self.names_used.add(sym.py_name)
        return sym.py_name

    def call_args(self, args) -> list[str]:
        return [self.expr(a) for a in args]

    def element_base(self, base: ir.Expr) -> str:
        return self.expr(base, P_ATOM)

    def use(self, name: str) -> None:
        """Record that emitted code reads the local or parameter `name` (part parameters)."""
        self.names_used.add(name)
        for f in self.frames:
            f.add(name)

    def lvalue(self, e: ir.Expr, mode: str) -> str:
        """An assignment target; `mode` is "w" (plain store) or "rw" (`+=`, `++`: read, then
        store).  A checking dialect instruments the access."""
        return self.expr(e)

    def decl_target(self, sym: ir.Symbol) -> str:
        return sym.py_name

    def default_value(self, t: ir.Type, span) -> str:
        if isinstance(t, ir.Scalar):
            return self.const(0, t)[0]
        raise self.not_here(f"a variable of type '{t}' without initializer", span)

    def value_names(self, sym: ir.Symbol) -> list[str]:
        """The Python locals holding variable `sym`."""
        self.use(sym.py_name)
        return [sym.py_name]

    def before(self, s: ir.Stmt, out: list[str], pad: str) -> None:
        """Lines above a statement (its C++ line, the user's comments)."""

    def after(self, s: ir.Stmt, out: list[str], first: int) -> None:
        """Touch up a statement's lines `out[first:]` (a line reference at its end)."""

    def expr_statement(self, e: ir.Expr) -> list[str]:
        """An expression evaluated for its effects."""
        inner = e.operand if isinstance(e, ir.Convert) else e
        if isinstance(inner, ir.Call):
            return self.call_statement(inner)
        if isinstance(inner, ir.MathCall) and inner.outs:
            return outs_lines(self, inner, self.math_tuple(inner))[0]
        if isinstance(inner, ir.AtomicCall) and inner.name == "atomic_compare_exchange":
            saved, self.hoisted = self.hoisted, []      # its lines are the statement: no value left
            self.expr(inner)
            lines, self.hoisted = self.hoisted, saved
            return lines
        return [self.expr(e)]

    def float_division(self, e: ir.Binary) -> str | None:
        """A dialect's own spelling of floating `/` (None: Python's `/`)."""
        return None

    # ================================================================ expressions (the e_<Kind>: pyexprs.py)
    def expr(self, e: ir.Expr, min_prec: int = 0) -> str:
        text, prec = self.emit(e)
        return f"({text})" if prec < min_prec else text

    def emit(self, e: ir.Expr) -> tuple[str, int]:
        m = getattr(self, "e_" + type(e).__name__, None)
        if m is None:
            raise self.not_here(ir.describe(e), e.span)
        return m(e)

    # ================================================================ statements
    def stmts(self, stmts, out: list[str], depth: int, live_after=frozenset()) -> None:
        """A statement list; a long or deeply nested one goes out partly as calls of part
        functions (outline.py)."""
        from .outline import emit_statements
        emit_statements(self, stmts, out, depth, live_after)

    def block(self, stmts, out: list[str], depth: int) -> None:
        """An indented block (`pass` where it has no statement)."""
        n = len(out)
        self.stmts(stmts, out, depth)
        if all(line.lstrip().startswith("#") for line in out[n:]):
            out.append(self.indent_unit * depth + "pass")

    def stmt(self, s: ir.Stmt, out: list[str], depth: int) -> None:
        if isinstance(s, ir.Block):
            self.stmts(s.body, out, depth)
            return
        pad = self.indent_unit * depth
        m = getattr(self, "s_" + type(s).__name__, None)
        if m is None:
            raise self.not_here(ir.describe(s), s.span)
        self.before(s, out, pad)
        first = len(out)
        saved, self.hoisted = self.hoisted, []      # each statement's own (nested ones have theirs)
        saved_root, self.stmt_root = self.stmt_root, (s.cond,) if isinstance(s, (ir.If, ir.Switch)) else (s,)
        try:
            with self.recovering():
                m(s, out, depth, pad)
            mine = self.hoisted
        finally:
            self.hoisted, self.stmt_root = saved, saved_root
        self.after(s, out, first)
        if mine:                        # a lambda's `def`, a call's result (refs.py): where it runs
            if isinstance(s, (ir.While, ir.DoWhile, ir.For)):
                with self.recovering():
                    raise self.not_here("a call that changes a reference argument, a lambda or '++'/'--' used "
                                        "as a value in a loop's condition", s.span,
                                        help="compute it in the loop's body")
                return
            out[first:first] = [pad + line for line in mine]

    @contextlib.contextmanager
    def recovering(self):
        """Record what this target cannot express and go on with the next statement, so one
        run reports every such place (`errors`: None in dialects that stop at the first)."""
        try:
            yield
        except (CodegenUnsupported, KernelCodegenError) as err:
            if self.errors is None:
                raise
            self.errors.append(err)

    def s_Block(self, s: ir.Block, out, depth, pad):
        self.stmts(s.body, out, depth)

    def s_VarDecl(self, s: ir.VarDecl, out, depth, pad):
        init = self.expr(s.init) if s.init is not None else self.default_value(s.sym.type, s.span)
        out.append(f"{pad}{self.decl_target(s.sym)} = {init}")

    def s_ExprStmt(self, s: ir.ExprStmt, out, depth, pad):
        e = s.expr
        if isinstance(e, (ir.Assign, ir.IncDec)):
            lines = self.assignment(e)
        elif isinstance(e, ir.Convert) and isinstance(e.type, ir.Void):
            lines = [self.expr(e.operand)]
        else:
            lines = self.expr_statement(e)
        out.extend(pad + line for line in lines)

    def s_If(self, s: ir.If, out, depth, pad, keyword="if"):
        out.append(f"{pad}{keyword} {self.expr(s.cond)}:")
        self.block(s.then.body, out, depth + 1)
        e = s.else_
        if e is not None and e.body:
            if len(e.body) == 1 and isinstance(e.body[0], ir.If):
                self.s_If(e.body[0], out, depth, pad, "elif")
            else:
                out.append(f"{pad}else:")
                self.block(e.body, out, depth + 1)

    def s_While(self, s, out, depth, pad):
        self.loop(s, out, depth, lambda d: self.block(s.body.body, out, d))

    s_DoWhile = s_For = s_While

    def loop(self, s, out: list[str], depth: int, body) -> None:
        """A `for`, `while` or `do` loop; `body(depth)` writes its body (the CPU target's tile
        loops give their own)."""
        pad, one = self.indent_unit * depth, self.indent_unit
        if isinstance(s, ir.For):
            head = self.range_header(s)
            if head is not None:
                out.append(f"{pad}for {head}:")
                self.loop_body(body, depth + 1)
                return
            for i in s.init:
                self.stmt(i, out, depth)
            head = self.condition_first(s.cond, out, depth) if s.cond is not None else "True"
            if head is not None:
                out.append(f"{pad}while {head}:")
            self.loop_body(body, depth + 1, s.step)
            out.extend(pad + one + line for st in s.step for line in self.step_lines(st))
        elif isinstance(s, ir.While):
            head = self.condition_first(s.cond, out, depth)
            if head is not None:
                out.append(f"{pad}while {head}:")
            self.loop_body(body, depth + 1)
        elif ir.has_jump(s.body, ir.Continue):
            # `continue` goes to the condition: the loop tests it from its second round on
            flag = self.fresh("first_iteration")
            out.append(f"{pad}{flag} = True")
            out.append(f"{pad}while {flag} or {self.expr(s.cond, P_OR + 1)}:")
            out.append(f"{pad}{one}{flag} = False")
            self.loop_body(body, depth + 1)
        elif ir.is_false(s.cond) and not ir.has_jump(s.body, ir.Break):
            body(depth)                             # `do { ... } while (false)`: the body, once
        else:
            out.append(f"{pad}while True:")
            self.loop_body(body, depth + 1)
            if ir.is_false(s.cond):
                out.append(f"{pad}{one}break")
            else:
                text, lines = self.with_lines(lambda: self.expr(s.cond, P_NOT))     # (refs.py)
                out.extend(pad + one + line for line in lines)
                out.append(f"{pad}{one}if {negated(text) if lines else 'not ' + text}:")
                out.append(f"{pad}{one * 2}break")

    def loop_body(self, body, depth: int, steps=()) -> None:
        """A loop's body (`steps`: a while-lowered for-loop's steps, run before `continue`)."""
        self.loop_steps.append(steps)
        self.loop_depth += 1
        try:
            body(depth)
        finally:
            self.loop_depth -= 1
            self.loop_steps.pop()

    def range_header(self, s: ir.For) -> str | None:
        """`i in range(a, b)` for a counted `for` loop (see `counted_for`), else None."""
        c = counted_for(s)
        if c is None:
            return None
        start = self.bound(c.start)
        stop = self.plus(c.stop, c.adjust) if c.adjust else self.bound(c.stop)
        if c.step == 1:
            args = stop if start == "0" else f"{start}, {stop}"
        else:
            args = f"{start}, {stop}, {c.step}"
        return f"{self.decl_target(c.sym)} in range({args})"

    def bound(self, e: ir.Expr) -> str:
        """A `range` argument: a literal as a plain int (whatever its C++ type)."""
        if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return self.macro_named(e, str(e.value), e.value, ir.INT) or str(e.value)
        return self.expr(e)

    def plus(self, e: ir.Expr, k: int) -> str:
        if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return str(e.value + k)
        return f"{self.expr(e, P_ADD + 1)} {'+' if k > 0 else '-'} {abs(k)}"

    def step_lines(self, e: ir.Expr) -> list[str]:
        """A for-loop's step, evaluated for its effects (`i++`, `it++` of a class)."""
        if isinstance(e, (ir.Assign, ir.IncDec)):
            return ["; ".join(self.assignment(e))]
        return self.expr_statement(e)

    def s_Continue(self, s, out, depth, pad):
        for st in (self.loop_steps[-1] if self.loop_steps else ()):
            out.extend(pad + line for line in self.step_lines(st))
        out.append(pad + "continue")

    def s_Break(self, s, out, depth, pad):
        out.append(pad + "break")

    def s_Return(self, s: ir.Return, out, depth, pad):
        if self.writeback:                      # the changed reference parameters come back too
            out.append(pad + self.returned([self.expr(s.value)] if s.value is not None else []))
            return
        out.append(pad + ("return" if s.value is None else f"return {self.expr(s.value)}"))

    def s_Switch(self, s: ir.Switch, out, depth, pad):
        subject = self.expr(s.cond)
        if not simple(s.cond):
            name = self.fresh("switch_value")
            out.append(f"{pad}{name} = {subject}")
            subject = name
        keyword, default = "if", None
        for labels, stmts in ir.switch_arms(s):
            if None in labels:
                default = stmts
                continue
            test = " or ".join(f"{subject} == {self.expr(v, P_CMP + 1)}" for v in labels)
            out.append(f"{pad}{keyword} {test}:")
            self.block(stmts, out, depth + 1)
            keyword = "elif"
        if default is not None:
            if keyword == "if":
                self.stmts(default, out, depth)
            else:
                out.append(f"{pad}else:")
                self.block(default, out, depth + 1)

    # ================================================================ assignments
    def assignment(self, e: ir.Assign | ir.IncDec) -> list[str]:
        """The lines of an assignment or `++`/`--` statement."""
        chain = chained(e)
        if chain is not None:                   # `a = b = c`: `b = c`, then `a = b`
            return self.assignment(chain[0]) + self.assignment(chain[1])
        if isinstance(e, ir.Assign) and e.op == "=":
            target = self.lvalue(e.target, "w")
            return [f"{target} = {self.expr(e.value)}"]
        first, target = self.evaluated_once(e.target)   # `a[f()] += 1` calls f once
        if target is not e.target:
            e = dataclasses.replace(e, target=target)
        if isinstance(e, ir.IncDec):
            return first + [self.incdec(e)]
        return first + self.compound(e)

    def evaluated_once(self, target: ir.Expr) -> tuple[list[str], ir.Expr]:
        """A read-and-write target whose subscripts have side effects: (lines that compute those
        subscripts into fresh locals, the target reading the locals); else ([], target)."""
        if not isinstance(target, ir.ElementRef) or not any(map(has_effects, target.indices)):
            return [], target
        lines, indices, wholes = [], [], {}
        for i in target.indices:
            if isinstance(i, ir.IndexComponent) and has_effects(i.base):    # `a[*it] += v`: `*it` once
                if id(i.base) not in wholes:
                    name = self.fresh("subscript")
                    lines.append(f"{name} = {self.expr(i.base)}")
                    wholes[id(i.base)] = ir.Var(i.span, i.base.type, ir.Symbol(name, name, i.base.type, "local", i.span))
                i = dataclasses.replace(i, base=wholes[id(i.base)])
            elif has_effects(i):
                name = self.fresh("subscript")
                lines.append(f"{name} = {self.expr(i)}")
                i = ir.Var(i.span, i.type, ir.Symbol(name, name, i.type, "local", i.span))
            indices.append(i)
        return lines, dataclasses.replace(target, indices=tuple(indices))

    def compound(self, e: ir.Assign) -> list[str]:
        """`x op= v`."""
        ct, tt = e.compute_type, e.target.type
        if ct == tt and self.in_place(e.op, tt):
            return [f"{self.lvalue(e.target, 'rw')} {BINARY[e.op][0]}= {self.expr(e.value)}"]
        # target op value, computed in compute_type, converted back to the target's type
        lhs = e.target if ct == tt else ir.Convert(e.target.span, ct, e.target, False)
        value = ir.Binary(e.span, ct, e.op, lhs, e.value)
        if ct != tt:
            value = ir.Convert(e.span, tt, value, False)
        target = self.lvalue(e.target, "w")
        return [f"{target} = {self.expr(value)}"]

    def in_place(self, op: str, t: ir.Type) -> bool:
        """`x op= v` can be Python's augmented assignment (no wrap, no C++ division)."""
        if is_integer(t):
            return op in ("|", "&", "^", ">>")
        if is_float(t):
            return op in ("+", "-", "*") or (op == "/" and self.float_division_plain(t))
        return False

    def float_division_plain(self, t: ir.Scalar) -> bool:
        return True

    def incdec(self, e: ir.IncDec) -> str:
        t = e.target.type
        op = "+" if e.op == "++" else "-"
        target = self.lvalue(e.target, "rw")
        one = self.const(1, t)[0] if isinstance(t, ir.Scalar) else "1"
        if is_integer(t):                       # wraps at the type's width
            return f"{target} = {self.wrapper(t)}({target} {op} {one})"
        return f"{target} {op}= {one}"

    # ================================================================ names and parts
    def fresh(self, base: str) -> str:
        """A name no code of the function uses yet (`switch_value`, `switch_value2`, ...)."""
        name, k = base, 1
        while name in self.names_used:
            k += 1
            name = f"{base}{k}"
        self.names_used.add(name)
        return name

    def enter_part(self):
        """Start emitting a part function's body; returns what `leave_part` restores."""
        saved = (self.loop_depth, self.loop_steps)
        self.loop_depth, self.loop_steps = 0, []
        return saved

    def leave_part(self, saved) -> None:
        self.loop_depth, self.loop_steps = saved

    def add_part(self, name: str, params: list[str], body: list[str], span) -> None:
        """Keep the part function `name` (written where the dialect puts helpers)."""
        raise NotImplementedError

    def part_call(self, call: str, span, out: list[str], pad: str) -> None:
        out.append(pad + call)
