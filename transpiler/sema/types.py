"""C++ types: AST type names resolved to IR types (`TypeResolution`, a part of the `Analyser`).

The C++ core's types resolve here: scalars and their typedefs, pointers, references, arrays,
function types, `decltype`, the program's typedefs, classes and class templates, member types.
A library type name goes to the library areas (`sema/areas.py`), each of which resolves its own.
"""
from __future__ import annotations

from dataclasses import replace

from ..parse import ast as A
from .. import ir
from ..cxx import win32
from ..cxx.types import SCALAR_ALIASES
from ..names import field_name
from ..parse.lexhack import CONTAINER_MEMBER_TYPES
from . import areas
from . import fnptr as FP
from . import short_vectors as SV
from . import templates as TM
from . import traits as TR
from . import constexpr as CX
from .area import not_yet
from .scope import Scope, python_name

def restriction(restrict) -> tuple[str, ...]:
    """A restriction list in C++ AMP's order, without repeats: ("cpu", "amp")."""
    return tuple(r for r in ("cpu", "amp") if r in restrict) or tuple(restrict)


class TypeResolution:
    # ---- type names ---------------------------------------------------------------------------------
    def spelled_reference(self, t, owner: ir.StructDef | None = None):
        """`IntRef` of `typedef int& IntRef;` (or a member type of `owner`, of the classes being
        defined or of `S::` that is one: `typedef T& reference;`, a `std::iterator` base's): the
        reference type it names, as written, so that it binds as `int&` does; else `t` itself."""
        if not isinstance(t, A.TypeName) or t.args is not None:
            return t
        if t.namespace:
            sd = self.structs.get(t.namespace[-1])
            return sd.reference_types.get(t.name, t) if sd is not None else t
        for sd in ([owner] if owner is not None else []) + self.class_stack[::-1]:
            if t.name in sd.member_types:
                return sd.reference_types.get(t.name, t)
        return self.reference_typedefs.get(t.name, t)

    def with_spelled_references(self, d: A.FunctionDef, owner: ir.StructDef | None = None) -> A.FunctionDef:
        """`d` with its return and parameter types that name a reference type spelled out."""
        ret = self.spelled_reference(d.return_type, owner)
        spelled = [self.spelled_reference(p.type, owner) for p in d.params]
        params = tuple(p if t is p.type else replace(p, type=t) for p, t in zip(d.params, spelled))
        if ret is d.return_type and all(p is q for p, q in zip(params, d.params)):
            return d
        return replace(d, return_type=ret, params=params)

    def resolve_type(self, t: A.TypeRef) -> ir.Type:
        if FP.is_function_pointer_type(t):      # `int (*)(int)`, `int (&)(int)`, `int (C::*)(int)`
            return FP.resolve(self, t)
        if isinstance(t, A.FunctionType):
            self.unsupported("function types (other than std::function's) are", t.span)
        if isinstance(t, A.PointerType):
            base = self.resolve_type(t.base)
            if isinstance(base, ir.Scalar) and base.name in ("char", "wchar_t"):
                return ir.String(base.name == "wchar_t")     # a C string: `char*`, `wchar_t*` (Unicode _TCHAR*)
            return ir.Pointer(base, const=isinstance(t.base, A.TypeName) and t.base.const)
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
        if name in win32.SCALARS:
            return ir.Scalar(win32.SCALARS[name])
        if name in win32.C_STRINGS:         # Windows' C string types: `LPSTR` is `char*`
            return ir.String(win32.C_STRINGS[name])
        if name in self.typedefs:
            FP.check_amp(self, self.typedefs[name], t.span)
            return self.typedefs[name]
        if name in self.structs:
            return ir.StructType(name, self.structs[name].py_name)
        if name in win32.STRUCTS:
            return ir.StructType(name)
        if name in self.forward_structs:    # declared (`struct X;`), defined later: its Python
            return ir.StructType(name, SV.class_py_name(self, name) or python_name(name))   # name is the one it will get
        lib = areas.named_type(self, t)
        if lib is not None:
            return lib
        if name in ("extent", "index", "array_view", "array", "tiled_index", "tiled_extent", "vector"):
            self.error("missing-template-args", f"'{name}' needs template arguments", t.span)
        not_yet(self, name, t.namespace, t.span, areas.lexer_names()[0])     # a library type amppy lacks
        self.error("unknown-type", f"unknown type name '{name}'", t.span)

    def _template_type(self, t: A.TypeName) -> ir.Type:
        """A library template: vector, array_view, array, extent, index, tiled_index, tiled_extent."""
        name = t.name
        bound = self.tenv.get(name)
        if isinstance(bound, TM.TemplateName) and not t.namespace:     # `C<T>`, C a template template parameter
            return self.resolve_type(bound.applied(t))
        if name in self.class_templates and not t.namespace:
            return TM.class_type(self, t)
        if name == "decltype" and not t.namespace:
            return self.decltype(t.args[0], t.span)
        lib = areas.template_type(self, t)
        if lib is not None:
            return lib
        not_yet(self, name, t.namespace, t.span, areas.lexer_names()[1])
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
        return ir.FunctionType(self.resolve_type(fn.ret), tuple(params), restriction(restrict))

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
            return ir.FunctionType(t.ret, t.params, restriction(x.sym.restrict_))     # `decltype(f)`
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
        if isinstance(owner, ir.Container):
            from .std_containers import member_type
            found = member_type(self, owner, t.name, t.span)
            if found is not None:
                return found
        self.unsupported(f"the member type '{owner}::{t.name}' is", t.span)

    def check_rank(self, rank: int, t: A.TypeName, most: int = ir.MAX_RANK) -> None:
        if rank < 1:
            self.error("rank-mismatch", f"the rank of '{t.name}' must be at least 1, not {rank}", t.span)
        if rank > most:
            self.unsupported(f"'{t.name}' of rank {rank}", t.span, f"amppy supports ranks 1 to {most}")

    def nargs(self, t: A.TypeName, lo: int, hi: int):
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
        v = CX.fold(self, e)
        call = next((c for c in ir.walk(e) if isinstance(c, ir.Call)), None) if v is None else None
        if call is not None:                # `int a[sq(3)]` with `constexpr int sq(int)`: valid C++
            self.unsupported(f"a call of '{call.func.name}' in a constant expression (a constexpr function) is",
                             node.span, help="write the value, or a #define or 'static const int' of it")
        if v is None or isinstance(v, float):
            self.error("amp-tile-shape" if what == "tile size" else "not-constant",
                       f"{what} must be a compile-time constant", node.span,
                       help="use a literal, a #define or a 'static const int' initialised with a constant")
        return int(v)
