"""Overload resolution: which of several functions of one name a call means.

C++'s ranking, in the form real C++ AMP code needs it: each argument's conversion to its
parameter is an exact match (the same type, also through `const&` and `T&`), a promotion
(`bool`/`char`/`short` to `int`, `float` to `double`) or a conversion (any other arithmetic
conversion, a string literal to `std::string`, ...).  A function is viable when every argument
converts and the count fits (default arguments fill the rest); the best viable function is
at least as good for every argument and better for one than each other.  None viable is
`[no-matching-function]`, no single best is `[ambiguous-call]`; both list the candidates.

The restriction is part of the choice: restrict(amp) code can only call amp functions and host
code only cpu ones, so `float f(float) restrict(cpu)` and `float f(float) restrict(amp)` are two
overloads of which each context sees one.

An overload set is an `Overloads` in the scope (a name with one function stays its Symbol).
"""
from __future__ import annotations

from .. import ir
from ..source import Span
from . import streams
from .hierarchy import derives
from . import views

EXACT, PROMOTION, CONVERSION, USER, ELLIPSIS = 0, 1, 2, 3, 4     # (ELLIPSIS: an argument that `...` takes)
_PROMOTES_TO_INT = {"bool", "char", "signed char", "unsigned char", "short", "unsigned short", "wchar_t"}


class Overloads:
    """The functions of one name in one scope, in declaration order."""

    def __init__(self, name: str, syms: list):
        self.name = name
        self.syms = syms


def symbols_of(found) -> list:
    """The symbols a name lookup `found`: an overload set's, one symbol, or none."""
    if isinstance(found, Overloads):
        return found.syms
    return [found] if isinstance(found, ir.Symbol) else []


def rank(src: ir.Type, dst: ir.Type, derived=None, user=None) -> int | None:
    """How `src` converts to the parameter type `dst`: EXACT, PROMOTION, CONVERSION, USER or None
    (`derived(t, base)`: whether class `t` derives from class `base`; `user(src, dst)`: whether a
    user-defined conversion makes one of the other, `sema/conversions.py`)."""
    if src == dst:
        return EXACT
    if isinstance(src, ir.Scalar) and isinstance(dst, ir.Scalar):
        if dst.name == "int" and src.name in _PROMOTES_TO_INT or (src.name, dst.name) == ("float", "double"):
            return PROMOTION
        return CONVERSION
    if isinstance(dst, ir.Scalar) and dst.name == "bool" and isinstance(src, (ir.Pointer, ir.String)):
        return CONVERSION
    if isinstance(dst, ir.StdString) and isinstance(src, (ir.String, ir.StdString)):
        return CONVERSION
    if isinstance(dst, ir.String) and isinstance(src, ir.String):
        return EXACT
    how = views.conversion(src, dst)
    if how is not None:
        return EXACT if how == "same" else CONVERSION
    if isinstance(dst, ir.Pointer) and isinstance(src, (ir.Pointer, ir.CArray)) and \
            (src.elem == dst.elem or isinstance(dst.elem, ir.Void)):
        return EXACT if src.elem == dst.elem else CONVERSION
    if isinstance(dst, ir.Function) and isinstance(src, ir.Function):
        return CONVERSION
    if isinstance(dst, ir.Library) and isinstance(src, ir.Library) and dst.name == src.name:
        return EXACT
    if isinstance(dst, ir.Library) and isinstance(src, ir.Library) and (
            dst.name == "ostream" and streams.writable(src) or dst.name == "istream" and streams.readable(src)):
        return CONVERSION                   # a string or file stream as `std::ostream&`
    if derived is not None and derived(src, dst):      # a derived class to its base
        return CONVERSION
    if user is not None and user(src, dst):            # a converting constructor, `operator float()`
        return USER
    return None


def params_of(sym: ir.Symbol) -> tuple:
    """The parameters a call's arguments match (a member function's `this` is the object)."""
    ps = sym.type.params
    return ps[1:] if sym.member in ("method", "dtor") else ps


def _required(sym: ir.Symbol, params) -> int:
    defaults = sym.defaults[len(sym.defaults) - len(params):] if sym.defaults else (None,) * len(params)
    return len(params) - sum(1 for d in defaults if d is not None)


def viable(a, sym: ir.Symbol, args, in_amp: bool | None):
    """The argument ranks if `sym` can take `args` (in a context that is amp or not, None: either),
    else None (`a`: the analyser, which knows the program's classes)."""
    if in_amp is not None and ("amp" if in_amp else "cpu") not in sym.restrict_:
        return None
    params = params_of(sym)
    if not _required(sym, params) <= len(args) or len(args) > len(params) and not sym.variadic:
        return None
    ranks = []
    for x, p in zip(args, params):
        r = rank(x.type, p, lambda t, base: derives(a, t, base), lambda s, d: a.user_rank(s, d))
        if r is None:
            return None
        ranks.append(r)
    return ranks + [ELLIPSIS] * (len(args) - len(params))  # the arguments a variadic function's `...` takes


def better(r1, r2) -> bool:
    return all(a <= b for a, b in zip(r1, r2)) and any(a < b for a, b in zip(r1, r2))


def describe(sym: ir.Symbol) -> str:
    ps = params_of(sym)
    return f"{sym.name}({', '.join(str(p) for p in ps)})"


def in_amp_context(a) -> bool:
    """Whether overloads are chosen for restrict(amp) code: the function's context, except in a
    default argument, whose calls C++ AMP binds where the function is declared (namespace
    scope: the CPU's overloads), though they run, and are checked, in the caller."""
    if a.choice_context is not None:
        return a.choice_context
    return a.in_amp() if a.fn is not None else False


def best(a, found: list, span: Span, what: str) -> ir.Symbol:
    """The candidate of `found` ((symbol, ranks), all viable) at least as good as every other for
    every argument and better for one; else `[ambiguous-call]` naming the tied candidates."""
    winners = [s for s, r in found if all(better(r, r2) or r == r2 and s is s2 for s2, r2 in found)]
    if len(winners) != 1:
        tied = [s for s, r in found if not any(better(r2, r) for _, r2 in found)]
        a.error("ambiguous-call", f"{what} is ambiguous", span,
                help="candidates: " + "; ".join(describe(s) for s in tied))
    return winners[0]


def choose(a, syms: list, args, span: Span, name: str) -> ir.Symbol:
    """The best of `syms` for `args`, or a located error that lists the candidates."""
    in_amp = in_amp_context(a)
    found = [(s, viable(a, s, args, in_amp)) for s in syms]
    found = [(s, r) for s, r in found if r is not None]
    if len(syms) == 1 and not found:
        return syms[0]          # one candidate: its own call check says what is wrong
    if not found:
        context = [s for s in syms if viable(a, s, args, None) is not None]
        if context:             # a fit exists, but in the other restriction context
            return context[0]   # (the call check reports the restriction)
        given = ", ".join(str(x.type) for x in args)
        a.error("no-matching-function", f"no matching function for call to '{name}({given})'", span,
                help=f"candidates: {'; '.join(describe(s) for s in syms)}")
    return best(a, found, span, f"call to '{name}'")


def type_slug(t: ir.Type) -> str:
    """A Python-identifier spelling of a parameter type, for an overload's name."""
    text = str(t).replace("unsigned ", "u").replace("const ", "").replace(" ", "_")
    out = "".join(c if c.isalnum() or c == "_" else "_" for c in text)
    return "_".join(p for p in out.split("_") if p) or "t"
