"""`constexpr` functions evaluated where C++ needs a constant: `int a[sq(3)];`,
`constexpr int N = sq(4) + 1;`, a template argument.

A constexpr function of C++11's form (its body one `return e;`) is evaluated by analysing `e`
with the parameters bound to the arguments' values and folding it (`constfold.fold`), which
evaluates the calls of constexpr functions inside it the same way (recursion included, to a
depth of 512, as compilers limit it).  A function of any other body is not evaluated: the call
is then `[unsupported]` where a constant is needed (sema/types.py).
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from ..cxx.types import round_value, wrap_value
from . import constfold
from .context import SemaError
from .scope import Scope

_DEPTH = 512


def fold(a, e: ir.Expr):
    """`constfold.fold(e)`, with the calls of constexpr functions evaluated."""
    if constfold.call_value is not None:
        return constfold.fold(e)
    depth = [0]

    def call_value(c: ir.Call):
        d = getattr(c.func, "constexpr_body", None)
        if d is None or depth[0] >= _DEPTH:
            return None
        body = d.body.items if d.body is not None else ()
        if len(body) != 1 or not isinstance(body[0], A.Return) or body[0].value is None:
            return None
        args = [constfold.fold(x) for x in c.args]
        if any(v is None for v in args) or len(args) != len(d.params):
            return None
        scope = Scope(a.globals, "function")
        for p, t, v in zip(d.params, c.func.type.params, args):
            sym = ir.Symbol(p.name or "_", p.name or "_", t, "const", p.span)
            sym.const_value = v
            scope.define(p.name or "_", sym)
        saved, a.scope = a.scope, scope
        depth[0] += 1
        try:
            v = constfold.fold(a.expr(body[0].value))
        except SemaError:
            v = None
        finally:
            depth[0] -= 1
            a.scope = saved
        t = c.func.type.ret
        if v is None or not isinstance(t, ir.Scalar):
            return v
        if t.name == "bool":
            return bool(v)
        return round_value(v, t) if t.is_float else wrap_value(int(v), t)

    constfold.call_value = call_value
    try:
        return constfold.fold(e)
    finally:
        constfold.call_value = None
