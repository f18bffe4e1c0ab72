"""Constant folding: an IR expression -> its compile-time value (or None).

`fold` evaluates constants, const variables, conversions and unary, binary and
conditional operators with C++ results (integers wrap to their type, `float`
rounds to binary32; see `amppy.cxx.types`).  `char_value` is how host code holds
a `char` constant.
"""
from __future__ import annotations

from .. import ir
from ..cxx.types import float_to_integer, round_value, wrap_value


def char_value(v: int) -> str:
    """A `char` constant as host code holds it (a one-character str of the byte)."""
    return chr(v & 0xFF)


#: while sema folds a constant expression: the value of a call of a constexpr function, or None
#: (sema/constexpr.py sets it for the fold's duration; elsewhere a call is never a constant)
call_value = None


def fold(e: ir.Expr):
    """The compile-time value of an IR expression, or None."""
    if isinstance(e, ir.Call):
        return call_value(e) if call_value is not None else None
    if isinstance(e, ir.Const):
        if isinstance(e.value, str):
            return wrap_value(ord(e.value), ir.CHAR) if len(e.value) == 1 else None
        if isinstance(e.value, float) and isinstance(e.type, ir.Scalar):
            return round_value(e.value, e.type)
        return e.value
    if isinstance(e, ir.Var):
        return e.sym.const_value
    if isinstance(e, ir.Convert) and isinstance(e.type, ir.Scalar):
        v = fold(e.operand)
        if v is None:
            return None
        t = e.type
        if t.name == "bool":
            return bool(v)
        if t.is_float:
            return round_value(v, t)
        if isinstance(v, float):        # x86's conversion: `int(3e9f)` is INT_MIN
            return float_to_integer(v, t)
        return wrap_value(int(v), t)
    if isinstance(e, ir.Unary):
        v = fold(e.operand)
        if v is None:
            return None
        v = {"-": lambda: -v, "+": lambda: v, "!": lambda: not v, "~": lambda: ~v}[e.op]()
        if isinstance(e.type, ir.Scalar) and e.type.is_int and not isinstance(v, bool):
            v = wrap_value(int(v), e.type)
        return v
    if isinstance(e, ir.Binary):
        return _fold_binary(e)
    if isinstance(e, ir.Conditional):
        c = fold(e.cond)
        if c is None:
            return None
        return fold(e.then) if c else fold(e.else_)
    return None


def _fold_binary(e: ir.Binary):
    """The value of a binary expression (C++ division, remainder and wrapping), or None."""
    a, b = fold(e.left), fold(e.right)
    if a is None or b is None:
        return None
    op = e.op
    try:
        if op == "/":
            if isinstance(a, float) or isinstance(b, float):
                return a / b
            q = abs(a) // abs(b)
            return q if (a >= 0) == (b >= 0) else -q
        if op == "%":
            if isinstance(a, float) or isinstance(b, float):
                return None
            r = abs(a) % abs(b)
            return r if a >= 0 else -r
    except ZeroDivisionError:
        return None
    ops = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "<<": lambda: a << b,
           ">>": lambda: a >> b, "&": lambda: a & b, "|": lambda: a | b, "^": lambda: a ^ b,
           "==": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b, ">": lambda: a > b,
           "<=": lambda: a <= b, ">=": lambda: a >= b, "&&": lambda: bool(a and b),
           "||": lambda: bool(a or b)}
    if op not in ops:
        return None
    v = ops[op]()
    if isinstance(e.type, ir.Scalar) and e.type.is_int and not isinstance(v, bool):
        v = wrap_value(int(v), e.type)
    elif isinstance(e.type, ir.Scalar) and e.type.is_float and isinstance(v, float):
        v = round_value(v, e.type)
    return v
