"""Declarations: AST type names, top-level declarations and function definitions -> IR.

`Declarations` is the part of `Analyser` that resolves type names to `ir.Type`s,
records structs, enums, typedefs and globals, declares functions and analyses
their bodies into `ir.FunctionDef`s, and lists for each kernel the restrict(amp)
functions it calls.
"""
from __future__ import annotations

from ..parse import ast as A
from ..cxx.amp_types import element_problem, nested_container
from .. import ir
from ..names import field_name
from ..parse.lexhack import CONTAINER_MEMBER_TYPES, LIBRARY_TEMPLATES, LIBRARY_TYPES
from .constfold import fold
from .library import ARITHMETIC_OBJECTS, FUNCTION_OBJECTS, not_yet
from .context import FnContext, SemaError
from .lambdas import AUTO
from . import accelerators as AC
from . import classes as CL
from . import fnptr as FP
from . import linkage
from . import overloads as O
from . import templates as TM
from . import traits as TR
from . import random as R
from . import chrono as C
from . import memory as M
from . import streams as ST
from . import utility as U
from . import short_vectors as SV
from ..cxx import short_vectors as H_SV
from .exceptions import CLASSES
from .scope import Scope, python_name
from . import ppl as PPL
from .types import LIBRARY_STRUCTS, OPAQUE_LIBRARY, SCALAR_ALIASES, STRING_ALIASES, zero

#: The library's namespaces a program may name in `using namespace X;` / `using X::name;`.
LIBRARY_NAMESPACES = frozenset({"concurrency", "Concurrency", "std", "concurrency::fast_math", "concurrency::precise_math",
                                "fast_math", "precise_math", "std::chrono", "chrono", "concurrency::graphics",
                                "graphics", "concurrency::direct3d", "direct3d"})

#: Member types only a host class can hold (a class with one is not a numpy record).
HOST_MEMBER_TYPES = (ir.StdString, ir.String, ir.Vector, ir.Pointer, ir.ArrayView, ir.AmpArray, ir.Extent,
                     ir.Index, ir.Function, ir.Duration, ir.TimePoint)


def _restriction(restrict) -> tuple[str, ...]:
    """A restriction list in C++ AMP's order, without repeats: ("cpu", "amp")."""
    return tuple(r for r in ("cpu", "amp") if r in restrict) or tuple(restrict)


class Declarations:
    # ---- types ---------------------------------------------------------------------------------
    def resolve_type(self, t: A.TypeRef) -> ir.Type:
        if FP.is_function_pointer_type(t):      # `int (*)(int)`, `int (&)(int)`, `int (C::*)(int)`
            return FP.resolve(self, t)
        if isinstance(t, A.FunctionType):
            self.unsupported("function types (other than std::function's) are", t.span)
        if isinstance(t, A.PointerType):
            base = self.resolve_type(t.base)
            if isinstance(base, ir.Scalar) and base.name in ("char", "wchar_t"):
                return ir.String(base.name == "wchar_t")     # a C string: `char*`, `wchar_t*` (Unicode _TCHAR*)
            return ir.Pointer(base)
        if isinstance(t, A.ReferenceType):
            return self.resolve_type(t.base)
        if isinstance(t, A.ArrayType):
            elem = self.resolve_type(t.base)
            if t.size is None:
                return ir.Pointer(elem)
            n = self.const_int(t.size, "array size")
            if n < 1:
                self.error("bad-array-size", f"array size must be positive, not {n}", t.size.span)
            if isinstance(elem, ir.CArray):
                return ir.CArray(elem.elem, (n,) + elem.dims)
            return ir.CArray(elem, (n,))
        if t.args is None:
            return self._named_type(t)
        return self._template_type(t)

    def _named_type(self, t: A.TypeName) -> ir.Type:
        """A type name without template arguments: scalar, typedef, struct or library type."""
        name = t.name
        for sd in reversed(self.class_stack):      # a member type, inside its class
            if name in sd.member_types and not t.namespace:
                return sd.member_types[name]
        if t.namespace and isinstance(self.tenv.get(t.namespace[-1]), ir.Type):
            return self._member_type(t, self.tenv[t.namespace[-1]])    # `typename T::value_type`
        if t.namespace and t.namespace[-1] in self.structs and name in self.structs[t.namespace[-1]].member_types:
            return self.structs[t.namespace[-1]].member_types[name]     # `S::value_type`
        if name in self.tenv and isinstance(self.tenv[name], ir.Type) and not t.namespace:
            return self.tenv[name]          # a template's type parameter, in an instantiation
        if name in self.class_templates:
            self.error("missing-template-args", f"'{name}' needs template arguments", t.span)
        if t.scope is not None and t.scope.name in TR.TYPE_TRAITS and t.scope.namespace in ((), ("std",)):
            return TR.member_type(self, t.scope, name, t.span)     # `std::remove_const<T>::type`
        if t.scope is not None:
            return self._member_type(t, self.resolve_type(t.scope))
        if t.namespace and t.namespace[-1] in self.typedefs and name in CONTAINER_MEMBER_TYPES:
            return self._member_type(t, self.typedefs[t.namespace[-1]])     # `Row::iterator`
        if name in ir.SCALARS:
            return ir.Scalar(name)
        if name == "void":
            return ir.Void()
        if name == "auto":
            return ir.Library("auto")
        if name in SCALAR_ALIASES:
            return ir.Scalar(SCALAR_ALIASES[name])
        if name == "nullptr_t":             # the type of `nullptr`: a null pointer
            return ir.Pointer(ir.Void())
        if name in STRING_ALIASES:          # Windows' C string types: `LPSTR` is `char*`
            return ir.String(STRING_ALIASES[name])
        if name in self.typedefs:
            FP.check_amp(self, self.typedefs[name], t.span)
            return self.typedefs[name]
        if name in self.structs:
            return ir.StructType(name, self.structs[name].py_name)
        if name in LIBRARY_STRUCTS:
            return ir.StructType(name)
        if name in self.forward_structs:    # declared (`struct X;`), defined later: its Python
            return ir.StructType(name, SV.class_py_name(self, name) or python_name(name))   # name is the one it will get
        ct = C.named_type(self, t)
        if ct is not None:
            return ct
        if name in ST.KINDS and t.namespace in ((), ("std",)):
            return ir.Library(name)         # (`std::ostream&`: any output stream, as a parameter)
        if name in ("string", "wstring") and t.namespace in ((), ("std",)):
            return ir.StdString(name == "wstring")
        if name in CLASSES:
            return ir.Library(name)
        if name in R.ENGINES:
            return R.engine_type(name)
        if name == "bernoulli_distribution":        # not a template: its values are bool
            return ir.Library("bernoulli_distribution<bool>")
        if name in OPAQUE_LIBRARY:
            return ir.Library(name)
        lock = PPL.named_type(t)
        if lock is not None:
            return lock
        if name in ("extent", "index", "array_view", "array", "tiled_index", "tiled_extent", "vector"):
            self.error("missing-template-args", f"'{name}' needs template arguments", t.span)
        not_yet(self, name, t.namespace, t.span, LIBRARY_TYPES)     # a library type amppy lacks
        self.error("unknown-type", f"unknown type name '{name}'", t.span)

    def _template_type(self, t: A.TypeName) -> ir.Type:
        """A library template: vector, array_view, array, extent, index, tiled_index, tiled_extent."""
        name, args = t.name, t.args
        if name in self.class_templates and not t.namespace:
            return TM.class_type(self, t)
        if name == "decltype" and not t.namespace:
            return self.decltype(t.args[0], t.span)
        if name == "concurrent_queue" and t.namespace in ((), ("concurrency",), ("Concurrency",)):
            self._nargs(t, 1, 1)
            return PPL.queue_type(self, self.type_arg(args[0], t), t.span)
        if name == "vector":
            self._nargs(t, 1, 2)
            return ir.Vector(self.type_arg(args[0], t))
        if name == "array" and t.namespace == ("std",):
            self._nargs(t, 2, 2)
            n = self.const_int(args[1], "array size")
            if n < 0:
                self.error("bad-array-size", f"array size must not be negative, not {n}", args[1].span)
            return ir.Vector(self.type_arg(args[0], t), n)
        if name in ("texture", "texture_view", "writeonly_texture_view"):
            self._nargs(t, 1, 2)
            elem_ast = args[0]
            elem = self.type_arg(elem_ast, t)
            rank = self.const_int(args[1], "rank") if len(args) > 1 else 1
            if not 1 <= rank <= 3:
                self.error("rank-mismatch", f"a texture has rank 1, 2 or 3, not {rank}", t.span)
            vector = SV.from_header(self, elem) and elem.name in H_SV.CLASSES and H_SV.CLASSES[elem.name][1] != 3
            if not (isinstance(elem, ir.Scalar) and elem.name in ("int", "unsigned int", "float", "double")
                    or vector):
                self.error("type-mismatch", f"a texture's elements are int, unsigned int, float, double, norm, "
                           f"unorm or their 2- and 4-component short vectors, not '{elem}'", t.span)
            const = isinstance(elem_ast, A.TypeName) and elem_ast.const
            if name == "texture":
                return ir.Texture(elem, rank)
            if name == "writeonly_texture_view" and const:
                self.error("type-mismatch", "a writeonly_texture_view's elements are not const", t.span)
            return ir.TextureView(elem, rank, const, name == "writeonly_texture_view")
        if name in ("array_view", "array"):
            self._nargs(t, 1, 2)
            elem_ast = args[0]
            elem = self.type_arg(elem_ast, t)
            rank = self.const_int(args[1], "rank") if len(args) > 1 else 1
            self._check_rank(rank, t)
            const = isinstance(elem_ast, A.TypeName) and elem_ast.const
            if isinstance(elem_ast, A.ReferenceType):           # (Visual Studio's C2528)
                self.error("template-args", f"'{name}' cannot hold references: its element type is '{elem}&'",
                           t.span, help=f"use '{name}<{elem}, {rank}>'")
            problem = element_problem(elem, self.structs)      # (amp.h's static_asserts: C2338, C3581)
            if problem is not None:
                self.error("amp-restrict", f"'{name}<{elem}, {rank}>': {problem[0]}", t.span, help=problem[1])
            nested = nested_container(elem, self.structs)       # (Visual Studio's C2973)
            if nested is not None:
                self.error("template-args", f"'{name}<{elem}, {rank}>': its element type holds {nested}, and an {name} "
                           "cannot hold C++ AMP containers", t.span,
                           help="keep the containers in a std::vector, or give the class the data itself")
            if name == "array_view":
                return ir.ArrayView(elem, rank, const)
            return ir.AmpArray(elem, rank)
        if name in ("extent", "index"):
            self._nargs(t, 1, 1)
            rank = self.const_int(args[0], "rank")
            self._check_rank(rank, t)
            return ir.Extent(rank) if name == "extent" else ir.Index(rank)
        if name in ("tiled_index", "tiled_extent"):
            dims = tuple(self.const_int(a, "tile size") for a in args)
            while len(dims) > 1 and dims[-1] == 0:      # `tiled_extent<D0, D1 = 0, D2 = 0>`: <16, 0, 0> is <16>
                dims = dims[:-1]
            for i, d in enumerate(dims):                 # (amp.h's static_asserts)
                if d <= 0:
                    self.error("amp-tile-shape", f"tile dimension {i} of '{name}' is {d}, but every tile dimension "
                               "must be at least 1", t.span, help="use positive tile sizes")
            return ir.TiledIndex(dims) if name == "tiled_index" else ir.TiledExtent(dims)
        if name in R.DISTRIBUTIONS:
            return R.distribution_type(self, t)
        if name in ("duration", "time_point"):
            ct = C.named_type(self, t)
            if ct is not None:
                return ct
        if name in ("unique_ptr", "shared_ptr"):
            self._nargs(t, 1, 1)
            return M.smart_pointer_type(self, name, args[0], t.span)
        if name == "pair":
            self._nargs(t, 2, 2)
            return U.pair_type(self, self.type_arg(args[0], t), self.type_arg(args[1], t), t.span)
        if name == "function" and len(args) == 1 and isinstance(args[0], A.FunctionType):
            fn = args[0]                    # std::function<R(P...)>: what a lambda or function is
            return ir.Function(self.resolve_type(fn.ret), tuple(self.resolve_type(p) for p in fn.params))
        if name in FUNCTION_OBJECTS:        # std::greater<int>: a function of two values
            self._nargs(t, 0, 1)
            elem = self.type_arg(args[0], t) if args else ir.Library("auto")
            return ir.Function(elem if name in ARITHMETIC_OBJECTS else ir.BOOL, (elem, elem))
        not_yet(self, name, t.namespace, t.span, LIBRARY_TEMPLATES)
        self.unsupported(f"the template '{name}' is", t.span)

    def return_type(self, d: A.FunctionDef, params: list) -> ir.Type:
        """`d`'s return type; a trailing `-> decltype(a * b)` sees the parameters."""
        r = d.return_type
        if not (isinstance(r, A.TypeName) and r.name == "decltype"):
            return self.resolve_type(r)
        saved = self.scope, self.choice_context
        self.scope = Scope(self.scope, "function")
        if self.fn is None:                     # its calls bind in the function's restriction
            self.choice_context = "amp" in (d.restrict or ())
        try:
            for p, pt in zip(d.params, params):
                if p.name:
                    self.scope.define(p.name, ir.Symbol(p.name, p.name, pt, "param", p.span))
            return self.resolve_type(r)
        finally:
            self.scope, self.choice_context = saved

    def function_type(self, fn: A.FunctionType) -> ir.FunctionType:
        """A function type written as a type: without restrict(...), the restriction of the code it
        is written in (C++ AMP: `float*(int)` in a restrict(cpu, amp) function is restrict(cpu, amp))."""
        params = [self.resolve_type(p) for p in fn.params]
        if len(params) == 1 and isinstance(params[0], ir.Void):
            params = []                         # `int(void)`
        if fn.variadic:
            self.unsupported("a function type with '...' is", fn.span)
        restrict = fn.restrict or (self.fn.restrict if self.fn is not None else ("cpu",))
        return ir.FunctionType(self.resolve_type(fn.ret), tuple(params), _restriction(restrict))

    def decltype(self, e, span) -> ir.Type:
        """`decltype(a[0] * 2)`: the expression's type, analysed where it is written (its code is
        not kept: C++ does not evaluate it); `decltype(S::x)`: the type of field `x`."""
        if isinstance(e, A.Name) and e.namespace and e.namespace[-1] in self.structs:
            fields = dict(self.structs[e.namespace[-1]].fields)
            if field_name(e.name) in fields:
                return fields[field_name(e.name)]
        saved = (self.discarding, len(self.call_sites), list(self.fn.calls) if self.fn else None, self.unevaluated)
        self.unevaluated = True
        try:
            operands = [e]                      # `decltype(1, 'a', 2u)`: the last operand's type
            while isinstance(operands[0], A.Comma):     # (each operand checked; none runs)
                operands[:1] = [operands[0].left, operands[0].right]
            for o in operands[:-1]:
                self.expr(o)
            e = operands[-1]
            x = self.expr(e)
            t = x.type
        finally:
            self.discarding, self.unevaluated = saved[0], saved[3]
            del self.call_sites[saved[1]:]
            if self.fn is not None:
                self.fn.calls[:] = saved[2]
        if isinstance(t, ir.Library) and t.name in ("method", "function", "tile-method"):
            self.unsupported("'decltype' of a function is", span)
        if isinstance(e, (A.Name, A.TemplateId)) and isinstance(x, ir.Var) and x.sym.kind == "function":
            return ir.FunctionType(t.ret, t.params, _restriction(x.sym.restrict_))     # `decltype(f)`
        return t

    def _member_type(self, t: A.TypeName, owner: ir.Type) -> ir.Type:
        """`std::vector<T>::iterator`, `::size_type`, `::value_type`, `Buf<float>::value_type`"""
        if isinstance(owner, ir.StructType) and owner.name in self.structs and \
                t.name in self.structs[owner.name].member_types:
            return self.structs[owner.name].member_types[t.name]
        if isinstance(owner, (ir.ArrayView, ir.AmpArray)) and t.name == "value_type":
            return owner.elem
        if isinstance(owner, ir.Vector):
            members = {"iterator": ir.Iterator(owner.elem), "const_iterator": ir.Iterator(owner.elem),
                       "size_type": ir.Scalar("size_t"), "difference_type": ir.Scalar("long long"),
                       "value_type": owner.elem, "reference": owner.elem, "const_reference": owner.elem}
            if t.name in members:
                return members[t.name]
        self.unsupported(f"the member type '{owner}::{t.name}' is", t.span)

    def _check_rank(self, rank: int, t: A.TypeName) -> None:
        if rank < 1:
            self.error("rank-mismatch", f"the rank of '{t.name}' must be at least 1, not {rank}", t.span)
        if rank > ir.MAX_RANK:
            self.unsupported(f"rank {rank}", t.span, f"amppy supports ranks 1 to {ir.MAX_RANK}")

    def _nargs(self, t: A.TypeName, lo: int, hi: int):
        if not lo <= len(t.args) <= hi:
            self.error("template-args", f"wrong number of template arguments for '{t.name}'", t.span)

    def type_arg(self, a, t) -> ir.Type:
        if isinstance(a, A.FunctionType):       # `std::is_same<decltype(f), int(float) restrict(amp)>`
            return self.function_type(a)
        if isinstance(a, (A.TypeName, A.PointerType, A.ReferenceType, A.ArrayType, A.FunctionType,
                          A.MemberPointerType)):
            return self.resolve_type(a)
        if isinstance(a, A.Name):
            return self.resolve_type(A.TypeName(a.span, a.name, a.namespace, None, False, False, None))
        self.error("template-args", f"expected a type as template argument of '{t.name}'", a.span)

    def const_int(self, node, what: str) -> int:
        """Fold a constant integer expression (template arguments, array sizes)."""
        if isinstance(node, A.TypeName):
            self.error("not-constant", f"expected a constant {what}, found a type", node.span)
        e = self.expr(node)
        v = fold(e)
        if v is None or isinstance(v, float):
            self.error("amp-tile-shape" if what == "tile size" else "not-constant",
                       f"{what} must be a compile-time constant", node.span,
                       help="use a literal, a #define or a 'static const int' initialised with a constant")
        return int(v)

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
        sd = ir.StructDef(d.name, [], d.span, union=d.kind == "union")
        sd.hidden = tuple(field_name(f) for f in d.hidden)
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
            for f in d.fields:
                if "static" in f.storage:
                    continue                # a class constant (declare_class_names)
                try:                        # a bad field is reported; the struct is still declared
                    t = self.resolve_type(f.type)
                    if isinstance(t, ir.StructType) and t.name == d.name:
                        self.error("incomplete-type", f"field '{f.name}' has incomplete type '{d.name}'", f.span)
                    if not isinstance(t, (ir.Scalar, ir.StructType, ir.CArray) + HOST_MEMBER_TYPES) and \
                            not AC.involved(t):
                        self.unsupported(f"a field of type '{t}' is", f.span)
                    if f.init is not None:          # `float x = 1;`: used where no constructor sets x
                        sd.field_inits[field_name(f.name)] = f.init
                    sd.fields.append((field_name(f.name), t))
                    if f.bits is not None:
                        sd.bitfields[field_name(f.name)] = f.span
                    if isinstance(f.type, A.ReferenceType):
                        sd.references[field_name(f.name)] = f.span
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
        if isinstance(t, (ir.Pointer, ir.String, ir.ArrayView, ir.AmpArray, ir.FunctionPointer)) or t == AC.VIEW:
            return None
        if isinstance(t, ir.CArray):
            return ir.Construct(span, t, ())
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
        t = self.auto_type(self.resolve_type(self.sized_type(v)), v)
        CL.check_object_type(self, t, v.span)
        const = isinstance(v.type, A.TypeName) and v.type.const
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
            sym.const_value = fold(init)
        self.globals.define(v.name, sym)
        self.global_vars.append(ir.GlobalVar(sym, init))

    def declare_function(self, d: A.FunctionDef, instance: tuple | None = None) -> ir.Symbol:
        """The symbol of function `d` (an overload, or the one its prototype declared);
        `instance`: (C++ name, Python name) of a template instantiation, which no name finds."""
        if d.kind == "conversion":
            self.error("bad-specifier", f"conversion function '{d.name}' must be a member of a class",
                       d.name_span, help="declare it inside the class it converts from")
        if "virtual" in d.storage:
            self.error("bad-specifier", "'virtual' can only appear on non-static member functions", d.span)
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
        sym.variadic = d.variadic
        sym.ret_ref = isinstance(d.return_type, A.ReferenceType)
        sym.defaults = defaults
        # which parameters the call passes without a copy: non-const references, and arrays
        # (`void f(int a[3])` is `void f(int* a)` in C++: the callee writes the caller's array)
        sym.ref_params, sym.mutable_refs = refs, mutable
        sym.pointer_refs = M.pointer_refs(d, real, mutable)
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
        for p in d.params:
            pt = self.resolve_type(p.type)
            if isinstance(pt, ir.Void) and p.name is None:
                continue
            name = p.name or f"arg{i}"
            ps = ir.Symbol(name, self.fn.py.fresh(name, self.scope), ptypes[i], "param", p.span)
            ps.by_ref = mutable_reference(p.type)
            if ps.by_ref and isinstance(ps.type, ir.Pointer) and isinstance(ps.type.elem, ir.ArrayView) and \
                    "amp" in restrict:      # (the GPU's functions cannot give a view back: nor as a result)
                self.unsupported("a reference to a pointer to an array_view in restrict(amp) code is", p.span,
                                 help="return the pointer, or pass the array_view by reference")
            if i < len(sym.pointer_refs) and sym.pointer_refs[i]:
                ps.by_ref, ps.pointer_ref, ps.type = False, True, ir.Pointer(ps.type)
            self.scope.define(name, ps)
            params.append(ps)
            i += 1
        if isinstance(ftype.ret, ir.Pointer) and isinstance(ftype.ret.elem, ir.ArrayView) and "amp" in restrict:
            self.unsupported("a pointer to an array_view as the result of a restrict(amp) function is", d.name_span,
                             help="pass the pointer in, or choose the view where it is used")
        prologue = CL.ctor_prologue(self, d, sym, this) if sym.member == "ctor" else []
        body = self.block(d.body, new_scope=False)
        if sym.member == "ctor":            # the object, its member initializers, the body, the object
            sp = d.body.span
            body = ir.Block(body.span, tuple(prologue) + tuple(body.body) + (ir.Return(sp, ir.Var(sp, this.type, this)),))
        if "amp" not in restrict:           # a view passed by value is a view the callee holds
            body = CL.views_held_by_params(body, [ps for ps, p in zip(params[len(params) - len(d.params):], d.params)
                                                  if not isinstance(p.type, A.ReferenceType)])
        if ftype.ret == AUTO:               # `auto f() {...}`: the type its returns deduced
            ftype = sym.type = ir.Function(ir.Void() if self.fn.ret == AUTO else self.fn.ret, ftype.params)
        fd = ir.FunctionDef(sym, params, ftype.ret, restrict, body, d.span)
        fd.calls = list(self.fn.calls)
        self.fn_defs[id(sym)] = fd
        self.functions.append(fd)
        self.fn = None
        self.scope = self.globals

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
        if t.name not in LIBRARY_STRUCTS:       # declared (`struct Later;`), never defined
            self.error("incomplete-type", f"member access into incomplete type '{t.name}'", span,
                       help=f"define '{t.name}' before using its members")
        return LIBRARY_STRUCTS[t.name]


def mutable_reference(t) -> bool:
    """A parameter type that binds the caller's object and may change it: `T&` (not `const T&`),
    and `T&&` of a template parameter (a forwarding reference); `int*&& p` binds a temporary."""
    if not isinstance(t, A.ReferenceType):
        return False
    if isinstance(t.base, A.TypeName):
        return not t.base.const
    return not t.rvalue
