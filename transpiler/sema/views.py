"""`concurrency::array_view` and `array` members in sema, and `concurrency::copy`/`copy_async`.

Views of views: `section` (every overload), projection (`av[i]` of a rank-N view is an
`array_view<T, N-1>`), `view_as`, `reinterpret_as<U>()`, `get_ref`; host-only members
(`synchronize`, `synchronize_async`, `refresh`, `discard_data`, `copy_to`, `data`,
`get_source_accelerator_view`).  A view made in a kernel is a slice of the captured view
there; on the host the runtime's `array_view` aliases its parent (`amppy.runtime.amp`).

C++ AMP's restrictions are checked here: ranks and element types must agree, `view_as` and
`reinterpret_as` of an `array_view` need rank 1, a view of `const T` stays const, host-only
members are errors in restrict(amp) code.
"""
from __future__ import annotations

from .. import ir
from . import accelerators

FUTURE = ir.Library("completion_future")
HOST_ONLY = ("synchronize", "synchronize_async", "refresh", "discard_data", "copy_to", "data",
             "get_source_accelerator_view", "get_accelerator_view", "get_associated_accelerator_view",
             "get_cpu_access_type")


def is_view(t) -> bool:
    return isinstance(t, (ir.ArrayView, ir.AmpArray))


def conversion(src, dst) -> str | None:
    """How a value of view or array type `src` becomes one of view type `dst`: "same" (a view
    passed on, also `array_view<T>` as `array_view<const T>`), "view" (a view of an array or
    texture is made), None (no conversion: element type or rank differ, const would be dropped,
    or a texture and an array_view are crossed)."""
    if not isinstance(dst, ir.ArrayView) or not is_view(src) or (src.elem, src.rank) != (dst.elem, dst.rank):
        return None
    if isinstance(src, (ir.Texture, ir.TextureView)) != isinstance(dst, ir.TextureView):
        return None
    if isinstance(src, ir.ArrayView):
        return "same" if dst.const or not src.const else None
    return "view"


def view_of(t, rank=None, elem=None) -> ir.ArrayView:
    """The `array_view` type a member of `t` returns (an array's views are not const)."""
    const = isinstance(t, ir.ArrayView) and t.const
    return ir.ArrayView(t.elem if elem is None else elem, t.rank if rank is None else rank, const)


def method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    t, sp = obj.type, n.span
    if isinstance(t, (ir.Texture, ir.TextureView)):
        return texture_method(a, obj, name, args, n)
    what = "array_view" if isinstance(t, ir.ArrayView) else "array"
    if name in HOST_ONLY and a.in_amp():
        a.error("amp-restrict", f"'{what}::{name}' cannot be called in restrict(amp) code", sp)
    targs = getattr(n.func, "template_args", None)
    if targs is not None and name != "reinterpret_as":
        a.error("template-args", f"'{name}' is not a template", n.func.span)
    if name in ("synchronize", "refresh", "discard_data"):
        _nargs(a, name, args, 0, sp)
        return ir.LibCall(sp, ir.Void(), name, obj, ())
    if name == "synchronize_async":
        _nargs(a, name, args, 0, sp)
        return ir.LibCall(sp, FUTURE, name, obj, ())
    if name in ("get_source_accelerator_view", "get_accelerator_view", "get_associated_accelerator_view"):
        if (name == "get_source_accelerator_view") != isinstance(t, ir.ArrayView):
            a.error("no-member", f"no member function '{name}' in '{t}'", n.func.span)
        _nargs(a, name, args, 0, sp)
        return ir.LibCall(sp, accelerators.VIEW, name, obj, ())
    if name == "get_extent":
        _nargs(a, name, args, 0, sp)
        if a.fn is not None and a.fn.kernel is not None:
            return ir.LibAttr(sp, ir.Extent(t.rank), obj, "extent")
        return ir.LibCall(sp, ir.Extent(t.rank), "get_extent", obj, ())
    if name == "get_cpu_access_type" and isinstance(t, ir.AmpArray):
        _nargs(a, name, args, 0, sp)
        return ir.LibCall(sp, ir.INT, name, obj, ())
    if name == "copy_to":
        _nargs(a, name, args, 1, sp)
        return copy_call(a, "copy", [obj] + args, [n.func.span] + [x.span for x in n.args], sp, member=True)
    if name == "data":
        _nargs(a, name, args, 0, sp)
        if isinstance(t, ir.ArrayView) and t.rank != 1:
            a.error("rank-mismatch", "array_view::data() is only permissible on array_view<T, 1>", sp)
        return ir.LibCall(sp, ir.Pointer(t.elem), "data", obj, ())
    if name == "get_ref":
        _nargs(a, name, args, 1, sp)
        return _element(a, obj, args[0], n.args[0].span)
    if name == "section":
        return section(a, obj, args, [x.span for x in n.args], sp)
    if name == "view_as":
        _nargs(a, name, args, 1, sp)
        if not isinstance(args[0].type, ir.Extent):
            a.error("type-mismatch", f"'view_as' takes an extent, not '{args[0].type}'", n.args[0].span)
        if isinstance(t, ir.ArrayView) and t.rank != 1:
            a.error("rank-mismatch", "array_view::view_as is only permissible on array_view<T, 1>", sp,
                    help="make the view from the array (array::view_as), or project it first")
        return ir.LibCall(sp, view_of(t, rank=args[0].type.rank), "view_as", obj, (args[0],))
    if name == "reinterpret_as":
        return _reinterpret(a, obj, targs, args, n)
    a.error("no-member", f"no member function '{name}' in '{t}'", n.func.span)


def _nargs(a, name, args, k, sp):
    if len(args) != k:
        a.error("call-args", f"'{name}' takes {k} argument(s), {len(args)} given", sp)


def _element(a, obj, idx, span) -> ir.Expr:
    t = obj.type
    if not isinstance(idx.type, ir.Index) or idx.type.rank != t.rank:
        a.error("type-mismatch", f"'get_ref' of '{t}' takes an 'index<{t.rank}>', not '{idx.type}'", span)
    return ir.ElementRef(span, t.elem, obj, components(idx))


def components(idx: ir.Expr) -> tuple[ir.Expr, ...]:
    if isinstance(idx, ir.MakeIndex):
        return idx.components
    if isinstance(idx, ir.Construct) and len(idx.args) == idx.type.rank and \
            all(isinstance(x.type, ir.Scalar) for x in idx.args):
        return idx.args
    return tuple(ir.IndexComponent(idx.span, ir.INT, idx, d) for d in range(idx.type.rank))


def section(a, obj: ir.Expr, args: list, spans: list, sp) -> ir.Expr:
    """`av.section(origin, ext)`, `(origin)`, `(ext)`, `(i0, e0)`, `(i0, i1, e0, e1)`,
    `(i0, i1, i2, e0, e1, e2)`: the origin and extent as IR components (`Section`)."""
    t = obj.type
    rank = t.rank
    kinds = [type(x.type) for x in args]
    origin = extent = None
    if kinds in ([ir.Index, ir.Extent], [ir.Index], [ir.Extent]):
        for x, s in zip(args, spans):
            if x.type.rank != rank:
                a.error("rank-mismatch", f"'section' of '{t}' takes rank-{rank} arguments, not '{x.type}'", s)
        origin = args[0] if kinds[0] is ir.Index else None
        extent = args[-1] if kinds[-1] is ir.Extent else None
    elif len(args) == 2 * rank and all(isinstance(x.type, ir.Scalar) for x in args):
        conv = tuple(a.convert(x, ir.INT, s) for x, s in zip(args, spans))
        origin = ir.MakeIndex(sp, ir.Index(rank), conv[:rank])
        extent = ir.Construct(sp, ir.Extent(rank), conv[rank:])
    else:
        shown = ", ".join(str(x.type) for x in args)
        a.error("no-matching-function", f"no overload of 'section' of '{t}' takes ({shown})", sp,
                help=f"pass (index<{rank}> origin, extent<{rank}> ext), an origin, an extent, "
                     f"or {rank} origin then {rank} extent integers")
    return ir.Section(sp, view_of(t), obj, origin, extent)


def _reinterpret(a, obj, targs, args, n) -> ir.Expr:
    t, sp = obj.type, n.span
    if not targs or len(targs) != 1:
        a.error("template-args", "'reinterpret_as' takes the element type: reinterpret_as<T>()", sp)
    _nargs(a, "reinterpret_as", args, 0, sp)
    u = a.type_arg(targs[0], n.func)
    if not isinstance(u, (ir.Scalar, ir.StructType)):
        a.error("type-mismatch", f"'reinterpret_as' needs a scalar or struct element type, not '{u}'", sp)
    if isinstance(t, ir.ArrayView) and t.rank != 1:
        a.error("rank-mismatch", "array_view::reinterpret_as is only permissible on array_view<T, 1>", sp)
    if a.in_amp():
        a.unsupported("'reinterpret_as' in restrict(amp) code is", sp, help="reinterpret the view on the host")
    big, small = sorted((a.sizeof(t.elem, sp), a.sizeof(u, sp)), reverse=True)
    if big % small:
        a.error("type-mismatch", f"'reinterpret_as' cannot view '{t.elem}' elements as '{u}'", sp)
    return ir.LibCall(sp, view_of(t, rank=1, elem=u), "reinterpret_as", obj, ())


#: texture members amppy does not translate yet: sampling, gathering, mipmap levels, copy_to
TEXTURE_NOT_YET = ("sample", "gather_red", "gather_green", "gather_blue", "gather_alpha", "get_mipmap_levels",
                   "get_mipmap_extent", "get_mipmap_view", "copy_to")

# ---- textures ---------------------------------------------------------------------------------

def texture_method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    """`tex.get(idx)`, `tex.set(idx, v)` (a texture, a texture_view of non-const T),
    `get_bits_per_scalar_element()`, `get_data_length()`, `get_extent()` / `extent`."""
    t, sp = obj.type, n.span
    if name == "get":
        _nargs(a, name, args, 1, sp)
        return _element(a, obj, args[0], n.args[0].span)
    if name == "set":
        _nargs(a, name, args, 2, sp)
        if t.const if isinstance(t, ir.TextureView) else False:
            a.error("not-assignable", f"'{t}' is read-only: it has no 'set'", n.func.span)
        target = _element(a, obj, args[0], n.args[0].span)
        value = a.convert(args[1], t.elem, n.args[1].span)
        return ir.Assign(sp, ir.Void(), "=", target, value, t.elem)
    if name in TEXTURE_NOT_YET:
        a.unsupported(f"'{name}' of a texture is", n.func.span,
                      help="read texels with tex[idx] or get(idx), write them with set(idx, value)")
    if name in ("get_bits_per_scalar_element", "get_data_length"):
        _nargs(a, name, args, 0, sp)
        if a.in_amp():
            a.error("amp-restrict", f"'{name}' cannot be called in restrict(amp) code", sp)
        return ir.LibCall(sp, ir.UINT, name, obj, ())
    if name == "get_extent":
        _nargs(a, name, args, 0, sp)
        if a.fn is not None and a.fn.kernel is not None:
            return ir.LibAttr(sp, ir.Extent(t.rank), obj, "extent")
        return ir.LibCall(sp, ir.Extent(t.rank), "get_extent", obj, ())
    a.error("no-member", f"no member function '{name}' in '{t}'", n.func.span)


def read_only_element(e: ir.Expr) -> bool:
    """A texture element: C++ AMP's `tex[idx]` is a value, written only with `set`."""
    return isinstance(e, ir.ElementRef) and isinstance(e.base.type, (ir.Texture, ir.TextureView))


# ---- concurrency::copy ------------------------------------------------------------------------

def _iterator(t) -> bool:
    return isinstance(t, (ir.Iterator, ir.Pointer))


def copy_call(a, name: str, args: list, spans: list, sp, member=False) -> ir.Expr:
    """`copy(src, dst)` of arrays/views (ranks and element types agree), `copy(first, last, dst)`,
    `copy(first, dst)` from iterators or pointers, `copy(src, out_iterator)`; `copy_async` the same,
    returning a `completion_future`."""
    what = "copy_to" if member else f"concurrency::{name}"
    if a.in_amp():
        a.error("amp-restrict", f"'{what}' cannot be called in restrict(amp) code", sp)
    kinds = [x.type for x in args]
    ok = False
    if len(args) == 2 and is_view(kinds[0]) and is_view(kinds[1]):
        src, dst = kinds
        if src.rank != dst.rank or src.elem != dst.elem:
            a.error("type-mismatch", f"'{what}' from '{src}' to '{dst}': element types and ranks must agree", sp)
        ok = True
    elif len(args) in (2, 3) and is_view(kinds[-1]) and all(_iterator(k) for k in kinds[:-1]):
        ok = True
        _same_elem(a, what, kinds[0], kinds[-1], sp)
    elif len(args) == 2 and is_view(kinds[0]) and _iterator(kinds[1]):
        ok = True
        _same_elem(a, what, kinds[1], kinds[0], sp)
    if not ok:
        shown = ", ".join(str(k) for k in kinds)
        a.error("no-matching-function", f"no overload of '{what}' takes ({shown})", sp,
                help="copy between arrays and array_views, or from/to iterators or pointers")
    if isinstance(kinds[-1], ir.ArrayView) and kinds[-1].const:
        a.error("not-assignable", f"'{what}' cannot write into '{kinds[-1]}'", spans[-1])
    if member:
        return ir.LibCall(sp, ir.Void(), "copy_to", args[0], (args[1],))
    return ir.LibCall(sp, FUTURE if name == "copy_async" else ir.Void(), name, None, tuple(args))


def _same_elem(a, what, it, view, sp):
    elem = it.elem
    if elem != view.elem and not (isinstance(elem, ir.Scalar) and isinstance(view.elem, ir.Scalar)
                                  and elem.name == view.elem.name):
        a.error("type-mismatch", f"'{what}' between '{it}' and '{view}': the element types differ", sp)


# ---- completion_future ---------------------------------------------------------------------------

def future_method(a, obj, name: str, args: list, n) -> ir.Expr:
    """`f.get()`, `f.wait()`, `f.valid()`, `f.then(callable)`."""
    if name in ("get", "wait"):
        _nargs(a, name, args, 0, n.span)
        return ir.LibCall(n.span, ir.Void(), name, obj, ())
    if name == "valid":
        _nargs(a, name, args, 0, n.span)
        return ir.LibCall(n.span, ir.BOOL, name, obj, ())
    if name == "then":
        _nargs(a, name, args, 1, n.span)
        f = args[0]
        if not isinstance(f.type, ir.Function):
            a.error("type-mismatch", f"'then' takes a callable with no arguments, not '{f.type}'", n.span)
        return ir.LibCall(n.span, ir.Void(), name, obj, (f,))
    a.error("no-member", f"no member function '{name}' in 'completion_future'", n.func.span)
