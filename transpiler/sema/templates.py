"""Templates the program defines, by instantiation (as C++ compiles them).

A function template or class template is kept as its AST.  Each use with new arguments makes
an instantiation: the declaration analysed again with the template parameters bound (a type
parameter resolves to its type, a value parameter reads as its constant), checked as C++
checks it, and emitted once, named after its arguments:

    template <typename T, int N> T first(Buf<T, N> b)   ->  first<float, 4>: Python `first_float_4`
    template <typename T, int N> struct Buf {...}       ->  Buf<float, 4>:   Python class `Buf_float_4`

Arguments are given (`f<float>(x)`, `Buf<int, 4>`) or deduced from the call's arguments, for
the forms real code uses: `T`, `const T&`, `T*`, `array_view<T, N>`, `array<T, N>`,
`std::vector<T>`, `index<N>`/`extent<N>`, `tiled_index<D0, ...>`, and the program's class
templates; default template arguments fill the rest.  A diagnostic inside an instantiation
carries the note "in instantiation of 'f<float, 16>' requested here".
"""
from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace

from ..parse import ast as A
from .. import ir
from ..names import free_py_name
from . import overloads as O
from .context import SemaError
from .template_order import TemplateValue, kinds_fit, more_specialised  # noqa: F401  (TM.kinds_fit, TM.TemplateValue)
from .scope import Scope
from .special_members import CTOR_TEMPLATES


@dataclass(frozen=True)
class TemplateName:
    """A template template parameter's value: a class template, by its name (`std::vector`,
    `array_view`, the program's `Buffer`)."""
    name: str
    namespace: tuple = ()

    def __str__(self):
        return "::".join(self.namespace + (self.name,))

    def applied(self, t: A.TypeName) -> A.TypeName:
        """`C<T>` in a template where C is this template: the template's own name with those arguments."""
        return replace(t, name=self.name, namespace=self.namespace)


def template_arg(a, p: A.TemplateParam, x, at):
    """The value of template argument `x` (AST) for parameter `p`: a type, a constant, or a
    class template's name."""
    if p.kind == "template":
        if isinstance(x, (A.TypeName, A.Name)) and getattr(x, "args", None) is None:
            bound = a.tenv.get(x.name)
            if isinstance(bound, TemplateName) and not x.namespace:    # passed on: `f<T, C>()` inside a template
                return bound
            return TemplateName(x.name, tuple(x.namespace))
        a.error("template-args", f"template argument for template template parameter '{p.name}' must be "
                "a class template", x.span)
    if p.kind == "type":
        return a.type_arg(x, at)
    if isinstance(x, A.TypeName) and x.args is None and not x.namespace and x.scope is None:
        x = A.Name(x.span, x.name, ())      # a constant's name the lexer took for a type's
    return a.const_int(x, "template argument")


class Instantiating:
    """The analyser's state around an instantiation (restored afterwards): the template
    bindings, the function being analysed, its scope and per-statement flags."""

    def __init__(self, a, env: dict, name: str, span):
        self.a, self.env, self.name, self.span = a, env, name, span

    def __enter__(self):
        a = self.a
        self.saved = a.suspended()
        self.saved.__enter__()
        a.tenv = self.env
        scope = Scope(a.globals, "template")
        for k, v in self.env.items():
            if isinstance(v, TemplateValue):
                scope.define(k, v)
        a.template_scope = scope
        a.fn, a.scope, a.handling, a.discarding, a.deduced = None, scope, 0, False, None
        a.unevaluated, a.choice_context = False, None   # (a body is code of its own, in its own restriction)
        a.instantiations.append((self.name, self.span))
        return self

    def __exit__(self, *exc):
        a = self.a
        a.instantiations.pop()
        self.saved.__exit__(*exc)
        return False


def template_id(d: A.TemplateDecl) -> tuple:
    """What identifies a template across the program's units: where it is written (a header's
    template, read by two units, has one set of instantiations)."""
    return (os.path.abspath(d.span.file), d.span.line, d.span.col)


def declare(a, d: A.TemplateDecl) -> None:
    """Keep a template (nothing is analysed until it is used).  A specialisation is kept with
    its template; an explicit specialisation of a function is an ordinary function, analysed now."""
    inner = d.decl
    if isinstance(inner, A.StructForward):
        a.template_forwards.setdefault(inner.name, d)
    elif isinstance(inner, A.StructDef) and inner.spec_args is not None:
        if inner.name not in a.class_templates and inner.name not in a.template_forwards:
            a.error("undeclared", f"explicit specialization of undeclared template struct '{inner.name}'",
                    inner.span)
        a.class_specs.setdefault(inner.name, []).append(d)
    elif isinstance(inner, A.StructDef):
        if inner.name in a.class_templates:
            a.error("redefinition", f"redefinition of '{inner.name}'", inner.span)
        a.class_templates[inner.name] = d
    elif not d.params:
        _function_specialisation(a, d)
    else:                                   # a prototype, then its definition, are one template
        group = a.function_templates.setdefault(inner.name, [])
        for k, old in enumerate(group):
            if not set(old.decl.restrict or ("cpu",)) & set(inner.restrict or ("cpu",)):
                continue                    # the other restriction's version: an overload
            if [p.kind for p in old.params] == [p.kind for p in d.params] and \
                    _shape([p.type for p in old.decl.params], old) == _shape([p.type for p in inner.params], d):
                if old.decl.body is None:
                    group[k] = d
                    return
                if inner.body is None:
                    return
                a.error("redefinition", f"redefinition of '{inner.name}'", inner.name_span)
        group.append(d)


def _shape(node, t: A.TemplateDecl):
    """An AST without its spans, template parameters by position (`T` and `U` in the same place
    match): the signature of a function template, to match a prototype with its definition."""
    if isinstance(node, (list, tuple)):
        return tuple(_shape(x, t) for x in node)
    if isinstance(node, A.Node):
        names = [p.name for p in t.params]
        out = [type(node).__name__]
        for f in fields(node):
            if f.name == "span":
                continue
            v = getattr(node, f.name)
            out.append(f"#{names.index(v)}" if f.name == "name" and v in names else _shape(v, t))
        return tuple(out)
    return node


def _function_specialisation(a, d: A.TemplateDecl) -> None:
    """`template<> unsigned CountBits<1>(unsigned n) {...}`, `template<> float conv(const float&)`:
    the instantiation of the function template it names (arguments given, or deduced from its
    parameter types), with this definition."""
    f = d.decl
    params = [a.resolve_type(p.type) for p in f.params if not (p.name is None and isinstance(p.type, A.TypeName)
                                                                 and p.type.name == "void")]
    found = []
    for primary in a.function_templates.get(f.name, []):
        if len(primary.decl.params) != len(params):
            continue
        given = _args_of(a, primary, f.spec_args or (), f.name_span)
        names = {p.name for p in primary.params[len(given):]}
        deduced: dict = {}                      # from the parameters and the return type
        ret = a.resolve_type(f.return_type)
        if all(_deduce(a, p.type, t, names, deduced) for p, t in zip(primary.decl.params, params)) and \
                _deduce(a, primary.decl.return_type, ret, names, deduced):
            env = _bind(a, primary, given, deduced, f.name_span)
            if env is not None:
                found.append((primary, env))
    if not found:
        a.error("no-matching-function", f"no function template matches the explicit specialization of "
                f"'{f.name}'", f.name_span)
    primary, env = found[0]
    key = ("function", template_id(primary), tuple(env[p.name] for p in primary.params))
    if key in a.instances and a.instance_units.get(key, a.unit) != a.unit:
        return                                  # an earlier unit instantiated it (from the same header)
    earlier = a.function_specs.get(key)
    if earlier is not None and (earlier.decl.body is None or f.body is None):
        # `template <> const char* f();` then its definition (or a declaration again): one function
        if f.body is not None:
            a.function_specs[key] = d
            sym = a.instances.get(key)
            if sym is not None:
                name = _name(primary, env)[0]
                with Instantiating(a, {}, name, f.name_span):
                    try:
                        a.function_body(f, sym)
                    except SemaError:
                        pass
        return
    if earlier is not None or key in a.instances:
        a.error("redefinition", f"explicit specialization of '{_name(primary, env)[0]}' after its "
                "instantiation or a second time", f.name_span)
    a.function_specs[key] = d
    instantiate_function(a, primary, env, f.name_span)


def _slug(v) -> str:
    if isinstance(v, TemplateName):
        return v.name
    return str(v).replace("-", "m") if isinstance(v, int) else O.type_slug(v)


def _bind(a, d: A.TemplateDecl, given: list, deduced: dict, span, strict: bool = True) -> dict | None:
    """Every parameter's value: given (in order), deduced, or its default; None if one lacks
    (or, not `strict`, when a given argument is of the wrong kind: a candidate that does not fit)."""
    env = {}
    for k, p in enumerate(d.params):
        if k < len(given):
            v = given[k]
            if (p.kind == "value") != isinstance(v, int) or (p.kind == "template") != isinstance(v, TemplateName):
                if not strict:
                    return None
                a.error("template-args", f"template argument {k + 1} of '{d.decl.name}' must be "
                        f"{_KIND_WORDS[p.kind]}", span)
        elif p.name in deduced:
            v = deduced[p.name]
        elif p.default is not None:
            seen = {q.name: (TemplateValue(env[q.name], ir.INT) if q.kind == "value" else env[q.name])
                    for q in d.params if q.name in env}
            with Instantiating(a, seen, d.decl.name, span):     # defaults may use earlier parameters
                v = template_arg(a, p, p.default, p.default)
        else:
            return None
        env[p.name] = v
    return env


_KIND_WORDS = {"type": "a type", "value": "a constant", "template": "a class template"}


def _args_of(a, d: A.TemplateDecl, args_ast, t) -> list:
    out = []
    for k, x in enumerate(args_ast):
        p = d.params[k] if k < len(d.params) else None
        if p is None:
            a.error("template-args", f"too many template arguments for '{d.decl.name}'", x.span)
        out.append(template_arg(a, p, x, t))
    return out


def _env_for_analysis(d: A.TemplateDecl, env: dict) -> dict:
    """Value parameters as `TemplateValue`s (types stay types)."""
    out = {}
    for p in d.params:
        v = env[p.name]
        out[p.name] = TemplateValue(v, ir.INT) if p.kind == "value" else v
    return out


def _name(d: A.TemplateDecl, env: dict) -> tuple[str, str]:
    vals = [env[p.name] for p in d.params]
    return (f"{d.decl.name}<{', '.join(str(v) for v in vals)}>",
            f"{free_py_name(d.decl.name, len(getattr(d.decl, 'params', ())))}_{'_'.join(_slug(v) for v in vals)}")


# ---- class templates ---------------------------------------------------------------------------
def class_type(a, t: A.TypeName) -> ir.Type:
    """`Buf<float, 4>`: the instantiation's struct type (made on first use)."""
    d = a.class_templates[t.name]
    env = _bind(a, d, _args_of(a, d, t.args or (), t), {}, t.span)
    if env is None:
        a.error("template-args", f"too few template arguments for '{t.name}'", t.span)
    return instantiate_class(a, d, env, t.span)


def _specialisation(a, d: A.TemplateDecl, vals: tuple, span) -> tuple | None:
    """The specialisation of class template `d` that arguments `vals` choose, with its own
    parameters' values: an explicit one first, then the first partial one that matches."""
    specs = sorted(a.class_specs.get(d.decl.name, []), key=lambda s: len(s.params))
    for sd in specs:
        args = sd.decl.spec_args
        if len(args) != len(vals):
            continue
        names = {p.name for p in sd.params}
        out: dict = {}
        for x, v, p in zip(args, vals, d.params):
            if p.kind == "value" and isinstance(x, A.Name) and x.name in names and not x.namespace:
                out.setdefault(x.name, v)
            elif p.kind == "type" and not isinstance(v, int):
                typ = A.TypeName(x.span, x.name, (), None, False, False, None) if isinstance(x, A.Name) else x
                if isinstance(typ, (A.TypeName, A.PointerType, A.ReferenceType)):
                    _deduce(a, typ, v, names, out)
        if set(out) != names:
            continue
        senv = _env_for_analysis(sd, out)
        with Instantiating(a, senv, d.decl.name, span):     # do the arguments, so bound, read as `vals`?
            got = tuple(template_arg(a, p, x, x) for x, p in zip(args, d.params))
        if got == tuple(vals):
            return sd, senv
    return None


def instantiate_class(a, d: A.TemplateDecl, env: dict, span) -> ir.StructType:
    name, py = _name(d, env)
    vals = tuple(env[p.name] for p in d.params)
    key = ("class", template_id(d), vals)
    if key in a.instances:
        return a.instances[key]
    st = ir.StructType(name, "")
    a.instances[key] = st
    aenv = _env_for_analysis(d, env)
    spec = _specialisation(a, d, vals, span)
    if spec is not None:                        # `template<> struct Fact<0> {...}` is Fact<0>
        d, aenv = spec[0], dict(spec[1])
    with Instantiating(a, aenv, name, span):
        py_name = a.module_names.fresh(py, a.globals)
        st = ir.StructType(name, py_name)
        a.instances[key] = st
        aenv[d.decl.name] = st                  # the injected class name: `Buf` inside Buf<T, N>
        a.class_args[name] = (a.class_templates.get(d.decl.name, d), env)   # (its own members' templates see it)
        pending, a.pending_bodies = a.pending_bodies, []
        try:
            a.struct_def(replace(d.decl, name=name, spec_args=None), py_name=py_name)
            bodies, a.pending_bodies = a.pending_bodies, pending
            for m, sym in bodies:
                try:
                    a.function_body(m, sym)
                except SemaError:
                    pass
        finally:
            a.pending_bodies = pending
    return st


# ---- function templates ------------------------------------------------------------------------
def _deduce(a, p: A.TypeRef, t: ir.Type, names: set, out: dict) -> bool:
    """Match parameter type `p` (AST) against argument type `t`, binding template parameters
    (`names`: those still to deduce; the others were given explicitly)."""
    if isinstance(p, A.ReferenceType):
        return _deduce(a, p.base, t, names, out)
    if isinstance(p, A.PointerType):
        if isinstance(t, (ir.Pointer, ir.CArray)):
            return _deduce(a, p.base, t.elem, names, out)
        if isinstance(t, ir.String):            # amppy's `char*` (`wchar_t*` when wide)
            return _deduce(a, p.base, ir.Scalar("wchar_t" if t.wide else "char"), names, out)
        return True
    if isinstance(p, A.ArrayType):          # `T (&a)[N]`: the element type and the length
        if not isinstance(t, ir.CArray):
            return False
        n = p.size
        if isinstance(n, A.Name) and n.name in names and not n.namespace:
            if out.setdefault(n.name, t.dims[0]) != t.dims[0]:
                return False
        return _deduce(a, p.base, t.elem if len(t.dims) == 1 else ir.CArray(t.elem, t.dims[1:]), names, out)
    if not isinstance(p, A.TypeName):
        return True
    if p.args is None and p.name in names:
        if isinstance(t, ir.CArray):
            t = ir.Pointer(t.elem)
        if p.name in out and out[p.name] != t:
            return False
        out[p.name] = t
        return True
    if p.args is None:
        return True
    args = list(p.args)
    if p.name in names and not p.namespace:     # `C<T, N>&`, C a template template parameter
        template = _template_of(a, t)
        if template is None or p.name in out and out[p.name] != template:
            return False
        out[p.name] = template
        p = template.applied(p)

    def value(x, v) -> bool:
        if isinstance(x, A.Name) and x.name in names and not x.namespace:
            if x.name in out and out[x.name] != v:
                return False
            out[x.name] = v
        return True

    def typ(x, v) -> bool:
        if isinstance(x, A.Name) and x.name in names:         # `T` read as an expression
            x = A.TypeName(x.span, x.name, (), None, False, False, None)
        return _deduce(a, x, v, names, out) if isinstance(x, (A.TypeName, A.PointerType, A.ReferenceType)) \
            else True

    if p.name in ("array_view", "array") and isinstance(t, (ir.ArrayView, ir.AmpArray)):
        if getattr(args[0], "const", False) and not getattr(t, "const", False):
            return False                # `array_view<const T, N>` deduces nothing from an array_view<int, N>
        return typ(args[0], t.elem) and (len(args) < 2 or value(args[1], t.rank))
    if p.name == "vector" and isinstance(t, ir.Vector):
        return typ(args[0], t.elem)
    if isinstance(t, ir.Container):         # `std::deque<T>`, `std::map<K, V>` from one of them
        if p.name != t.kind:
            return False
        return typ(args[0], t.key) and (t.mapped is None or len(args) < 2 or typ(args[1], t.mapped))
    if p.name in ("index", "extent") and isinstance(t, (ir.Index, ir.Extent)):
        return value(args[0], t.rank)
    if p.name in ("tiled_index", "tiled_extent") and isinstance(t, (ir.TiledIndex, ir.TiledExtent)):
        if len(args) < len(t.dims):
            return False
        return all(value(x, v) for x, v in zip(args, t.dims + (0,) * (len(args) - len(t.dims))))
    if p.name in a.class_templates and isinstance(t, ir.StructType) and t.name in a.class_args:
        d, env = a.class_args[t.name]
        if d is not a.class_templates[p.name]:
            return False
        for x, q in zip(args, d.params):
            if not (value(x, env[q.name]) if q.kind == "value" else typ(x, env[q.name])):
                return False
    return True


def _template_of(a, t: ir.Type) -> TemplateName | None:
    """The class template whose instance `t` is (what a template template parameter deduces to)."""
    if isinstance(t, ir.StructType) and t.name in a.class_args:
        return TemplateName(a.class_args[t.name][0].decl.name)
    library = {ir.ArrayView: "array_view", ir.AmpArray: "array", ir.Index: "index", ir.Extent: "extent"}
    if type(t) in library:
        return TemplateName(library[type(t)], ("concurrency",))
    if isinstance(t, ir.Vector) and t.size is None:
        return TemplateName("vector", ("std",))
    return None


def explicit_args(a, d: A.TemplateDecl, args_ast, at) -> list:
    return _args_of(a, d, args_ast, at)


def call(a, name: str, explicit: list | None, args: list, spans: list, span, regular: list) -> ir.Expr:
    """A call of `name`, a function template (maybe also ordinary overloads `regular`)."""
    best = choose(a, a.function_templates[name], explicit, args, span, name, regular,
                  lambda d, env: instantiate_function(a, d, env, span))
    return a.checked_call(best, [], args, spans, span)


def instances(a, name: str, args: list, span) -> list:
    """The instantiations of the function templates named `name` whose arguments deduce from
    `args` (an operator's candidates: `operator<<(std::ostream&, const extent<N>&)`)."""
    found = deducible(a, in_context(a, a.function_templates.get(name, [])), None, args, span)
    return [s for s in (instantiate_function(a, d, env, span) for d, env in found) if s is not None]


def in_context(a, templates: list) -> list:
    """The templates whose restriction the calling code has (C++ AMP drops the others before
    overload resolution, so they are never instantiated), or all where none has."""
    if a.choice_context is not None:
        ctx = {"amp" if a.choice_context else "cpu"}
    else:
        ctx = {"amp"} if a.fn is not None and a.fn.kernel is not None else set(a.fn.restrict) if a.fn else {"cpu"}
    return [d for d in templates if ctx & set(d.decl.restrict or ("cpu",))] or templates


def deducible(a, templates: list, explicit: list | None, args: list, span) -> list:
    """(template, its arguments) for each of `templates` whose parameters deduce from `args`."""
    cands = []
    for d in templates:
        f = d.decl
        if explicit and len(explicit) > len(d.params):
            continue                                    # more template arguments than it has parameters
        given = {p.name for p in d.params[:len(explicit or [])]}
        names = {p.name for p in d.params} - given      # explicit arguments are not deduced
        deduced: dict = {}
        params = [p for p in f.params if not (p.name is None and isinstance(p.type, A.TypeName)
                                              and p.type.name == "void")]
        ok = len(args) <= len(params) and all(p.default is not None for p in params[len(args):])
        for p, x in zip(params, args):
            ok = ok and _deduce(a, p.type, x.type, names, deduced)
        if not ok:
            continue
        env = _bind(a, d, explicit or [], deduced, span, strict=len(templates) == 1)
        if env is not None:
            cands.append((d, env))
    return cands


def choose(a, templates: list, explicit: list | None, args: list, span, name: str, regular: list,
           instantiate) -> ir.Symbol:
    """The function a call of `name` calls: the instantiation of one of `templates` whose
    arguments deduce (made by `instantiate(template, arguments)`), or one of the ordinary
    functions `regular`, by C++'s overload resolution (a non-template wins a tie)."""
    ctx = O.in_amp_context(a)
    cands = deducible(a, in_context(a, templates), explicit, args, span)
    made = [(instantiate(d, env), d) for d, env in cands]
    made = [(s, d, O.viable(a, s, args, ctx)) for s, d in made if s is not None]
    # among viable instances that fit equally well, the more specialised template's (partial ordering)
    syms = [s for s, d, r in made if r is None or not any(
        r2 == r and more_specialised(d2, d) and not more_specialised(d, d2) for _, d2, r2 in made)]
    plain = [s for s in regular if O.viable(a, s, args, ctx) is not None]
    if plain and explicit is None and syms:
        # one overload set: a template only where it fits better; on a tie C++ prefers the
        # non-template (so `f(int)` from a template beats two plain `f(float)`, `f(double)`)
        found = [(s, O.viable(a, s, args, ctx)) for s in plain + syms]
        found = [(s, r) for s, r in found if r is not None]
        is_plain = {id(s) for s in plain}

        def beats(x, y) -> bool:
            return O.better(x[1], y[1]) or x[1] == y[1] and id(x[0]) in is_plain and id(y[0]) not in is_plain
        winners = [x for x in found if all(x is y or beats(x, y) for y in found)]
        best = winners[0][0] if len(winners) == 1 else O.best(a, found, span, f"call to '{name}'")
    elif plain and explicit is None:
        best = O.choose(a, plain, args, span, name)
    elif syms:
        best = O.choose(a, syms, args, span, name)
    else:
        a.error("no-matching-function", f"no matching function for call to '{name}'", span,
                help="no template argument deduction fits the arguments' types; give the template "
                     "arguments explicitly")
    return best


def named_instance(a, n: A.TemplateId) -> ir.Expr:
    """`tf<double>` as a value (`decltype(tf<double>)`): the instance its arguments make, of the
    templates of that name whose parameters they all give (the code's restriction picks between a
    restrict(cpu) and a restrict(amp) template)."""
    t = n.type
    templates = a.function_templates.get(t.name)
    if not templates:
        a.unsupported(f"the template-id '{t.name}<...>' as a value is", n.span)
    found = []
    for d in in_context(a, templates):
        if len(t.args) > len(d.params):
            continue
        env = _bind(a, d, _args_of(a, d, t.args, t), {}, n.span)
        if env is not None:
            found.append((d, env))
    if len(found) != 1:
        a.error("ambiguous-call" if found else "template-args",
                f"'{t.name}<...>' {'names more than one function' if found else 'does not name a function'}",
                n.span, help="give every template argument of one function template")
    sym = instantiate_function(a, *found[0], n.span)
    if sym is None:
        a.error("template-args", f"'{t.name}<...>' cannot be instantiated", n.span)
    return ir.Var(n.span, sym.type, sym)


def explicit_instantiation(a, d: A.ExplicitInstantiation) -> None:
    """`template void f<int>(Buf<int>& r);`: the instance of `f`'s template whose arguments (given,
    then deduced from the parameter types written) make that function, analysed here as a call
    would make it; `template struct S<int>;`: the class template's instance, made as a use would."""
    if isinstance(d.decl, A.TypeName):
        a.resolve_type(d.decl)
        return
    f = d.decl
    ptypes = [a.resolve_type(p.type) for p in f.params
              if not (p.name is None and isinstance(p.type, A.TypeName) and p.type.name == "void")]
    for td in a.function_templates.get(f.name, []):
        params = [p for p in td.decl.params if not (p.name is None and isinstance(p.type, A.TypeName)
                                                     and p.type.name == "void")]
        given = _args_of(a, td, f.spec_args or (), f.name_span)
        deduced: dict = {}
        names = {p.name for p in td.params[len(given):]}
        if len(params) == len(ptypes) and all(_deduce(a, p.type, t, names, deduced) for p, t in zip(params, ptypes)):
            env = _bind(a, td, given, deduced, f.name_span)
            if env is not None:
                instantiate_function(a, td, env, f.name_span)
                return
    a.error("no-matching-function", f"explicit instantiation of '{f.name}' does not match a function template",
            f.name_span, help="declare the template first, with parameters of these types")


def instantiate_member(a, sd: ir.StructDef, d: A.TemplateDecl, env: dict, span) -> ir.Symbol | None:
    """`S::add<double>`: a member function of class `sd` made from member template `d`."""
    name, py = _name(d, env)

    def declare(decl):
        a.class_stack.append(sd)
        try:
            sym = a.declare_member(sd, replace(decl, name=py))
        finally:
            a.class_stack.pop()
        sym.name = name
        return sym
    key = ("member", template_id(d), sd.name, tuple(env[p.name] for p in d.params))
    full = {}
    owner = sd                              # (a base's member template sees the base's parameters)
    while owner.base and owner.base in a.structs and not (
            owner.name in a.class_args and any(t is d for t in a.class_args[owner.name][0].decl.member_templates)):
        owner = a.structs[owner.base]
    if owner.name in a.class_args:          # a member of a class template also sees the class's parameters
        cd, cenv = a.class_args[owner.name]
        full = _env_for_analysis(cd, cenv)
    full.update(_env_for_analysis(d, env))
    return _instantiate(a, key, d, full, f"{sd.name}::{name}", span, declare)


def constructor(a, sd: ir.StructDef, args: list, span) -> ir.Symbol:
    """The constructor of class `sd` that `args` call, among its constructors and the instances of
    its constructor templates whose parameters deduce from them (made here)."""
    made = {id(x) for x in a.instances.values()}        # (instances join `sd.ctors`; they compete as templates)
    return choose(a, sd.member_templates[CTOR_TEMPLATES], None, args, span, sd.name,
                  [c for c in sd.ctors if id(c) not in made], lambda d, env: instantiate_member(a, sd, d, env, span))


def instantiate_function(a, d: A.TemplateDecl, env: dict, span) -> ir.Symbol | None:
    name, py = _name(d, env)
    key = ("function", template_id(d), tuple(env[p.name] for p in d.params))
    spec = a.function_specs.get(key)            # an explicit specialisation is this instantiation
    return _instantiate(a, key, spec or d, _env_for_analysis(d, env) if spec is None else {}, name, span,
                        lambda decl: a.declare_function(replace(decl, spec_args=None), instance=(name, py)))


def _instantiate(a, key, d: A.TemplateDecl, aenv: dict, name: str, span, declare) -> ir.Symbol | None:
    """The function `declare(d.decl)` makes, once per `key`, its body analysed with `aenv` bound."""
    if key in a.instances:
        return a.instances[key]
    a.instance_units[key] = a.unit
    with Instantiating(a, aenv, name, span):
        try:
            sym = declare(d.decl)
        except SemaError:
            a.instances[key] = None
            return None
        a.instances[key] = sym
        if sym is not None and aenv:
            sym.template_env = dict(aenv)
        if d.decl.body is None:                 # declared, never defined: the linker's error
            return sym
        try:
            a.function_body(d.decl, sym)
        except SemaError:
            pass
    return sym
