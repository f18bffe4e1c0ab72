"""AST builders for functions: function definitions and declarations, their parameters
and specifiers (`restrict(...)`, `const`, `throw()`, trailing return types),
constructors, destructors and conversion functions.

One method per grammar rule (see `amppy.parse.build_base`); `amppy.parse.builders.ToAst`
combines these with the other declaration, statement and expression builders.
"""
from __future__ import annotations

from dataclasses import replace

from . import ast as A

from .build_base import TOKENS, BuilderBase, Decl, FnDecl, Marker, _unsupported_rule
from .errors import _SyntaxProblem



def _defaulted(ch) -> bool:
    """`= default` ends the declaration (a defaulted special member function)."""
    return any(isinstance(c, TOKENS) and c.type == "DEFAULT" for c in ch)

class FunctionBuilders(BuilderBase):
    """The builders of the function rules."""
    def restrict(self, meta, ch):
        names = tuple(t.value for t in ch[1:])
        for t in ch[1:]:
            if t.value not in ("amp", "cpu", "auto", "direct3d"):
                raise _SyntaxProblem("syntax-error", f"unknown restriction specifier '{t.value}'",
                                     self.tsp(t), help="use restrict(amp), restrict(cpu) or restrict(cpu, amp)")
        return Marker("restrict", names, self.sp(meta))

    def const_method(self, meta, ch):
        return Marker("const", None, self.sp(meta))

    def volatile_method(self, meta, ch):
        return Marker("volatile", None, self.sp(meta))

    def noexcept_spec(self, meta, ch):
        return Marker("noexcept", None, self.sp(meta))

    def throw_spec(self, meta, ch):
        return Marker("throw", None, self.sp(meta))

    def override_spec(self, meta, ch):
        return Marker("override")

    def mutable_spec(self, meta, ch):
        return Marker("mutable", None, self.sp(meta))

    def trailing_return(self, meta, ch):
        return Marker("returns", ch[0])

    def opname(self, meta, ch):
        return Marker("opname", "operator" + "".join(t.value for t in ch), self.sp(meta))

    def operator_name(self, meta, ch):
        return Marker("fn_name", (None, ch[1].value), self.sp(meta))

    def qualified_name(self, meta, ch):
        """`S::f` (a member function defined outside its class): (owner, name)."""
        names = [t.value for t in ch if isinstance(t, TOKENS) and t.type in ("NS_NAME", "NAME")]
        return Marker("fn_name", (names[-2], names[-1]), self.sp(meta))

    def specialised_name(self, meta, ch):
        """`f<1>` in `template<> int f<1>(int n)`: the name and the specialisation's arguments."""
        args = tuple(c for c in ch[1:] if c is not None and not isinstance(c, TOKENS))
        return Marker("fn_name", (None, ch[0].value, args), self.sp(meta))

    def qualified_operator(self, meta, ch):
        owners = [t.value for t in ch if isinstance(t, TOKENS) and t.type == "NS_NAME"]
        op = next(c for c in ch if isinstance(c, Marker) and c.kind == "opname")
        return Marker("fn_name", (owners[-1], op.value), self.sp(meta))

    def ctor_init(self, meta, ch):
        args = ch[1].items if len(ch) > 1 and isinstance(ch[1], A.InitList) else tuple(ch[1:])
        return (ch[0].value, tuple(args), self.sp(meta))

    def template_ctor_init(self, meta, ch):
        """`: Base<T>(x)`: a base named by its template-id (its type, which sema resolves)."""
        return (ch[0], tuple(c for c in ch[1:] if c is not None), self.sp(meta))

    def base_template_id(self, meta, ch):
        return self.template_type(meta, ch)

    def ctor_inits(self, meta, ch):
        return Marker("inits", tuple(ch), self.sp(meta))

    def _special_member(self, meta, ch, kind):
        """A constructor or destructor, in its class or outside it (`S::S(...) : a(x) {...}`)."""
        storage = tuple(c.value for c in ch if isinstance(c, Marker) and c.kind == "storage")
        owners = [t.value for t in ch if isinstance(t, TOKENS) and t.type == "NS_NAME"]
        # (`Box<T>() {}`: a constructor named with its class's template arguments)
        ch = [c for c in ch if not (isinstance(c, Marker) and c.kind == "spec_targs")]
        name = next(c for c in ch if isinstance(c, TOKENS) and c.type in ("TYPE_NAME", "TEMPLATE_NAME"))
        params, variadic, restrict, rspan, _, _, body = self._fn_parts(ch)
        if _defaulted(ch):              # `S() = default;`, `~S() = default;`: as `S() {}`
            if params and kind == "ctor":       # a copy or move constructor: the implicit one
                return Marker("defaulted", None, self.sp(meta))
            body = A.Compound(self.sp(meta), ())
        inits = next((c.value for c in ch if isinstance(c, Marker) and c.kind == "inits"), ())
        if any(isinstance(c, TOKENS) and c.type == "VIRTUAL" for c in ch):
            storage += ("virtual",)
        void = A.TypeName(self.tsp(name), "void", (), None, False, False, None)
        return A.FunctionDef(self.sp(meta), ("~" if kind == "dtor" else "") + name.value, self.tsp(name), void,
                             params, variadic, restrict, rspan, storage, body,
                             owner=owners[-1] if owners else None, kind=kind, inits=inits)

    def ctor_def(self, meta, ch):
        return self._special_member(meta, ch, "ctor")

    def dtor_def(self, meta, ch):
        return self._special_member(meta, ch, "dtor")

    tparam_function = _unsupported_rule("a template parameter of pointer-to-function type ('int (*f)(int)') is")
    def member_pointer_abstract(self, meta, ch):
        """`const int C::*`, `int C::* p`: a pointer to a data member, reported; the declarator (its
        name, without the pointer) stands in so that the rest of the file is still checked."""
        self.unsupported(self.sp(meta), "pointers to data members ('int C::*') are")
        name = next((t for t in ch if isinstance(t, TOKENS) and t.type == "NAME"), None)
        return Decl(name.value if name else None, self.tsp(name) if name else None, [], [])

    member_pointer_declarator = member_pointer_abstract

    def function_param(self, meta, ch):
        """`int f(int)`, `float(int)` as a parameter: a function type, adjusted to a pointer to it."""
        base = next(c for c in ch if isinstance(c, A.TypeName))
        name = next((t.value for t in ch if isinstance(t, TOKENS) and t.type == "NAME"), None)
        params, variadic, restrict, *_ = self._fn_parts(ch)
        sp = self.sp(meta)
        fn = FnDecl(Decl(None, None, [], []), [], None, (params, variadic, restrict), sp).wrap(base)
        return A.Param(sp, name, A.PointerType(sp, fn, False), None)

    def more_functions(self, meta, ch):
        """The declarators after the first of `void f() restrict(amp), g(int);`: (name, pointers,
        the function's parts) each."""
        out, cur = [], []
        for c in ch + [None]:
            if c is None or isinstance(c, TOKENS) and c.type == "NAME" and cur:
                if cur:
                    out.append(cur)
                cur = []
            if c is not None:
                cur.append(c)
        return Marker("more_functions", out, self.sp(meta))

    def local_function_decl(self, meta, ch):
        """`int f(int);`, `S foo(int(a)) restrict(cpu);` in a block: a function declared there."""
        return A.LocalFunctionDecl(self.sp(meta), self.function_def(meta, ch))

    def abstract_declarator(self, meta, ch):
        """`const T&` without a name (a prototype's or a handler's parameter); `int (*)(int)`."""
        if len(ch) == 1 and isinstance(ch[0], Decl):
            return ch[0]
        return Decl(None, None, [c for c in ch if isinstance(c, tuple) and len(c) == 3], [])

    def param(self, meta, ch):
        base = next(c for c in ch if isinstance(c, A.TypeName))
        decl = next((c for c in ch if isinstance(c, Decl)), None)
        default = ch[-1] if len(ch) > 1 and not isinstance(ch[-1], (Decl, A.TypeName, Marker)) else None
        t = decl.wrap(base) if decl else base
        return A.Param(self.sp(meta), decl.name if decl else None, t, default)

    def array_ref_param(self, meta, ch):
        """`T (&a)[N]`, `T (*p)[4]`: a reference or pointer to an array (the array's layers inside)."""
        base = next(c for c in ch if isinstance(c, A.TypeName))
        decl = next((c for c in ch if isinstance(c, Decl)), None) or \
            Decl(None, None, [c for c in ch if isinstance(c, tuple) and len(c) == 3], [])     # `T (&)[N]`
        arrays = [c for c in ch if isinstance(c, tuple) and len(c) == 2]
        default = ch[-1] if not isinstance(ch[-1], (tuple, Decl, A.TypeName, Marker)) else None
        t = Decl(None, None, decl.ptrs, []).wrap(Decl(None, None, [], decl.arrays + arrays).wrap(base))
        return A.Param(self.sp(meta), decl.name, t, default)

    def conversion_def(self, meta, ch):
        """`operator int() const { ... }`: a conversion function, a member named after its type
        (`operator int`, `operator float*`), returning it."""
        storage = tuple(c.value for c in ch if isinstance(c, Marker) and c.kind == "storage")
        owners = [t.value for t in ch if isinstance(t, TOKENS) and t.type == "NS_NAME"]
        op = next(t for t in ch if isinstance(t, TOKENS) and t.type == "OPERATOR")
        base = next(c for c in ch if isinstance(c, A.TypeName))
        ptrs = [c for c in ch if isinstance(c, tuple) and len(c) == 3]
        params, variadic, restrict, rspan, _, _, body = self._fn_parts(ch)
        spelled = ("const " if base.const else "") + "::".join(base.namespace + (base.name,))
        spelled += "".join("*" if p[0] == "*" else "&" for p in ptrs)
        rtype = Decl("operator " + spelled, None, ptrs, []).wrap(base)
        const = any(isinstance(c, Marker) and c.kind == "const" for c in ch)
        return A.FunctionDef(self.sp(meta), "operator " + spelled, self.tsp(op), rtype, (), False, restrict, rspan,
                             storage, body, owner=owners[-1] if owners else None, kind="conversion", const=const)

    def function_def(self, meta, ch):
        storage = tuple(c.value for c in ch if isinstance(c, Marker) and c.kind == "storage")
        base = next(c for c in ch if isinstance(c, A.TypeName))
        ptrs = [c for c in ch if isinstance(c, tuple) and len(c) == 3]
        special = next((c for c in ch if isinstance(c, Marker) and c.kind == "fn_name"), None)
        spec_args = None
        if special is not None:
            owner, fname, *spec = special.value
            nspan = special.span
            spec_args = spec[0] if spec else None
        else:
            name = next(c for c in ch if isinstance(c, TOKENS) and c.type == "NAME")
            owner, fname, nspan = None, name.value, self.tsp(name)
        params, variadic, restrict, rspan, ret, _, body = self._fn_parts(ch)
        if _defaulted(ch) and fname == "operator=":     # `S& operator=(const S&) = default;`: the implicit one
            return Marker("defaulted", None, self.sp(meta))
        rtype = Decl(fname, None, ptrs, []).wrap(base)
        if ret is not None:
            rtype = ret
        const = any(isinstance(c, Marker) and c.kind == "const" for c in ch)
        if any(isinstance(c, TOKENS) and c.type == "INT_LIT" for c in ch):
            storage += ("pure",)                # `virtual void f() = 0;`
        if any(isinstance(c, Marker) and c.kind == "throw" for c in ch):
            storage += ("throw()",)             # a dynamic exception specification
        if any(isinstance(c, Marker) and c.kind == "volatile" for c in ch):
            storage += ("volatile",)            # `int get() volatile`: a volatile member function
        fn = A.FunctionDef(self.sp(meta), fname, nspan, rtype, params, variadic,
                           restrict, rspan, storage, body, owner=owner, const=const, spec_args=spec_args)
        more = next((c for c in ch if isinstance(c, Marker) and c.kind == "more_functions"), None)
        if more is None:
            return fn
        fns = [fn]
        for part in more.value:             # `void f() restrict(amp), g(int);`: one declaration each
            name = part[next(k for k, c in enumerate(part) if isinstance(c, TOKENS) and c.type == "NAME")]
            params, variadic, restrict, rspan, _, _, _ = self._fn_parts(part)
            ptrs = [c for c in part if isinstance(c, tuple) and len(c) == 3]
            fns.append(replace(fn, name=name.value, name_span=self.tsp(name),
                               return_type=Decl(name.value, None, ptrs, []).wrap(base), params=params,
                               variadic=variadic, restrict=restrict, restrict_span=rspan))
        return Marker("declarations", tuple(fns), self.sp(meta))
