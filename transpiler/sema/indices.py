"""C++ AMP's `index<N>` and `extent<N>` operators in sema, on the host and in kernels.

- `i + j`, `i - j` of two values of one rank (`index ± index` is an index, `extent ± extent` and
  `extent ± index` an extent); `==` and `!=` of two indices or two extents;
- `i + k`, `i - k`, `i * k`, `i / k`, `i % k` and `k op i` with an integer `k` (component-wise,
  C++ int semantics: wrapping, truncating division);
- the compound forms (`i += j`, `i *= 2`, ...) and `++`/`--`.

Each is a `LibCall` named after the operator: the host emits the runtime's operator
(`amppy.runtime.amp._Tuple`), kernels emit one int expression per component.
"""
from __future__ import annotations

from .. import ir
from ..parse import ast as A
from .area import Area, names
from . import tiling

ARITH = ("+", "-", "*", "/", "%")


def involved(*types) -> bool:
    return any(isinstance(t, (ir.Index, ir.Extent, ir.TiledExtent)) for t in types)


def binary(a, op: str, left: ir.Expr, right: ir.Expr, span, spans) -> ir.Expr:
    lt, rt = left.type, right.type
    if isinstance(lt, ir.TiledExtent) and isinstance(rt, ir.TiledExtent) and op in ("==", "!=") and lt == rt:
        return ir.LibCall(span, ir.BOOL, op, left, (right,))    # tiled_extent's own operator==
    if isinstance(lt, ir.TiledExtent) and not isinstance(rt, ir.TiledExtent):
        left = tiling.as_extent(left)                            # else: its base class extent's
        lt = left.type
    if isinstance(rt, ir.TiledExtent) and not isinstance(lt, ir.TiledExtent):
        right = tiling.as_extent(right)
        rt = right.type
    both = isinstance(lt, (ir.Index, ir.Extent)) and isinstance(rt, (ir.Index, ir.Extent))
    if both:
        if lt.rank != rt.rank:
            a.error("rank-mismatch", f"invalid operands to binary expression ('{lt}' and '{rt}'): the ranks differ",
                    span)
        if op in ("==", "!=") and type(lt) is type(rt):
            return ir.LibCall(span, ir.BOOL, op, left, (right,))
        if op in ("+", "-") and (isinstance(lt, ir.Extent) or isinstance(rt, ir.Index)):
            return ir.LibCall(span, lt, op, left, (right,))
    elif op in ARITH:
        k, side = (1, right) if isinstance(lt, (ir.Index, ir.Extent)) else (0, left)
        if isinstance(side.type, ir.Scalar):
            value = a.convert(side, ir.INT, spans[k])
            t = lt if k == 1 else rt
            return ir.LibCall(span, t, op, left if k == 1 else value, (value if k == 1 else right,))
    a.error("type-mismatch", f"invalid operands to binary expression ('{lt}' and '{rt}')", span)


def compound(a, op: str, target: ir.Expr, value: ir.Expr, span, value_span) -> ir.Expr:
    """`i op= v`, as `i = i op v`."""
    total = binary(a, op, target, value, span, (span, value_span))
    if total.type != target.type:
        a.error("type-mismatch", f"invalid operands to '{op}=' ('{target.type}' and '{value.type}')", span)
    return ir.Assign(span, target.type, "=", target, total, target.type)


def step(a, op: str, target: ir.Expr, prefix: bool, discarded: bool, span) -> ir.Expr:
    """`++i`, `i--` on an index or extent: every component steps."""
    if not prefix and not discarded:
        a.unsupported(f"'{op}' of an {target.type} used as a value is", span,
                      help=f"write '{op}' before the variable, or on a statement of its own")
    one = ir.Const(span, ir.INT, 1)
    return ir.Assign(span, target.type, "=", target, ir.LibCall(span, target.type, op[0], target, (one,)),
                     target.type)


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    name, args = t.name, t.args
    if name in ("extent", "index"):
        a.nargs(t, 1, 1)
        rank = a.const_int(args[0], "rank")
        a.check_rank(rank, t)
        return ir.Extent(rank) if name == "extent" else ir.Index(rank)
    return None


AREA = Area("index, extent", templates=names("extent index"), template_type=_template_type)
