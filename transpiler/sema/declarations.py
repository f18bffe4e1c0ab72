"""Declarations: AST type names, top-level declarations and function definitions -> IR.

`Declarations` is the part of `Analyser` that resolves type names to `ir.Type`s,
records structs, enums, typedefs and globals, declares functions and analyses
their bodies into `ir.FunctionDef`s, and lists for each kernel the restrict(amp)
functions it calls.
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from ..names import field_name
from .constfold import fold
from .context import FnContext, SemaError
from .lambdas import AUTO
from . import accelerators as AC
from . import classes as CL
from . import constness as CN
from . import lifetimes as LT
from . import fnptr as FP
from . import linkage
from . import overloads as O
from . import memory as M
from . import short_vectors as SV
from . import properties as PR
from . import constexpr as CX
from .scope import Scope, python_name
from .arithmetic import zero
from ..cxx import win32
from ..cxx.amp_rules import type_problems
from ..diagnostics import Note

#: The library's namespaces a program may name in `using namespace X;` / `using X::name;`.
LIBRARY_NAMESPACES = frozenset({"concurrency", "Concurrency", "std", "concurrency::fast_math", "concurrency::precise_math",
                                "fast_math", "precise_math", "std::chrono", "chrono", "concurrency::graphics",
                                "graphics", "concurrency::direct3d", "direct3d"})

#: Member types only a host class can hold (a class with one is not a numpy record).
HOST_MEMBER_TYPES = (ir.StdString, ir.String, ir.Vector, ir.Container, ir.Iterator, ir.Pointer, ir.ArrayView, ir.AmpArray, ir.Extent,
                     ir.Index, ir.Function, ir.Duration, ir.TimePoint)


class Declarations:
    # ---- top level -----------------------------------------------------------------------------
    def static_assert(self, d: A.StaticAssert) -> None:
        """`static_assert(cond, "message")`: checked when the condition folds to a constant."""
        v = fold(self.expr(d.cond))
        if v is None:
            self.unsupported("a static_assert whose condition amppy cannot evaluate is", d.cond.span)
        if not v:
            self.error("static-assert", "static assertion failed" + (f": {d.message}" if d.message else ""),
                       d.cond.span)

    def top_decl(self, d) -> None:
        if isinstance(d, A.StaticAssert):
            self.static_assert(d)
        elif isinstance(d, A.StaticMemberDef):
            CL.define_static_member(self, d)
        elif isinstance(d, A.StructForward):
            if d.name not in self.structs:
                self.forward_structs.add(d.name)
                self.module_names.taken.add(SV.class_py_name(self, d.name) or python_name(d.name))  # kept for the definition
        elif isinstance(d, A.StructDef):
            self.struct_def(d)
        elif isinstance(d, A.Typedef):
            self.typedefs[d.name] = self.resolve_type(d.type)
            if isinstance(d.type, A.ReferenceType):
                self.reference_typedefs[d.name] = d.type
        elif isinstance(d, A.EnumDef):
            self.enum_def(d)
        elif isinstance(d, A.UsingNamespace):
            if not self.known_namespace(d.name):
                self.error("unknown-namespace", f"no namespace named '{d.name}'", d.span)
        elif isinstance(d, A.UsingDeclaration):     # `using std::vector;`: names are found anyway
            if d.namespace and not self.known_namespace("::".join(d.namespace)):
                self.error("unknown-namespace", f"no namespace named '{'::'.join(d.namespace)}'", d.span)
        elif isinstance(d, A.DeclStmt):
            for v in d.decls:
                try:
                    self.global_var(v)
                except SemaError:
                    pass
        elif isinstance(d, A.Unsupported):
            pass                            # reported by the parser
        elif isinstance(d, A.Compound):     # several typedefs in one declaration
            for x in d.items:
                self.top_decl(x)

    def known_namespace(self, name: str) -> bool:
        """A library namespace or one the program opens (`Concurrency::Test` also as
        `concurrency::Test`: <amp.h> makes `concurrency` an alias of `Concurrency`)."""
        if name in LIBRARY_NAMESPACES or name in self.namespaces:
            return True
        head, sep, rest = name.partition("::")
        other = {"concurrency": "Concurrency", "Concurrency": "concurrency"}.get(head)
        return bool(sep) and other is not None and f"{other}::{rest}" in self.namespaces

    def struct_def(self, d: A.StructDef, py_name: str | None = None) -> None:
        if d.kind == "union" and d.bases:
            self.error("bad-specifier", f"union '{d.name}' cannot have base classes", d.span)
        if d.name in self.structs:
            first = self.struct_units.get(d.name)
            if first is not None and first[0] != self.unit:
                if linkage.same_place(first[1], d.span):
                    return                  # a shared header's class: the program has it already
                self.unsupported(f"class '{d.name}' defined differently in two translation units is", d.span,
                                 help="give one of the classes another name (or put it in a header both use)")
            self.error("redefinition", f"redefinition of '{d.name}'", d.span)
        self.struct_units[d.name] = (self.unit, d.span)
        for inner in d.anonymous:           # `union { ... } u;`: the unnamed classes of members first
            self.struct_def(inner, py_name=self.module_names.fresh(f"anonymous_{inner.kind}", self.globals))
        sd = ir.StructDef(d.name, [], d.span, union=d.kind == "union", key=d.kind)
        sd.hidden = tuple(field_name(f) for f in d.hidden)
        sd.nonpublic = frozenset(d.nonpublic)
        sd.access, sd.friends = dict(d.access), frozenset(d.friends)
        sd.py_name = py_name or SV.class_py_name(self, d.name) or (
            python_name(d.name) if d.name in self.forward_structs else self.module_names.fresh(d.name, self.globals))
        self.structs[d.name] = sd
        self.struct_order.append(sd)
        if id(d) in self.local_classes:     # a class defined in a function (sema/local_classes.py)
            self.local_structs[d.name] = self.local_classes[id(d)]
        saved = self.scope
        self.scope = Scope(self.scope, "class")     # the class's constants and member types
        self.class_stack.append(sd)
        try:
            if d.bases:
                CL.inherit(self, d, sd)
            CL.declare_class_names(self, d, sd)
            PR.declare(self, d, sd)
            for f in d.fields:
                if "static" in f.storage:
                    if "mutable" in f.storage:
                        self.sink.error("bad-specifier", CN.MUTABLE_MISPLACED, f.span)
                    continue                # a class constant (declare_class_names)
                if "mutable" in f.storage:  # (assignable in const member functions: sema/constness.py)
                    sd.mutable = sd.mutable | {f.name}
                try:                        # a bad field is reported; the struct is still declared
                    t = self.resolve_type(f.type)
                    if isinstance(t, ir.StructType) and t.name == d.name:
                        self.error("incomplete-type", f"field '{f.name}' has incomplete type '{d.name}'", f.span)
                    if not isinstance(t, (ir.Scalar, ir.StructType, ir.CArray) + HOST_MEMBER_TYPES) and \
                            not AC.involved(t):
                        self.unsupported(f"a field of type '{t}' is", f.span)
                    py = field_name(f.name)
                    if any(py == x for x, _ in sd.fields):   # it hides a base's field: an attribute of its own
                        py = sd.hiding[f.name] = f"{py}_{sd.py_name}"
                    if f.init is not None:          # `float x = 1;`: used where no constructor sets x
                        sd.field_inits[py] = f.init
                    sd.fields.append((py, t))
                    if f.bits is not None:
                        sd.bitfields[py] = f.span
                    if isinstance(f.type, A.ReferenceType):
                        sd.references[py] = f.span
                except SemaError:
                    continue
            fields = sd.fields
            sd.host_only = any(isinstance(t, HOST_MEMBER_TYPES) or AC.involved(t) or isinstance(e, ir.StructType) and
                               e.name in self.structs and self.structs[e.name].host_only
                               for _, t in fields for e in [t.elem if isinstance(t, ir.CArray) else t])
            # (a union with members a record cannot hold, pointers say, keeps them apart: C++
            # leaves reading a member other than the last one written undefined)
            if sd.host_only:                # each member's default value (a constructor may replace it)
                sd.defaults = [(py, self.field_init(sd, py, t, d.span) if py in sd.field_inits
                                else self.member_default(t, d.span)) for py, t in fields]
            CL.declare_members(self, d, sd)
        finally:
            self.class_stack.pop()
            self.scope = saved

    def param_facts(self, params: list) -> tuple[tuple, tuple, tuple]:
        """(default arguments, passed without a copy, non-const references) of a function's
        parameters (AST); a parameter without a default after one with is `[default-args]`."""
        seen = False
        for p in params:
            seen = seen or p.default is not None
            if seen and p.default is None:
                self.error("default-args", f"missing default argument on parameter '{p.name or ''}'", p.span,
                           help="only the last parameters can have default arguments")
        # references and arrays are passed without a copy (`void f(int a[3])` writes the caller's)
        refs = tuple(isinstance(p.type, (A.ArrayType, A.ReferenceType)) for p in params)
        mutable = tuple(mutable_reference(p.type) for p in params)
        return tuple(p.default for p in params), refs, mutable

    def check_amp_signature(self, d: A.FunctionDef) -> None:
        """What C++ AMP forbids in the declaration of a restrict(amp) function (Visual Studio's
        C3586, C3592, ...), and `tile_static` on a function anywhere."""
        if "tile_static" in d.storage:
            self.sink.error("bad-specifier", "'tile_static' can only be applied to variable declarations",
                            d.name_span)
        if 'extern "C"' in d.storage and {"cpu", "amp"} <= set(d.restrict or ()):    # (Visual Studio's C3938)
            self.sink.error("bad-specifier", f"extern \"C\" function '{d.name}' cannot be restrict(cpu, amp)",
                            d.name_span, help="a C function has one version: make it restrict(cpu) or restrict(amp)")
        if "amp" not in (d.restrict or ()):
            return
        for t, span in [(d.return_type, d.name_span)] + [(p.type, p.span) for p in d.params]:
            self.check_amp_volatile(t, span)
        if d.variadic:
            self.sink.error("amp-restrict", f"restrict(amp) function '{d.name}' cannot take a variable number "
                            "of arguments ('...')", d.name_span)
        if "throw()" in d.storage:
            self.sink.error("amp-restrict", f"restrict(amp) function '{d.name}' cannot have an exception "
                            "specification", d.name_span, help="remove 'throw(...)'")
        if "volatile" in d.storage:
            self.sink.error("amp-restrict", f"restrict(amp) member function '{d.name}' cannot be 'volatile'",
                            d.name_span, help="remove 'volatile'")

    def check_amp_volatile(self, t, span) -> None:
        """C++ AMP has no `volatile` in restrict(amp) code (Visual Studio's C3581)."""
        while isinstance(t, (A.ReferenceType, A.PointerType, A.ArrayType)):
            if isinstance(t, A.PointerType) and t.volatile:
                break
            t = t.base
        if isinstance(t, (A.TypeName, A.PointerType)) and t.volatile:
            self.sink.error("amp-restrict", "'volatile' types are not allowed in restrict(amp) code", span,
                            help="remove 'volatile': a thread's own variables need no such qualifier")

    def field_init(self, sd: ir.StructDef, py: str, t: ir.Type, span) -> ir.Expr:
        """A field's default member initializer, analysed where it is used."""
        init = sd.field_inits[py]
        saved = self.scope
        self.scope = Scope(self.scope, "class")     # the class's constants and member types
        for name, c in sd.constants.items():
            self.scope.define(name, c)
        self.class_stack.append(sd)
        try:
            if isinstance(init, A.InitList):
                return self.init_list(t, init)
            return self.convert(self.expr(init), t, init.span, copy=True)
        finally:
            self.class_stack.pop()
            self.scope = saved

    def member_default(self, t: ir.Type, span) -> ir.Expr | None:
        """What a member of a host-only class holds before its constructor assigns it."""
        if isinstance(t, (ir.Pointer, ir.String, ir.ArrayView, ir.AmpArray, ir.FunctionPointer, ir.Iterator)) or t == AC.VIEW:
            return None
        if isinstance(t, ir.CArray):
            return ir.Construct(span, t, ())
        sd = self.structs.get(t.name) if isinstance(t, ir.StructType) else None
        if sd is not None and sd.ctors and not any(O.viable(self, c, [], None) is not None for c in sd.ctors):
            return None                     # a class without a default constructor: the constructors make it
        try:
            return self.construct(t, (), span, [])
        except SemaError:
            return None

    def enum_def(self, d: A.EnumDef, owner: ir.StructDef | None = None) -> None:
        """An enum's enumerators are constants: global ones, or a class's (`owner`: found by their
        bare name inside the class and as `S::Name` outside)."""
        value = 0
        for name, expr, span in d.enumerators:
            if expr is not None:
                value = self.const_int(expr, "enumerator value")
            py = python_name(name) if owner is None else self.module_names.fresh(f"{owner.py_name}_{name}",
                                                                                 self.globals)
            sym = ir.Symbol(name, py, ir.INT, "const", span, const_value=value)
            if owner is None:
                self.globals.define(name, sym)
            else:
                owner.constants[name] = sym
                self.scope.define(name, sym)
            self.global_vars.append(ir.GlobalVar(sym, ir.Const(span, ir.INT, value)))
            value += 1
        # The enum type is its underlying type (`enum Suit : char` is a char: not allowed in
        # restrict(amp) code, Visual Studio's C3581); its enumerators stay int constants.
        t = self.resolve_type(d.underlying) if d.underlying is not None else ir.INT
        if d.name and owner is None:
            self.typedefs[d.name] = t
        elif d.name:
            owner.member_types[d.name] = t

    def global_var(self, v: A.VarDecl) -> None:
        if "mutable" in v.storage:          # (Visual Studio's C2071)
            self.sink.error("bad-specifier", CN.MUTABLE_MISPLACED, v.span)
        t = self.auto_type(self.resolve_type(self.sized_type(v)), v)
        CL.check_object_type(self, t, v.span)
        const = isinstance(v.type, A.TypeName) and (v.type.const or "constexpr" in v.storage)
        kind = "const" if const else "global"
        declaration = "extern" in v.storage and v.init is None and v.ctor_args is None
        sym, key = linkage.global_variable(self, v, kind)
        if sym is None:
            sym = ir.Symbol(v.name, self.module_names.fresh(v.name, self.globals), t, kind, v.name_span,
                            storage=v.storage)
            if key is not None:
                self.external[key] = [sym]
        self.globals.define(v.name, sym)
        if declaration:                     # `extern int g;`: defined in this unit or another
            self.var_declared.setdefault(id(sym), sym)
            return
        if key is not None and not linkage.define_variable(self, sym, v):
            return
        init = self.initializer(sym, v)     # also without one: a vector, string, ... is constructed
        if init is None and isinstance(t, ir.Scalar):
            init = zero(t, v.span)
        if const and init is not None:
            sym.const_value = CX.fold(self, init)
        self.globals.define(v.name, sym)
        self.global_vars.append(ir.GlobalVar(sym, init))

    def declare_function(self, d: A.FunctionDef, instance: tuple | None = None) -> ir.Symbol:
        """The symbol of function `d` (an overload, or the one its prototype declared);
        `instance`: (C++ name, Python name) of a template instantiation, which no name finds."""
        d = self.with_spelled_references(d)         # (`IntRef f(IntRef x)` of `typedef int& IntRef;`)
        if d.kind == "conversion":
            self.error("bad-specifier", f"conversion function '{d.name}' must be a member of a class",
                       d.name_span, help="declare it inside the class it converts from")
        if "virtual" in d.storage:
            self.error("bad-specifier", "'virtual' can only appear on non-static member functions", d.span)
        if "mutable" in d.storage:
            self.error("bad-specifier", CN.MUTABLE_MISPLACED, d.span)
        if d.name.startswith("operator") and d.name[len("operator"):] not in CL.OPERATORS:
            self.unsupported(f"'{d.name}' is", d.name_span)
        self.check_amp_signature(d)
        if d.variadic and d.body is not None and "amp" not in (d.restrict or ()):   # (amp: the rule above)
            self.sink.error("unsupported", "a function definition with a variable number of arguments ('...') "
                            "is not supported yet", d.name_span)
        prev, _ = self.globals.lookup(d.name)
        params = []
        for p in d.params:
            pt = self.resolve_type(p.type)
            if isinstance(pt, ir.Void) and p.name is None and len(d.params) == 1:
                continue
            params.append(pt)
        FP.check_signature(self, d, params)
        ret = self.return_type(d, params)
        ftype = ir.Function(ret, tuple(params))
        restrict = d.restrict or ("cpu",)
        real = [p for p in d.params if not (p.name is None and isinstance(self.resolve_type(p.type), ir.Void))]
        defaults, refs, mutable = self.param_facts(real)
        group = prev.syms if isinstance(prev, O.Overloads) else \
            [prev] if isinstance(prev, ir.Symbol) and prev.kind == "function" else []
        if instance is not None:
            group = []
        c_linkage = 'extern "C"' in d.storage
        for old in group:
            if c_linkage and old.c_linkage and (
                    old.type.params != ftype.params or set(old.restrict_) != set(restrict)):
                self.error("redefinition", f"second C linkage of overloaded function '{d.name}' is not allowed",
                           d.name_span, help="an extern \"C\" function has one version: give the other a C++ "
                                             "name, or remove extern \"C\"")    # (Visual Studio's C2733)
            if old.type.params != ftype.params or not set(old.restrict_) & set(restrict):
                continue                    # an overload (or the other restriction's version)
            if set(old.restrict_) != set(restrict):                 # (Visual Studio's C3935)
                self.error("amp-restrict", f"'{d.name}' is declared {CL.restriction_text(old.restrict_)} and "
                           f"{CL.restriction_text(restrict)}: overloads' restriction specifiers cannot overlap",
                           d.name_span, help="give each version one of restrict(cpu) and restrict(amp), or "
                                             "declare one restrict(cpu, amp) function")
            if old.type.ret != ftype.ret:
                self.error("redefinition", "functions that differ only in their return type cannot be overloaded",
                           d.name_span)
            old.restrict_ = restrict
            if d.body is not None:
                old.pointer_refs = M.pointer_refs(d, real, mutable)
                old.written_refs = M.written_refs(d, real, mutable)
                if "constexpr" in d.storage:
                    old.constexpr_body = d      # evaluated where a constant is needed (sema/constexpr.py)
            if any(x is not None for x in defaults):
                if any(x is not None for x in old.defaults):
                    self.error("default-args", f"redefinition of the default arguments of '{d.name}'",
                               d.name_span, help="give default arguments in the declaration only")
                old.defaults = defaults
            return old                      # prototype, then definition
        key = linkage.function_key(self, d, params) if instance is None else None
        shared = linkage.shared_function(self, key, restrict) if key is not None else None
        if shared is not None:              # declared by an earlier unit: one function
            shared.defaults = defaults      # (each unit's declaration gives its own default arguments)
            self.globals.define(d.name, O.Overloads(d.name, group + [shared]) if group else shared)
            return shared
        header = SV.function_py_name(self, d, params)      # `float_4_add`
        base = header or CL.free_py_name(d.name, len(params))
        if group and not header:            # an overload: named after its parameter types
            same = [old for old in group if old.type.params == ftype.params]
            base += "_" + ("_".join(O.type_slug(t) for t in params) or "void") if not same else "_amp"
        if instance:
            py = self.module_names.unique(instance[1])
        elif group and not header and python_name(base) in self.module_names.taken:
            py = self.module_names.unique(base)     # (`f(int)` and `f(float)`, each restrict(amp) and
        else:                                       # restrict(cpu): two are f_amp)
            py = self.module_names.fresh(base, self.globals)
        sym = ir.Symbol(instance[0] if instance else d.name, py, ftype, "function", d.name_span)
        sym.restrict_ = restrict
        sym.c_linkage = c_linkage
        sym.external = key is not None
        sym.variadic = d.variadic
        sym.ret_ref = isinstance(d.return_type, A.ReferenceType)
        sym.defaults = defaults
        if "constexpr" in d.storage and d.body is not None:
            sym.constexpr_body = d          # evaluated where a constant is needed (sema/constexpr.py)
        # which parameters the call passes without a copy: non-const references, and arrays
        # (`void f(int a[3])` is `void f(int* a)` in C++: the callee writes the caller's array)
        sym.ref_params, sym.mutable_refs = refs, mutable
        sym.pointer_refs = M.pointer_refs(d, real, mutable)
        sym.written_refs = M.written_refs(d, real, mutable)
        if key is not None:
            self.external.setdefault(key, []).append(sym)
        if instance is None:
            self.globals.define(d.name, O.Overloads(d.name, group + [sym]) if group else sym)
        if d.name in ("main", "_tmain", "wmain"):
            if self.main is None:
                self.main = sym
                self.main_params = len(params)
        return sym

    def function_body(self, d: A.FunctionDef, sym: ir.Symbol) -> None:
        depth = len(self.class_stack)
        d = self.with_spelled_references(d, self.structs.get(sym.owner) if sym.owner else None)
        try:
            self._function_body(d, sym)
        finally:
            del self.class_stack[depth:]

    def _function_body(self, d: A.FunctionDef, sym: ir.Symbol) -> None:
        ftype: ir.Function = sym.type
        self.defined.add(id(sym))
        self.definitions.setdefault(id(sym), (self.unit, d.name_span))
        restrict = sym.restrict_ if sym.owner else d.restrict or ("cpu",)
        self.fn = FnContext(d.name, ftype.ret, restrict, self.module_names.taken)
        self.fn.body = d.body
        self.fn.ret_ref = isinstance(d.return_type, A.ReferenceType)
        self.fn.py_base = sym.py_name if sym.owner or self.instantiations else ""
        self.fn.py.taken |= {"np"}
        self.scope = Scope(self.template_scope or self.globals, "function")
        params = []
        ptypes = list(ftype.params)
        i = 0
        this = None
        if sym.owner:                       # a member function: its class's names, and `this`
            self.scope, this = CL.enter_body(self, d, sym)
            self.class_stack.append(self.structs[sym.owner])
            if sym.member in ("method", "dtor"):
                params.append(this)
                i = 1
            elif sym.member == "ctor":
                self.fn.ctor_this = this
            if "amp" in restrict:
                CL.check_amp_members(self, self.structs[sym.owner], d.name_span)
        rebound = rebound_names(d) if "amp" not in restrict else set()     # (once: a walk of the body)
        for p in d.params:
            pt = self.resolve_type(p.type)
            if isinstance(pt, ir.Void) and p.name is None:
                continue
            name = p.name or f"arg{i}"
            ps = ir.Symbol(name, self.fn.py.fresh(name, self.scope), ptypes[i], "param", p.span)
            ps.by_ref = mutable_reference(p.type)
            ps.const_ref = isinstance(p.type, A.ReferenceType) and not ps.by_ref
            if ps.by_ref and isinstance(ps.type, ir.Pointer) and isinstance(ps.type.elem, ir.ArrayView) and \
                    "amp" in restrict:      # (the GPU's functions cannot give a view back: nor as a result)
                self.unsupported("a reference to a pointer to an array_view in restrict(amp) code is", p.span,
                                 help="return the pointer, or pass the array_view by reference")
            if i < len(sym.pointer_refs) and sym.pointer_refs[i]:
                ps.by_ref, ps.pointer_ref, ps.type = False, True, ir.Pointer(ps.type)
            self.scope.define(name, ps)
            params.append(ps)
            i += 1
            if "amp" in restrict:
                self.amp_parameter(ps, p.span, d.body.span)
            elif ps.by_ref and isinstance(ps.type, ir.ArrayView) and name in rebound:
                ps.rebound = True           # `input = other;`, `std::swap(input, output)` of an `array_view&`
        if isinstance(ftype.ret, ir.Pointer) and isinstance(ftype.ret.elem, ir.ArrayView) and "amp" in restrict:
            self.unsupported("a pointer to an array_view as the result of a restrict(amp) function is", d.name_span,
                             help="pass the pointer in, or choose the view where it is used")
        prologue = CL.ctor_prologue(self, d, sym, this) if sym.member == "ctor" else []
        body = self.block(d.body, new_scope=False)
        if sym.member == "ctor":            # the object, its member initializers, the body, the object
            sp = d.body.span
            body = ir.Block(body.span, tuple(prologue) + tuple(body.body) + (ir.Return(sp, ir.Var(sp, this.type, this)),))
        if "amp" not in restrict:           # a view passed by value is a view the callee holds
            body = LT.views_held_by_params(body, [ps for ps, p in zip(params[len(params) - len(d.params):], d.params)
                                                  if not isinstance(p.type, A.ReferenceType)])
        if ftype.ret == AUTO:               # `auto f() {...}`: the type its returns deduced
            ftype = sym.type = ir.Function(ir.Void() if self.fn.ret == AUTO else self.fn.ret, ftype.params)
        fd = ir.FunctionDef(sym, params, ftype.ret, restrict, body, d.span)
        fd.calls = list(self.fn.calls)
        self.fn_defs[id(sym)] = fd
        self.functions.append(fd)
        self.fn = None
        self.scope = self.globals

    def amp_parameter(self, ps: ir.Symbol, span, body) -> None:
        """A parameter of a type restrict(amp) code cannot hold: Visual C++'s C3581, reported where
        Visual C++ reports it: at the body's opening brace; in an instance of a function template,
        where the instance is requested; for a pointer or reference to an instance of a class
        template, where the body first uses the object (the class is instantiated there)."""
        problems = type_problems(ps.type, span, self.structs)
        if not problems:
            return
        target = ps.type.elem if isinstance(ps.type, ir.Pointer) else ps.type
        if (isinstance(ps.type, ir.Pointer) or ps.by_ref or ps.const_ref) and \
                isinstance(target, ir.StructType) and "<" in target.name:
            self.fn.unchecked[id(ps)] = (ps, problems)
            return
        self.amp_type_problems(ps, problems, self.instantiations[-1][1] if self.instantiations else body)

    def amp_type_problems(self, ps: ir.Symbol, problems: list, at) -> None:
        notes = (Note(f"'{ps.name}' is declared here", ps.span),)
        seen = set()
        for _, msg, hint, key in problems:
            if key not in seen:
                seen.add(key)
                self.sink.error("amp-restrict", msg, at, help=hint, notes=notes)
                self.sound_errors += 1

    def amp_object_used(self, base: ir.Expr, span) -> None:
        """`p->i`, `(*p).i`, `r.i` of a parameter whose type's problems wait for its first use."""
        e = base.base if isinstance(base, ir.ElementRef) else base       # (`*p` is `p[0]`)
        if isinstance(e, ir.Var) and id(e.sym) in self.fn.unchecked:
            self.amp_type_problems(*self.fn.unchecked.pop(id(e.sym)), span)

    def link_kernel_functions(self) -> None:
        """Each kernel lists the restrict(amp) functions it calls, transitively."""
        for k in self.kernels:
            seen, order = set(), []
            stack = list(reversed(k.calls))
            while stack:
                s = stack.pop()
                if id(s) in seen:
                    continue
                seen.add(id(s))
                fd = self.fn_defs.get(id(s))
                if fd is None:
                    continue
                order.append(fd)
                stack.extend(reversed(fd.calls))
            k.functions = order

    def struct_fields(self, t: ir.StructType, span=None):
        if t.name in self.structs:
            return self.structs[t.name].fields
        if t.name not in win32.STRUCTS:       # declared (`struct Later;`), never defined
            self.error("incomplete-type", f"member access into incomplete type '{t.name}'", span,
                       help=f"define '{t.name}' before using its members")
        return win32.STRUCTS[t.name]


def mutable_reference(t) -> bool:
    """A parameter type that binds the caller's object and may change it: `T&` (not `const T&`),
    and `T&&` of a template parameter (a forwarding reference); `int*&& p` binds a temporary."""
    if not isinstance(t, A.ReferenceType):
        return False
    if isinstance(t.base, A.TypeName):
        return not t.base.const
    return not t.rvalue


def rebound_names(d: A.FunctionDef) -> set:
    """The names `d`'s body assigns whole (`p = q;`) or passes to `std::swap`: for its reference
    parameters of view type, which the caller sees rebound."""
    out = set()
    for n in A.walk(d.body):
        if isinstance(n, A.Assign) and n.op == "=" and isinstance(n.target, A.Name) and not n.target.namespace:
            out.add(n.target.name)
        elif isinstance(n, A.Call) and isinstance(n.func, A.Name) and n.func.name == "swap":
            out.update(x.name for x in n.args if isinstance(x, A.Name) and not x.namespace)
    return out

