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

from ..parse import ast as A
from .. import ir
from ..cxx.amp_types import element_problem, nested_container
from ..cxx import short_vectors as H_SV
from .short_vectors import from_header
from .area import Area, names
from ..ir.queries import value_owner
from . import accelerators

FUTURE = ir.Library("completion_future")
HOST_ONLY = ("synchronize", "synchronize_async", "refresh", "discard_data", "copy_to",
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
        if a.in_amp():                      # restrict(amp, cpu): in a kernel, the address of element 0
            return ir.LibCall(sp, ir.Pointer(t.elem), "flat", None, (obj,))
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
    if isinstance(u, ir.Pointer):           # (C3581: the view's element type, which amp code cannot hold)
        a.error("amp-restrict", f"'reinterpret_as<{u}>': a pointer cannot be the element type of a view", sp)
    if not isinstance(u, (ir.Scalar, ir.StructType)):
        a.error("type-mismatch", f"'reinterpret_as' needs a scalar or struct element type, not '{u}'", sp)
    if isinstance(t, ir.ArrayView) and t.rank != 1:
        a.error("rank-mismatch", "array_view::reinterpret_as is only permissible on array_view<T, 1>", sp)
    if a.in_amp() and not (isinstance(u, ir.Scalar) and isinstance(t.elem, ir.Scalar)):
        a.unsupported("'reinterpret_as' of struct elements in restrict(amp) code is", sp,
                      help="reinterpret the view on the host")
    big, small = sorted((a.sizeof(t.elem, sp), a.sizeof(u, sp)), reverse=True)
    if big % small:
        a.error("type-mismatch", f"'reinterpret_as' cannot view '{t.elem}' elements as '{u}'", sp)
    return ir.LibCall(sp, view_of(t, rank=1, elem=u), "reinterpret_as", obj, ())


#: texture members amppy does not translate yet: mipmap levels
TEXTURE_NOT_YET = ("get_mipmap_extent", "get_mipmap_view")
GATHERS = ("gather_red", "gather_green", "gather_blue", "gather_alpha")
#: Direct3D's sampler values (the header's enumerations): sample's defaults
FILTER_LINEAR, ADDRESS_CLAMP = 0x15, 3

def oversized_source(a, t, args: list, span) -> None:
    """`int b[32]; array_view<int> v(4096, b);`: an extent and a C array whose sizes are both
    compile-time constants, the extent the larger.  C++ AMP takes the array as a pointer and
    would read and write past it (undefined behaviour); amppy reports it here, and the runtime
    stops the same view made with an extent known only at run time (`runtime_exception`)."""
    if type(t) is not ir.ArrayView or len(args) != 2 or not isinstance(args[1].type, ir.CArray) or \
            not isinstance(args[0], ir.Construct) or not isinstance(args[0].type, ir.Extent):
        return
    from .constfold import fold
    dims = [fold(d) for d in args[0].args]
    if any(not isinstance(d, int) for d in dims):
        return
    need, src = 1, args[1].type
    for d in dims:
        need *= d
    have = 1
    for d in src.dims:
        have *= d
    if need > have:
        name = ir.root_symbol(args[1])
        what = f"'{name.name}', an array of {have} elements" if name is not None else f"an array of {have} elements"
        a.error("array-bounds", f"'{t}' of extent ({', '.join(map(str, dims))}) needs {need} elements, over {what}: "
                "C++ AMP would read and write past the array", span,
                help=f"declare the array with at least {need} elements, or make the view's extent at most {have}")


# ---- textures ---------------------------------------------------------------------------------

def texture_method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    """`tex.get(idx)`, `tex.set(idx, v)` (a texture, a texture_view of non-const T),
    `get_bits_per_scalar_element()`, `get_data_length()`, `get_extent()` / `extent`."""
    t, sp = obj.type, n.span
    if name == "get":
        _nargs(a, name, args, 1, sp)
        texel_read(a, t, n.func.span)
        return _element(a, obj, args[0], n.args[0].span)
    if name == "set":
        _nargs(a, name, args, 2, sp)
        if t.const if isinstance(t, ir.TextureView) else False:
            a.error("not-assignable", f"'{t}' is read-only: it has no 'set'", n.func.span)
        target = _element(a, obj, args[0], n.args[0].span)
        value = a.convert(args[1], t.elem, n.args[1].span)
        return ir.Assign(sp, ir.Void(), "=", target, value, t.elem)
    if name == "sample" or name in GATHERS:
        return _sample(a, obj, name, args, n)
    if name == "copy_to" and isinstance(t, ir.Texture):
        _nargs(a, name, args, 1, sp)
        if not isinstance(args[0].type, (ir.Texture, ir.TextureView)) or \
                isinstance(args[0].type, ir.TextureView) and args[0].type.const:
            a.error("type-mismatch", f"'copy_to' copies a texture into a texture or a writable texture_view, "
                    f"not '{args[0].type}'", n.args[0].span)
        return copy_call(a, "copy", [obj] + args, [n.func.span] + [x.span for x in n.args], sp, member=True)
    if name == "get_mipmap_levels":
        _nargs(a, name, args, 0, sp)
        return ir.Const(sp, ir.UINT, 1)         # every texture amppy makes has one mipmap level
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


def _sample(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    """`tv.sample(sampler, coord[, lod])`, `tv.sample<filter, address>(coord[, lod])`,
    `tv.gather_red(sampler, coord)`, `tv.gather_red<address>(coord)` of a `texture_view<const T, N>`
    in restrict(amp) code: `LibCall(name, view, (filter, address, border, coord, lod))` with the
    sampler's parts as operands (amppy.runtime.sampling computes the sample)."""
    t, sp = obj.type, n.span
    gather = name in GATHERS
    if not (isinstance(t, ir.TextureView) and t.const):
        a.error("no-member", f"no member function '{name}' in '{t}'", n.func.span,
                help=f"sample through a texture_view<const {t.elem}, {t.rank}> of the texture")
    if a.fn is None or "cpu" in a.fn.restrict:
        a.error("amp-restrict", f"'{name}' is restrict(amp): it cannot be called from CPU code", sp,
                help="sample textures in kernels and restrict(amp) functions")
    kind = _texel_kind(a, t.elem)
    if gather and (t.rank != 2 or kind == "double"):
        a.error("type-mismatch", f"'{name}' needs a texture_view of rank 2 and int, unsigned int, float, norm or "
                f"unorm components, not '{t}'", sp)
    if not gather and kind not in ("float", "norm", "unorm"):
        a.error("type-mismatch", f"'sample' needs a texture_view of float, norm or unorm components (or their "
                f"short vectors), not '{t}'", sp, help="read texels of other types with tv[idx] or get(idx)")
    targs = getattr(n.func, "template_args", None)
    coord_t = ir.FLOAT if t.rank == 1 else ir.StructType(f"float_{t.rank}", f"float_{t.rank}")
    spans = [x.span for x in n.args]
    with_sampler = bool(args) and isinstance(args[0].type, ir.StructType) and args[0].type.name == "sampler"
    if with_sampler and targs is not None:
        a.error("call-args", f"'{name}' takes either a sampler or its modes as template arguments", sp)
    if with_sampler:                        # (sampler, coord[, lod])
        s = args[0]
        fields = dict(a.struct_fields(s.type))
        sampler = [ir.FieldRef(s.span, fields[f], s, f, False)
                   for f in ("m_filter_mode", "m_address_mode", "m_border_color")]
        rest, rest_spans = args[1:], spans[1:]
    else:
        targs, limit = targs or [], 1 if gather else 2
        if len(targs) > limit:
            a.error("template-args", f"'{name}' takes at most {limit} template argument(s)", n.func.span)
        modes = [a.const_int(x, "sampling mode") for x in targs]
        if gather:
            filt, address = FILTER_LINEAR, (modes[0] if modes else ADDRESS_CLAMP)
        else:
            filt = modes[0] if modes else FILTER_LINEAR
            address = modes[1] if len(modes) > 1 else ADDRESS_CLAMP
        zero = ir.Const(sp, ir.FLOAT, 0.0)
        sampler = [ir.Const(sp, ir.UINT, filt), ir.Const(sp, ir.UINT, address)] + [zero] * 4
        rest, rest_spans = args, spans
        if filt not in (0, FILTER_LINEAR) or address not in (1, 2, 3, 4):
            a.error("type-mismatch", f"'{name}' samples with filter_point or filter_linear and address_wrap, "
                    "address_mirror, address_clamp or address_border", n.func.span)
    most = 1 if gather else 2
    if not 1 <= len(rest) <= most:
        a.error("call-args", f"'{name}' takes the coordinates{'' if gather else ' and a level of detail'}, "
                f"{len(rest)} argument(s) given", sp)
    coord = a.convert(rest[0], coord_t, rest_spans[0])
    lod = [] if gather else [a.convert(rest[1], ir.FLOAT, rest_spans[1]) if len(rest) > 1
                             else ir.Const(sp, ir.FLOAT, 0.0)]
    result = t.elem
    if gather:                              # short_vector<scalar_type, 4>::type
        vec = f"{'uint' if kind == 'unsigned int' else kind}_4"
        result = ir.StructType(vec, vec)
    return ir.LibCall(sp, result, name, obj, tuple(sampler + [coord] + lod))


def _texel_kind(a, elem: ir.Type) -> str:
    """The scalar kind of a texture's elements: int, unsigned int, float, double, norm, unorm."""
    if isinstance(elem, ir.Scalar):
        return elem.name
    if from_header(a, elem):
        kind = H_SV.CLASSES[elem.name][0]
        return "unsigned int" if kind == "uint" else kind
    return str(elem)


def texture_construct(a, t: ir.Texture, args: list, spans: list, span):
    """`texture<T, N>(ext | e0[, e1[, e2]], ...)` with a bits-per-scalar-element count
    `(..., bits)` or raw data `(..., const void* src, src_byte_size, bits)`, an accelerator_view
    last (amppy keeps textures where it keeps arrays): a `LibCall` "texture_bits"/"texture_data"
    the host emitter spells as `texture(...)`; None for the other constructors (extent alone,
    iterators: `construct_view`'s)."""
    from . import accelerators as AC
    if a.in_amp():
        a.error("amp-restrict", f"a '{t}' cannot be constructed in restrict(amp) code", span)
    while args and args[-1].type == AC.VIEW:          # (..., accelerator_view[, associated view])
        args, spans = args[:-1], spans[:-1]
    if args and isinstance(args[0].type, ir.Extent):
        if args[0].type.rank != t.rank:
            a.error("rank-mismatch", f"'{t}' needs an extent<{t.rank}>, got '{args[0].type}'", spans[0])
        ext, rest, rest_spans = args[0], args[1:], spans[1:]
    else:
        dims = args[:t.rank]
        if len(dims) < t.rank or not all(isinstance(x.type, ir.Scalar) and x.type.is_int for x in dims):
            return None
        ext = ir.Construct(span, ir.Extent(t.rank), tuple(a.convert(x, ir.INT, s) for x, s in zip(dims, spans)))
        rest, rest_spans = args[t.rank:], spans[t.rank:]
    uint = ir.Scalar("unsigned int")
    kinds = [x.type for x in rest]
    if not rest:
        return ir.Construct(span, t, (ext,))
    if len(rest) == 2 and all(isinstance(k, ir.Scalar) and k.is_int for k in kinds):
        # (extent, bits_per_scalar_element, mipmap_levels[, accelerator_view]): one level is the
        # texture amppy makes; a mipmap chain is not translated yet
        from .constfold import fold
        levels = fold(rest[1])
        if levels != 1:
            a.unsupported("a texture of several mipmap levels is" if isinstance(levels, int) else
                          "a texture whose mipmap level count is not a compile-time constant is", rest_spans[1],
                          help="make the texture with one mipmap level: texture(extent, bits_per_scalar_element, 1)")
        rest, rest_spans, kinds = rest[:1], rest_spans[:1], kinds[:1]
    if len(rest) == 1 and isinstance(kinds[0], ir.Scalar) and kinds[0].is_int:
        return ir.LibCall(span, t, "texture_bits", None, (ext, a.convert(rest[0], uint, rest_spans[0])))
    if len(rest) == 3 and isinstance(kinds[0], (ir.Pointer, ir.CArray)) and \
            all(isinstance(k, ir.Scalar) and k.is_int for k in kinds[1:]):
        from . import memory as M
        src = M.decay(rest[0]) if isinstance(kinds[0], ir.CArray) else rest[0]
        return ir.LibCall(span, t, "texture_data", None,
                          (ext, src, a.convert(rest[1], uint, rest_spans[1]), a.convert(rest[2], uint, rest_spans[2])))
    if len(rest) == 2 and all(isinstance(k, (ir.Iterator, ir.Pointer)) for k in kinds):
        return ir.Construct(span, t, (ext, *rest))
    shown = ", ".join(str(x.type) for x in args)
    a.error("ctor-args", f"no constructor of '{t}' takes ({shown})", span,
            help="a texture takes an extent, then iterators (first, last), a bits-per-scalar-element count "
                 "(and a mipmap level count), or raw data (source, source byte size, bits per scalar element)")


def texel_read(a, t, span) -> None:
    """C++ AMP reads a texel through a writable view only where Direct3D can (one 32-bit int,
    unsigned int or float component); a writeonly_texture_view has no reads at all."""
    if not isinstance(t, ir.TextureView) or t.const:
        return
    if t.writeonly:
        a.error("no-member", f"'{t}' cannot be read: it has only set()", span,
                help=f"read through a texture_view<const {t.elem}, {t.rank}> of the texture")
    if not (isinstance(t.elem, ir.Scalar) and t.elem.name in ("int", "unsigned int", "float")):
        a.error("type-mismatch", f"a texel of '{t}' cannot be read: a writable texture_view reads only int, "
                "unsigned int or float texels", span,
                help=f"read through a texture_view<const {t.elem}, {t.rank}> of the texture")


def read_only_element(e: ir.Expr) -> bool:
    """A texture element: C++ AMP's `tex[idx]` is a value, written only with `set`."""
    return isinstance(e, ir.ElementRef) and isinstance(e.base.type, (ir.Texture, ir.TextureView))


# ---- concurrency::copy ------------------------------------------------------------------------

def _iterator(t) -> bool:
    return isinstance(t, (ir.Iterator, ir.Pointer))


def copy_call(a, name: str, args: list, spans: list, sp, member=False, const_iterator=False) -> ir.Expr:
    """`copy(src, dst)` of arrays/views (ranks and element types agree), `copy(first, last, dst)`,
    `copy(first, dst)` from iterators or pointers, `copy(src, out_iterator)`; `copy_async` the same,
    returning a `completion_future`."""
    what = "copy_to" if member else f"concurrency::{name}"
    if a.in_amp():
        a.error("amp-restrict", f"'{what}' cannot be called in restrict(amp) code", sp)
    if any(isinstance(x.type, ir.CArray) for x in args):
        # a C array passed as an iterator decays to a pointer to its first element
        from . import memory as M
        args = [M.decay(x) if isinstance(x.type, ir.CArray) else x for x in args]
    for x, s in zip(args, spans):
        if isinstance(x.type, ir.Iterator) and x.type.reverse:
            a.unsupported(f"'{what}' of a reverse range is", s,
                          help="copy the vector reversed first: std::vector<T> r(v.rbegin(), v.rend())")
    args = [user_iterator(a, x, s) or x for x, s in zip(args, spans)]
    if len(args) == 2 and isinstance(args[1], ir.LibCall) and args[1].name == "user_iterator":
        a.unsupported(f"'{what}' into a program's iterator class ('{args[1].type.container}') is", spans[1],
                      help="copy into a std::vector, then from it through the iterator")
    kinds = [x.type for x in args]
    ok = False
    raw = next((k for k in (0, 1) if len(args) == 3 and isinstance(kinds[k], ir.Pointer)), None)
    if raw is not None and isinstance(kinds[2 if raw == 0 else 0], ir.Texture) and \
            isinstance(kinds[raw + 1], ir.Scalar) and kinds[raw + 1].is_int:
        # copy(src, src_byte_size, texture), copy(texture, dst, dst_byte_size): the texture's format
        args = list(args)
        size = raw + 1
        args[size] = a.convert(args[size], ir.Scalar("unsigned int"), spans[size])
        return ir.LibCall(sp, FUTURE if name == "copy_async" else ir.Void(), name, None, tuple(args))
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
    _writable_destination(a, what, args[-1], spans[-1], const_iterator)
    if member:
        return ir.LibCall(sp, ir.Void(), "copy_to", args[0], (args[1],))
    return ir.LibCall(sp, FUTURE if name == "copy_async" else ir.Void(), name, None, tuple(args))


def explicit_copy(a, n: A.Construct) -> ir.Expr:
    """`copy<T, N>(src, dst)`, `copy_async<T>(...)`: the library's copy with template arguments given.
    <amp.h>'s copies between arrays and views take `<value_type, rank>`; those from and to iterators
    take the iterator's type first (`copy<It, T, N>`), so two given arguments name a copy between
    containers, and every array or view argument must be of element type T and rank N."""
    t = n.type
    if not 1 <= len(t.args) <= 3:
        a.error("template-args", f"wrong number of template arguments for '{t.name}'", t.span)
    call = a.expr(A.Call(n.span, A.Name(t.span, t.name, t.namespace), n.args))
    args = call.args                # (the LibCall of copy_call)
    containers = [x for x in args if is_view(x.type)]
    iterators = len(t.args) == 3 or len(t.args) == 1 and len(containers) < len(args)
    if iterators:                   # `copy<It, T, N>`: the iterator's type is read from the call
        given = t.args[1:]
    else:
        given = t.args
        if len(containers) != len(args):
            a.error("no-matching-function", f"no overload of 'concurrency::{t.name}<...>' copies between "
                    f"({', '.join(str(x.type) for x in args)})", n.span,
                    help="its <value_type, rank> overloads copy between arrays and array_views")
    elem = a.type_arg(given[0], t) if given else None
    rank = a.const_int(given[1], "rank") if len(given) > 1 else None
    for x in containers:
        if elem is not None and x.type.elem != elem or rank is not None and x.type.rank != rank:
            shown = ", ".join(str(g) for g in (elem, rank) if g is not None)
            a.error("no-matching-function", f"'concurrency::{t.name}<{shown}>' does not take an argument of type '{x.type}'", x.span,
                    help="the template arguments must be the containers' element type and rank")
    return call


def _writable_destination(a, what, dst: ir.Expr, span, const_iterator: bool) -> None:
    """The destination of a copy is one C++ lets it write: not a `const array`, not a pointer to
    const, not a `cbegin()` iterator (<amp.h> has no overload that takes them)."""
    owner = value_owner(dst)
    if isinstance(dst.type, ir.AmpArray) and owner is not None and owner.sym.readonly:
        a.error("not-assignable", f"'{what}' cannot write into the const array '{owner.sym.name}'", span,
                help="copy into an array that is not const")
    if isinstance(dst.type, (ir.Pointer, ir.Iterator)) and (
            owner is not None and owner.sym.const_target or const_iterator):
        a.error("not-assignable", f"'{what}' cannot write through a pointer or iterator to const", span,
                help="copy into a container through begin() or a pointer to non-const elements")


def user_iterator(a, x: ir.Expr, span) -> ir.Expr | None:
    """A program's class used as an input iterator (`operator*`, prefix `operator++` and
    `operator!=`, as `CustomIterator::InputIterator`): the runtime's `user_iterator` over a copy
    of it (C++ passes iterators by value), which calls those members; None for other values."""
    t = x.type
    if not (isinstance(t, ir.StructType) and t.name in a.structs and "operator*" in a.structs[t.name].members):
        return None
    deref, step, ne = (a.class_operator("*", [x], span, [span]), a.class_operator("++", [x], span, [span]),
                       a.class_operator("!=", [x, x], span, [span, span]))
    if not all(isinstance(c, ir.Call) for c in (deref, step, ne)):
        a.unsupported(f"'{t}' as an iterator without 'operator++' and 'operator!=' is", span)
        return None
    names = tuple(ir.StringConst(span, ir.String(), c.func.method_py or c.func.py_name) for c in (deref, step, ne))
    return ir.LibCall(span, ir.Iterator(deref.type, container=str(t), access="input"), "user_iterator", None,
                      (a.convert(x, t, span, copy=True), *names))


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


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _named_type(a, t: A.TypeName) -> ir.Type | None:
    return FUTURE if t.name == "completion_future" else None


def _future_type(a, t: A.TypeName) -> ir.Type | None:
    """`std::shared_future<void>`: what a `completion_future` converts to (C++ AMP's
    `operator std::shared_future<void>()`), waited on the same way."""
    if t.namespace in ((), ("std",)) and len(t.args) == 1 and a.type_arg(t.args[0], t) == ir.Void():
        return FUTURE
    return None


def _template_type(a, t: A.TypeName) -> ir.Type | None:
    """`array_view<T, N>`, `array<T, N>`, `texture<T, N>`, `texture_view<T, N>`, ..."""
    name, args = t.name, t.args
    if name == "shared_future":
        return _future_type(a, t)
    if name in ("texture", "texture_view", "writeonly_texture_view"):
        a.nargs(t, 1, 2)
        elem_ast = args[0]
        elem = a.type_arg(elem_ast, t)
        rank = a.const_int(args[1], "rank") if len(args) > 1 else 1
        if not 1 <= rank <= 3:
            a.error("rank-mismatch", f"a texture has rank 1, 2 or 3, not {rank}", t.span)
        vector = from_header(a, elem) and elem.name in H_SV.CLASSES and H_SV.CLASSES[elem.name][1] != 3
        if not (isinstance(elem, ir.Scalar) and elem.name in ("int", "unsigned int", "float", "double")
                or vector):
            a.error("type-mismatch", f"a texture's elements are int, unsigned int, float, double, norm, "
                    f"unorm or their 2- and 4-component short vectors, not '{elem}'", t.span)
        const = isinstance(elem_ast, A.TypeName) and elem_ast.const
        if name == "texture":
            return ir.Texture(elem, rank)
        if name == "writeonly_texture_view" and const:
            a.error("type-mismatch", "a writeonly_texture_view's elements are not const", t.span)
        return ir.TextureView(elem, rank, const, name == "writeonly_texture_view")
    if name in ("array_view", "array"):
        a.nargs(t, 1, 2)
        elem_ast = args[0]
        elem = a.type_arg(elem_ast, t)
        rank = a.const_int(args[1], "rank") if len(args) > 1 else 1
        a.check_rank(rank, t, ir.MAX_ARRAY_RANK)
        const = isinstance(elem_ast, A.TypeName) and elem_ast.const
        if isinstance(elem_ast, A.ReferenceType):           # (Visual Studio's C2528)
            a.error("template-args", f"'{name}' cannot hold references: its element type is '{elem}&'",
                t.span, help=f"use '{name}<{elem}, {rank}>'")
        problem = element_problem(elem, a.structs)      # (amp.h's static_asserts: C2338, C3581)
        if problem is not None:
            a.error("amp-restrict", f"'{name}<{elem}, {rank}>': {problem[0]}", t.span, help=problem[1])
        nested = nested_container(elem, a.structs)       # (Visual Studio's C2973)
        if nested is not None:
            a.error("template-args", f"'{name}<{elem}, {rank}>': its element type holds {nested}, and an {name} "
                "cannot hold C++ AMP containers", t.span,
                help="keep the containers in a std::vector, or give the class the data itself")
        if name == "array_view":
            return ir.ArrayView(elem, rank, const)
        return ir.AmpArray(elem, rank)
    return None


def _method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    return future_method(a, obj, name, args, n) if obj.type == FUTURE else method(a, obj, name, args, n)


AREA = Area("array_view, array, textures, completion_future", types=names("completion_future"),
            templates=names("array_view array texture texture_view writeonly_texture_view shared_future"),
            named_type=_named_type, template_type=_template_type,
            owns=lambda t: is_view(t) or t == FUTURE, method=_method)


def array_from_view(a, op: str, target: ir.Expr, value: ir.Expr, span) -> ir.Expr | None:
    """`arr = av`: C++ AMP's `array::operator=(const array_view<const T, N>&)`, a copy of the view's
    elements into the array (host code); None for another assignment."""
    if op == "=" and isinstance(target.type, ir.AmpArray) and isinstance(value.type, ir.ArrayView) and \
            (value.type.elem, value.type.rank) == (target.type.elem, target.type.rank) and not a.in_amp():
        return ir.LibCall(span, ir.Void(), "copy", None, (value, target))
    return None
