"""User-defined conversions: what C++ converts through a class's constructors or conversion
functions where a value of another type is given.

* A constructor that is not `explicit` and takes one argument converts implicitly: `V v = 1.0f;`,
  `f(1.0f)` for `f(V)`, `return 1.0f;` from a function returning `V`, `a * 2.0f` for
  `V operator*(const V&, const V&)` all construct `V(1.0f)` / `V(2.0f)`.  The argument may first
  take a standard conversion (an `int` for a `float` parameter); `explicit` constructors are
  used only by direct initialisation and casts (`V(x)`, `(V)x`, `static_cast<V>(x)`).
* A class's conversion functions (`operator float() const`, `explicit operator bool() const`,
  `operator int() restrict(amp)` beside a restrict(cpu) one) convert its values: to the function's
  type, then by a standard conversion (`double d = meters;`, `f(id)` for `f(int)`, `m + 1.0`, `if (flag)`);
  an `explicit` one only in casts and conditions.  C++ AMP's `norm` and `unorm` convert to `float`
  the same way (`sema/short_vectors.py` reads their value directly).

Overload resolution (`overloads.rank`) ranks such a conversion below every standard one (`USER`);
only one user-defined conversion is applied to a value, as in C++.
"""
from __future__ import annotations

from .. import ir
from . import overloads as O
from .hierarchy import derives
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

    def derived(t, base):
        return derives(a, t, base)
    return derived


def conversion_functions(a, t: ir.Type) -> dict[str, list]:
    """The conversion functions of class `t` (its bases' included), by name: `{"operator int": [...]}`
    (a name's list holds its versions for restrict(cpu) and restrict(amp))."""
    if not isinstance(t, ir.StructType) or t.name not in a.structs:
        return {}
    return {name: syms for name, syms in a.structs[t.name].members.items()
            if name.startswith("operator ") and syms}


def _implicit(syms: list) -> bool:
    return not all(getattr(s, "explicit", False) for s in syms)


def number_conversion(a, t: ir.Type) -> list | None:
    """The versions of class `t`'s one implicit conversion function, when there is one and it
    gives a number (what makes `meters + 1.0` a built-in `+`), else None."""
    funcs = [syms for syms in conversion_functions(a, t).values() if _implicit(syms)]
    return funcs[0] if len(funcs) == 1 and isinstance(funcs[0][0].type.ret, ir.Scalar) else None


def _conversion_to(a, src: ir.Type, dst: ir.Type, explicit: bool) -> list | None:
    """The versions of the conversion function of `src` that C++ chooses to make `dst` (the one whose
    type converts best: its own type first), or None; two equally good are `[ambiguous-call]`'s."""
    best, rank = [], None
    for syms in conversion_functions(a, src).values():
        if not explicit and not _implicit(syms):
            continue
        r = O.rank(syms[0].type.ret, dst, _derived(a))
        if r is None:
            continue
        if rank is None or r < rank:
            best, rank = [syms], r
        elif r == rank:
            best.append(syms)
    if len(best) > 1:
        return best                         # (the caller reports the ambiguity)
    return best[0] if best else None


def user_rank(a, src: ir.Type, dst: ir.Type) -> bool:
    """Whether one user-defined conversion (then or after a standard one) makes `dst` of `src`."""
    if isinstance(dst, ir.StructType) and src != dst:
        if any(O.rank(src, O.params_of(s)[0], _derived(a)) is not None for s in _converting_ctors(a, dst)):
            return True
    if _conversion_to(a, src, dst, False) is not None:
        return True
    scalar = SV.scalar_of(a, src)
    return scalar is not None and isinstance(dst, ir.Scalar)


def by_function(a, e: ir.Expr, t: ir.Type, span, explicit: bool) -> ir.Expr | None:
    """`e` converted to `t` by a conversion function of its class (then a standard conversion),
    or None.  `explicit`: a cast or a condition, where `explicit operator bool()` counts too."""
    found = _conversion_to(a, e.type, t, explicit)
    if found is None:
        return None
    if isinstance(found[0], list):
        a.error("ambiguous-call", f"conversion from '{e.type}' to '{t}' is ambiguous", span,
                help="candidates: " + "; ".join(syms[0].name for syms in found))
    sym = O.choose(a, found, [], span, f"{e.type.name}::{found[0].name}")
    return a.convert(a.call_member(sym, e, [], [], span), t, span, explicit)


def as_number(a, e: ir.Expr) -> ir.Expr | None:
    """A class value as the number its one implicit conversion function gives (an operand of a
    built-in operator: `meters + 1.0`), or None."""
    syms = number_conversion(a, e.type)
    if syms is None:
        return None
    sym = O.choose(a, syms, [], e.span, f"{e.type.name}::{syms[0].name}")
    return a.call_member(sym, e, [], [], e.span)


def convert(a, e: ir.Expr, t: ir.Type, span, explicit: bool) -> ir.Expr | None:
    """`e` converted to `t` through a constructor or a conversion to a number, or None."""
    if isinstance(t, ir.StructType) and t.name in a.structs and a.structs[t.name].ctors:
        if explicit:                        # direct initialisation: every constructor
            return a.construct_class(t, (e,), span, [span])
        ctors = [s for s in _converting_ctors(a, t) if O.rank(e.type, O.params_of(s)[0], _derived(a)) is not None]
        if ctors:                           # (a standard conversion first, never a second user one)
            sym = O.choose(a, ctors, [e], span, t.name)
            return a.call_member(sym, None, [e], [span], span)
    value = SV.as_scalar(a, e)
    if value is not None and isinstance(t, ir.Scalar):
        return a.convert(value, t, span, explicit)
    return by_function(a, e, t, span, explicit)
