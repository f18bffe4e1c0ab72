"""`<chrono>` on the host: clocks, time points, durations, `duration_cast`, `.count()`.

Types are `ir.Duration(rep, num, den)` and `ir.TimePoint(clock, duration)`; the runtime is
`amppy.runtime.chrono`, used through its module name (`chrono.steady_clock.now()`,
`chrono.duration_cast(d, chrono.milliseconds)`), so the generated code reads like the C++.
Conversions between durations follow [time.duration.cons]: implicit only when no precision is
lost (a floating-point count, or an integer count whose period divides exactly);
`duration_cast` converts anyway, truncating toward zero.  As in the Microsoft library,
`high_resolution_clock` is `steady_clock` (nanoseconds).
"""
from __future__ import annotations

from math import gcd

from ..parse import ast as A
from .. import ir
from .area import Area, names

NS = ir.Duration("long long", 1, 10**9)
#: the named durations: name -> type
NAMED = {"nanoseconds": NS, "microseconds": ir.Duration("long long", 1, 10**6),
         "milliseconds": ir.Duration("long long", 1, 1000), "seconds": ir.Duration("long long", 1, 1),
         "minutes": ir.Duration("int", 60, 1), "hours": ir.Duration("int", 3600, 1)}
#: MS STL: minutes and hours count in `int`, the others in `long long`
RATIOS = {"nano": (1, 10**9), "micro": (1, 10**6), "milli": (1, 1000), "centi": (1, 100), "deci": (1, 10),
          "deca": (10, 1), "hecto": (100, 1), "kilo": (1000, 1), "mega": (10**6, 1)}
CLOCKS = {"steady_clock": "steady_clock", "high_resolution_clock": "steady_clock", "system_clock": "system_clock"}
_CLOCK_DURATION = {"steady_clock": NS, "system_clock": ir.Duration("long long", 1, 10**7)}
_REPS = {"long long", "long", "int", "short", "unsigned int", "unsigned long long", "double", "float",
         "long double", "unsigned long", "size_t"}


def involved(*types) -> bool:
    return any(isinstance(t, (ir.Duration, ir.TimePoint)) for t in types)


def _lib(span, name: str) -> ir.Expr:
    t = ir.Library(name)
    return ir.Var(span, t, ir.Symbol(name, name, t, "library", span))


# ---- types -------------------------------------------------------------------------------------

def named_type(a, t: A.TypeName) -> ir.Type | None:
    """`milliseconds`, `high_resolution_clock`, `duration<double>`, `time_point<...>`: None if
    `t` is not a chrono type."""
    clock = clock_of(a, t.namespace[-1]) if t.namespace else None
    if clock is not None and t.args is None:        # steady_clock::time_point, ::duration, ::rep
        d = _CLOCK_DURATION[clock]
        members = {"time_point": ir.TimePoint(clock, d), "duration": d, "rep": ir.Scalar(d.rep)}
        if t.name in members:
            return members[t.name]
        return None
    if t.namespace and t.namespace[-1] not in ("chrono",) and t.namespace != ("std",):
        return None
    if t.args is None:
        if t.name in NAMED:
            return NAMED[t.name]
        if t.name in CLOCKS:
            return ir.Library(CLOCKS[t.name])
        return None
    if t.name == "duration":
        if not 1 <= len(t.args) <= 2:
            a.error("template-args", "wrong number of template arguments for 'duration'", t.span)
        rep = a.type_arg(t.args[0], t)
        if not isinstance(rep, ir.Scalar) or rep.name not in _REPS:
            a.unsupported(f"a duration counted in '{rep}' is", t.span)
        num, den = _ratio(a, t.args[1]) if len(t.args) > 1 else (1, 1)
        return ir.Duration("double" if rep.name == "long double" else rep.name, num, den)
    if t.name == "time_point":
        clock = a.type_arg(t.args[0], t)
        if not (isinstance(clock, ir.Library) and clock.name in _CLOCK_DURATION):
            a.error("template-args", f"'{clock}' is not a clock", t.args[0].span)
        d = a.type_arg(t.args[1], t) if len(t.args) > 1 else _CLOCK_DURATION[clock.name]
        return ir.TimePoint(clock.name, d)
    return None


def clock_of(a, name: str) -> str | None:
    """The clock `name` names (`high_resolution_clock`, or a typedef of a clock), or None."""
    if name in CLOCKS:
        return CLOCKS[name]
    t = a.typedefs.get(name)
    if isinstance(t, ir.Library) and t.name in _CLOCK_DURATION:
        return t.name
    return None


def _ratio(a, node) -> tuple[int, int]:
    if isinstance(node, A.TypeName) and node.args is None and node.name in RATIOS:
        return RATIOS[node.name]
    if isinstance(node, A.TypeName) and node.name == "ratio" and node.args:
        num = a.const_int(node.args[0], "ratio numerator")
        den = a.const_int(node.args[1], "ratio denominator") if len(node.args) > 1 else 1
        g = gcd(num, den)
        return num // g, den // g
    if isinstance(node, A.Name) and node.name in RATIOS:
        return RATIOS[node.name]
    a.unsupported("this period of a duration is", node.span, help="use std::ratio<N, D>, std::milli, ...")


def _rep_scalar(rep: str) -> ir.Scalar:
    return ir.Scalar(rep)


def common(x: ir.Duration, y: ir.Duration) -> ir.Duration:
    """common_type of two durations: period gcd(num)/lcm(den), rep by the arithmetic conversions."""
    from .arithmetic import common_type
    rep = common_type(ir.Scalar(x.rep), ir.Scalar(y.rep)).name
    den = x.den * y.den // gcd(x.den, y.den)
    return ir.Duration(rep, gcd(x.num, y.num), den)


def _exact(src: ir.Duration, dst: ir.Duration) -> bool:
    """Whether `src` converts to `dst` implicitly (no truncation)."""
    if ir.Scalar(dst.rep).is_float:
        return True
    if ir.Scalar(src.rep).is_float:
        return False
    return (src.num * dst.den) % (src.den * dst.num) == 0


def cast(span, d: ir.Expr, to: ir.Duration) -> ir.Expr:
    """`chrono.duration_cast(d, chrono.milliseconds)` or `(d, num, den, rep)`."""
    if d.type == to:
        return d
    name = next((k for k, v in NAMED.items() if v == to), None)
    target = (_lib(span, f"chrono.{name}"),) if name else (
        ir.Const(span, ir.Scalar("long long"), to.num), ir.Const(span, ir.Scalar("long long"), to.den),
        ir.StringConst(span, ir.String(), to.rep))
    return ir.LibCall(span, to, "chrono.duration_cast", None, (d,) + target)


def convert(a, e: ir.Expr, t: ir.Type, span, explicit: bool) -> ir.Expr | None:
    """Implicit (and constructor) conversions between durations; None when not a chrono one."""
    if isinstance(t, ir.Duration) and isinstance(e.type, ir.Duration):
        if not _exact(e.type, t):
            a.error("type-mismatch", f"no implicit conversion from '{e.type}' to '{t}': it would truncate", span,
                    help="convert with std::chrono::duration_cast")
        return cast(span, e, t)
    return None


# ---- expressions -------------------------------------------------------------------------------

def clock_call(a, clock_name: str, name: str, n: A.Call) -> ir.Expr:
    """`std::chrono::steady_clock::now()` (`clock_name` as written: a clock or a typedef of one)."""
    clock = clock_of(a, clock_name)
    if a.in_amp():
        a.error("amp-restrict", f"call to '{clock_name}::{name}', which is not restrict(amp), from restrict(amp) "
                                f"code", n.span)
    if name == "now" and not n.args:
        return ir.LibCall(n.span, ir.TimePoint(clock, _CLOCK_DURATION[clock]), f"chrono.{clock}.now", None, ())
    if name == "to_time_t" and clock == "system_clock" and len(n.args) == 1:
        t = a.expr(n.args[0])
        return ir.LibCall(n.span, ir.Scalar("long long"), "chrono.system_clock.to_time_t", None, (t,))
    a.unsupported(f"'std::chrono::{clock_name}::{name}' is", n.span)


def duration_cast(a, n: A.Construct) -> ir.Expr:
    """`std::chrono::duration_cast<std::chrono::milliseconds>(t1 - t0)`."""
    tn = n.type
    if not tn.args or len(tn.args) != 1 or len(n.args) != 1:
        a.error("call-args", "'duration_cast' converts one duration to the duration type it names", n.span)
    to = a.type_arg(tn.args[0], tn)
    d = a.expr(n.args[0])
    if not isinstance(to, ir.Duration):
        a.error("template-args", f"'duration_cast' converts to a duration, not '{to}'", tn.args[0].span)
    if not isinstance(d.type, ir.Duration):
        a.error("type-mismatch", f"'duration_cast' of '{d.type}', which is not a duration", n.args[0].span)
    return cast(n.span, d, to)


def construct(a, t: ir.Type, args: tuple, span, spans) -> ir.Expr:
    """`milliseconds(5)`, `duration<double>(t1 - t0)`, `time_point<...>()`."""
    if isinstance(t, ir.Duration):
        if not args:
            return ir.LibCall(span, t, "chrono.duration", None, (
                ir.Const(span, ir.Scalar(t.rep), 0), ir.Const(span, ir.Scalar("long long"), t.num),
                ir.Const(span, ir.Scalar("long long"), t.den), ir.StringConst(span, ir.String(), t.rep)))
        if len(args) != 1:
            a.error("ctor-args", f"no matching constructor for initialization of '{t}'", span)
        x = args[0]
        if isinstance(x.type, ir.Duration):
            return convert(a, x, t, spans[0], False)
        if not isinstance(x.type, ir.Scalar):
            a.error("ctor-args", f"a duration is made from a count, not '{x.type}'", spans[0])
        if x.type.is_float and not ir.Scalar(t.rep).is_float:
            a.error("type-mismatch", f"'{t}' counts in '{t.rep}': it cannot be made from '{x.type}'", spans[0])
        count = a.convert(x, ir.Scalar(t.rep), spans[0])
        name = next((k for k, v in NAMED.items() if v == t), None)
        if name:
            return ir.LibCall(span, t, f"chrono.{name}", None, (count,))
        return ir.LibCall(span, t, "chrono.duration", None, (
            count, ir.Const(span, ir.Scalar("long long"), t.num), ir.Const(span, ir.Scalar("long long"), t.den),
            ir.StringConst(span, ir.String(), t.rep)))
    a.unsupported(f"constructing '{t}' is", span)


def method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    t = obj.type
    if isinstance(t, ir.Duration) and name == "count" and not args:
        return ir.LibCall(n.span, _rep_scalar(t.rep), "count", obj, ())
    if isinstance(t, ir.TimePoint) and name == "time_since_epoch" and not args:
        return ir.LibCall(n.span, t.duration, "time_since_epoch", obj, ())
    a.error("no-member", f"no member named '{name}' in '{t}'", n.func.span)


def binary(a, op: str, x: ir.Expr, y: ir.Expr, span) -> ir.Expr:
    """`t1 - t0`, `d1 + d2`, `d * 2`, `d / 2`, `d1 / d2`, comparisons."""
    tx, ty = x.type, y.type
    cmp = op in ("==", "!=", "<", ">", "<=", ">=")
    if isinstance(tx, ir.TimePoint) and isinstance(ty, ir.TimePoint):
        if tx.clock != ty.clock:
            a.error("type-mismatch", f"invalid operands to binary expression ('{tx}' and '{ty}')", span)
        if op == "-":
            return ir.LibCall(span, common(tx.duration, ty.duration), "-", x, (y,))
        if cmp:
            return ir.LibCall(span, ir.BOOL, op, x, (y,))
    if isinstance(tx, ir.TimePoint) and isinstance(ty, ir.Duration) and op in ("+", "-"):
        return ir.LibCall(span, ir.TimePoint(tx.clock, common(tx.duration, ty)), op, x, (y,))
    if isinstance(tx, ir.Duration) and isinstance(ty, ir.Duration):
        if op in ("+", "-", "%"):
            return ir.LibCall(span, common(tx, ty), op, x, (y,))
        if cmp:
            return ir.LibCall(span, ir.BOOL, op, x, (y,))
        if op == "/":
            c = common(tx, ty)
            return ir.LibCall(span, ir.Scalar(c.rep), "/", x, (y,))
    if isinstance(tx, ir.Duration) and isinstance(ty, ir.Scalar) and op in ("*", "/", "%"):
        from .arithmetic import common_type
        rep = common_type(ir.Scalar(tx.rep), ty).name
        return ir.LibCall(span, ir.Duration(rep, tx.num, tx.den), op, x, (y,))
    if isinstance(ty, ir.Duration) and isinstance(tx, ir.Scalar) and op == "*":
        return binary(a, op, y, x, span)
    a.error("type-mismatch", f"invalid operands to binary expression ('{tx}' and '{ty}')", span)


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    return named_type(a, t) if t.name in ("duration", "time_point") else None


def _static_call(a, owner: str, f, n) -> ir.Expr | None:
    return clock_call(a, owner, f.name, n) if clock_of(a, owner) else None


AREA = Area("<chrono>", templates=names("duration time_point duration_cast time_point_cast"),
            named_type=named_type, template_type=_template_type, owns=involved, construct=construct, method=method,
            static_call=_static_call)
