"""Calls of math functions: `<cmath>`, C++ AMP's `precise_math`/`fast_math` and the `direct3d`
intrinsics (the table with every target's spelling is `amppy.cxx.mathfuncs`).

Input: a call whose callee names a function of the table (`precise_math::sincos(x, &s, &c)`,
`fast_math::sqrtf(v)`, `direct3d::countbits(u)`, `std::hypot(a, b)`, or unqualified).  Output:
an `ir.MathCall` of the base function, its arguments converted to the overload's types; the
out parameters (`&s`) as the lvalues the call writes (`MathCall.outs`).

The namespace decides the overload, as the headers declare them:

- `fast_math::f` has float overloads only: every argument becomes float, so does the result;
- `precise_math::f` and `<cmath>` have float and double overloads (integers give double), the
  `f`-suffixed spellings (`sinf`) are the float ones; `precise_math`'s classification functions
  (`isnan`, `signbit`, ...) return int, `<cmath>`'s return bool;
- a `direct3d::f` intrinsic has one overload per type of `mathfuncs.DIRECT3D` (all of its
  parameters and its result of that type) and is restrict(amp) only: host code calling it is an
  `[amp-restrict]` error, as in Visual C++.

A qualified name the namespace does not declare (`fast_math::cbrt`) is `[undeclared]`;
unqualified names are found in every namespace (amppy does not track `using namespace`).  The
C++ AMP documentation declares `fast_math`/`precise_math` functions restrict(amp); amppy also
accepts them in host code, computed like `<cmath>`'s.  `direct3d::noise` is reported as not
supported: Direct3D 11 compute shaders have no noise instruction, and the documentation gives
no value to reproduce.
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from ..cxx.mathfuncs import DIRECT3D, FUNCTIONS, NAMES, NAMESPACES
from .arithmetic import common_type, promote
from . import short_vectors as SV

_QUALIFIED = {"fast_math": "fast_math", "precise_math": "precise_math", "direct3d": "direct3d", "std": "std"}
_SCALAR = {"int": ir.INT, "unsigned int": ir.UINT, "float": ir.FLOAT, "double": ir.DOUBLE}


def namespace_of(n: A.Call) -> str | None:
    """The math namespace a call names (`concurrency::fast_math::sqrt` -> "fast_math"), or None."""
    ns = tuple(getattr(n.func, "namespace", ()) or ())
    return _QUALIFIED.get(ns[-1]) if ns else None


def call(a, name: str, n: A.Call) -> ir.Expr:
    base, float_overload = NAMES[name]
    ns = namespace_of(n)
    qualified = "::".join(tuple(getattr(n.func, "namespace", ())) + (name,))
    if ns is not None and base not in NAMESPACES[ns] or ns == "direct3d" and float_overload:
        where = "std" if ns == "std" else f"concurrency::{ns}"
        a.error("undeclared", f"no function '{name}' in namespace '{where}'", n.func.span,
                help=_elsewhere(base))
    # (unqualified `mad`, which the host also has in amppy, is not the restrict(amp) intrinsic)
    direct3d = ns == "direct3d" or ns is None and FUNCTIONS[base].host is None
    if direct3d:
        if a.fn is None or "cpu" in a.fn.restrict:
            a.error("amp-restrict", f"call to '{qualified}', which is restrict(amp) only, from CPU code", n.span,
                    help="the direct3d intrinsics run only in kernels and restrict(amp) functions")
        if base == "noise":
            a.unsupported(f"'{qualified}' is", n.span, help="Direct3D 11 compute shaders have no noise "
                          "instruction (C++ AMP deprecated it); use a hash of the index instead")
    if base == "lgamma" and len(n.args) == 2 and ns != "std":
        base = "lgamma_r"                       # precise_math::lgamma(x, &sign)
    fn = FUNCTIONS[base]
    kinds = fn.param_kinds()
    if len(n.args) != len(kinds):
        a.error("call-args", f"'{qualified}' takes {len(kinds)} argument{'s' if len(kinds) > 1 else ''}, "
                             f"{len(n.args)} given", n.span)
    values = [SV.decay(a, a.expr(x)) if k in "xi" else None for x, k in zip(n.args, kinds)]   # a norm: its float
    if base == "nan":                           # nan(int) / std::nan(const char*): a quiet NaN
        return ir.MathCall(n.span, ir.FLOAT if float_overload else ir.DOUBLE, base, ())
    for e, x in zip(values, n.args):
        if e is not None and not isinstance(e.type, ir.Scalar):
            a.error("call-args", f"'{qualified}' takes arithmetic arguments, not '{e.type}'", x.span)
    if direct3d:
        t = _direct3d_type(base, [e.type for e in values])
    else:
        t = _call_type(fn, kinds, values, float_overload or ns == "fast_math")
    conv = tuple(a.convert(e, _param_type(k, t), x.span) for e, x, k in zip(values, n.args, kinds) if e is not None)
    outs = tuple(_out(a, qualified, x, _param_type(k, t)) for x, k in zip(n.args, kinds) if k in "on")
    result = {"float": t, "same": t, "bool": ir.BOOL, "int": ir.INT, "void": ir.Void()}[fn.result]
    call_ = ir.MathCall(n.span, result, base, conv, outs)
    if fn.result == "bool" and ns in ("fast_math", "precise_math"):
        return a.convert(call_, ir.INT, n.span)         # C++ AMP's isnan, signbit, ... return int
    return call_


def _elsewhere(base: str) -> str | None:
    for ns in ("precise_math", "std", "direct3d"):
        if base in NAMESPACES[ns]:
            return f"{'concurrency::' if ns != 'std' else ''}{ns}::{base} declares it"
    return None


def _call_type(fn, kinds: str, values, float_only: bool) -> ir.Scalar:
    """T of a `<cmath>`/precise_math/fast_math call: the common type of its T arguments, where an
    integer makes it double; float for fast_math and the `f` spellings."""
    ts = [e.type for e, k in zip(values, kinds) if k == "x"]
    t = ts[0] if ts else ir.DOUBLE
    for u in ts[1:]:
        t = common_type(t, u)
    if fn.result == "same":
        return promote(t) if not t.is_float else t
    if float_only:
        return ir.FLOAT
    return t if t.is_float and t.name != "long double" else ir.DOUBLE


def _direct3d_type(base: str, types) -> ir.Scalar:
    """The overload of a direct3d intrinsic the arguments choose."""
    overloads = DIRECT3D[base]
    t = types[0]
    for u in types[1:]:
        t = common_type(t, u)
    t = promote(t)
    if len(overloads) == 1:
        return _SCALAR[overloads[0]]
    if t.is_float:
        return ir.DOUBLE if t.name == "double" and "double" in overloads else ir.FLOAT
    if t.is_unsigned and "unsigned int" in overloads:
        return ir.UINT
    return ir.INT if "int" in overloads else ir.FLOAT


def _param_type(kind: str, t: ir.Scalar) -> ir.Scalar:
    return ir.INT if kind in "in" else t


def _out(a, qualified: str, x: A.Expr, t: ir.Scalar) -> ir.Expr:
    """An out parameter: the address of a variable or element of exactly type `t`."""
    if not (isinstance(x, A.Unary) and x.op == "&"):
        a.unsupported(f"a pointer argument of '{qualified}' other than the address of a variable is", x.span,
                      help=f"pass the address of {_a(t)} variable: '&v'")
    target = a.lvalue(a.expr(x.operand), x.operand.span)
    if target.type != t:
        a.error("type-mismatch", f"'{qualified}' needs a pointer to '{t}' here, not to '{target.type}'", x.span,
                help=f"pass the address of {_a(t)} variable")
    return target


def _a(t) -> str:
    return f"{'an' if str(t)[0] in 'aeiou' else 'a'} '{t}'"
