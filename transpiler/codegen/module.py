"""Module assembly for the host dialect: a mixin of `host.HostWriter`.

What goes where in the one Python module a translation writes, in this order:

- the module docstring (the units' names, the target) and, once the body is written, its head:
  the imports the body uses (`imports.used_imports`) and the `#define` constants it names;
- each struct as a `@struct` record class (a `HostObject` class where a member is one a numpy
  record cannot hold) with its member functions as methods, and their compiled loops after it;
- the globals whose initialisers call no function of the program; then the kernels and their
  launchers (the target backend, `cpu.py`/`cuda.py`); then the functions, each after its
  compiled loops (`host_loops.py`) and before its part functions (`outline.py`); then the
  globals whose initialisers call the program's functions, in C++'s order;
- with several translation units, a `# ---- file ----` line before each unit's part;
- `if __name__ == "__main__": run_main(main)`.

How each statement and expression is spelled is `host.py`'s (`HostWriter`'s hooks).
"""
from __future__ import annotations

from .. import __version__, ir
from ..names import RUNTIME_NAMES
from . import CodegenErrors
from . import host_loops
from .imports import used_imports
from .host_values import in_array
from .text import comment_text, docstring_text
from .types import np_name


def calls_functions(init) -> bool:
    """Does a global's initialiser call (or name) a function of the program (defined after the globals in
    the module, so the global is initialised after them; C++ runs every such dynamic
    initialisation before main, in order, as the module does)?"""
    return init is not None and any(isinstance(x, ir.Call) and not x.func.owner or
                                    isinstance(x, ir.Var) and x.sym.kind == "function"     # `fn p = f;`
                                    for x in ir.walk(init))


class ModuleWriter:
    """Mixin of the host dialect (`HostWriter`): the module, its classes, globals and functions."""

    # ---- module ------------------------------------------------------------------------------
    def module(self) -> str:
        p = self.p
        files = [f.replace("\\", "/").rsplit("/", 1)[-1] for f in (p.units or [p.file])]
        o = self.out
        name = docstring_text(files[0])
        what = docstring_text(", ".join(files))
        o.append(f'"""{what}, translated from C++ AMP by amppy {__version__} (target: {self.opts.target}).')
        o.append("")
        if len(files) > 1:      # one module, a section per unit (its globals, functions)
            o.append("One module for the program's translation units; each unit's globals and functions")
            o.append("follow a `# ---- file ----` line, in link order (which is also the order in which")
            o.append("the globals are initialised).")
            o.append("")
        o.append(f"Run it with `python {name.rsplit('.', 1)[0]}.py`; it behaves like the compiled C++ program.")
        o.append('"""')
        self.unit_names = [comment_text(f) for f in files] if len(files) > 1 else []
        self.unit_shown = -1
        prelude_at = len(o)
        for s in p.structs:
            o.append("")
            o.append("")
            methods = [f for f in p.functions if f.sym.owner == s.name and "cpu" in f.restrict]
            if s.host_only:
                self.host_class(s)
            else:
                o.append(f"@{'union_struct' if s.union else 'struct'}  # {self.where(s.span)}")
                o.append(f"class {s.py_name}{self.base_of(s, '')}:")
                for fname, ft in s.fields:
                    o.append(f"    {fname}: {self.field_type(ft)}")
            if not s.fields and not methods:
                o.append(f"    pass  # struct {comment_text(s.name)} has no data members")
            for f in methods:
                self.method(f)
            self.copy_constructor(s, methods)
            if self.compiled_functions:     # the methods' compiled loops: after the class
                o += ["", ""] + self.compiled_functions[:-2]     # (each ends in two blank lines)
                self.compiled_functions = []
        dynamic = {id(g) for g in p.globals if calls_functions(g.init)}
        early = [g for g in p.globals if id(g) not in dynamic]
        late = [g for g in p.globals if id(g) in dynamic]
        if early:
            o.append("")
        self.global_definitions(early)
        amp_functions = self.kernel_functions()
        emitted: set = set()
        kernel_texts: dict = {}         # a kernel's text -> its name (`kernel_exprs.shared_kernel`)
        self.unit_shown = -1
        for k in p.kernels:
            o.append("")
            o.append("")
            with self.recovering():
                o.extend(line for line in self.backend.emit_kernel(k, p, self.sources, emitted, kernel_texts))
        for f in p.functions:
            if id(f) in amp_functions and not self.backend.needs_host_version(f) or f.sym.owner:
                continue                    # emitted with the kernels (callable from host code too),
                                            # or a method of its struct's class
            o.append("")
            o.append("")
            if self.unit_section(f.unit):
                o.append("")
            if "cpu" not in f.restrict and id(f) not in amp_functions:
                # restrict(amp) only, and no kernel calls it: nothing can run it (sema checked it)
                o.append(f"# {self.where(f.span)}: restrict(amp) function '{comment_text(f.sym.name)}' "
                         "is called by no kernel: not translated")
                continue
            self.function(f)
        if late:                        # initialisers that call the program's functions: after them
            o += ["", "", "# the globals whose initialisers call functions, initialised in C++'s order before main"]
            self.unit_shown = -1
            self.global_definitions(late)
        if self.errors:
            raise CodegenErrors(self.errors)
        if getattr(self.opts, "library", False):     # `amppy.load`: what it exports, as plain data
            from .exports import exports_table
            o += ["", ""] + exports_table(p, self.where)
        o.append("")
        o.append("")
        o.append('if __name__ == "__main__":')
        if p.main is not None:
            o.append(f"    run_main({p.main.py_name})")
        else:
            o.append("    raise SystemExit('this program has no main function')")
        body = "\n".join(o[prelude_at:])
        runtime = f"from amppy.runtime import {', '.join(sorted(RUNTIME_NAMES))}"   # the runtime's __all__
        prelude = used_imports(["import numpy as np"] + self.backend.module_prelude(_lists_gpus(p)) + ["", runtime]
                               + host_loops.PRELUDE, body)
        constants = self.macros.definitions()
        o[prelude_at:prelude_at] = prelude + ([""] + constants if constants else [])
        return "\n".join(o) + "\n"

    def global_definitions(self, globals_: list) -> None:
        for g in globals_:
            self.unit_section(g.unit)
            with self.recovering():
                init = self.expr(g.init) if g.init is not None else self.default_value(g.sym.type, g.sym.span)
                if g.sym.addressed:         # `&g` is taken: g lives in a one-element array
                    init = f"carray({np_name(g.sym.type)}, 1, [{init}])"
                self.out.append(f"{g.sym.py_name} = {init}")

    def unit_section(self, unit: int) -> bool:
        """`# ---- kernels.cpp ----` before the first global / function of each unit (several units)."""
        if not self.unit_names or unit == self.unit_shown:
            return False
        self.unit_shown = unit
        self.out.append(f"# ---- {self.unit_names[unit]} ----")
        return True

    def kernel_functions(self) -> set[int]:
        return {id(fd) for k in self.p.kernels for fd in k.functions}

    def host_class(self, s: ir.StructDef) -> None:
        """A class with members a numpy record cannot hold: a Python class whose `__init__`
        gives each member its default value (constructors are `new`, as for structs)."""
        o = self.out
        structs = {x.name: x for x in self.p.structs}
        records = []                    # record base classes: this class holds their fields itself
        b = s.base
        while b in structs and not structs[b].host_only:
            records.append(structs[b])
            b = structs[b].base
        o.append(f"class {s.py_name}{self.base_of(s, 'HostObject') if not records else '(HostObject)'}:"
                 f"  # {self.where(s.span)}")
        o.append(f"    __slots__ = {tuple(f for f, _ in s.fields)!r}")
        o.append("")
        own = {f.sym.method_py for f in self.p.functions if f.sym.owner == s.name}
        for r in records:               # ... and their member functions (written for its attributes)
            inherited = [f.sym for f in self.p.functions if f.sym.owner == r.name and "cpu" in f.restrict
                         and f.sym.member in ("method", "static") and f.sym.method_py not in own]
            if inherited:
                o.append(f"    # {comment_text(r.name)}'s member functions ({comment_text(s.name)} derives from it)")
            for m in inherited:
                ref = f"{r.py_name}.{m.method_py}"
                o.append(f"    {m.method_py} = {f'staticmethod({ref})' if m.member == 'static' else ref}")
                own.add(m.method_py)
            if inherited:
                o.append("")
        o.append("    def __init__(self, *values):  # the members' defaults, then any given in order")
        self.names_used = set(self.module_names)
        for fname, value in s.defaults:
            o.append(f"        self.{fname} = {self.expr(value) if value is not None else 'None'}")
        o.append("        self.set_members(values)")

    def copy_constructor(self, s: ir.StructDef, methods: list) -> None:
        """A class with a copy constructor of its own makes every copy with it: the runtime's
        `copy()` (a by-value parameter, a returned member, an element put in a container) calls it."""
        own = ir.StructType(s.name, s.py_name)
        ctor = next((f for f in methods if f.sym.member == "ctor" and f.sym.type.params[:1] == (own,) and all(
            d is not None for d in (f.sym.defaults or (None,) * len(f.sym.type.params))[1:])), None)
        if ctor is not None:
            self.out += ["", f"    def copy(self):  # {comment_text(s.name)}'s copy constructor makes its copies",
                         f"        return {s.py_name}.{ctor.sym.method_py or ctor.sym.py_name}(self)"]

    def base_of(self, s: ir.StructDef, default: str) -> str:
        """`(Base)` of a derived class (its Python class derives from the base's), else `(default)`."""
        base = self.p_struct_names.get(s.base) if s.base else default
        return f"({base})" if base else ""

    def field_type(self, t: ir.Type) -> str:
        if isinstance(t, ir.CArray):
            return f"({np_name(t.elem) if t.elem == ir.CHAR else self.field_type(t.elem)}, {t.dims})"
        if t == ir.CHAR:
            return "cpp_char"               # an int8 the class reads as a one-character str
        return np_name(t)

    # ---- functions -----------------------------------------------------------------------------
    def method(self, f: ir.FunctionDef) -> None:
        """A member function as a method of its struct's class (a constructor, which makes and
        returns the object, and a static member function as static methods)."""
        saved, self.out = self.out, []
        self.function(f)
        lines = self.out
        self.out = saved
        self.out.append("")
        if f.sym.member in ("ctor", "static"):
            at = next(i for i, line in enumerate(lines) if line.startswith("def "))
            lines.insert(at, "@staticmethod")
        self.out.extend(("    " + line) if line else "" for line in lines)

    def function(self, f: ir.FunctionDef) -> None:
        params = ", ".join(p.py_name for p in f.params)
        self.names_used = set(self.module_names) | {p.py_name for p in f.params}
        self.names_used |= {n.sym.py_name for n in ir.walk(f.body) if isinstance(n, (ir.Var, ir.VarDecl))}
        self.globals_assigned, self.referenced, self.line_lists = set(), set(), {}
        self.owner, self.parts = f.sym.py_name, []
        self.last_line = f.span.line
        self.compiled = self.compiled_host.code.loops(f.body)
        self.cxx_owner = f"{f.sym.owner}::{f.sym.name}" if f.sym.owner else f.sym.name
        self.writeback = [p.py_name for p in self.changed_params(f)]
        body: list[str] = []
        for prm in f.params:                # `&value` of a by-value parameter: it lives in a one-element array
            if in_array(prm):
                body.append(f"    {prm.py_name} = np.array([{prm.py_name}], {np_name(prm.type)})"
                            f"  # '{comment_text(prm.name)}' has its address taken")
        self.block(f.body.body, body, 1)
        self.end_of_function(f, body)
        self.writeback = []
        if f.sym is self.p.main and isinstance(f.ret, ir.Scalar):
            if not body[-1].strip().startswith("return"):
                body.append("    return 0")
        if self.compiled_functions and not f.sym.owner:     # (a method's go after its class)
            self.out += self.compiled_functions
            self.compiled_functions = []
        self.out.extend(self.comments.leading(f.span.file, f.span.line))
        self.out.append(f"def {f.sym.method_py or f.sym.py_name}({params}):  # {self.where(f.span)}")
        if self.globals_assigned:
            self.out.append(f"    global {', '.join(sorted(self.globals_assigned))}")
        self.out.extend(body)
        for part in self.parts:
            self.out += ["", ""] + part


def _lists_gpus(p: ir.Program) -> bool:
    """Does the program call `accelerator::get_all()` (so it is about to use several GPUs)?"""
    roots = [f.body for f in p.functions] + [g.init for g in p.globals if g.init is not None]
    return any(isinstance(n, ir.LibCall) and n.name == "accelerator.get_all"
               for root in roots for n in ir.walk(root))
