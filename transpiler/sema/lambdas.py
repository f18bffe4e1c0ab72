"""Host lambdas: `[captures](params) { body }` outside parallel_for_each, as function values.

A lambda is analysed like a nested function whose scope sees the enclosing one.  Afterwards
its captures are worked out the way C++ does: every enclosing local it uses is captured by
copy or by reference, as the capture list says (`[=]`, `[&]`, `[x, &y]`); a use nothing
captures is the C++ error.  Kernel lambdas (`parallel_for_each`) are `sema.kernels`' business.
"""
from __future__ import annotations


from ..parse import ast as A
from .. import ir
from .area import Area, names
from .random import ENGINES
from .context import SemaError
from . import overloads as O
from .scope import Alias, Scope

AUTO = ir.Library("auto")


def dropped(a, n: A.Lambda) -> None:
    """`[=] { ... };` as a statement of restrict(amp) code, or a restrict(amp) lambda's as one of
    CPU code: a closure made and dropped, so nothing runs and nothing is emitted.  Its body is
    checked as C++ AMP compiles it: in its own restriction (`[]() restrict(cpu) {...}` may be made
    in amp code), else the enclosing function's (a lambda inherits it); its calls call nothing."""
    saved = len(a.call_sites), list(a.fn.calls), a.fn.restrict
    if n.restrict and a.fn.kernel is None:
        a.fn.restrict = tuple(n.restrict)
    try:
        lambda_expr(a, n, dropped=True)
    finally:
        del a.call_sites[saved[0]:]
        a.fn.calls[:] = saved[1]
        a.fn.restrict = saved[2]


def lambda_expr(a, n: A.Lambda, param_types: tuple | None = None, dropped: bool = False,
                refs: bool = False) -> ir.Lambda:
    """The lambda `n`; `param_types` types its `auto` parameters (an algorithm's elements);
    `dropped`: a lambda made and never used (`dropped`); `refs`: its caller takes back the
    values of its `T&` parameters of numbers and strings (`std::for_each`'s elements)."""
    if a.in_amp() and not dropped:
        a.unsupported("lambdas inside restrict(amp) code are", n.span)
    if a.fn is None:
        a.unsupported("lambdas outside functions are", n.span)
    if n.restrict and "amp" in n.restrict:
        check_amp_lambda(a, n)              # (C++ AMP's rules for its captures)
        if not dropped:
            a.unsupported("restrict(amp) lambdas outside parallel_for_each are", n.restrict_span or n.span)
    saved_scope, saved_ret = a.scope, a.fn.ret
    a.scope = Scope(a.scope, "lambda")
    try:
        params = []
        for i, p in enumerate(n.params):
            pt = a.resolve_type(p.type)
            if isinstance(pt, ir.Void) and p.name is None:
                continue
            if pt == AUTO:
                if param_types is None or i >= len(param_types):
                    a.unsupported("a lambda with 'auto' parameters here is", p.span,
                                  help="give the parameter its type")
                pt = param_types[i]
            name = p.name or f"arg{i}"
            sym = ir.Symbol(name, a.fn.py.fresh(name, a.scope), pt, "param", p.span)
            sym.by_ref = isinstance(p.type, A.ReferenceType) and not (
                isinstance(p.type.base, A.TypeName) and p.type.base.const)
            if sym.by_ref and isinstance(pt, (ir.Scalar, ir.StdString)) and not refs:
                a.unsupported(f"a lambda parameter of type '{pt}&' is", p.span,
                              help="take it by value or by const reference")
            a.scope.define(name, sym)
            params.append(sym)
        a.fn.ret = a.resolve_type(n.return_type) if n.return_type is not None else AUTO
        body = a.block(n.body, new_scope=False)
        ret = a.fn.ret if a.fn.ret != AUTO else ir.Void()
    finally:
        a.scope, a.fn.ret = saved_scope, saved_ret
    by_value, assigned = _captures(a, n, params, body)
    return ir.Lambda(n.span, ir.Function(ret, tuple(p.type for p in params)), tuple(params), body,
                     by_value, assigned)


def _captures(a, n: A.Lambda, params, body: ir.Block) -> tuple[tuple, tuple]:
    """(captured by copy, captured by reference and assigned) among the enclosing locals the
    body uses; the C++ errors for a use the capture list does not allow."""
    own = {id(p) for p in params}
    own |= {id(x.sym) for x in ir.walk(body) if isinstance(x, ir.VarDecl)}
    default = next((c.kind for c in n.captures if c.kind in ("=", "&")), None)
    named = {c.name: c.kind.startswith("&") for c in n.captures if c.name is not None}
    targets = {id(t.sym) for x in ir.walk(body) for t in _targets(x) if isinstance(t, ir.Var)}
    by_value, by_ref_assigned, seen = [], [], set()
    for x in ir.walk(body):
        if not isinstance(x, ir.Var) or x.sym.kind not in ("local", "param") or id(x.sym) in own \
                or id(x.sym) in seen:
            continue
        seen.add(id(x.sym))
        name = x.sym.name
        if name in named:
            by_ref = named[name]
        elif default is not None:
            by_ref = default == "&"
        else:
            a.sink.error("lambda-capture", f"variable '{name}' cannot be implicitly captured in a lambda with "
                                           "no capture-default specified", x.span,
                         help=f"capture it: [{name}] or [&{name}], or use [=] / [&]")
            raise SemaError()
        if by_ref:
            if id(x.sym) in targets:
                by_ref_assigned.append(x.sym)
        else:
            if id(x.sym) in targets:
                if not n.mutable:
                    a.sink.error("not-assignable", "cannot assign to a variable captured by copy in a non-mutable "
                                                   "lambda", x.span)
                    raise SemaError()
                a.unsupported("assigning a variable captured by copy in a mutable lambda is", x.span)
            by_value.append(x.sym)
    return tuple(by_value), tuple(by_ref_assigned)


def _targets(x):
    if isinstance(x, (ir.Assign, ir.IncDec)):
        return (x.target,)
    if isinstance(x, ir.StreamIn):
        return x.targets
    if isinstance(x, ir.Call):              # `f(n)` of a `T& n` parameter: the call gives n back
        return tuple(arg.operand if isinstance(arg, ir.Copy) else arg
                     for arg, m in zip(x.args, x.func.mutable_refs) if m)
    return ()


def lifts(a, n: A.Call) -> bool:
    """Is `n` a lambda called where it is written, in restrict(amp) code or restricted to amp
    itself (`[]() restrict(cpu, amp) -> bool { ... }()`)?  Such a lambda is a function."""
    lam = n.func
    return isinstance(lam, A.Lambda) and a.fn is not None and (a.in_amp() or "amp" in lam.restrict)


def lifted_call(a, n: A.Call) -> ir.Expr:
    """The call of an immediately invoked lambda that `lifts` says is a function: the lambda
    becomes a function of the module (its restriction its own, else the code's around it), made
    once per place (and template instance), then called.  It may name no local of the code
    around it (C++ would capture it; amppy does not here yet)."""
    lam: A.Lambda = n.func
    check_amp_lambda(a, lam)
    for name, span in _enclosing_locals(a, lam):
        if not lam.captures:
            a.sink.error("lambda-capture", f"variable '{name}' cannot be implicitly captured in a lambda with "
                                           "no capture-default specified", span,
                         help=f"capture it: [{name}] or [&{name}], or use [=] / [&]")
            raise SemaError()
        a.unsupported("a lambda called in place in restrict(amp) code that captures variables is", span,
                      help="pass the value as a parameter of the lambda")
    key = (lam, tuple(a.instantiations))
    sym = a.lifted.get(key)
    if sym is None:
        # (a default argument's lambda is written at namespace scope: a CPU lambda, O.in_amp_context)
        restrict = lam.restrict or (("amp",) if O.in_amp_context(a) else ("cpu",))
        ret = lam.return_type or _auto(lam.span)
        name = f"lambda_{lam.span.line}"
        d = A.FunctionDef(lam.span, name, lam.span, ret, lam.params, False, restrict, lam.restrict_span,
                          (), lam.body)
        with a.suspended():
            a.fn, a.scope, a.handling, a.discarding, a.deduced = None, a.template_scope or a.globals, 0, False, None
            a.unevaluated, a.choice_context = False, None
            sym = a.declare_function(d, instance=(f"lambda at {lam.span.line}:{lam.span.col}", name))
            a.lifted[key] = sym
            a.function_body(d, sym)
    return a.user_call(sym, n)


def check_amp_lambda(a, lam: A.Lambda) -> None:
    """What C++ AMP forbids in a restrict(amp) lambda that is no kernel: an exception
    specification, and captures a kernel could not make either (`Kernels.check_capture`)."""
    if lam.throws:                          # (Visual Studio's C3581/C3594)
        a.error("amp-restrict", "a restrict(amp) lambda cannot have an exception specification",
                lam.restrict_span or lam.span, help="remove 'throw(...)'")
    explicit = {c.name: (c.kind, c.span) for c in lam.captures if c.name}
    default = next((c.kind for c in lam.captures if c.kind in ("=", "&")), None)
    used = [(name, span) for name, span in _enclosing_locals(a, lam) if name not in explicit]
    for name, span in [(name, span) for name, (_, span) in explicit.items()] + used:
        sym, _ = a.scope.lookup(name)
        t = sym.expr.type if isinstance(sym, Alias) else sym.type if isinstance(sym, ir.Symbol) else None
        if t is None or name not in explicit and default is None:
            continue                        # (not captured: reported where it is used)
        by_ref = explicit[name][0] == "&name" if name in explicit else default == "&"
        a.check_capture(name, t, by_ref, span, lam)


def _enclosing_locals(a, lam: A.Lambda) -> list:
    """(name, span) of each name the lambda's body uses that is a local of the code around it
    (not one of the lambda's parameters or its own declarations)."""
    own = {p.name for p in lam.params if p.name}
    found, seen = [], set()
    for node in A.walk(lam.body):
        if isinstance(node, A.VarDecl):
            own.add(node.name)
        elif isinstance(node, A.Name) and not node.namespace and node.name not in own \
                and node.name not in seen:
            sym, _ = a.scope.lookup(node.name)
            if isinstance(sym, Alias):      # a local reference: `double*& rp = p;`
                sym = ir.root_symbol(sym.expr)
            if isinstance(sym, ir.Symbol) and sym.kind in ("local", "param"):
                seen.add(node.name)
                found.append((node.name, node.span))
    return found


def _auto(span) -> A.TypeName:
    return A.TypeName(span, "auto", (), None, False, False, None)


def _forwarding(f: A.Name, n: int) -> A.Lambda:
    """A library function passed by name (`std::generate(b, e, rand)`): the lambda calling it,
    `[](auto a0, ...) { return f(a0, ...); }` (overloads chosen by the algorithm's arguments)."""
    sp = f.span
    names = [f"arg{i}" for i in range(n)]
    params = tuple(A.Param(sp, x, _auto(sp), None) for x in names)
    call = A.Call(sp, f, tuple(A.Name(sp, x, ()) for x in names))
    return A.Lambda(sp, (), params, (), None, False, None, A.Compound(sp, (A.Return(sp, call),)))


def invoke(a, callee: ir.Expr, n: A.Call) -> ir.Expr:
    """`f(args)` of a function value."""
    ft: ir.Function = callee.type
    if len(n.args) != len(ft.params):
        a.error("call-args", f"the lambda takes {len(ft.params)} argument(s), {len(n.args)} given", n.span)
    args = tuple(a.convert(a.expr(x), pt, x.span) for x, pt in zip(n.args, ft.params))
    return ir.Invoke(n.span, ft.ret, callee, args)


def callable_arg(a, node, param_types: tuple, refs: bool = False) -> ir.Expr:
    """A function argument of an algorithm: a lambda (its `auto` parameters get `param_types`),
    a function's name or a function object; its type is an `ir.Function`.  `refs`: the algorithm
    takes back what a lambda's `T&` parameters of numbers and strings become (`changed_refs`)."""
    if isinstance(node, A.Lambda):
        return lambda_expr(a, node, param_types, refs=refs)
    if isinstance(node, A.Name) and a.scope.lookup(node.name)[0] is None:
        return lambda_expr(a, _forwarding(node, len(param_types)), param_types)
    e = a.expr(node)
    if isinstance(e, ir.Var) and e.sym.kind == "function" and isinstance(e.type, ir.Function):
        return e
    if isinstance(e.type, ir.Function):
        return e
    if isinstance(e.type, ir.Library) and e.type.name in ENGINES and not param_types:
        # `std::generate(b, e, rng)`: a copy of the engine (algorithms take function objects by
        # value, so the caller's engine does not advance), called for each value
        return ir.Copy(node.span, ir.Function(ENGINES[e.type.name], ()), e)
    a.error("type-mismatch", f"'{e.type}' is not a function or function object", node.span)


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    if t.name == "function" and len(t.args) == 1 and isinstance(t.args[0], A.FunctionType):
        fn = t.args[0]                  # std::function<R(P...)>: what a lambda or function is
        return ir.Function(a.resolve_type(fn.ret), tuple(a.resolve_type(p) for p in fn.params))
    return None


AREA = Area("std::function", templates=names("function"), template_type=_template_type)
