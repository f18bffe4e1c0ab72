"""C++ forms that have a direct Python form, recognised on the IR (plain data, no text).

- `counted_for`: `for (int i = a; i < b; i++)` that is exactly `for i in range(a, b)`;
- `const_int`: the value of an int literal or named int constant;
- `non_negative`: an integer expression provably >= 0 (floor division is C++ division there);
- `extent_owner`: the array whose extent an expression is;
- `simple`, `has_effects`: whether an expression may be evaluated again.
The emitter core (`codegen/pyemit.py`, `codegen/pyexprs.py`) asks these, and so does
`lower/host_loops.py` (how many rounds a loop runs): questions about the IR that need C++'s
arithmetic facts (`cxx/types.py`, which sits above `ir/`), so they live here, below both.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import ir
from ..cxx.types import conversion_wraps, is_integer


@dataclass(frozen=True)
class CountedFor:
    """`for (int i = start; i < stop; i += step)` as Python's `range`."""
    sym: ir.Symbol
    start: ir.Expr
    stop: ir.Expr
    step: int
    adjust: int          # added to stop (`<=` counts one further)


def counted_for(s: ir.For) -> CountedFor | None:
    """The loop as a `range` when that is exact: an integer variable declared in the
    initializer, stepped by a positive constant towards a bound that the body cannot change,
    and not assigned in the body.  Unsigned variables count up (or down with `>`), so they
    never wrap."""
    if len(s.init) != 1 or not isinstance(s.init[0], ir.VarDecl) or len(s.step) != 1 or s.cond is None:
        return None
    decl, sym = s.init[0], s.init[0].sym
    t = sym.type
    if decl.init is None or not is_integer(t) or t.name in ("bool", "char", "wchar_t"):
        return None
    step = _step_of(s.step[0], sym)
    c = s.cond
    if step is None or not isinstance(c, ir.Binary) or c.op not in ("<", "<=", ">", ">=", "!="):
        return None
    left = c.left
    if isinstance(left, ir.Convert) and is_integer(left.type) and _is_var(left.operand, sym):
        # `i < v.size()` compares i converted; exact while i keeps its value there
        if conversion_wraps(t, left.type) and not (step > 0 and non_negative(decl.init)):
            return None
        left = left.operand
    if not _is_var(left, sym) or _assigns(s.body, sym) or not _invariant(c.right, s.body):
        return None
    bound = c.right
    if isinstance(bound, ir.Convert) and is_integer(bound.operand.type) and \
            not conversion_wraps(bound.operand.type, bound.type):
        bound = bound.operand                   # widened for the comparison only
    unsigned = t.is_unsigned
    if c.op == "<" and step > 0 or c.op == ">" and step < 0:
        adjust = 0
    elif c.op == "<=" and step > 0 and not (unsigned and not isinstance(bound, ir.Const)):
        adjust = 1
    elif c.op == ">=" and step < 0 and not unsigned:
        adjust = -1
    elif c.op == "!=" and abs(step) == 1 and not unsigned:
        adjust = 0
    else:
        return None
    return CountedFor(sym, decl.init, bound, step, adjust)


def _step_of(st: ir.Expr, sym: ir.Symbol) -> int | None:
    if isinstance(st, ir.IncDec) and _is_var(st.target, sym):
        return 1 if st.op == "++" else -1
    if isinstance(st, ir.Assign) and _is_var(st.target, sym) and st.op in ("+", "-"):
        k = const_int(st.value.operand if isinstance(st.value, ir.Convert) else st.value)
        if k is not None and k > 0:
            return k if st.op == "+" else -k
    return None


def const_int(e: ir.Expr):
    """The value of an int literal or of a named int constant (`const int TS = 16;`), else None."""
    if isinstance(e, ir.Const):
        v = e.value
    elif isinstance(e, ir.Var):
        v = e.sym.const_value
    else:
        return None
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _is_var(e: ir.Expr, sym: ir.Symbol) -> bool:
    return isinstance(e, ir.Var) and e.sym is sym


def simple(e: ir.Expr) -> bool:
    """A variable or a literal (possibly converted): cheap and safe to evaluate again."""
    return isinstance(e, (ir.Var, ir.Const)) or isinstance(e, ir.Convert) and simple(e.operand)


def _assigns(node, sym: ir.Symbol) -> bool:
    for n in ir.walk(node):
        if isinstance(n, (ir.Assign, ir.IncDec)) and _is_var(n.target, sym):
            return True
        if isinstance(n, ir.StreamIn) and any(_is_var(t, sym) for t in n.targets):
            return True
    return False


_MUTATORS = {"push_back", "pop_back", "resize", "clear", "assign", "reserve", "insert", "erase",
             "emplace_back"}
_PURE_LIBCALLS = {"size", "len", "get_extent", "extent", "+", "-", "==", "!="}


def _invariant(bound: ir.Expr, body) -> bool:
    """The loop bound cannot change while the body runs (so `range` is exact)."""
    nodes = list(ir.walk(body))
    calls = any(isinstance(m, ir.Call) for m in nodes)
    for n in ir.walk(bound):
        if isinstance(n, (ir.Call, ir.Assign, ir.IncDec, ir.StreamIn, ir.ElementRef, ir.AtomicCall)):
            return False
        if isinstance(n, ir.FieldRef) and not (n.field == "extent" and isinstance(n.type, ir.Extent)):
            return False
        if isinstance(n, ir.LibCall):
            if n.name not in _PURE_LIBCALLS:
                return False
            if n.name == "size" and (calls or any(
                    isinstance(m, ir.LibCall) and m.name in _MUTATORS or
                    isinstance(m, ir.Assign) and isinstance(n.obj, ir.Var) and _is_var(m.target, n.obj.sym)
                    for m in nodes)):
                return False
        if isinstance(n, ir.Var) and n.sym.kind != "const":
            if _assigns(body, n.sym) or (n.sym.kind == "global" and calls):
                return False
    return True


def non_negative(e: ir.Expr) -> bool:
    """`e` is provably >= 0 (so Python's floor division equals C++ truncation)."""
    if isinstance(e.type, ir.Scalar) and e.type.is_unsigned:
        return True
    if isinstance(e, ir.Const):
        return isinstance(e.value, (int, float)) and e.value >= 0
    if isinstance(e, ir.ThreadIndex):
        return True
    if isinstance(e, ir.Var) and e.sym.kind == "const" and isinstance(e.sym.const_value, (int, float)):
        return e.sym.const_value >= 0
    if isinstance(e, ir.Convert) and is_integer(e.type) and is_integer(e.operand.type):
        # (int)u of an unsigned u >= 2**31 is negative: only value-preserving conversions keep the sign
        return not conversion_wraps(e.operand.type, e.type) and non_negative(e.operand)
    if isinstance(e, ir.Binary) and e.op in ("+", "*", "/", "%", "&", ">>", "|"):
        return non_negative(e.left) and non_negative(e.right)
    return False


def extent_owner(e: ir.Expr):
    """The array or array_view whose extent `e` is (`a.extent`, `a.get_extent()`), else None."""
    if not isinstance(e.type, ir.Extent):
        return None
    arr = None
    if isinstance(e, ir.FieldRef) and e.field == "extent":
        arr = e.base
    elif isinstance(e, ir.LibCall) and e.name in ("get_extent", "extent") and e.obj is not None:
        arr = e.obj
    return arr if arr is not None and isinstance(arr.type, (ir.ArrayView, ir.AmpArray)) else None


_EFFECTS = (ir.Call, ir.Assign, ir.IncDec, ir.AtomicCall, ir.StreamIn, ir.StreamOut, ir.Invoke)


def has_effects(e: ir.Expr) -> bool:
    """Evaluating `e` twice could differ from evaluating it once (a call, an assignment)."""
    return any(isinstance(n, _EFFECTS) or isinstance(n, ir.LibCall) and n.name not in _PURE_LIBCALLS
               or isinstance(n, ir.MathCall) and n.outs for n in ir.walk(e))
