"""Calls of the program's functions: arguments converted to the parameters, default arguments
filled in at the call, reference parameters bound to lvalues, and the caller's and callee's
restrictions (`restrict(cpu)`/`restrict(amp)`) checked.

`checked_call` is the one place a call of a program function becomes `ir.Call`; the library's
dispatcher (`library.py`), classes, templates and lambdas all end here.
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from ..ir.queries import is_lvalue, is_lvalue_conditional, returns_reference
from . import constness, lambdas, local_classes, memory, overloads, streams, templates
from .scope import Scope


def user_call(a, sym: ir.Symbol, n: A.Call) -> ir.Expr:
    return checked_call(a, sym, [], [a.expr(x) for x in n.args], [x.span for x in n.args], n.span)


def restriction_allowed(a, f: ir.Symbol, span, via: str = "") -> None:
    """The caller's restriction allows calling `f`; `via`: the default argument the call is in
    (reported at the call that uses the defaults, as Visual C++ does)."""
    what = f"the default argument of '{via}' calls '{f.name}'" if via else f"call to '{f.name}'"
    if a.in_amp() and "amp" not in f.restrict_:
        a.error("amp-restrict", f"{what}, which is not restrict(amp), from restrict(amp) code", span,
                help=f"declare '{f.name}' restrict(amp) or restrict(cpu, amp)")
    if not a.in_amp() and "cpu" not in f.restrict_:
        a.error("amp-restrict", f"{what}, which is restrict(amp) only, from CPU code", span,
                help=f"declare '{f.name}' restrict(cpu, amp) to call it from the host too")


def cpu_version(a, sym: ir.Symbol, args: list, span) -> ir.Symbol | None:
    """A restrict(cpu, amp) function is compiled twice: its call of a restrict(amp)-only free
    function `sym` (chosen for amp code) needs a restrict(cpu) overload that takes the same
    arguments for the CPU's version (Visual Studio's C3930), which that version calls."""
    if "cpu" in sym.restrict_ or sym.owner or a.fn.kernel is not None or not {"cpu", "amp"} <= set(a.fn.restrict):
        return None
    name = sym.name.split("<", 1)[0]            # (an instance of a template: `tf<int>`)
    found, _ = a.globals.lookup(name)
    group = [s for s in overloads.symbols_of(found) if s.kind == "function" and "cpu" in s.restrict_]
    cpu_templates = [d for d in a.function_templates.get(name, []) if "cpu" in (d.decl.restrict or ("cpu",))]
    viable = [s for s in group if overloads.viable(a, s, args, False) is not None]
    if not viable and not templates.deducible(a, cpu_templates, None, args, span):
        a.error("amp-restrict", f"call to '{sym.name}' from restrict(cpu, amp) code: no restrict(cpu) '{sym.name}' "
                "takes these arguments", span,
                help=f"declare '{sym.name}' restrict(cpu, amp), or add a restrict(cpu) overload")
    if not viable:
        return None
    saved, a.choice_context = a.choice_context, False
    try:
        chosen = overloads.choose(a, viable, args, span, name)
    finally:
        a.choice_context = saved
    a.call_sites.append((chosen, span, False))
    a.fn.calls.append(chosen)
    return chosen


def defaults_context(a, sym: ir.Symbol) -> bool | None:
    """Where `sym`'s default arguments choose their overloads: at namespace scope the CPU's
    (False), in a local class of a restrict(amp) or restrict(cpu) function that function's
    (the suite's DefaultArguments/Test.03: `foo()` binds to the amp overload), else the caller's."""
    if not sym.owner:
        return False
    outer = local_classes.enclosing(a, a.structs[sym.owner]) if sym.owner in a.structs else None
    if outer is None or len(outer.restrict) != 1:
        return None
    return outer.restrict == ("amp",)


def checked_call(a, sym: ir.Symbol, pre: list, args: list, spans: list, span) -> ir.Expr:
    """The call of program function `sym`: `pre` (a member function's object) and `args`
    (analysed) converted to its parameters, default arguments filled in (evaluated at the call,
    as C++ does), and the restriction of caller and callee checked."""
    if sym.type.ret == lambdas.AUTO:    # `auto f() {...}`: its body first, for the call's type
        a.deduce_return(sym, span)
    ft: ir.Function = sym.type
    if pre and sym.member == "method":
        constness.check_call(a, sym, pre[0], span)
    params = ft.params[len(pre):]
    defaults = (sym.defaults or (None,) * len(ft.params))[len(pre):]
    required = len(params) - sum(1 for x in defaults if x is not None)
    if not required <= len(args) or len(args) > len(params) and not sym.variadic:
        want = str(len(params)) if required == len(params) else f"{required} to {len(params)}"
        a.error("call-args", f"'{sym.name}' takes {want} argument(s), {len(args)} given", span)
    host_func = cpu_version(a, sym, args, span) if a.fn is not None and a.choice_context is None else None
    extra = [x for x in defaults[len(args):]]           # default arguments, evaluated at the call
    saved, a.choice_context = a.choice_context, defaults_context(a, sym)
    scope, tenv = a.scope, a.tenv
    if sym.template_env and extra:          # `int n = _rank` of `template <int _rank>`: the instance's
        a.scope, a.tenv = Scope(a.scope, "block"), sym.template_env
        for k, v in sym.template_env.items():
            if isinstance(v, templates.TemplateValue):
                a.scope.define(k, v)
    try:
        filled = [a.expr(x) for x in extra]
    finally:
        a.choice_context, a.scope, a.tenv = saved, scope, tenv
    if a.fn is not None and a.choice_context is None:      # the functions the defaults call run here
        for x in (x for e in filled for x in ir.walk(e)):
            if isinstance(x, ir.Call) and x.func.kind == "function":
                restriction_allowed(a, x.func, span, via=sym.name)
    args = list(pre) + list(args) + filled
    spans = [span] * len(pre) + list(spans) + [x.span for x in extra]
    refs = sym.ref_params or (False,) * len(ft.params)
    mutable = sym.mutable_refs or (False,) * len(ft.params)
    written = sym.written_refs if sym.written_refs is not None else mutable
    for k, (e, pt, s, m, w) in enumerate(zip(args, ft.params, spans, mutable, written + (True,) * len(args))):
        const = constness.const_owner(a, e) if m and k >= len(pre) else None
        if const is not None and not isinstance(pt, (ir.ArrayView, ir.AmpArray)):     # (C2664)
            a.error("ref-binding", f"a non-const reference to '{pt}' cannot bind to {const}, which is const", s,
                    help="make the parameter const, or pass an object that is not const")
        read_only_index = not w and _kernel_index(e)        # the kernel's `idx`, which the callee only reads
        if m and not isinstance(pt, (ir.ArrayView, ir.AmpArray)) and not is_lvalue(e) and \
                not is_lvalue_conditional(e) and not read_only_index and \
                not (isinstance(pt, ir.Library) and pt.name in streams.KINDS):     # (streams are objects)
            if _kernel_index(e):            # (valid C++: the lambda's parameter is a variable)
                a.unsupported(f"passing the kernel's index parameter to '{sym.name}', which may change its "
                              f"'{pt}&' parameter, is", s,
                              help="copy the index into a variable of its own and pass that (`index<1> i = idx;`)")
            elif returns_reference(e):      # `f(obj.arr())`: an lvalue, which Python passes as the object
                if not reference_object(a, pt):
                    a.unsupported(f"passing what a function returns by reference ('{pt}&') to '{sym.name}', which "
                                  "may change it, is", s, help="copy it into a variable, pass that, and assign it back")
            elif not ir.is_class_type(pt) or not ir.is_class_type(e.type):
                a.error("ref-binding", f"non-const reference to '{pt}' cannot bind to a temporary", s,
                        help="pass a variable (the function changes it), or make the parameter const")
            # else Visual C++'s extension (warning C4239): a class temporary binds to a non-const
            # reference, and the callee's changes to it are lost with it
    conv = tuple(a.convert(e, pt, s, copy=not by_ref)      # by value: C++ copies
                 for e, pt, s, by_ref in zip(args, ft.params, spans, refs))
    if any(sym.pointer_refs):               # `T& v` whose address the callee takes: `&arg`
        conv = tuple(memory.ref_argument(a, e, s) if pr else e
                     for e, s, pr in zip(conv, spans, sym.pointer_refs + (False,) * len(conv)))
    a.call_sites.append((sym, span, a.fn is not None and a.in_amp()))
    if a.fn is not None:
        a.fn.calls.append(sym)
    if a.choice_context is None:            # (a default argument's: at its call, above; a global's: the CPU's)
        restriction_allowed(a, sym, span)
    return ir.Call(span, ft.ret, sym, conv, host_func)


def reference_object(a, t: ir.Type) -> bool:
    """Whether a reference of type `t` that a function returns is the object itself in Python
    (an array, a host struct, a container), so a name or a parameter can stand for it; numbers,
    strings, pointers, `index` and `extent` are values there, and so are structs in kernels."""
    return ir.is_class_type(t) and not isinstance(t, (ir.StdString, ir.Index, ir.Extent)) and not (
        isinstance(t, ir.StructType) and a.fn is not None and a.in_amp())


def _kernel_index(e: ir.Expr) -> bool:
    """`e` is the kernel's index parameter (`idx` of `[=](index<1> idx)`): a variable in C++, which
    amppy reads as the thread's index; a reference parameter the callee never writes can take it."""
    return isinstance(e, ir.MakeIndex) and all(isinstance(c, ir.ThreadIndex) for c in e.components)


class Calls:
    """The calls of program functions, as a part of the `Analyser`: classes, templates, lambdas
    and the library's dispatcher reach them through it (`a.checked_call`), importing nothing."""

    def checked_call(self, sym: ir.Symbol, pre: list, args: list, spans: list, span) -> ir.Expr:
        return checked_call(self, sym, pre, args, spans, span)

    def user_call(self, sym: ir.Symbol, n: A.Call) -> ir.Expr:
        return user_call(self, sym, n)
