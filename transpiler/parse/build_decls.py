"""AST builders for declarations: the top level, types, declarators, structs, enums (functions:
`amppy.parse.build_functions`).

One method per grammar rule (see `amppy.parse.build_base`): it gets the rule's
position and its children, tokens and the values of the child rules' builders,
and returns an `amppy.parse.ast` node or a value its parent rule consumes (a `Decl`,
a `Marker`, a tuple).  `amppy.parse.builders.ToAst` combines these with the
statement and expression builders.
"""
from __future__ import annotations

from dataclasses import replace

from . import ast as A
from lark import Token

from .build_base import TOKENS, BuilderBase, Decl, FnDecl, Marker, _unsupported_rule
from .errors import _SyntaxProblem

#: Builtin type specifier words, as written, -> the type's canonical name.
_NORMALISED = {
    ("unsigned",): "unsigned int", ("signed",): "int", ("signed", "int"): "int",
    ("short", "int"): "short", ("unsigned", "short"): "unsigned short",
    ("unsigned", "short", "int"): "unsigned short", ("long", "int"): "long",
    ("unsigned", "long"): "unsigned long", ("unsigned", "long", "int"): "unsigned long",
    ("long", "long", "int"): "long long", ("unsigned", "long", "long"): "unsigned long long",
    ("unsigned", "long", "long", "int"): "unsigned long long", ("signed", "char"): "signed char",
    ("unsigned", "char"): "unsigned char", ("long", "double"): "long double",
}


def _friend_names(c) -> tuple:
    """The names a `friend` declaration in a class makes friends (none: not a friend one)."""
    if isinstance(c, Marker) and c.kind == "friend":
        return (c.value,)
    d = c.decl if isinstance(c, A.TemplateDecl) else c
    if isinstance(d, A.FunctionDef) and "friend" in d.storage:
        return (d.name,)
    if isinstance(c, Marker) and c.kind == "declarations":
        return tuple(n for x in c.value for n in _friend_names(x))
    return ()


_OPENNESS = {"private": 0, "protected": 1, "public": 2}


def _member_names(c) -> tuple:
    """The names a member declaration of a class declares (a constructor's: the class's name;
    a friend declaration's: none, a friend is no member)."""
    if _friend_names(c):
        return ()
    if isinstance(c, A.DeclStmt):
        return tuple(d.name for d in c.decls)
    if isinstance(c, A.FunctionDef):
        return (c.name,)
    if isinstance(c, Marker) and c.kind == "declarations":
        return tuple(n for x in c.value for n in _member_names(x))
    if isinstance(c, A.TemplateDecl):
        return _member_names(c.decl)
    if isinstance(c, A.Property):
        return (c.name,)
    return ()


class DeclBuilders(BuilderBase):
    """The builders of the declaration rules."""
    fn_try_block = _unsupported_rule("a function-try-block ('f() try { ... } catch ...') is",
                                     help="put the try statement inside the function's body")
    tparam_pack = _unsupported_rule("a template parameter pack ('typename... Ts') is")
    param_pack = _unsupported_rule("a function parameter pack ('Ts... ts') is")

    def _dropped(self, meta, ch):
        """The builder of a rule recognised only to be left out of the AST."""
        return None

    empty_decl = _dropped

    def friend_class(self, meta, ch):
        """`friend class It<T>;`: the class's name, for the access checks (`StructDef.friends`)."""
        name = [t for t in ch if isinstance(t, TOKENS) and t.type in ("NAME", "TYPE_NAME", "TEMPLATE_NAME")]
        return Marker("friend", name[-1].value, self.sp(meta))

    def access_label(self, meta, ch):
        """`public:` in a class: the access of the members after it (`StructDef.nonpublic`)."""
        return Marker("access", ch[0].value)

    def struct_forward(self, meta, ch):
        name = next(t.value for t in ch if isinstance(t, TOKENS) and t.type in ("NAME", "TYPE_NAME"))
        return A.StructForward(self.sp(meta), name)

    def namespace_def(self, meta, ch):
        name = next((t.value for t in ch if isinstance(t, TOKENS) and t.type == "NAME"), None)
        return A.Namespace(self.sp(meta), name, tuple(_flat(c for c in ch if not isinstance(c, TOKENS))))

    def namespace_alias(self, meta, ch):
        # the postlexer already reads the alias as its target (parse/lexhack.py); nothing is left
        return None

    def using_declaration(self, meta, ch):
        names = [t.value for t in ch if isinstance(t, TOKENS) and t.type in ("NS_NAME", "NAME", "TYPE_NAME")]
        op = next((c.value for c in ch if isinstance(c, Marker) and c.kind == "opname"), None)
        if op is not None:                  # `using X::operator<<;`
            return A.UsingDeclaration(self.sp(meta), tuple(names), op)
        return A.UsingDeclaration(self.sp(meta), tuple(names[:-1]), names[-1])


    def tparam_template(self, meta, ch):
        """`template<typename, int> class C [= std::vector]`: a template template parameter (its
        value is a class template's name; its own parameter list only says what it takes)."""
        name = next((t.value for t in reversed(ch) if isinstance(t, TOKENS)
                     and t.type in ("NAME", "TYPE_NAME", "TEMPLATE_NAME")), None)
        default = ch[-1] if ch and isinstance(ch[-1], A.TypeName) else None
        return A.TemplateParam(self.sp(meta), "template", name, None, default)

    # -- top level
    def start(self, meta, ch):
        return A.TranslationUnit(self.sp(meta), tuple(_flat(ch)))

    def using_namespace(self, meta, ch):
        return A.UsingNamespace(self.sp(meta), "::".join(t.value for t in ch if t.type in ("NAME", "NS_NAME")))

    def using_alias(self, meta, ch):
        t = ch[3].wrap(ch[2]) if len(ch) > 3 and isinstance(ch[3], Decl) else ch[2]   # `= int(*)(int)`
        return A.Typedef(self.sp(meta), ch[1].value, t)

    def explicit_instantiation(self, meta, ch):
        if isinstance(ch[1], TOKENS) and ch[1].type == "STRUCT_KW":    # `template struct S<int>;`
            return A.ExplicitInstantiation(self.sp(meta), self.template_type(meta, ch[2:]))
        decl = ch[-1]
        if not isinstance(decl, A.FunctionDef) or decl.body is not None or decl.owner:
            return self.unsupported(self.tsp(ch[0]), "this kind of explicit instantiation is")
        return A.ExplicitInstantiation(self.sp(meta), decl)

    def template_decl(self, meta, ch):
        params = tuple(c for c in ch if isinstance(c, A.TemplateParam))
        decl = ch[-1]
        if isinstance(decl, A.Unsupported):
            return decl
        if not params and not isinstance(decl, (A.FunctionDef, A.StructDef)):
            return self.unsupported(self.tsp(ch[0]), "explicit specialisations ('template<>') of this kind are")
        if not params and isinstance(decl, A.StructDef) and decl.spec_args is None:
            return self.unsupported(self.tsp(ch[0]), "explicit specialisations ('template<>') of this kind are")
        if isinstance(decl, A.StructForward) and params:    # `template<int N> struct Buf;`
            return A.TemplateDecl(self.sp(meta), params, decl)
        if not isinstance(decl, (A.FunctionDef, A.StructDef)) or isinstance(decl, A.FunctionDef) and decl.owner:
            return self.unsupported(self.tsp(ch[0]), "this kind of template (only function and class "
                                    "templates) is")
        return A.TemplateDecl(self.sp(meta), params, decl)

    def static_member_def(self, meta, ch):
        base = next(c for c in ch if isinstance(c, A.TypeName))
        owners = [t for t in ch if isinstance(t, TOKENS) and t.type == "NS_NAME"]
        name = next(t for t in ch if isinstance(t, TOKENS) and t.type == "NAME")
        arrays = [c for c in ch if isinstance(c, tuple) and len(c) == 2]
        init = next((c[1] for c in arrays if c[0] in ("=", "{}")), None)
        ctor_args = next((c[1] for c in arrays if c[0] == "()"), None)
        arrays = [c for c in arrays if c[0] not in ("=", "{}", "()")]
        t = Decl(name.value, self.tsp(name), [], arrays).wrap(base)
        return A.StaticMemberDef(self.sp(meta), owners[-1].value, name.value, self.tsp(name), t, init, ctor_args)

    def static_assert_decl(self, meta, ch):
        texts = [t for t in ch if isinstance(t, TOKENS) and t.type == "STRING_LIT"]
        message = "".join(t.value[1:-1] for t in texts) if texts else None
        return A.StaticAssert(self.sp(meta), ch[1], message)

    def struct_specialisation(self, meta, ch):
        """`struct Buf<int, 4> { ... };` after `template<>` (or `template<int N>`: a partial one)."""
        spec = next(c for c in ch if isinstance(c, Marker) and c.kind == "spec_targs")
        ch = [Token("NAME", c.value) if isinstance(c, TOKENS) and c.type == "TEMPLATE_NAME" else c
              for c in ch if c is not spec]
        return replace(self.struct_def(meta, ch), spec_args=spec.value)

    def spec_targs(self, meta, ch):
        return Marker("spec_targs", tuple(c for c in ch if c is not None))

    def member_template_decl(self, meta, ch):
        params = tuple(c for c in ch if isinstance(c, A.TemplateParam))
        decl = ch[-1]
        if isinstance(decl, A.FunctionDef) and params and decl.kind in (None, "ctor") and decl.spec_args is None:
            return A.TemplateDecl(self.sp(meta), params, decl)
        if isinstance(decl, A.FunctionDef) and decl.kind == "conversion":    # `template <typename T> operator T()`
            return self.unsupported(self.sp(meta), "conversion operator templates are",
                                    help="write one conversion operator per target type")
        return self.unsupported(self.sp(meta), "member templates other than member function templates are")

    def tparam(self, meta, ch):
        sp = self.sp(meta)
        toks = [c for c in ch if isinstance(c, TOKENS)]
        if toks and toks[0].type in ("TYPENAME", "STRUCT_KW"):  # typename T [= type], unnamed `class`
            name = next((t.value for t in toks[1:] if t.type in ("NAME", "TYPE_NAME")), None)
            default = next((c for c in ch if isinstance(c, A.TypeName) or isinstance(c, A.Node)), None)
            return A.TemplateParam(sp, "type", name, None, default)
        t = ch[0]
        if isinstance(t, A.TypeName) and t.elaborated in ("class", "struct") and not t.namespace:
            default = ch[1] if len(ch) > 1 else None     # class T [= type]
            return A.TemplateParam(sp, "type", t.name, None, default)
        name = next((t.value for t in toks if t.type == "NAME"), None)
        default = ch[-1] if len(ch) > 1 and not isinstance(ch[-1], TOKENS) else None
        return A.TemplateParam(sp, "value", name, t, default)

    # -- types
    def type(self, meta, ch):
        if len(ch) == 1:        # no cv-qualifiers: the core, which spans the same text
            return ch[0]
        core = next(c for c in ch if isinstance(c, A.TypeName))
        toks = {t.type for t in ch if isinstance(t, TOKENS)}
        return A.TypeName(self.sp(meta), core.name, core.namespace, core.args,
                          core.const or "CONST" in toks, core.volatile or "VOLATILE" in toks,
                          core.elaborated)

    def builtin_type(self, meta, ch):
        if len(ch) == 1:
            word = ch[0].value
            name = _NORMALISED.get((word,), word)
        else:
            words = tuple(t.value for t in ch)
            name = _NORMALISED.get(words, " ".join(words))
        return A.TypeName(self.sp(meta), name, (), None, False, False, None)

    def named_type(self, meta, ch):
        ns = tuple(t.value for t in ch[:-1])
        return A.TypeName(self.sp(meta), ch[-1].value, ns, None, False, False, None)

    def template_type(self, meta, ch):
        i = next(k for k, t in enumerate(ch) if isinstance(t, TOKENS) and t.type == "TEMPLATE_NAME")
        ns = tuple(t.value for t in ch[:i])
        # `!type_core` keeps the '<' and '>' tokens; they are not arguments
        args = tuple(a for a in ch[i + 1:] if a is not None and not isinstance(a, TOKENS))
        return A.TypeName(self.sp(meta), ch[i].value, ns, args, False, False, None)

    def nested_type(self, meta, ch):
        """`std::vector<float>::iterator`: a member type of a template-id."""
        scope = self.template_type(meta, [c for c in ch[:-1] if not (isinstance(c, TOKENS) and c.type == "TYPENAME")])
        return A.TypeName(self.sp(meta), ch[-1].value, (), None, False, False, None, scope)

    def function_template_type(self, meta, ch):
        """`std::function<R(P...)>`: a template-id whose one argument is a function type."""
        i = next(k for k, t in enumerate(ch) if isinstance(t, TOKENS) and t.type == "FN_TEMPLATE_NAME")
        ns = tuple(t.value for t in ch[:i])
        ret = next(c for c in ch[i + 1:] if isinstance(c, A.TypeName))
        ptrs = [c for c in ch if isinstance(c, tuple) and len(c) == 3]
        ret = Decl(None, None, ptrs, []).wrap(ret)
        params = tuple(p.type for p in ch if isinstance(p, A.Param))
        if len(params) == 1 and isinstance(params[0], A.TypeName) and params[0].name == "void":
            params = ()                 # `R(void)` declares no parameters, as in C
        fn = A.FunctionType(self.sp(meta), ret, params)
        return A.TypeName(self.sp(meta), ch[i].value, ns, (fn,), False, False, None)

    def pointer_targ(self, meta, ch):
        """`T*` (or `T&`) as a template argument: `std::vector<float*>`; `int (*)(int)`, a
        function type `bool() restrict(cpu)`."""
        if isinstance(ch[-1], Decl):
            return ch[-1].wrap(ch[0])
        if isinstance(ch[-1], Marker):      # `int (&)[5][4]`
            ptr, arrays = ch[-1].value
            return Decl(None, None, [ptr], []).wrap(Decl(None, None, [], arrays).wrap(ch[0]))
        return Decl(None, None, [c for c in ch[1:] if isinstance(c, tuple)], []).wrap(ch[0])

    def array_targ(self, meta, ch):
        """`T[]`, `int[5][4]` as a template argument: `std::unique_ptr<float[]>`."""
        t = Decl(None, None, [], [c for c in ch[1:] if isinstance(c, tuple)]).wrap(ch[0])
        return replace(t, span=self.sp(meta))

    def decltype_type(self, meta, ch):
        """`decltype(expr)`: the type of an expression (sema analyses it, nothing runs)."""
        expr = next(c for c in ch if not isinstance(c, TOKENS))
        return A.TypeName(self.sp(meta), "decltype", (), (expr,), False, False, None)

    def decltype_template_id(self, meta, ch):
        """`decltype(tf<double>)`: the type of a function template's instance."""
        i = next(k for k, t in enumerate(ch) if isinstance(t, TOKENS) and t.type == "TEMPLATE_NAME")
        ns = tuple(t.value for t in ch[:i] if isinstance(t, TOKENS) and t.type == "NS_NAME")
        args = tuple(a for a in ch[i + 1:] if a is not None and not isinstance(a, TOKENS))
        tid = A.TypeName(self.tsp(ch[i]), ch[i].value, ns, args, False, False, None)
        return A.TypeName(self.sp(meta), "decltype", (), (A.TemplateId(tid.span, tid),), False, False, None)

    def typename_type(self, meta, ch):
        """`typename T::value_type`: a member type of a template parameter."""
        names = [t.value for t in ch if isinstance(t, TOKENS) and t.type in ("NS_NAME", "NAME", "TYPE_NAME")]
        return A.TypeName(self.sp(meta), names[-1], tuple(names[:-1]), None, False, False, None)

    def elaborated_type(self, meta, ch):
        ns = tuple(t.value for t in ch[1:-1])
        return A.TypeName(self.sp(meta), ch[-1].value, ns, None, False, False, ch[0].value)

    # -- declarators
    def ptr_op(self, meta, ch):
        tok = ch[0]
        kind = {"STAR": "*", "AMP": "&", "ANDAND": "&&"}[tok.type]
        return (kind, frozenset(t.value for t in ch[1:]), self.sp(meta))     # {"const", "volatile"}

    def array_suffix(self, meta, ch):
        return (ch[0] if ch else None, self.sp(meta))

    def member_ptr(self, meta, ch):
        """`C::*` in a declarator: a pointer to a member of C."""
        owners = [t.value for t in ch if isinstance(t, TOKENS) and t.type == "NS_NAME"]
        return Marker("member_ptr", owners[-1] if owners else "", self.sp(meta))

    def fn_suffix(self, meta, ch):
        """`(params) restrict(...)` after a function declarator's parentheses."""
        params, variadic, restrict, *_ = self._fn_parts(ch)
        return Marker("fn_suffix", (params, variadic, restrict), self.sp(meta))

    def _fn_decl(self, meta, ch, inner: Decl) -> FnDecl:
        i = next(k for k, c in enumerate(ch) if isinstance(c, TOKENS) and c.type == "DECL_LPAR")
        suffix = next(c for c in ch if isinstance(c, Marker) and c.kind == "fn_suffix")
        fn_ptr = ch[i + 1]
        return FnDecl(inner, [c for c in ch[:i] if isinstance(c, tuple)], fn_ptr, suffix.value, self.sp(meta))

    def function_declarator(self, meta, ch):
        """`(*name)(params)`, `(&name)(params) restrict(amp)`, `(C::*name)(params)`, `(*table[4])(int)`;
        `auto (*name)(params) -> R`: the result written after the parameters."""
        d = self._fn_decl(meta, ch, next(c for c in ch if isinstance(c, Decl)))
        d.returns = next((c.value for c in ch if isinstance(c, Marker) and c.kind == "returns"), None)
        return d

    def fn_abstract(self, meta, ch):
        """`(*)(params)`, `(&)(params)`, `(C::*)(params)` without a name."""
        return self._fn_decl(meta, ch, Decl(None, None, [], []))

    def array_abstract(self, meta, ch):
        """`(&)[5][4]`: a reference (or pointer) to an array, without a name."""
        if isinstance(ch[1], Marker):       # `(C::*)[4]`
            raise _SyntaxProblem("unsupported", "pointers to array members are not supported yet", ch[1].span)
        return Marker("array_abstract", (ch[1], [c for c in ch if isinstance(c, tuple) and len(c) == 2]))

    def function_type(self, meta, ch):
        """`bool() restrict(cpu)`, `float*(int)`: a function type."""
        i = next(k for k, c in enumerate(ch) if isinstance(c, TOKENS) and c.type == "DECL_LPAR")
        params, variadic, restrict, *_ = self._fn_parts(ch)
        return FnDecl(Decl(None, None, [], []), [c for c in ch[:i] if isinstance(c, tuple)], None,
                      (params, variadic, restrict), self.sp(meta))

    def declarator(self, meta, ch):
        if len(ch) == 1:                    # a plain name
            name = ch[0]
            self._check_identifier(name)
            return Decl(name.value, self.tsp(name), [], [])
        ptrs = [c for c in ch if isinstance(c, tuple) and len(c) == 3]
        arrays = [c for c in ch if isinstance(c, tuple) and len(c) == 2]
        name = next(c for c in ch if isinstance(c, TOKENS))
        self._check_identifier(name)
        return Decl(name.value, self.tsp(name), ptrs, arrays)

    def init_assign(self, meta, ch):
        return ("=", ch[0])

    def init_ctor(self, meta, ch):
        return ("()", tuple(c for c in ch if not (isinstance(c, TOKENS) and c.type == "INIT_LPAR")))

    def init_brace(self, meta, ch):
        return ("{}", ch[0])

    def init_list(self, meta, ch):
        return A.InitList(self.sp(meta), tuple(c for c in ch if c is not None))

    def init_declarator(self, meta, ch):
        return (ch[0], ch[1] if len(ch) > 1 else None, self.sp(meta))

    def storage(self, meta, ch):
        return Marker("storage", ch[0].value)

    def declaration(self, meta, ch):
        # storage* type init_declarator ("," init_declarator)*
        first = 0
        while ch[first].__class__ is Marker:
            first += 1
        storage = tuple(c.value for c in ch[:first])
        base = ch[first]
        decls, functions = [], []
        for item in ch[first + 1:]:
            if isinstance(item, Marker):    # `auto n = 3, f() -> int;`: a function declared too
                functions.append(self.function_def(item.span, [*ch[:first], base, *item.value]))
                continue
            d, init, span = item
            value = args = None
            if init is not None:
                if init[0] == "()":
                    args = init[1]
                else:
                    value = init[1]
            decls.append(A.VarDecl(span, d.name, d.span, d.wrap(base), storage, value, args))
        if functions:
            return Marker("declarations", (A.DeclStmt(self.sp(meta), tuple(decls)), *functions), self.sp(meta))
        return A.DeclStmt(self.sp(meta), tuple(decls))

    def declared_function(self, meta, ch):
        return Marker("declared_function", ch, meta)

    def bitfield(self, meta, ch):
        name = ch[0] if len(ch) > 1 else None
        return Marker("bitfield", (name.value if name is not None else None, ch[-1]), self.sp(meta))

    def bitfield_decl(self, meta, ch):
        """Bit-fields: fields with a width (an unnamed one only pads, and declares nothing)."""
        storage = tuple(c.value for c in ch if isinstance(c, Marker) and c.kind == "storage")
        base = next(c for c in ch if not isinstance(c, Marker))
        decls = tuple(A.VarDecl(c.span, c.value[0], c.span, base, storage, None, None, c.value[1])
                      for c in ch if isinstance(c, Marker) and c.kind == "bitfield" and c.value[0] is not None)
        return A.DeclStmt(self.sp(meta), decls)

    def linkage_spec(self, meta, ch):
        """`extern "C" ...`: its declarations, as if written without it; its functions are marked
        `extern "C"` (such a function cannot be overloaded, nor be restrict(cpu, amp))."""
        items = [c for c in ch[2:] if c is not None and not isinstance(c, TOKENS)]
        if ch[1].value == '"C"':
            items = [_c_linkage(c) for c in items]
        return items[0] if len(items) == 1 else Marker("declarations", tuple(items), self.sp(meta))

    def typedef_struct(self, meta, ch):
        """`typedef struct tag { ... } P, *PP;`: the struct (named by its tag, else by the first
        plain declarator), then a typedef for each declarator that is not that name."""
        span = self.sp(meta)
        tag = ch[2] if isinstance(ch[2], TOKENS) and ch[2].type in ("NAME", "TYPE_NAME") else None
        members = [c for c in ch if not isinstance(c, (Decl, *TOKENS))]
        decls = [c for c in ch if isinstance(c, Decl)]
        plain = [d for d in decls if not d.ptrs and not d.arrays]
        name = tag.value if tag is not None else (plain[0].name if plain else None)
        if name is None:
            return self.unsupported(span, "a typedef of an unnamed struct through a pointer is")
        body = [ch[1], Token("TYPE_NAME", name)] + members
        struct = self.struct_def(meta, body)
        base = A.TypeName(span, name, (), None, False, False, None)
        typedefs = [A.Typedef(span, d.name, d.wrap(base)) for d in decls if d.name != name]
        return Marker("declarations", (struct, *typedefs), span) if typedefs else struct

    def typedef_enum(self, meta, ch):
        """`typedef enum tag { A, B } E, *PE;`: the enum (named by its tag, else by the first plain
        declarator), then a typedef for each declarator that is not that name."""
        span = self.sp(meta)
        decls = [c for c in ch if isinstance(c, Decl)]
        plain = [d for d in decls if not d.ptrs and not d.arrays]
        tag = ch[2] if isinstance(ch[2], TOKENS) and ch[2].type in ("NAME", "TYPE_NAME") else None
        name = tag.value if tag is not None else (plain[0].name if plain else None)
        if name is None:
            return self.unsupported(span, "a typedef of an unnamed enum through a pointer is")
        items = tuple(c for c in ch if isinstance(c, tuple))
        enum = A.EnumDef(span, name, items, next((c for c in ch if isinstance(c, A.TypeName)), None))
        base = A.TypeName(span, name, (), None, False, False, None)
        typedefs = [A.Typedef(span, d.name, d.wrap(base)) for d in decls if d.name != name]
        return Marker("declarations", (enum, *typedefs), span) if typedefs else enum

    def typedef_function(self, meta, ch):
        """`typedef int F(int) restrict(cpu);`, `typedef int (F)();`: a name for a function type,
        as `using F = int(int) restrict(cpu);` is."""
        name = next(t for t in ch if isinstance(t, TOKENS) and t.type == "NAME")
        suffix = next(c for c in ch if isinstance(c, Marker) and c.kind == "fn_suffix")
        fn = FnDecl(Decl(None, None, [], []), [c for c in ch if isinstance(c, tuple)], None, suffix.value,
                    suffix.span)
        return A.Typedef(self.sp(meta), name.value, fn.wrap(ch[1]))

    def typedef_decl(self, meta, ch):
        base = ch[1]
        out = [A.Typedef(self.sp(meta), d.name, d.wrap(base)) for d in ch[2:]]
        return out[0] if len(out) == 1 else A.Compound(self.sp(meta), tuple(out))

    # -- structs and enums
    def struct_def(self, meta, ch):
        span = self.sp(meta)
        kw = next(c for c in ch if isinstance(c, TOKENS) and c.type == "STRUCT_KW")
        name = next(c for c in ch if isinstance(c, TOKENS) and c.type in ("NAME", "TYPE_NAME"))
        fields, methods, bad, bases, others, member_templates = [], [], [], (), [], []
        anonymous, hidden, virtual, properties = [], [], False, []
        access = "private" if kw.value == "class" else "public"
        openness: dict = {}                 # member name -> its most open access
        friends: list = []
        for c in ch:
            friends.extend(_friend_names(c))
            for n in _member_names(c):
                if _OPENNESS[access] >= _OPENNESS.get(openness.get(n), -1):
                    openness[n] = access
            if isinstance(c, Marker) and c.kind == "access":
                access = c.value
            elif isinstance(c, Marker) and c.kind == "bases":
                bases = c.value
                virtual = c.virtual     # (a class with a virtual base is no amp type: sema, restrict_amp)
            elif isinstance(c, A.DeclStmt):
                fields.extend(c.decls)
            elif isinstance(c, A.FunctionDef):
                methods.append(c)
            elif isinstance(c, Marker) and c.kind == "declarations":     # `int f(), g();`, `int n, f();`
                for x in c.value:
                    (fields.extend(x.decls) if isinstance(x, A.DeclStmt) else methods.append(x))
            elif isinstance(c, A.Unsupported):
                bad.append(c)
            elif isinstance(c, A.StructDef):
                bad.append(self.unsupported(c.span, "nested struct definitions are"))
            elif isinstance(c, Marker) and c.kind == "anonymous":     # `union { ... } u;`, `struct { ... };`
                inner, decls = c.value
                anonymous.append(inner)
                t = A.TypeName(inner.span, inner.name, (), None, False, False, None)
                if not decls:           # its members are the class's: a hidden field holds them
                    hidden.append(f"anonymous_{inner.span.line}_{inner.span.col}")
                    decls = (Decl(hidden[-1], inner.span, [], []),)
                fields.extend(A.VarDecl(d.span, d.name, d.span, d.wrap(t), (), None, None) for d in decls)
            elif isinstance(c, A.TemplateDecl):
                member_templates.append(c)
            elif isinstance(c, (A.Typedef, A.EnumDef, A.StaticAssert)):
                others.append(c)
            elif isinstance(c, A.Compound):         # `typedef float a, b;`
                others.extend(c.items)
            elif isinstance(c, A.UsingNamespace):
                bad.append(self.unsupported(c.span, "'using namespace' in a class is"))
            elif isinstance(c, A.Property):
                properties.append(c)
        if any(isinstance(c, Marker) and c.kind == "declarators" or isinstance(c, Decl) for c in ch):
            bad.append(self.unsupported(span, "declaring variables in a struct definition is"))
        return A.StructDef(span, kw.value, name.value, tuple(fields), tuple(methods), bases, tuple(bad),
                           tuple(others), member_templates=tuple(member_templates), anonymous=tuple(anonymous),
                           hidden=tuple(hidden), virtual_base=virtual, properties=tuple(properties),
                           nonpublic=tuple(sorted(n for n, acc in openness.items() if acc != "public")),
                           access=tuple(sorted(openness.items())), friends=tuple(dict.fromkeys(friends)))

    def anon_struct_member(self, meta, ch):
        """`union { int i; float f; };`, `struct { ... } s;` in a class: an unnamed class (named
        here after its place), with the declarators that use it (none: its members are the
        enclosing class's, reached through a hidden field)."""
        span = self.sp(meta)
        kw = ch[0]
        decls = next((c.value for c in ch if isinstance(c, Marker) and c.kind == "declarators"), ())
        body = [c for c in ch if not (isinstance(c, Marker) and c.kind == "declarators")]
        name = f"(anonymous {kw.value} at {span.line}:{span.col})"
        inner = self.struct_def(meta, [kw, Token("TYPE_NAME", name)] + body[1:])
        return Marker("anonymous", (inner, decls), span)

    def base_clause(self, meta, ch):
        m = Marker("bases", tuple(name for name, _ in ch), self.sp(meta))
        m.virtual = any(virtual for _, virtual in ch)
        return m

    def base(self, meta, ch):
        """A base class: its name, or for a template-id (`array_view<int>`) its type (sema says
        which ones amppy takes), and whether it is virtual."""
        virtual = any(isinstance(t, TOKENS) and t.type == "VIRTUAL" for t in ch)
        ch = [t for t in ch if not (isinstance(t, TOKENS) and t.type in ("ACCESS", "VIRTUAL"))]
        if any(isinstance(t, TOKENS) and t.type == "TEMPLATE_NAME" for t in ch):
            return (self.template_type(meta, ch), virtual)
        name = next(t.value for t in reversed(ch) if isinstance(t, TOKENS) and t.type in ("NAME", "TYPE_NAME"))
        return (name, virtual)

    def struct_member(self, meta, ch):
        return ch[0]

    def declarator_list(self, meta, ch):
        return Marker("declarators", tuple(ch))

    def enum_def(self, meta, ch):
        name = None
        items = []
        for c in ch:
            if isinstance(c, TOKENS) and c.type in ("NAME", "TYPE_NAME") and name is None and not items:
                name = c.value
            elif isinstance(c, tuple):
                items.append(c)
        return A.EnumDef(self.sp(meta), name, tuple(items), next((c for c in ch if isinstance(c, A.TypeName)), None))

    enum_forward = _unsupported_rule("an opaque enum declaration ('enum E : short;') is")

    def property_decl(self, meta, ch):
        """`__declspec(property(get = get_x, put = set_x)) int x;`: a Property of the class."""
        kind = ch[1]
        if kind.value != "property":
            raise _SyntaxProblem("syntax-error", f"expected 'property', found '{kind.value}'", self.tsp(kind))
        accessors = dict(c for c in ch if isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], str))
        for key in accessors:
            if key not in ("get", "put"):
                raise _SyntaxProblem("syntax-error", f"'{key}' is not a property accessor; expected 'get' or 'put'",
                                     self.sp(meta))
        base = next(c for c in ch if isinstance(c, A.TypeName))
        name = [t for t in ch if isinstance(t, TOKENS) and t.type == "NAME"][-1]
        dims = [c for c in ch if isinstance(c, tuple) and len(c) == 2 and not isinstance(c[0], str)]
        if dims:
            self.unsupported(self.sp(meta), "an indexed property ('__declspec(property(...)) T name[]') is")
        return A.Property(self.sp(meta), name.value, self.tsp(name), base, accessors.get("get"),
                          accessors.get("put"), bool(dims))

    def property_accessor(self, meta, ch):
        return (ch[0].value, ch[1].value)

    def enumerator(self, meta, ch):
        return (ch[0].value, ch[1] if len(ch) > 1 else None, self.tsp(ch[0]))

    # -- functions


def _c_linkage(item):
    """`item` with its functions marked `extern "C"`."""
    if isinstance(item, A.FunctionDef):
        return replace(item, storage=item.storage + ('extern "C"',))
    if isinstance(item, Marker) and item.kind == "declarations":
        return Marker("declarations", tuple(_c_linkage(c) for c in item.value), item.span)
    return item


def _flat(items):
    """Top-level items with `extern "C" { ... }` and `typedef struct` groups spread out."""
    for c in items:
        if isinstance(c, Marker) and c.kind == "declarations":
            yield from _flat(c.value)
        elif c is not None:
            yield c
