"""`<random>` in sema: engines and distributions as host library objects.

An engine (`std::mt19937 gen(42);`) or a distribution (`std::uniform_int_distribution<int>
d(1, 6);`) is an `ir.Library` value whose name spells the C++ type; `gen()` and `d(gen)` are
`ir.Invoke` calls of it.  The runtime (amppy.runtime.random) computes what the Microsoft STL
computes, so a program prints the numbers it printed on Windows.
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from .area import Area, names

#: engine -> its result type
ENGINES = {"mt19937": ir.UINT, "mt19937_64": ir.Scalar("unsigned long long"),
           "default_random_engine": ir.UINT, "minstd_rand": ir.UINT, "minstd_rand0": ir.UINT,
           "random_device": ir.UINT}
#: distribution -> (default result type, default parameters)
DISTRIBUTIONS = {"uniform_int_distribution": ("int", None), "uniform_real_distribution": ("double", (0.0, 1.0)),
                 "normal_distribution": ("double", (0.0, 1.0)), "bernoulli_distribution": ("bool", (0.5,))}
_INT_MAX = {"int": 2**31 - 1, "long": 2**31 - 1, "short": 2**15 - 1, "long long": 2**63 - 1,
            "unsigned int": 2**32 - 1, "unsigned long": 2**32 - 1, "unsigned short": 2**16 - 1,
            "unsigned long long": 2**64 - 1, "size_t": 2**64 - 1}


def engine_type(name: str) -> ir.Library:
    return ir.Library(name)


def distribution_type(a, t: A.TypeName) -> ir.Library:
    """`uniform_int_distribution<int>`, `normal_distribution<float>`, `<>` for the default."""
    default, _ = DISTRIBUTIONS[t.name]
    if t.name == "bernoulli_distribution" or not t.args:
        elem = default
    else:
        e = a.type_arg(t.args[0], t)
        ok = _INT_MAX if t.name == "uniform_int_distribution" else ("float", "double", "long double")
        if not isinstance(e, ir.Scalar) or e.name not in ok:
            a.error("template-args", f"'std::{t.name}' cannot produce values of type '{e}'", t.args[0].span)
        elem = e.name
    return ir.Library(f"{t.name}<{elem}>")


def _parts(t: ir.Type):
    """(distribution name, result type name) of a distribution type, else None."""
    if isinstance(t, ir.Library) and "<" in t.name:
        name, elem = t.name[:-1].split("<", 1)
        if name in DISTRIBUTIONS:
            return name, elem
    return None


def is_random(t: ir.Type) -> bool:
    return isinstance(t, ir.Library) and (t.name in ENGINES or _parts(t) is not None)


def construct(a, t: ir.Library, args: list, span, spans) -> ir.Expr:
    if a.in_amp():
        a.error("amp-restrict", f"'std::{t.name}' cannot be used in restrict(amp) code", span)
    if t.name in ENGINES:
        if t.name == "random_device":
            if args:
                a.unsupported("a random_device with a token is", span)
            return ir.LibCall(span, t, "random_device", None, ())
        if len(args) > 1:
            a.error("ctor-args", f"'std::{t.name}' takes one seed", span)
        seed = tuple(a.convert(x, ENGINES[t.name], s) for x, s in zip(args, spans))
        return ir.LibCall(span, t, t.name, None, seed)
    name, elem = _parts(t)
    et = ir.Scalar(elem)
    _, defaults = DISTRIBUTIONS[name]
    if defaults is None:
        defaults = (0, _INT_MAX[elem])
    if len(args) > len(defaults):
        a.error("ctor-args", f"'std::{name}' takes at most {len(defaults)} arguments", span)
    pt = ir.DOUBLE if name == "bernoulli_distribution" else et
    params = [a.convert(x, pt, s) for x, s in zip(args, spans)]
    params += [ir.Const(span, pt, d) for d in defaults[len(params):]]
    if name != "bernoulli_distribution":
        params.append(ir.StringConst(span, ir.String(), elem))
    return ir.LibCall(span, t, name, None, tuple(params))


def call(a, callee: ir.Expr, n: A.Call) -> ir.Expr:
    """`gen()` of an engine, `d(gen)` of a distribution."""
    t = callee.type
    if t.name in ENGINES:
        if n.args:
            a.error("call-args", f"'std::{t.name}' is called without arguments", n.span)
        return ir.Invoke(n.span, ENGINES[t.name], callee, ())
    name, elem = _parts(t)
    if len(n.args) != 1:
        a.error("call-args", f"'std::{name}' is called with an engine: d(gen)", n.span)
    engine = a.expr(n.args[0])
    if not (isinstance(engine.type, ir.Library) and engine.type.name in ENGINES):
        a.error("call-args", f"'std::{name}' needs a random engine, not '{engine.type}'", n.args[0].span)
    return ir.Invoke(n.span, ir.Scalar(elem), callee, (engine,))


def method(a, obj: ir.Expr, name: str, args: list, n: A.Call) -> ir.Expr:
    t = obj.type
    if t.name in ENGINES:
        if name == "seed":
            conv = tuple(a.convert(x, ENGINES[t.name], s.span) for x, s in zip(args, n.args))
            return ir.LibCall(n.span, ir.Void(), "seed", obj, conv)
        if name == "discard" and len(args) == 1:
            return ir.LibCall(n.span, ir.Void(), "discard", obj,
                              (a.convert(args[0], ir.Scalar("unsigned long long"), n.args[0].span),))
        if name in ("min", "max") and not args:
            return ir.LibCall(n.span, ENGINES[t.name], name, obj, ())
        if name == "entropy" and t.name == "random_device":
            return ir.LibCall(n.span, ir.DOUBLE, name, obj, ())
    else:
        dist, elem = _parts(t)
        getters = {"a": elem, "b": elem, "min": elem, "max": elem, "mean": elem, "stddev": elem, "p": "double"}
        if name == "reset" and not args:
            return ir.LibCall(n.span, ir.Void(), "reset", obj, ())
        if name in getters and not args:
            return ir.LibCall(n.span, ir.Scalar(getters[name]), name, obj, ())
    a.unsupported(f"'std::{t.name}::{name}' is", n.func.span)


#: each engine's (min(), max()) (Visual C++'s: default_random_engine is mt19937, random_device's
#: values are unsigned ints)
_RANGES = {"mt19937": (0, 2**32 - 1), "mt19937_64": (0, 2**64 - 1), "default_random_engine": (0, 2**32 - 1),
           "minstd_rand": (1, 2**31 - 2), "minstd_rand0": (1, 2**31 - 2), "random_device": (0, 2**32 - 1)}


def static_call(a, owner: str, f, n: A.Call) -> ir.Expr | None:
    """`std::mt19937::max()`, `Engine::min()`: the engine's range, a constant."""
    if owner not in ENGINES:
        return None
    if f.name in ("min", "max") and not n.args:
        lo, hi = _RANGES[owner]
        return ir.Const(n.span, ENGINES[owner], lo if f.name == "min" else hi)
    a.unsupported(f"'std::{owner}::{f.name}' is", f.span)


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _named_type(a, t: A.TypeName) -> ir.Type | None:
    if t.name in ENGINES:
        return engine_type(t.name)
    if t.name == "bernoulli_distribution":      # not a template: its values are bool
        return ir.Library("bernoulli_distribution<bool>")
    return None


def _template_type(a, t: A.TypeName) -> ir.Type | None:
    return distribution_type(a, t) if t.name in DISTRIBUTIONS else None


AREA = Area("<random>", types=names("""mt19937 mt19937_64 default_random_engine random_device minstd_rand minstd_rand0
                                       bernoulli_distribution"""),
            templates=names("uniform_int_distribution uniform_real_distribution normal_distribution"),
            named_type=_named_type, template_type=_template_type, owns=is_random, construct=construct, method=method,
            static_call=static_call)
