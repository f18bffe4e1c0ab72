"""Host code: IR functions -> plain Python over `amppy.runtime`.

C++ semantics the host code keeps:
- `int`/`unsigned` are Python ints; `/` and `%` on integers truncate toward zero
  (`cdiv`/`cmod`); `unsigned` arithmetic wraps (`uint32(...)`).
- `float` is `numpy.float32` (`float32(...)`), `double` is a Python float.
- structs, vectors and C arrays are copied where C++ copies them (`.copy()`).
- `std::cout << ...` is `cout << ...` over the runtime's C++ stream emulation.
Kernels and their launches come from the target backend (`cpu.py`/`cuda.py`).
"""
from __future__ import annotations

from .. import __version__, ir
from ..mathfuncs import FUNCTIONS
from ..names import RUNTIME_NAMES
from ..cxxtypes import conversion_wraps, deferrable, is_integer, result_wraps, wrapper_name
from . import CodegenUnsupported
from .kernel_exprs import const_int
from .comments import comments_of
from .outline import NEST_LIMIT, After, Later, has_loop, movable, whole_variables
from .text import comment_text, docstring_text
from .types import np_name

# Python operator precedence (higher binds tighter).
P_TERNARY, P_OR, P_AND, P_NOT, P_CMP, P_BOR, P_XOR, P_BAND, P_SHIFT, P_ADD, P_MUL, P_UNARY, P_POSTFIX, P_ATOM = \
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16
BINARY = {"||": ("or", P_OR), "&&": ("and", P_AND), "|": ("|", P_BOR), "^": ("^", P_XOR), "&": ("&", P_BAND),
          "==": ("==", P_CMP), "!=": ("!=", P_CMP), "<": ("<", P_CMP), ">": (">", P_CMP), "<=": ("<=", P_CMP),
          ">=": (">=", P_CMP), "<<": ("<<", P_SHIFT), ">>": (">>", P_SHIFT), "+": ("+", P_ADD),
          "-": ("-", P_ADD), "*": ("*", P_MUL), "/": ("/", P_MUL), "%": ("%", P_MUL)}

READERS = {"char": "read_char", "int": "read_int", "unsigned int": "read_uint", "long": "read_long",
           "long long": "read_long", "float": "read_float", "double": "read_double", "short": "read_int",
           "unsigned long": "read_uint", "size_t": "read_uint"}


def py_literal(v, t: ir.Type) -> str:
    if isinstance(t, ir.Scalar):
        if t.name == "bool":
            return "True" if v else "False"
        if isinstance(v, str):
            return repr(v)
        if t.is_float:
            text = repr(float(v))
            if text in ("inf", "-inf", "nan"):
                text = f"float('{text}')"
            return f"float32({text})" if t.name == "float" else text
        return str(int(v))
    if v is None:
        return "None"
    return repr(v)


class HostWriter:
    #: IR kinds sema only makes inside kernels (tests/test_ir.py: every other kind has a method)
    KERNEL_ONLY = frozenset({"ThreadIndex", "AtomicCall"})

    def __init__(self, program: ir.Program, backend, sources, opts):
        self.p = program
        self.backend = backend
        self.sources = sources
        self.opts = opts
        self.out: list[str] = []
        self.globals_assigned: set[str] = set()
        self.loop_steps: list = []          # for-loop steps to run before `continue` (while-lowered loops)
        self.loop_depth = 0                 # loops around the statement being emitted
        self.function_name = ""             # the host function being emitted (base of part names)
        self.parts: list[list[str]] = []    # its part functions (nested too deeply), put after it
        self.part_names: set[str] = set()
        self.comments = comments_of(sources)
        self.last_line = 0                  # the last C++ line a statement came from
        self.unwrapped: set[int] = set()    # ids of integer results whose wrap is left to the consumer

    # ---- module ------------------------------------------------------------------------------
    def module(self) -> str:
        p = self.p
        name = p.file.replace("\\", "/").rsplit("/", 1)[-1]
        o = self.out
        name = docstring_text(name)
        o.append(f'"""{name}, translated from C++ AMP by amppy {__version__} (target: {self.opts.target}).')
        o.append("")
        o.append(f"Run it with `python {name.rsplit('.', 1)[0]}.py`; it behaves like the compiled C++ program.")
        o.append('"""')
        prelude_at = len(o)
        for s in p.structs:
            o.append("")
            o.append("")
            o.append(f"@struct  # {self.where(s.span)}")
            o.append(f"class {s.py_name}:")
            for fname, ft in s.fields:
                o.append(f"    {fname}: {self.field_type(ft)}")
            if not s.fields:
                o.append(f"    pass  # struct {comment_text(s.name)} has no data members")
        if p.globals:
            o.append("")
        for g in p.globals:
            init = self.expr(g.init) if g.init is not None else self.default_value(g.sym.type, g.sym.span)
            o.append(f"{g.sym.py_name} = {init}")
        amp_functions = self.kernel_functions()
        emitted: set = set()
        for k in p.kernels:
            o.append("")
            o.append("")
            o.extend(line for line in self.backend.emit_kernel(k, p, self.sources, emitted))
        for f in p.functions:
            if id(f) in amp_functions and not self.backend.needs_host_version(f):
                continue                    # emitted with the kernels (callable from host code too)
            o.append("")
            o.append("")
            self.function(f)
        o.append("")
        o.append("")
        o.append('if __name__ == "__main__":')
        if p.main is not None:
            o.append(f"    run_main({p.main.py_name})")
        else:
            o.append("    raise SystemExit('this program has no main function')")
        body = "\n".join(o[prelude_at:])
        runtime = f"from amppy.runtime import {', '.join(sorted(RUNTIME_NAMES))}"   # the runtime's __all__
        prelude = used_imports(["import numpy as np"] + self.backend.module_prelude() + ["", runtime], body)
        o[prelude_at:prelude_at] = prelude
        return "\n".join(o) + "\n"

    def kernel_functions(self) -> set[int]:
        return {id(fd) for k in self.p.kernels for fd in k.functions}

    def where(self, span) -> str:
        return comment_text(f"{span.file.replace(chr(92), '/').rsplit('/', 1)[-1]}:{span.line}")

    def field_type(self, t: ir.Type) -> str:
        if isinstance(t, ir.CArray):
            return f"({self.field_type(t.elem)}, {t.dims})"
        return np_name(t)

    # ---- functions -----------------------------------------------------------------------------
    def function(self, f: ir.FunctionDef) -> None:
        params = ", ".join(p.py_name for p in f.params)
        body_lines: list[str] = []
        saved, self.out = self.out, body_lines
        self.globals_assigned = set()
        self.function_name, self.parts = f.sym.py_name, []
        self.last_line = f.span.line
        self.block(f.body, 1)
        if f.sym is self.p.main and isinstance(f.ret, ir.Scalar):
            if not body_lines or not body_lines[-1].strip().startswith("return"):
                body_lines.append("    return 0")
        self.out = saved
        self.out.extend(self.comments.leading(f.span.file, f.span.line))
        self.out.append(f"def {f.sym.py_name}({params}):  # {self.where(f.span)}")
        if self.globals_assigned:
            self.out.append(f"    global {', '.join(sorted(self.globals_assigned))}")
        if not body_lines:
            body_lines.append("    pass")
        self.out.extend(body_lines)
        for part in self.parts:
            self.out += ["", ""] + part

    def line(self, depth: int, text: str) -> None:
        self.out.append("    " * depth + text)

    def block(self, b: ir.Block, depth: int) -> None:
        n = len(self.out)
        self.stmts(b.body, depth)
        if len(self.out) == n:
            self.line(depth, "pass")

    def stmts(self, stmts, depth: int) -> None:
        """A statement list; a loop met `outline.NEST_LIMIT` loops deep becomes a part function
        (CPython refuses more than 20 nested loop blocks in one function)."""
        stmts = list(stmts)
        if self.loop_depth < NEST_LIMIT or not any(has_loop(s) for s in stmts):
            for s in stmts:
                self.stmt(s, depth)
            return
        later = Later(stmts, frozenset())
        for i, s in enumerate(stmts):
            part = has_loop(s) and movable(s, After(later, i))
            later.passed(i)
            if part:
                self.part(s, depth)
            else:
                self.stmt(s, depth)

    def part(self, s: ir.Stmt, depth: int) -> None:
        """Emit `s` as a module-level function that takes the locals it reads and returns the
        ones it assigns; call it here."""
        declared, assigned = whole_variables([s])
        glob = {g.sym for g in self.p.globals}
        refs = {x.sym for x in ir.walk(s) if isinstance(x, ir.Var)}
        params = sorted((v for v in refs if v not in glob and v not in declared and v.kind != "function"),
                        key=lambda v: v.py_name)
        results = sorted((v for v in assigned if v not in glob and v not in declared), key=lambda v: v.py_name)
        name, k = f"{self.function_name}_part", 1
        while name in self.part_names:
            k += 1
            name = f"{self.function_name}_part{k}"
        self.part_names.add(name)
        saved = (self.out, self.globals_assigned, self.loop_steps, self.loop_depth)
        self.out, self.globals_assigned, self.loop_steps, self.loop_depth = [], set(), [], 0
        self.stmt(s, 1)
        body, glob_assigned = self.out, self.globals_assigned
        self.out, self.globals_assigned, self.loop_steps, self.loop_depth = saved
        if results:
            body.append(f"    return {', '.join(v.py_name for v in results)}")
        head = [f"def {name}({', '.join(v.py_name for v in params)}):  "
                f"# {self.where(s.span)}: a part of {self.function_name} (nested too deeply for one function)"]
        if glob_assigned:
            head.append(f"    global {', '.join(sorted(glob_assigned))}")
        self.parts.append(head + body)
        call = f"{name}({', '.join(v.py_name for v in params)})"
        if results:
            call = f"{', '.join(v.py_name for v in results)} = {call}"
        self.line(depth, f"{call}  # {self.where(s.span)}")

    def stmt(self, s: ir.Stmt, depth: int) -> None:
        m = getattr(self, "s_" + type(s).__name__)
        if s.span is not None and not isinstance(s, ir.Block):
            for c in self.comments.above(s.span.file, self.last_line + 1, s.span.line):
                self.line(depth, c)             # the user's comments on lines of their own
            self.last_line = max(self.last_line, s.span.line)
        n = len(self.out)
        m(s, depth)
        if isinstance(s, ir.ParallelForEach):     # the kernel's lines are the kernel's
            self.last_line = max(self.last_line, s.span.end_line, s.kernel.span.end_line)
        if len(self.out) > n and s.span is not None and not isinstance(s, ir.Block) and "#" not in self.out[n]:
            # the C++ line of every statement (run-time errors are reported there), and the
            # comment the user wrote after it
            note = self.comments.after(s.span.file, s.span.line)
            self.out[n] += f"  # {self.where(s.span)}" + (f": {note}" if note else "")

    def s_Block(self, s: ir.Block, depth):
        self.stmts(s.body, depth)

    def loop_body(self, b: ir.Block, depth: int, steps=None) -> None:
        """A loop's body (`steps`: a while-lowered for-loop's steps, run before `continue`)."""
        self.loop_steps.append(steps)
        self.loop_depth += 1
        self.block(b, depth)
        self.loop_depth -= 1
        self.loop_steps.pop()

    def s_VarDecl(self, s: ir.VarDecl, depth):
        init = self.expr(s.init) if s.init is not None else self.default_value(s.sym.type, s.span)
        self.line(depth, f"{s.sym.py_name} = {init}")

    def default_value(self, t: ir.Type, span) -> str:
        if isinstance(t, ir.Scalar):
            if t.name == "char":
                return "'\\0'"
            return py_literal(0, t)
        if isinstance(t, (ir.Pointer, ir.String)):
            return "None"
        raise CodegenUnsupported(f"a variable of type '{t}' without initializer is", span)

    def s_ExprStmt(self, s: ir.ExprStmt, depth):
        e = s.expr
        if isinstance(e, ir.Assign):
            self.line(depth, self.assign(e))
        elif isinstance(e, ir.IncDec):
            self.line(depth, self.incdec(e))
        elif isinstance(e, ir.StreamIn):
            for t in e.targets:
                self.line(depth, self.read_into(t))
        elif isinstance(e, ir.LibCall) and e.name == "cpp_assert":
            self.line(depth, f"assert {self.expr(e.args[0])}, {self.where(s.span)!r}")
        elif isinstance(e, ir.Convert) and isinstance(e.type, ir.Void):
            self.line(depth, self.expr(e.operand))
        else:
            self.line(depth, self.expr(e))

    def read_into(self, t: ir.Expr) -> str:
        kind = t.type.name if isinstance(t.type, ir.Scalar) else ("string" if isinstance(t.type, ir.String) else None)
        reader = READERS.get(kind, "read_string" if kind == "string" else None)
        if reader is None:
            raise CodegenUnsupported(f"reading a '{t.type}' with std::cin is", t.span)
        target = self.expr(t)
        return f"{target} = cin.{reader}({target})"

    def s_If(self, s: ir.If, depth, keyword="if"):
        self.line(depth, f"{keyword} {self.expr(s.cond)}:")
        self.block(s.then, depth + 1)
        e = s.else_
        if e is not None:
            if len(e.body) == 1 and isinstance(e.body[0], ir.If):
                self.s_If(e.body[0], depth, "elif")
            else:
                self.line(depth, "else:")
                self.block(e, depth + 1)

    def s_While(self, s: ir.While, depth):
        self.line(depth, f"while {self.expr(s.cond)}:")
        self.loop_body(s.body, depth + 1)

    def s_DoWhile(self, s: ir.DoWhile, depth):
        if _has_own(s.body, ir.Continue):
            # `continue` goes to the condition: the loop tests it from its second round on
            self.line(depth, "first_iteration = True")
            self.line(depth, f"while first_iteration or {self.wrap(s.cond, P_OR + 1)}:")
            self.line(depth + 1, "first_iteration = False")
            self.loop_body(s.body, depth + 1)
        elif ir.is_false(s.cond) and not _has_own(s.body, ir.Break):
            self.block(s.body, depth)           # `do { ... } while (false)`: the body, once
        else:
            self.line(depth, "while True:")
            self.loop_body(s.body, depth + 1)
            if ir.is_false(s.cond):
                self.line(depth + 1, "break")
            else:
                self.line(depth + 1, f"if not {self.wrap(s.cond, P_NOT)}:")
                self.line(depth + 2, "break")

    def s_For(self, s: ir.For, depth):
        rng = self.range_loop(s)
        if rng is not None:
            var, args = rng
            self.line(depth, f"for {var} in range({args}):")
            self.loop_body(s.body, depth + 1)
            return
        for i in s.init:
            self.stmt(i, depth)
        cond = self.expr(s.cond) if s.cond is not None else "True"
        self.line(depth, f"while {cond}:")
        steps = [self.step_text(e) for e in s.step]
        self.loop_body(s.body, depth + 1, steps)
        for st in steps:
            self.line(depth + 1, st)

    def step_text(self, e: ir.Expr) -> str:
        if isinstance(e, ir.Assign):
            return self.assign(e)
        if isinstance(e, ir.IncDec):
            return self.incdec(e)
        return self.expr(e)

    def range_loop(self, s: ir.For):
        """`for (int i = a; i < b; i++)` -> `for i in range(a, b)` when that is exact."""
        if len(s.init) != 1 or not isinstance(s.init[0], ir.VarDecl) or len(s.step) != 1 or s.cond is None:
            return None
        decl = s.init[0]
        sym = decl.sym
        if not (isinstance(sym.type, ir.Scalar) and sym.type.is_int and not sym.type.is_unsigned) or decl.init is None:
            return None
        step = s.step[0]
        if isinstance(step, ir.IncDec) and _is_var(step.target, sym):
            inc = 1 if step.op == "++" else -1
        elif isinstance(step, ir.Assign) and _is_var(step.target, sym) and step.op in ("+", "-") and \
                (const_int(step.value) or 0) > 0:
            inc = const_int(step.value) if step.op == "+" else -const_int(step.value)
        else:
            return None
        c = s.cond
        if not isinstance(c, ir.Binary) or c.op not in ("<", "<=", ">", ">=", "!="):
            return None
        left = c.left.operand if isinstance(c.left, ir.Convert) and c.left.type.is_int and not c.left.type.is_unsigned or \
            isinstance(c.left, ir.Convert) and c.left.type.name == "size_t" else c.left
        if not _is_var(left, sym):
            return None
        if _assigns(s.body, sym) or not _invariant(c.right, s.body):
            return None
        bound = c.right
        if isinstance(bound, ir.Convert) and isinstance(bound.type, ir.Scalar) and bound.type.name in ("size_t", "long long") \
                and isinstance(bound.operand.type, ir.Scalar) and bound.operand.type.is_int:
            bound = bound.operand
        stop = self.expr(bound)
        if (c.op in ("<", "!=") and inc == 1) or (c.op == "<" and inc > 0):
            pass
        elif c.op == "<=" and inc > 0:
            stop = self.plus(bound, 1)
        elif c.op == ">" and inc < 0:
            pass
        elif c.op == ">=" and inc < 0:
            stop = self.plus(bound, -1)
        elif c.op == "!=" and inc == -1:
            pass
        else:
            return None
        start = self.expr(decl.init)
        args = f"{start}, {stop}" if inc == 1 else f"{start}, {stop}, {inc}"
        if inc == 1 and start == "0":
            args = stop
        return sym.py_name, args

    def plus(self, e: ir.Expr, k: int) -> str:
        if isinstance(e, ir.Const) and isinstance(e.value, int):
            return str(e.value + k)
        return f"{self.wrap(e, P_ADD)} {'+' if k > 0 else '-'} {abs(k)}"

    def s_Switch(self, s: ir.Switch, depth):
        cond = self.expr(s.cond)
        subject = cond
        if not _simple(s.cond):
            subject = "switch_value"
            self.line(depth, f"{subject} = {cond}")
        cases = list(s.cases)
        first = True
        default_body = None
        for i, (values, body, _) in enumerate(cases):
            stmts = list(body.body)
            j = i
            while cases[j][2] and j + 1 < len(cases):      # fall through into the next case
                j += 1
                stmts.extend(cases[j][1].body)
            merged = ir.Block(body.span, tuple(stmts))
            if not values:
                default_body = merged
                continue
            test = " or ".join(f"{subject} == {self.expr(v)}" for v in values)
            self.line(depth, f"{'if' if first else 'elif'} {test}:")
            self.block(merged, depth + 1)
            first = False
        if default_body is not None:
            if first:
                self.block(default_body, depth)
            else:
                self.line(depth, "else:")
                self.block(default_body, depth + 1)

    def s_Return(self, s: ir.Return, depth):
        self.line(depth, "return" if s.value is None else f"return {self.expr(s.value)}")

    def s_Break(self, s, depth):
        self.line(depth, "break")

    def s_Continue(self, s, depth):
        steps = self.loop_steps[-1] if self.loop_steps else None
        for st in steps or ():
            self.line(depth, st)
        self.line(depth, "continue")

    def s_Delete(self, s: ir.Delete, depth):
        self.line(depth, f"{self.expr(s.target)} = None  # delete")

    def s_ParallelForEach(self, s: ir.ParallelForEach, depth):
        domain = self.expr(s.domain)
        caps = [self.expr(a) for a in s.capture_args]
        self.line(depth, self.backend.emit_launch(s, domain, caps))

    def s_TileStatic(self, s, depth):
        raise CodegenUnsupported("tile_static in host code is", s.span)

    def s_Barrier(self, s, depth):
        raise CodegenUnsupported("a barrier in host code is", s.span)

    # ---- assignments ---------------------------------------------------------------------------
    def assign(self, e: ir.Assign) -> str:
        target = self.expr(e.target)
        if isinstance(e.target, ir.Var) and e.target.sym.kind == "global":
            self.globals_assigned.add(e.target.sym.py_name)
        t = e.target.type
        if e.op == "=":
            if isinstance(e.target, ir.Var) and e.target.sym.by_ref and \
                    isinstance(t, (ir.StructType, ir.Vector)):
                # a reference parameter: write into the caller's object, don't rebind the name
                value = e.value.operand if isinstance(e.value, ir.Copy) else e.value
                return f"{target}.assign({self.expr(value)})"
            return f"{target} = {self.expr(e.value)}"
        ct = e.compute_type
        simple = ct == t and (e.op in ("&", "|", "^", ">>") or
                              t.is_float and e.op in ("+", "-", "*") or t.name == "float" and e.op == "/")
        if simple:
            return f"{target} {BINARY[e.op][0]}= {self.expr(e.value)}"
        value = ir.Binary(e.span, ct, e.op, _as_rvalue(e.target, ct), e.value)
        result = ir.Convert(e.span, t, value, False) if ct != t else value
        return f"{target} = {self.expr(result)}"

    def incdec(self, e: ir.IncDec) -> str:
        t = e.target.type
        if isinstance(e.target, ir.Var) and e.target.sym.kind == "global":
            self.globals_assigned.add(e.target.sym.py_name)
        target = self.expr(e.target)
        op = "+" if e.op == "++" else "-"
        if isinstance(t, ir.Scalar) and t.name == "char":
            return f"{target} = chr(uint8(ord({target}) {op} 1))"
        if is_integer(t):
            return f"{target} = {wrapper_name(t)}({target} {op} 1)"
        if isinstance(t, ir.Scalar) and t.name == "float":
            return f"{target} {op}= float32(1)"
        return f"{target} {op}= 1"

    # ---- expressions ---------------------------------------------------------------------------
    def expr(self, e: ir.Expr) -> str:
        return self.emit(e)[0]

    def wrap(self, e: ir.Expr, prec: int) -> str:
        text, p = self.emit(e)
        return text if p > prec else f"({text})"

    def emit(self, e: ir.Expr) -> tuple[str, int]:
        m = getattr(self, "e_" + type(e).__name__, None)
        if m is None:
            raise CodegenUnsupported(f"{ir.describe(e)} in host code is", e.span)
        return m(e)

    def e_Const(self, e: ir.Const):
        text = py_literal(e.value, e.type)
        neg = text.startswith("-")
        return text, (P_UNARY if neg else (P_POSTFIX if "(" in text else P_ATOM))

    def e_StringConst(self, e):
        return repr(e.value), P_ATOM

    def e_Var(self, e: ir.Var):
        return e.sym.py_name, P_ATOM

    def e_Convert(self, e: ir.Convert):
        src, dst = e.operand.type, e.type
        if isinstance(dst, ir.Void):
            return self.emit(e.operand)
        if not (isinstance(src, ir.Scalar) and isinstance(dst, ir.Scalar)):
            if isinstance(dst, ir.Scalar) and dst.name == "bool":
                return f"{self.wrap(e.operand, P_CMP)} is not None", P_CMP
            return self.emit(e.operand)
        inner = self.expr(e.operand)
        if src.name == "char" and dst.name != "char":
            inner = f"int8(ord({inner}))" if not isinstance(e.operand, ir.Const) or ord(e.operand.value) > 127 \
                else f"ord({inner})"
            if dst.is_float:
                return (f"float32({inner})" if dst.name == "float" else f"float({inner})"), P_POSTFIX
            return inner, P_POSTFIX
        if dst.name == "char":
            return f"chr(uint8({inner}))", P_POSTFIX
        if dst.name == "bool":
            return f"bool({inner})", P_POSTFIX
        if dst.name == "float":
            return f"float32({inner})", P_POSTFIX
        if dst.is_float:
            return f"float({inner})", P_POSTFIX
        # to an integer type
        if src.is_float:                    # truncation; out of range is undefined in C++
            inner = f"to_int({inner})"
            if dst.is_unsigned:
                return f"{wrapper_name(dst)}({inner})", P_POSTFIX
            return inner, P_POSTFIX
        if src.name == "bool":
            return f"int({inner})", P_POSTFIX
        if conversion_wraps(src, dst):
            return f"{wrapper_name(dst)}({inner})", P_POSTFIX
        return self.emit(e.operand)

    def e_Unary(self, e: ir.Unary):
        if e.op == "!":
            return f"not {self.wrap(e.operand, P_NOT - 1)}", P_NOT
        text = f"{e.op}{self.wrap(e.operand, P_UNARY - 1)}"
        if result_wraps(e) and id(e) not in self.unwrapped:
            return f"{wrapper_name(e.type)}({text})", P_POSTFIX
        return text, P_UNARY

    def e_Binary(self, e: ir.Binary):
        op, prec = BINARY[e.op]
        t = e.left.type
        for child in (e.left, e.right):     # `int32(h * 31 + c)`: one wrap for a chain
            if deferrable(e, child):
                self.unwrapped.add(id(child))
        if e.op == "/" and isinstance(t, ir.Scalar) and t.name in ("double", "long double") and \
                not (isinstance(e.right, ir.Const) and e.right.value):
            return f"fdiv({self.expr(e.left)}, {self.expr(e.right)})", P_POSTFIX
        if e.op in ("/", "%") and isinstance(t, ir.Scalar) and t.is_int:
            fn = "cdiv" if e.op == "/" else "cmod"
            if t.is_unsigned:
                return f"{self.wrap(e.left, P_MUL - 1)} {'//' if e.op == '/' else '%'} {self.wrap(e.right, P_MUL)}", P_MUL
            return f"{fn}({self.expr(e.left)}, {self.expr(e.right)})", P_POSTFIX
        if prec == P_CMP:
            text = f"{self.wrap(e.left, P_CMP)} {op} {self.wrap(e.right, P_CMP)}"
        else:
            text = f"{self.wrap(e.left, prec - 1 if prec not in (P_OR, P_AND) else prec - 1)} {op} {self.wrap(e.right, prec)}"
        if result_wraps(e) and id(e) not in self.unwrapped:
            return f"{wrapper_name(e.type)}({text})", P_POSTFIX
        return text, prec

    def e_Conditional(self, e: ir.Conditional):
        return f"{self.wrap(e.then, P_TERNARY)} if {self.wrap(e.cond, P_TERNARY)} else {self.wrap(e.else_, P_TERNARY - 1)}", P_TERNARY

    def e_MakeIndex(self, e: ir.MakeIndex):
        return f"index({', '.join(self.expr(c) for c in e.components)})", P_POSTFIX

    def e_IndexComponent(self, e: ir.IndexComponent):
        return f"{self.wrap(e.base, P_POSTFIX - 1)}[{e.dim}]", P_POSTFIX

    def e_ElementRef(self, e: ir.ElementRef):
        for i in e.indices:                 # an overflowed signed index is out of range either way
            if result_wraps(i) and not i.type.is_unsigned:
                self.unwrapped.add(id(i))
        idx = ", ".join(self.expr(i) for i in e.indices)
        return f"{self.wrap(e.base, P_POSTFIX - 1)}[{idx}]", P_POSTFIX

    def e_FieldRef(self, e: ir.FieldRef):
        return f"{self.wrap(e.base, P_POSTFIX - 1)}.{e.field}", P_POSTFIX

    def e_Call(self, e: ir.Call):
        return f"{e.func.py_name}({', '.join(self.expr(a) for a in e.args)})", P_POSTFIX

    def e_MathCall(self, e: ir.MathCall):
        fn = FUNCTIONS[e.name]
        operator = fn.host.startswith("{")         # `a * b + c`, `1.0 / np.sqrt(x)`: not a call
        args = (self.wrap(a, P_MUL + 1) if operator else self.expr(a) for a in e.args)
        text = fn.host.format(*args, one=py_literal(1.0, e.type))
        if fn.result == "float" and isinstance(e.type, ir.Scalar):
            if e.type.name == "double" and fn.host.startswith("np."):
                text = f"float({text})"             # a Python float, as double values are
            elif e.type.name == "float" and not fn.host.startswith("np."):
                text = f"float32({text})"           # math.* and cround give a Python float
        if not operator or text.startswith("float"):
            return text, P_POSTFIX
        return text, (P_ADD if " + " in fn.host else P_MUL)

    def e_LibCall(self, e: ir.LibCall):
        args = [self.expr(a) for a in (e.args or ())]
        if e.name in ("+", "-", "==", "!="):
            op, prec = BINARY[e.name]
            return f"{self.wrap(e.obj, prec)} {op} {self.wrap(e.args[0], prec)}", prec
        if e.name == "system":
            return f"0  # system({', '.join(args)}) is not run", P_ATOM
        if e.obj is None:
            return f"{e.name}({', '.join(args)})", P_POSTFIX
        return f"{self.wrap(e.obj, P_POSTFIX - 1)}.{e.name}({', '.join(args)})", P_POSTFIX

    def e_LibAttr(self, e: ir.LibAttr):
        return f"{self.wrap(e.obj, P_POSTFIX - 1)}.{e.name}", P_POSTFIX

    def e_Construct(self, e: ir.Construct):
        t = e.type
        args = [self.expr(a) for a in e.args]
        if isinstance(t, ir.Pointer):
            t = t.elem
        if isinstance(t, ir.StructType):
            return f"{t.py}({', '.join(args)})", P_POSTFIX
        if isinstance(t, ir.Extent):
            return f"extent({', '.join(args)})", P_POSTFIX
        if isinstance(t, ir.Vector):
            elem = self.elem_type(t.elem, e.span)
            if e.args and isinstance(e.args[0], ir.Construct) and isinstance(e.args[0].type, ir.CArray):
                return f"vector({elem}, {self.nested(e.args[0])})", P_POSTFIX
            return f"vector({', '.join([elem] + args)})", P_POSTFIX
        if isinstance(t, ir.ArrayView):
            extra = ", const=True" if t.const else ""
            if len(args) == 1 and isinstance(e.args[0].type, ir.Extent):
                extra = f", elem_type={self.elem_type(t.elem, e.span)}" + extra
            return f"array_view({', '.join(args)}{extra})", P_POSTFIX
        if isinstance(t, ir.AmpArray):
            return f"array({', '.join(args)}, elem_type={self.elem_type(t.elem, e.span)})", P_POSTFIX
        if isinstance(t, ir.CArray):
            init = f", {self.nested(e)}" if e.args else ""
            return f"carray({self.elem_type(t.elem, e.span)}, {t.dims}{init})", P_POSTFIX
        raise CodegenUnsupported(f"constructing '{t}' is", e.span)

    def nested(self, e: ir.Construct) -> str:
        parts = [self.nested(a) if isinstance(a, ir.Construct) and isinstance(a.type, ir.CArray)
                 else self.expr(a) for a in e.args]
        return "[" + ", ".join(parts) + "]"

    def elem_type(self, t: ir.Type, span) -> str:
        if isinstance(t, (ir.Scalar, ir.StructType)):
            return np_name(t)
        raise CodegenUnsupported(f"elements of type '{t}' are", span)

    def e_Copy(self, e: ir.Copy):
        return f"{self.wrap(e.operand, P_POSTFIX - 1)}.copy()", P_POSTFIX

    def e_StreamOut(self, e: ir.StreamOut):
        parts = [e.stream] + [self.wrap(i, P_SHIFT) for i in e.items]
        return " << ".join(parts), P_SHIFT

    def e_Manipulator(self, e: ir.Manipulator):
        if e.args:
            return f"{e.name}({', '.join(self.expr(a) for a in e.args)})", P_POSTFIX
        return e.name, P_ATOM

    def e_StreamIn(self, e: ir.StreamIn):
        if not e.targets:
            return "cin", P_ATOM
        raise CodegenUnsupported("reading with std::cin inside an expression is", e.span)

    def e_Assign(self, e: ir.Assign):
        raise CodegenUnsupported("an assignment used as a value is", e.span)

    def e_IncDec(self, e: ir.IncDec):
        raise CodegenUnsupported(f"'{e.op}' used as a value is", e.span)

    def e_ExtentOf(self, e: ir.ExtentOf):
        return f"{self.wrap(e.view, P_POSTFIX - 1)}.extent[{e.dim}]", P_POSTFIX


# ---- helpers -------------------------------------------------------------------------------------

def _names_in(source: str) -> set[str]:
    """Every identifier that occurs as a name token (not in comments or strings)."""
    import io
    import tokenize
    names = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME:
            names.add(tok.string)
    return names


def used_imports(lines: list[str], body: str) -> list[str]:
    """The backend's prelude as a module head: its import lines first, each name once and only
    the names `body` uses, then its other statements (the CUDA target's set-up calls).

    Backends list everything their kernels might need; a generated module imports only what it
    uses, by name (no dead scaffolding, no `import *`)."""
    import ast as pyast
    imports: list[str] = []
    rest: list[str] = []
    seen: set[str] = set()
    parsed = [pyast.parse(line).body if line.strip() else [] for line in lines]
    # Names used by the prelude's own statements (e.g. `cuda = import_cuda()`) count too.
    body = "\n".join([body] + [line for line, nodes in zip(lines, parsed)
                               if nodes and not isinstance(nodes[0], (pyast.Import, pyast.ImportFrom))])
    used = _names_in(body)
    for line, nodes in zip(lines, parsed):
        if not line.strip():
            if imports and imports[-1] != "":
                imports.append("")
            continue
        node = nodes[0] if nodes else None
        if not isinstance(node, (pyast.Import, pyast.ImportFrom)):
            rest.append(line)
            continue
        keep = []
        for a in node.names:
            name = a.asname or a.name.split(".")[0]
            if name not in seen and name in used:
                seen.add(name)
                keep.append(a.name + (f" as {a.asname}" if a.asname else ""))
        if not keep:
            continue
        if isinstance(node, pyast.Import):
            imports.extend(f"import {k}" for k in keep)
        else:
            imports.extend(_from_import(node.module, keep))
    while imports and imports[-1] == "":
        imports.pop()
    return imports + ([""] + rest if rest else [])


def _from_import(module: str, names: list[str]) -> list[str]:
    """`from module import a, b`, wrapped in parentheses past 100 columns."""
    line = f"from {module} import {', '.join(names)}"
    if len(line) <= 100:
        return [line]
    out, cur = [f"from {module} import ("], "   "
    for n in names:
        if len(cur) + len(n) + 2 > 100:
            out.append(cur.rstrip())
            cur = "   "
        cur += f" {n},"
    return out + [cur, ")"]


def _is_var(e: ir.Expr, sym: ir.Symbol) -> bool:
    return isinstance(e, ir.Var) and e.sym is sym


def _simple(e: ir.Expr) -> bool:
    return isinstance(e, (ir.Var, ir.Const)) or isinstance(e, ir.Convert) and _simple(e.operand)


def _as_rvalue(target: ir.Expr, t: ir.Type) -> ir.Expr:
    return ir.Convert(target.span, t, target, False) if target.type != t else target


def _assigns(node, sym: ir.Symbol) -> bool:
    for n in ir.walk(node):
        if isinstance(n, (ir.Assign, ir.IncDec)) and _is_var(n.target, sym):
            return True
        if isinstance(n, ir.StreamIn) and any(_is_var(t, sym) for t in n.targets):
            return True
    return False


_MUTATORS = {"push_back", "pop_back", "resize", "clear", "assign", "reserve"}


def _invariant(bound: ir.Expr, body) -> bool:
    """The loop bound cannot change while the body runs (so `range` is exact)."""
    for n in ir.walk(bound):
        if isinstance(n, (ir.Call, ir.Assign, ir.IncDec, ir.StreamIn, ir.ElementRef, ir.FieldRef)):
            return False
        if isinstance(n, ir.LibCall) and n.name != "size":
            return False
        if isinstance(n, ir.Var) and n.sym.kind != "const" and _assigns(body, n.sym):
            return False
        if isinstance(n, ir.LibCall) and n.name == "size":
            for m in ir.walk(body):
                if isinstance(m, ir.LibCall) and m.name in _MUTATORS:
                    return False
                if isinstance(m, (ir.Call, ir.Assign)) and isinstance(n.obj, ir.Var) and \
                        isinstance(m, ir.Assign) and _is_var(m.target, n.obj.sym):
                    return False
                if isinstance(m, ir.Call):
                    return False
    return True


def _has_own(body: ir.Block, kind) -> bool:
    """A `continue`/`break` in body that belongs to the loop owning body."""
    def visit(n):
        if isinstance(n, kind):
            return True
        if isinstance(n, (ir.For, ir.While, ir.DoWhile)):
            return False
        if isinstance(n, ir.Block):
            return any(visit(x) for x in n.body)
        if isinstance(n, ir.If):
            return visit(n.then) or (n.else_ is not None and visit(n.else_))
        if isinstance(n, ir.Switch):
            return any(visit(b) for _, b, _ in n.cases)
        return False
    return visit(body)
