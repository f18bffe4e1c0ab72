"""`tiled_extent<D0[, D1[, D2]]>` and `tiled_index` values in sema.

- `tiled_extent<16, 16> te(e)` / `tiled_extent<16>(e)`: the extent tiled, as `e.tile<16, 16>()`;
  `te[d]`, `te.tile_dim0`, `te.tile_extent`, `te.get_tile_extent()`, `te.pad()`, `te.truncate()`,
  `te.size()`, `te.contains(idx)`, `te == te2`; a tiled_extent is an extent where one is wanted.
- A kernel's `tiled_index` passed to a `restrict(amp)` function is a value of its own there: its
  global, local, tile and tile-origin components in one tuple (`TiledIndexValue`), so the callee's
  `t.global[0]`, `t.local`, `t.tile_origin`, `t.tile_extent`, `t.barrier.wait()` mean what they mean
  in the kernel.
"""
from __future__ import annotations

from .. import ir
from ..parse import ast as A
from .area import Area, names

PARTS = ("global", "local", "tile", "tile_origin")


def construct(a, t: ir.TiledExtent, args: tuple, span, spans) -> ir.Expr:
    rank = len(t.dims)
    if len(args) == 1 and args[0].type == t:
        return args[0]
    if len(args) != 1 or not isinstance(args[0].type, ir.Extent) or args[0].type.rank != rank:
        shown = ", ".join(str(x.type) for x in args)
        a.error("ctor-args", f"'{t}' is made from an 'extent<{rank}>', not ({shown})", span)
    dims = tuple(ir.Const(span, ir.INT, d) for d in t.dims)
    return ir.LibCall(span, t, "tile", args[0], dims)


def as_extent(e: ir.Expr) -> ir.Expr:
    """A tiled_extent where an extent is wanted (it derives from extent in C++ AMP)."""
    return ir.LibAttr(e.span, ir.Extent(len(e.type.dims)), e, "extent")


def tile_extent(t, span) -> ir.Expr:
    return ir.Construct(span, ir.Extent(len(t.dims)), tuple(ir.Const(span, ir.INT, d) for d in t.dims))


def static_member(a, t, name: str, span) -> ir.Expr | None:
    """`tile_dim0..2`, `tile_extent`, `rank` of a tiled_extent or tiled_index type (constants)."""
    if name.startswith("tile_dim") and name[8:] in ("0", "1", "2"):
        d = int(name[8:])
        if d >= len(t.dims):
            a.error("no-member", f"no member named '{name}' in '{t}'", span)
        return ir.Const(span, ir.INT, t.dims[d])
    if name == "tile_extent":
        return tile_extent(t, span)
    if name == "rank":
        return ir.Const(span, ir.INT, len(t.dims))
    return None


def extent_method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    t, sp = obj.type, n.span
    if name in ("pad", "truncate"):
        return ir.LibCall(sp, t, name, obj, ())
    if name == "get_tile_extent":
        return tile_extent(t, sp)
    if name == "size":
        return ir.LibCall(sp, ir.UINT, "size", as_extent(obj), ())
    if name == "contains":
        return ir.LibCall(sp, ir.BOOL, "contains", as_extent(obj), tuple(args))
    a.error("no-member", f"no member function '{name}' in '{t}'", n.func.span)


# ---- tiled_index values (in restrict(amp) functions) -------------------------------------------

def value_of_kernel_index(k: ir.Kernel, span) -> ir.Expr:
    """The running kernel's own tiled index as a value: 4 * rank int components."""
    rank = len(k.tile_dims)
    comps = tuple(ir.ThreadIndex(span, ir.INT, part, d) for part in PARTS for d in range(rank))
    return ir.Construct(span, ir.TiledIndex(k.tile_dims), comps)


def index_member(a, base: ir.Expr, name: str, span) -> ir.Expr:
    """`t.global`, `t.local`, ... of a tiled_index value (a parameter or local)."""
    t = base.type
    rank = len(t.dims)
    if name in PARTS:
        k = PARTS.index(name)
        return ir.MakeIndex(span, ir.Index(rank), tuple(
            ir.IndexComponent(span, ir.INT, base, k * rank + d) for d in range(rank)))
    e = static_member(a, t, name, span)
    if e is not None:
        return e
    if name == "barrier":
        a.error("amp-barrier-context", "'barrier' can only be used to call wait()", span,
                help="write t_idx.barrier.wait();")
    a.error("no-member", f"no member named '{name}' in '{t}'", span)


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _named_type(a, t: A.TypeName) -> ir.Type | None:
    return ir.Library("tile_barrier") if t.name == "tile_barrier" else None


def _template_type(a, t: A.TypeName) -> ir.Type | None:
    name, args = t.name, t.args
    if name in ("tiled_index", "tiled_extent"):
        dims = tuple(a.const_int(x, "tile size") for x in args)
        while len(dims) > 1 and dims[-1] == 0:      # `tiled_extent<D0, D1 = 0, D2 = 0>`: <16, 0, 0> is <16>
            dims = dims[:-1]
        for i, d in enumerate(dims):                 # (amp.h's static_asserts)
            if d <= 0:
                a.error("amp-tile-shape", f"tile dimension {i} of '{name}' is {d}, but every tile dimension "
                           "must be at least 1", t.span, help="use positive tile sizes")
        return ir.TiledIndex(dims) if name == "tiled_index" else ir.TiledExtent(dims)
    return None


AREA = Area("tiled_extent, tiled_index, tile_barrier", types=names("tile_barrier"),
            templates=names("tiled_extent tiled_index"), named_type=_named_type, template_type=_template_type,
            owns=lambda t: isinstance(t, ir.TiledExtent), construct=construct, method=extent_method)
