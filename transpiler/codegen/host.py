"""The host dialect of the emitter core: host functions as plain Python over `amppy.runtime`.

`pyemit.PyEmitter` walks the IR; this class supplies how host code spells values:

- `int`/`unsigned` are Python ints, wrapped where C++ wraps (`int32(...)`, `uint32(...)`);
  `/` and `%` on integers truncate toward zero (`cdiv`/`cmod`);
- `float` is `numpy.float32` (`float32(...)`), `double` is a Python float, and a `double`
  division by zero gives inf as in C++ (`fdiv`); `char` is a one-character string;
- structs, vectors and C arrays are copied where C++ copies them (`.copy()`);
- `std::cout << ...` is `cout << ...` over the runtime's C++ stream emulation;
- every statement ends with `# file.cpp:LINE` (run-time errors are reported there) and the
  comment the user wrote after it.
Kernels and their launches come from the target backend (`cpu.py`/`cuda.py`); what goes where
in the module (its head, classes, globals, functions, main) is the mixin `module.py`.
"""
from __future__ import annotations

from .. import ir
from ..cxx.types import conversion_wraps, wrapper_name
from ..cxx.mathfuncs import FUNCTIONS
from . import CodegenUnsupported
from . import host_loops
from .host_containers import ContainerWriter
from ..passes.patterns import has_effects
from .kernel_ir import component_store, index_choice
from .mathcalls import template_values
from .module import ModuleWriter
from .pyemit import PyEmitter, chained
from .pyexprs import BINARY, P_ADD, P_ATOM, P_CMP, P_MUL, P_SHIFT, P_UNARY
from .text import comment_text, where
from .host_values import (char_memory, float_to_integer_text, for_host, in_array, object_deref,  # noqa: F401
                          redefined_in_derived)  # (float_to_integer_text: tests import it from here)
from .types import np_name

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


class HostWriter(ContainerWriter, ModuleWriter, PyEmitter):
    #: IR kinds sema only makes inside kernels (tests/test_ir.py: every other kind has a method)
    KERNEL_ONLY = frozenset({"ThreadIndex", "AtomicCall", "TileStatic", "Barrier", "Fence"})

    text_chars = True
    split_deep = True
    #: reference parameters whose changes come back: numbers, strings, pointers and the immutable
    #: index/extent values (`i[0] = 5` makes a new one)
    writeback_types = (ir.Scalar, ir.StdString, ir.Pointer, ir.Index, ir.Extent)

    def __init__(self, program: ir.Program, backend, sources, opts):
        super().__init__(program, sources)
        self.p = program
        self.backend = backend
        self.opts = opts
        self.out: list[str] = []
        self.globals_assigned: set[str] = set()
        self.parts: list[list[str]] = []    # the function's part functions (nested too deeply), put after it
        self.comments = self.user_comments
        self.last_line = 0                  # the last C++ line a statement came from
        self.global_syms = {g.sym for g in program.globals}
        self.p_struct_names = {s.name: s.py_name for s in program.structs}
        from ..cxx.win32 import STRUCTS as LIBRARY_STRUCTS      # Win32's LARGE_INTEGER, COORD, ...: records too
        self.record_structs = {s.name for s in program.structs if not s.host_only} | set(LIBRARY_STRUCTS)
        self.hidden = redefined_in_derived(program)
        self.module_names = ({f.sym.py_name for f in program.functions} | {s.py_name for s in program.structs}
                             | {g.sym.py_name for g in program.globals} | {k.name for k in program.kernels})
        self.referenced: set[tuple[int, int]] = set()    # (id(out), index) of lines with a line reference
        self.line_lists: dict[int, list[str]] = {}       # id -> the lists those ids name (kept alive)
        self.errors: list = []              # what the target cannot express, every statement's (see `recovering`)
        self.compiled: set[int] = set()     # ids of the function's loops compiled (lower/host_loops.py)
        self.cxx_owner = ""                 # the C++ name of the function being written
        self.compiled_host = host_loops.CompiledHost(self)
        self.compiled_functions: list[str] = []   # their functions, put before the host function
        self.macros.taken |= self.module_names

    # ---- compiled loops (lower/host_loops.py, codegen/host_loops.py) ------------------------------
    def stmt(self, s: ir.Stmt, out: list[str], depth: int) -> None:
        if id(s) in self.compiled and self.compiled_loop(s, out, depth):
            return
        super().stmt(s, out, depth)

    def compiled_loop(self, s: ir.Stmt, out: list[str], depth: int) -> bool:
        """Loop `s` as a call of its compiled function; False when it stays Python."""
        pad = self.indent_unit * depth
        name = self.fresh(f"{self.owner}_loop_{s.span.line}")
        saved, above = self.last_line, []
        self.before(s, above, pad)
        made = host_loops.emit(self, s, name)
        if made is None:
            self.names_used.discard(name)
            self.last_line = saved
            return False
        fn, lines = made
        self.module_names.add(name)
        self.compiled_functions += fn
        out.extend(above)
        first = len(out)
        out.extend(pad + line for line in lines)
        self.after(s, out, first)
        self.last_line = max(self.last_line, s.span.end_line)
        return True

    # ---- hooks of the emitter core ---------------------------------------------------------------
    def where(self, span) -> str:
        return where(span.file, span.line)

    def not_here(self, what: str, span, help=None) -> CodegenUnsupported:
        return CodegenUnsupported(f"{what} in host code is", span, help)

    def before(self, s: ir.Stmt, out, pad) -> None:
        if s.span is None:
            return
        for c in self.comments.above(s.span.file, self.last_line + 1, s.span.line):
            out.append(pad + c)                 # the user's comments on lines of their own
        self.last_line = max(self.last_line, s.span.line)

    def mark_referenced(self, out: list[str], index: int) -> None:
        """Line `index` of `out` has its line reference.  `out` is kept alive with the key, so
        the id of a list of lines (a lambda's body) is never reused for another while marked."""
        self.line_lists[id(out)] = out
        self.referenced.add((id(out), index))

    def after(self, s: ir.Stmt, out, first: int) -> None:
        # the C++ line of every statement (run-time errors are reported there), and the
        # comment the user wrote after it; a line a nested statement wrote has its own
        key = (id(out), first)
        if s.span is None or first >= len(out) or key in self.referenced:
            return
        self.mark_referenced(out, first)
        note = self.comments.after(s.span.file, s.span.line)
        out[first] += f"  # {self.where(s.span)}" + (f": {note}" if note else "")

    def const(self, value, t):
        text = py_literal(value, t)
        return text, (P_UNARY if text.startswith("-") else P_ATOM)

    def wrapper(self, t):
        return wrapper_name(t)

    def scalar_type(self, t):
        return "float32" if t.name == "float" else ("float" if t.is_float else wrapper_name(t))

    def default_value(self, t: ir.Type, span) -> str:
        if isinstance(t, ir.Scalar) and t.name == "char":
            return "'\\0'"
        if isinstance(t, (ir.Pointer, ir.String, ir.FunctionPointer)):
            return "None"
        return super().default_value(t, span)

    def e_Var(self, e: ir.Var):
        if e.sym not in self.global_syms and e.sym.kind != "function":
            self.use(e.sym.py_name)
        if in_array(e.sym):         # `int x; ... &x`: x is element 0 of its one-element array, read
            t = e.sym.type          # as the host's number of its type
            kind = "float32" if t.name == "float" else "bool" if t.name == "bool" else \
                "float" if t.is_float else "int"
            return (f"{e.sym.py_name}[0]" if kind == "float32" else f"{kind}({e.sym.py_name}[0])"), P_ATOM
        return e.sym.py_name, P_ATOM

    def lvalue(self, e: ir.Expr, mode: str) -> str:
        if char_memory(e):                  # the int8 itself (`assignment` stores numbers there)
            return PyEmitter.e_ElementRef(self, e)[0]
        if isinstance(e, ir.Var) and e.sym.kind == "global":
            self.globals_assigned.add(e.sym.py_name)
        if isinstance(e, ir.Var) and in_array(e.sym):
            self.use(e.sym.py_name)
            return f"{e.sym.py_name}[0]"
        return self.expr(e)

    def scalar_convert(self, operand, src, dst):
        inner = self.expr(operand)
        if src.name == "char" and dst.name != "char":
            inner = f"int({self.lvalue(operand, 'r')})" if char_memory(operand) else \
                f"int8(ord({inner}))" if not isinstance(operand, ir.Const) or ord(operand.value) > 127 \
                else f"ord({inner})"                # (char memory: the int8 there is the number)
            if dst.is_float:
                return (f"float32({inner})" if dst.name == "float" else f"float({inner})"), P_ATOM
            if dst.name == "bool":
                return f"{inner} != 0", P_CMP
            return inner, P_ATOM
        if src.is_float and dst.is_int and dst.name != "bool":     # x86's conversion, as Visual C++'s
            if dst.name == "char":
                return f"chr(uint8(to_int({inner})))", P_ATOM
            return float_to_integer_text(inner, dst), P_ATOM
        if dst.name == "char":
            return f"chr(uint8({inner}))", P_ATOM
        if dst.name == "bool":
            return f"{self.expr(operand, P_CMP + 1)} != 0", P_CMP
        if dst.name == "float":
            return f"float32({inner})", P_ATOM
        if dst.is_float:
            return f"float({inner})", P_ATOM
        if src.name == "bool":
            return f"int({inner})", P_ATOM
        if conversion_wraps(src, dst):
            return f"{wrapper_name(dst)}({inner})", P_ATOM
        return self.emit(operand)

    def e_IncDec(self, e: ir.IncDec):
        t = e.target.type
        if isinstance(e.target, ir.Var) and isinstance(t, ir.Scalar) and t.is_int and t.name != "char":
            # `++i` / `i++` as a value: Python's assignment expression, wrapped at the type's width
            name = self.lvalue(e.target, "rw")
            step, back = ("+", "-") if e.op == "++" else ("-", "+")
            w = self.wrapper(t)
            new = f"({name} := {w}({name} {step} 1))"
            return (new, P_ATOM) if e.prefix else (f"{w}({new} {back} 1)", P_ATOM)
        return super().e_IncDec(e)

    def e_Unary(self, e: ir.Unary):
        x = e.operand
        if e.op == "!" and isinstance(x, ir.Convert) and isinstance(x.operand.type, (ir.Pointer, ir.String)):
            return f"{self.expr(x.operand, P_CMP + 1)} is None", P_CMP      # `!p`: p is null
        return super().e_Unary(e)

    def e_Call(self, e: ir.Call):
        return super().e_Call(for_host(e))

    def call_statement(self, call: ir.Call) -> list[str]:
        return super().call_statement(for_host(call))

    def object_convert(self, e: ir.Convert):
        if isinstance(e.type, ir.Scalar) and e.type.name == "bool":
            return f"{self.expr(e.operand, P_CMP + 1)} is not None", P_CMP
        return self.emit(e.operand)

    def float_division(self, e: ir.Binary):
        if e.type.name in ("double", "long double") and not (isinstance(e.right, ir.Const) and e.right.value):
            return f"fdiv({self.expr(e.left)}, {self.expr(e.right)})"   # x / 0.0 is inf, as in C++
        return None

    def float_division_plain(self, t) -> bool:
        return t.name == "float"

    def index_value(self, parts):
        return f"index({', '.join(parts)})", P_ATOM

    def e_MakeIndex(self, e: ir.MakeIndex):
        cls = "extent" if isinstance(e.type, ir.Extent) else "index"
        return f"{cls}({', '.join(self.expr(c) for c in e.components)})", P_ATOM

    def extent_component(self, arr, dim):
        return f"{self.expr(arr, P_ATOM)}.extent[{dim}]"

    def math_call(self, e: ir.MathCall):
        fn = FUNCTIONS[e.name]
        operator = fn.host.startswith("{")         # `a * b + c`, `1.0 / np.sqrt(x)`: not a call
        args = (self.expr(a, P_MUL + 2) if operator else self.expr(a) for a in e.args)
        text = fn.host.format(*args, one=py_literal(1.0, e.type), tiny=template_values(self, e)["tiny"])
        if fn.result == "float" and isinstance(e.type, ir.Scalar):
            if e.type.name == "double" and fn.host.startswith("np."):
                text = f"float({text})"             # a Python float, as double values are
            elif e.type.name == "float" and not fn.host.startswith("np."):
                text = f"float32({text})"           # math.* and cround give a Python float
        if not operator or text.startswith("float"):
            return text, P_ATOM
        return text, (P_ADD if " + " in fn.host else P_MUL)

    def math_tuple(self, e: ir.MathCall) -> str:
        """A math call with out parameters: its spelling gives a tuple (mathcalls.py)."""
        return FUNCTIONS[e.name].host.format(*(self.expr(a) for a in e.args), **template_values(self, e))

    def record_element(self, e: ir.Expr) -> bool:
        """`ps[i]` of a C array of a class kept as a numpy record (`@struct`): numpy gives a
        `numpy.void` there, so the element is read through the class's live view of it."""
        return isinstance(e, ir.ElementRef) and isinstance(e.base.type, ir.CArray) and \
            isinstance(e.type, ir.StructType) and e.type.name in self.record_structs and \
            len(e.indices) == len(e.base.type.dims) and e.base.type.elem == e.type    # (not `ptrs[i]->f()`)

    def e_ElementRef(self, e: ir.ElementRef):
        if object_deref(e):                 # `*p` of a pointer to one object: the object
            return self.emit(e.base)
        if char_memory(e):                  # numpy's int8 as the host's char
            return f"chr(uint8({self.lvalue(e, 'r')}))", P_ATOM
        if self.record_element(e):          # `ps[i].x`, `ps[i].norm()`: the class's view of element i
            text, _ = super().e_ElementRef(e)
            return f"{e.type.py}._live({text[:-1]}, ...])", P_ATOM
        whole = e.indices[0].base if isinstance(e.indices[0], ir.IndexComponent) else None
        if whole is not None and has_effects(whole) and isinstance(e.base.type, (ir.AmpArray, ir.ArrayView)) and \
                all(isinstance(i, ir.IndexComponent) and i.base is whole and i.dim == d for d, i in enumerate(e.indices)):
            # `a[*it]`, `a[f()]` of an index made by a call: the call once, its index the subscript
            return f"{self.element_base(e.base)}[{self.expr(whole)}]", P_ATOM
        return super().e_ElementRef(e)

    # ---- statements only host code has -----------------------------------------------------------
    def assignment(self, e):
        if char_memory(e.target) and chained(e) is None:
            return self.char_store(e)
        if isinstance(e, ir.Assign) and e.op == "=" and self.record_element(e.target):
            value = e.value.operand if isinstance(e.value, ir.Copy) else e.value
            return [f"{self.expr(e.target)}.assign({self.expr(value)})"]     # `ps[2] = p;`: into the array
        if isinstance(e, ir.Assign) and e.op == "=" and (object_deref(e.target) and isinstance(
                e.target.type, ir.StructType) or isinstance(
                e.target, ir.Var) and e.target.sym.by_ref and isinstance(e.target.type, (ir.StructType, ir.Vector,
                                                                                       ir.Container))):
            # a reference parameter: write into the caller's object, don't rebind the name
            value = e.value.operand if isinstance(e.value, ir.Copy) else e.value
            return [f"{self.lvalue(e.target, 'w')}.assign({self.expr(value)})"]
        if isinstance(e.target, ir.IndexComponent) or index_choice(e.target) is not None:
            # `h.idx[0] = 5`, `idx[i] = 5`: index/extent are immutable values
            return super().assignment(component_store(e))      # (as in kernels): the whole value, rebuilt
        return super().assignment(e)

    def char_store(self, e: ir.Assign | ir.IncDec) -> list[str]:
        """`buf[i] = c`, `buf[i] += k`, `++buf[i]` of char memory: the new value stored as an
        int8 (a char made from a number is stored as that number, wrapped)."""
        first, target = self.evaluated_once(e.target)
        raw = self.lvalue(target, "w")
        if isinstance(e, ir.IncDec):
            return first + [f"{raw} = int8(int({raw}) {'+' if e.op == '++' else '-'} 1)"]
        value = e.value
        if e.op == "=" and char_memory(value):                  # `a[i] = b[j]`: the int8 as it is
            return first + [f"{raw} = {self.lvalue(value, 'r')}"]
        if e.op != "=":
            ct = e.compute_type
            value = ir.Convert(e.span, e.target.type, ir.Binary(
                e.span, ct, e.op, ir.Convert(e.span, ct, target, False), e.value), False)
        if isinstance(value, ir.Convert) and isinstance(value.operand.type, ir.Scalar) and \
                value.operand.type.is_int and value.operand.type.name not in ("char", "bool"):
            return first + [f"{raw} = int8({self.expr(value.operand)})"]
        return first + [f"{raw} = int8(ord({self.expr(value)}))"]

    def incdec(self, e: ir.IncDec) -> str:
        t = e.target.type
        if isinstance(t, ir.Scalar) and t.name == "char":
            target = self.lvalue(e.target, "rw")
            return f"{target} = chr(uint8(ord({target}) {'+' if e.op == '++' else '-'} 1))"
        return super().incdec(e)

    def plain_call(self, e: ir.Call) -> str:
        f = e.func
        on_object = f.member in ("method", "dtor")
        if on_object and (f.virtual or (f.owner, f.method_py) not in self.hidden):
            obj = self.expr(e.args[0], P_ATOM)   # obj.method(args): Python dispatches on the object
            return f"{obj}.{f.method_py}({', '.join(self.call_args(e.args[1:]))})"
        if f.owner:         # Struct.new(args), Struct.static_f(args), and Base.f(obj, args): a call
            cls = self.p_struct_names[f.owner]   # C++ binds statically that a derived class redefines
            self.names_used.add(cls)
            return f"{cls}.{f.method_py}({', '.join(self.call_args(e.args))})"
        return super().plain_call(e)

    def expr_statement(self, e: ir.Expr) -> list[str]:
        if isinstance(e, ir.StreamIn):
            stream = self.expr(e.stream, P_ATOM)
            return [self.read_into(t, stream) for t in e.targets]
        if isinstance(e, ir.LibCall) and e.name == "cpp_assert":
            return [f"assert {self.expr(e.args[0])}, {self.where(e.span)!r}"]
        return super().expr_statement(e)

    def read_into(self, t: ir.Expr, stream: str = "cin") -> str:
        kind = t.type.name if isinstance(t.type, ir.Scalar) else (
            "string" if isinstance(t.type, (ir.String, ir.StdString)) else None)
        reader = READERS.get(kind, "read_string" if kind == "string" else None)
        if reader is None:
            raise CodegenUnsupported(f"reading a '{t.type}' with std::cin is", t.span)
        target = self.lvalue(t, "w")
        return f"{target} = {stream}.{reader}({target})"

    def s_VarDecl(self, s: ir.VarDecl, out, depth, pad):
        if in_array(s.sym):                     # its address is taken: a one-element array
            init = self.expr(s.init) if s.init is not None else self.default_value(s.sym.type, s.span)
            out.append(f"{pad}{s.sym.py_name} = np.array([{init}], {np_name(s.sym.type)})"
                       f"  # '{comment_text(s.sym.name)}' has its address taken")
            return
        if isinstance(s.init, ir.Lambda):       # `auto f = [...](...) {...};` is `def f(...):`
            self.mark_referenced(out, len(out))             # the `def` line names its C++ line
            out.extend(pad + line for line in self.lambda_def(s.init, self.decl_target(s.sym)))
            return
        super().s_VarDecl(s, out, depth, pad)

    def e_Lambda(self, e: ir.Lambda):
        name = self.fresh("lambda_function")
        self.hoisted.extend(self.lambda_def(e, name))
        return name, P_ATOM

    def lambda_def(self, e: ir.Lambda, name: str) -> list[str]:
        """A lambda as a nested function: captures by copy are parameters with default values
        (their values where the lambda is made), captures by reference the enclosing
        function's variables (`nonlocal` where the body assigns them)."""
        copies = [f"{s.py_name}={s.py_name}" + (".copy()" if isinstance(s.type, (ir.StructType, ir.Vector, ir.Container, ir.CArray))
                                                else "") for s in e.by_value]
        params = [p.py_name for p in e.params] + copies
        outer = (self.globals_assigned, self.hoisted, self.loop_depth, self.loop_steps, self.writeback)
        self.globals_assigned, self.hoisted, self.loop_depth, self.loop_steps = set(), [], 0, []
        self.writeback = [p.py_name for p in ir.changed_refs(e)]     # (std::for_each's `T& x`: it stores them)
        try:
            body: list[str] = []
            self.block(e.body.body, body, 1)
            if self.writeback and isinstance(e.type.ret, ir.Void) and \
                    not (body and body[-1].lstrip().startswith("return")):
                body.append(self.indent_unit + self.returned([]))
            assigned_globals = self.globals_assigned
        finally:
            self.globals_assigned, self.hoisted, self.loop_depth, self.loop_steps, self.writeback = outer
        head = [f"def {name}({', '.join(params)}):  # {self.where(e.span)}: a lambda"]
        if assigned_globals:
            head.append(f"    global {', '.join(sorted(assigned_globals))}")
        local = [s.py_name for s in e.assigned if s.kind in ("local", "param")]
        if local:
            head.append(f"    nonlocal {', '.join(local)}")
        return head + body

    def e_Invoke(self, e: ir.Invoke):
        return f"{self.expr(e.callee, P_ATOM)}({', '.join(self.call_args(e.args))})", P_ATOM

    def s_Throw(self, s: ir.Throw, out, depth, pad):
        if s.value is None:
            out.append(f"{pad}raise")
            return
        v = s.value
        if isinstance(v.type, ir.Library):          # a standard exception object
            out.append(f"{pad}raise {self.expr(v)}")
            return
        out.append(f"{pad}raise cpp_exception({self.expr(v)}, {str(v.type)!r})")

    def s_Scoped(self, s: ir.Scoped, out, depth, pad):
        """Destructors run however the rest of the block is left: `try`/`finally`."""
        out.append(f"{pad}try:")
        self.block(s.body.body, out, depth + 1)
        out.append(f"{pad}finally:  # destructors")
        self.block(s.cleanup.body, out, depth + 1)

    def s_Try(self, s: ir.Try, out, depth, pad):
        """Handlers of exception classes are `except` clauses, in order; handlers of other
        thrown types (`catch (int e)`) share one `except cpp_exception` that tests the type;
        `catch (...)` comes last, as C++ requires, and takes what no other handler took."""
        from ..sema.exceptions import runtime_class
        one = self.indent_unit
        out.append(f"{pad}try:")
        self.block(s.body.body, out, depth + 1)
        values = [h for h in s.handlers if h[0] is not None and not isinstance(h[0], ir.Library)]
        rest = [h for h in s.handlers if h[0] is None]
        for t, sym, body in s.handlers:
            if isinstance(t, ir.Library):
                name = f" as {self.decl_target(sym)}" if sym is not None else ""
                out.append(f"{pad}except {runtime_class(t)}{name}:  # {self.where(body.span)}")
                self.block(body.body, out, depth + 1)
        if values:
            caught = self.fresh("caught")
            out.append(f"{pad}except cpp_exception as {caught}:")
            for k, (t, sym, body) in enumerate(values):
                out.append(f"{pad}{one}{'if' if k == 0 else 'elif'} {caught}.cpp_name == {str(t)!r}:  "
                           f"# {self.where(body.span)}")
                if sym is not None:
                    out.append(f"{pad}{one * 2}{self.decl_target(sym)} = {caught}.value")
                self.block(body.body, out, depth + 2)
            out.append(f"{pad}{one}else:")
            if rest:
                self.block(rest[0][2].body, out, depth + 2)
            else:
                out.append(f"{pad}{one * 2}raise")
        if rest:
            kinds = "std_exception" if values else "(std_exception, cpp_exception)"
            out.append(f"{pad}except {kinds}:  # {self.where(rest[0][2].span)}: catch (...)")
            self.block(rest[0][2].body, out, depth + 1)

    def s_Delete(self, s: ir.Delete, out, depth, pad):
        if isinstance(s.target.type.elem, ir.Scalar):       # a block of numbers: `delete[] p`
            out.append(f"{pad}free({self.expr(s.target)})  # delete[]")
            return
        out.append(f"{pad}{self.expr(s.target)} = None  # delete")

    def s_ParallelForEach(self, s: ir.ParallelForEach, out, depth, pad):
        domain = self.expr(s.domain)
        caps = [self.expr(a) for a in s.capture_args]
        if s.view is not None:          # `parallel_for_each(view, ...)`: every launcher takes `view=` last
            caps.append(f"view={self.expr(s.view)}")
        out.append(pad + self.backend.emit_launch(s, domain, caps))
        self.last_line = max(self.last_line, s.span.end_line, s.kernel.span.end_line)   # the kernel's lines

    # ---- part functions (outline.py) ------------------------------------------------------------
    def enter_part(self):
        saved = (super().enter_part(), self.globals_assigned)
        self.globals_assigned = set()
        return saved

    def leave_part(self, saved) -> None:
        core, outer = saved
        self.part_globals, self.globals_assigned = self.globals_assigned, outer
        super().leave_part(core)

    def add_part(self, name, params, body, span) -> None:
        head = [f"def {name}({', '.join(params)}):  "
                f"# {self.where(span)}: a part of {self.owner} (nested too deeply for one function)"]
        if self.part_globals:
            head.append(f"    global {', '.join(sorted(self.part_globals))}")
        self.parts.append(head + body)
        self.module_names.add(name)

    def part_call(self, call, span, out, pad) -> None:
        out.append(f"{pad}{call}  # {self.where(span)}")
        self.mark_referenced(out, len(out) - 1)

    # ---- expressions only host code has -------------------------------------------------------------
    def e_StringConst(self, e):
        return repr(e.value), P_ATOM

    def e_LibCall(self, e: ir.LibCall):
        args = [self.expr(a) for a in (e.args or ())]
        if e.name in BINARY:
            op, prec = BINARY[e.name]
            left = prec if prec != P_CMP else prec + 1         # `a + b + c`, but `(a < b) < c`
            return f"{self.expr(e.obj, left)} {op} {self.expr(e.args[0], prec + 1)}", prec
        if e.name == "system":
            return f"0  # system({', '.join(args)}) is not run", P_ATOM
        if e.name == "object_address":          # `&obj`: the object is the pointer (sema/memory.py)
            return self.emit(e.args[0])
        if e.name == "address" and not in_array(e.args[0].sym):     # a struct local of a restrict(cpu, amp)
            return self.emit(e.args[0])                                 # function: its object, as `object_address`
        if e.name == "address":                 # `&x`: x's one-element array is the pointer
            self.use(e.args[0].sym.py_name)
            return e.args[0].sym.py_name, P_ATOM
        if e.name in ("texture_bits", "texture_data"):     # sema/views.texture_construct
            keys = ["bits"] if e.name == "texture_bits" else ["data", "size", "bits"]
            named = ", ".join(f"{k}={v}" for k, v in zip(keys, args[1:]))
            return f"texture({args[0]}, {named}, elem_type={self.elem_type(e.type.elem, e.span)})", P_ATOM
        if e.name == "ptr_reinterpret":         # `(T*)p`: p's bytes seen as Ts (runtime/memory.py)
            return f"ptr_reinterpret({args[0]}, {self.elem_type(e.type.elem, e.span)})", P_ATOM
        if e.name == "reinterpret_as":
            return f"{self.expr(e.obj, P_ATOM)}.reinterpret_as({self.elem_type(e.type.elem, e.span)})", P_ATOM
        if e.obj is None:
            return f"{e.name}({', '.join(args)})", P_ATOM
        return f"{self.expr(e.obj, P_ATOM)}.{e.name}({', '.join(args)})", P_ATOM

    def section(self, e: ir.Section):
        args = [self.expr(x) for x in (e.origin, e.extent) if x is not None]
        return f"{self.expr(e.view, P_ATOM)}.section({', '.join(args)})", P_ATOM

    def e_LibAttr(self, e: ir.LibAttr):
        return f"{self.expr(e.obj, P_ATOM)}.{e.name}", P_ATOM

    def e_Construct(self, e: ir.Construct):
        t = e.type
        args = [self.expr(a) for a in e.args]
        if isinstance(t, ir.Pointer):
            t = t.elem
            if e.args and isinstance(t, ir.Scalar):         # new T[n], malloc: a block of n elements
                return f"carray({self.elem_type(t, e.span)}, {args[0]})", P_ATOM
        if isinstance(t, ir.StructType):
            return f"{t.py}({', '.join(args)})", P_ATOM
        if isinstance(t, ir.Extent):
            return f"extent({', '.join(args)})", P_ATOM
        if isinstance(t, ir.Vector) and t.size is not None:          # std::array<T, N>
            elem = self.elem_type(t.elem, e.span)
            init = f", {self.nested(e.args[0])}" if e.args else ""
            return f"std_array({elem}, {t.size}{init})", P_ATOM
        if isinstance(t, ir.Vector):
            elem = self.elem_type(t.elem, e.span)
            if e.args and isinstance(e.args[0], ir.Construct) and isinstance(e.args[0].type, ir.CArray):
                return f"vector({elem}, {self.nested(e.args[0])})", P_ATOM
            return f"vector({', '.join([elem] + args)})", P_ATOM
        if isinstance(t, ir.Container):
            return self.container(t, e), P_ATOM
        if isinstance(t, ir.Texture):
            return f"texture({', '.join(args)}, elem_type={self.elem_type(t.elem, e.span)})", P_ATOM
        if isinstance(t, ir.TextureView):
            return f"texture_view({', '.join(args)}{', const=True' if t.const else ''})", P_ATOM
        if isinstance(t, ir.ArrayView):
            extra = ", const=True" if t.const else ""
            if len(args) == 1 and isinstance(e.args[0].type, ir.Extent):
                extra = f", elem_type={self.elem_type(t.elem, e.span)}" + extra
            return f"array_view({', '.join(args)}{extra})", P_ATOM
        if isinstance(t, ir.AmpArray):
            return f"array({', '.join(args)}, elem_type={self.elem_type(t.elem, e.span)})", P_ATOM
        if isinstance(t, ir.CArray):
            init = f", {self.nested(e)}" if e.args else ""
            return f"carray({self.elem_type(t.elem, e.span)}, {t.dims}{init})", P_ATOM
        raise CodegenUnsupported(f"constructing '{t}' is", e.span)

    def nested(self, e: ir.Construct) -> str:
        parts = [self.nested(a) if isinstance(a, ir.Construct) and isinstance(a.type, ir.CArray)
                 else self.expr(a) for a in e.args]
        return "[" + ", ".join(parts) + "]"

    def elem_type(self, t: ir.Type, span) -> str:
        if isinstance(t, (ir.Scalar, ir.StructType)):
            return np_name(t)
        if isinstance(t, ir.StdString):
            return "str"
        if isinstance(t, ir.Vector) and t.size is None:             # a vector of vectors
            return f"vector_type({self.elem_type(t.elem, span)})"
        if isinstance(t, ir.Container):                             # a map of sets, a vector of lists, ...
            return f"container_type({', '.join([f'std_{t.kind}'] + self.container_args(t, span))})"
        if isinstance(t, (ir.Function, ir.Library, ir.ArrayView, ir.AmpArray)) or \
                isinstance(t, ir.Pointer) and not t.owner and isinstance(t.elem, ir.StructType):
            return "object"         # std::function, accelerator, array_view, pointers to objects: elements
        raise CodegenUnsupported(f"elements of type '{t}' are", span)

    def e_Copy(self, e: ir.Copy):
        return f"{self.expr(e.operand, P_ATOM)}.copy()", P_ATOM

    def e_StreamOut(self, e: ir.StreamOut):
        if not e.items:
            return self.expr(e.stream, P_ATOM), P_ATOM
        parts = [self.expr(e.stream, P_SHIFT)] + [self.expr(i, P_SHIFT + 1) for i in e.items]
        return " << ".join(parts), P_SHIFT

    def e_Manipulator(self, e: ir.Manipulator):
        if e.args:
            return f"{e.name}({', '.join(self.expr(a) for a in e.args)})", P_ATOM
        return e.name, P_ATOM

    def e_StreamIn(self, e: ir.StreamIn):
        if not e.targets:
            return self.expr(e.stream, P_ATOM), P_ATOM
        raise CodegenUnsupported("reading with std::cin inside an expression is", e.span)
