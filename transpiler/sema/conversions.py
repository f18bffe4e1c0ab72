"""User-defined conversions: what C++ converts through a class's constructors or conversion
functions where a value of another type is given.

* A constructor that is not `explicit` and takes one argument converts implicitly: `V v = 1.0f;`,
  `f(1.0f)` for `f(V)`, `return 1.0f;` from a function returning `V`, `a * 2.0f` for
  `V operator*(const V&, const V&)` all construct `V(1.0f)` / `V(2.0f)`.  The argument may first
  take a standard conversion (an `int` for a `float` parameter); `explicit` constructors are
  used only by direct initialisation and casts (`V(x)`, `(V)x`, `static_cast<V>(x)`).
* A class with a conversion to a number (C++ AMP's `norm` and `unorm`, whose `operator float()`
  `sema/short_vectors.py` stands in for: amppy's grammar has no conversion functions yet) converts
  to `float`, then by a standard conversion to any number.

Overload resolution (`overloads.rank`) ranks such a conversion below every standard one (`USER`);
only one user-defined conversion is applied to a value, as in C++.
"""
from __future__ import annotations

from .. import ir
from . import overloads as O
from . import short_vectors as SV


def _converting_ctors(a, t: ir.StructType) -> list:
    """The constructors of class `t` that convert implicitly: not explicit, one argument."""
    sd = a.structs.get(t.name)
    if sd is None:
        return []
    return [s for s in sd.ctors if not s.explicit and O.params_of(s) and
            O._required(s, O.params_of(s)) <= 1]


def _derived(a):
    """`derived(t, base)` for `overloads.rank`: whether class `t` derives from class `base`."""
    from .classes import derives

    def derived(t, base):
        return derives(a, t, base)
    return derived


def user_rank(a, src: ir.Type, dst: ir.Type) -> bool:
    """Whether one user-defined conversion (then or after a standard one) makes `dst` of `src`."""
    if isinstance(dst, ir.StructType) and src != dst:
        if any(O.rank(src, O.params_of(s)[0], _derived(a)) is not None for s in _converting_ctors(a, dst)):
            return True
    scalar = SV.scalar_of(a, src)
    return scalar is not None and isinstance(dst, ir.Scalar)


def convert(a, e: ir.Expr, t: ir.Type, span, explicit: bool) -> ir.Expr | None:
    """`e` converted to `t` through a constructor or a conversion to a number, or None."""
    if isinstance(t, ir.StructType) and t.name in a.structs and a.structs[t.name].ctors:
        if explicit:                        # direct initialisation: every constructor
            from .classes import construct
            return construct(a, t, (e,), span, [span])
        ctors = [s for s in _converting_ctors(a, t) if O.rank(e.type, O.params_of(s)[0], _derived(a)) is not None]
        if ctors:                           # (a standard conversion first, never a second user one)
            from .classes import finish
            sym = O.choose(a, ctors, [e], span, t.name)
            return finish(a, sym, None, [e], [span], span)
    value = SV.as_scalar(a, e)
    if value is not None and isinstance(t, ir.Scalar):
        return a.convert(value, t, span, explicit)
    return None
