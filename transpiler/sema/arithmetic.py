"""C++ arithmetic: integral promotion, the usual arithmetic conversions, zero values."""
from __future__ import annotations

from .. import ir

def promote(t: ir.Scalar) -> ir.Scalar:
    """Integral promotion: small ints and bool become int."""
    if t.is_int and ir.SCALARS[t.name][1] < 4:
        return ir.INT
    if t.name == "bool":
        return ir.INT
    return t


def common_type(a: ir.Scalar, b: ir.Scalar) -> ir.Scalar:
    """The usual arithmetic conversions of C++ (MSVC sizes: long is 32-bit)."""
    if a.is_float or b.is_float:
        ra = ir.SCALARS[a.name][2] if a.is_float else 0
        rb = ir.SCALARS[b.name][2] if b.is_float else 0
        return a if ra >= rb else b
    a, b = promote(a), promote(b)
    if a == b:
        return a
    ra, rb = ir.SCALARS[a.name][2], ir.SCALARS[b.name][2]
    if a.is_unsigned == b.is_unsigned:
        return a if ra >= rb else b
    u, s = (a, b) if a.is_unsigned else (b, a)
    ru, rs = ir.SCALARS[u.name][2], ir.SCALARS[s.name][2]
    if ru >= rs:
        return u
    if ir.SCALARS[s.name][1] > ir.SCALARS[u.name][1]:
        return s
    return ir.Scalar("unsigned " + s.name) if ("unsigned " + s.name) in ir.SCALARS else u


def zero(t: ir.Scalar, span) -> ir.Expr:
    """The zero of arithmetic type `t` (what a static or an omitted member starts as)."""
    return ir.Const(span, t, 0.0 if t.is_float else (False if t.name == "bool" else 0))
