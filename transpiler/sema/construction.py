"""Construction: the value of a type made from analysed arguments (`T x(args)`, `T(args)`,
`T{args}`), as a part of the `Analyser`.  The C++ core's types (numbers, index/extent, the
program's classes, C++ AMP's containers) are made here; a library class's value by its area
(`sema/areas.py`)."""

from __future__ import annotations


from .. import ir
from ..source import Span
from ..ir.queries import is_lvalue
from . import access
from . import views as V
from . import special_members as SM
from . import utility as U
from . import classes as CL
from . import accelerators as AC
from . import tiling as TL
from . import memory as M
from . import areas


class Construction:
    # ---- construction of library and struct values --------------------------------------------
    def construct(self, t: ir.Type, args: tuple, span: Span, spans: list) -> ir.Expr:
        area = areas.owner(t)
        if area is not None and area.construct is not None:     # a library class
            return area.construct(self, t, args, span, spans)
        if isinstance(t, ir.Scalar):
            if len(args) > 1:
                self.error("ctor-args", f"too many arguments to initialise '{t}'", span)
            if not args:
                return ir.Const(span, t, 0.0 if t.is_float else 0)
            return self.convert(args[0], t, span, explicit=True)
        if isinstance(t, ir.TiledExtent):
            return TL.construct(self, t, args, span, spans)
        if isinstance(t, ir.Extent) and len(args) == 1 and isinstance(args[0].type, ir.TiledExtent):
            return self.convert(args[0], t, spans[0])       # a tiled_extent is an extent
        if isinstance(t, (ir.Extent, ir.Index)) and len(args) > 3:        # (Visual Studio's C2661)
            self.error("ctor-args", f"'{t}' has no constructor from {len(args)} components: C++ AMP's take "
                       "1 to 3", span, help=f"make it from an array: int c[] = {{...}}; {t} x(c);")
        if isinstance(t, (ir.Extent, ir.Index)) and len(args) == 1 and isinstance(args[0].type, ir.CArray):
            arr = args[0]                   # `extent<4> e(dims)`: the components from an int array
            if not (isinstance(arr.type.elem, ir.Scalar) and arr.type.elem.is_int) or len(arr.type.dims) != 1 \
                    or arr.type.dims[0] < t.rank:
                self.error("ctor-args", f"'{t}' is made from an array of at least {t.rank} ints, not '{arr.type}'",
                           spans[0])
            args = tuple(ir.ElementRef(spans[0], arr.type.elem, arr, (ir.Const(spans[0], ir.INT, k),))
                         for k in range(t.rank))
            spans = [spans[0]] * t.rank
        elif isinstance(t, (ir.Extent, ir.Index)) and len(args) == 1 and isinstance(args[0].type, ir.Pointer) \
                and isinstance(args[0].type.elem, ir.Scalar) and args[0].type.elem.is_int:
            p = args[0]                     # `extent<3> e(data)` of an `int* data`: its first rank ints
            if not M.movable(self, p.type):
                self.unsupported(f"making '{t}' from a pointer to '{p.type.elem}' is", spans[0])
            args = tuple(ir.ElementRef(spans[0], p.type.elem, p, (ir.Const(spans[0], ir.INT, k),))
                         for k in range(t.rank))
            spans = [spans[0]] * t.rank
        if isinstance(t, (ir.Extent, ir.Index)):
            if len(args) == 1 and isinstance(args[0].type, (ir.Extent, ir.Index)):
                if args[0].type.rank != t.rank:
                    self.error("rank-mismatch", f"cannot initialise '{t}' from '{args[0].type}'", span)
                return args[0]
            if len(args) != t.rank and args:
                self.error("ctor-args", f"'{t}' needs {t.rank} components, got {len(args)}", span)
            comps = tuple(self.convert(a, ir.INT, s) for a, s in zip(args, spans)) or tuple(
                ir.Const(span, ir.INT, 0) for _ in range(t.rank))
            if isinstance(t, ir.Index):
                return ir.MakeIndex(span, t, comps)
            return ir.Construct(span, t, comps)
        if isinstance(t, ir.StructType) and t.name in self.structs and SM.has_constructors(self.structs[t.name]):
            if not (len(args) == 1 and args[0].type == t):      # (a copy: the implicit constructor's)
                access.check_constructor(self, t, span)
            return CL.construct(self, t, args, span, spans)
        if isinstance(t, ir.StructType):
            if args and len(args) == 1 and args[0].type == t:
                SM.check(self, t, "copy", span)
                return ir.Copy(span, t, args[0]) if is_lvalue(args[0]) else args[0]
            if args and (U.is_pair(t) or U.is_tuple(t)):
                return U.construct_pair(self, t, args, span, spans)
            if args:
                self.unsupported(f"constructing '{t.name}' with arguments is", span,
                                 help="use aggregate initialisation with braces")
            SM.check(self, t, "default", span)      # (the implicit default constructor's restriction)
            return ir.Construct(span, t, self.field_defaults(t, 0, span))
        if isinstance(t, (ir.ArrayView, ir.AmpArray)):
            if isinstance(t, ir.AmpArray) and self.fn is not None and self.in_amp():    # (Visual C++'s C3930)
                self.error("amp-restrict", f"the constructors of '{t}' are not restrict(amp): restrict(amp) code "
                           "cannot make one", span, help="make it on the host and capture it by reference")
            k = next((i for i, a in enumerate(args) if a.type == AC.VIEW), None)
            if k is not None and type(t) is ir.AmpArray:    # array(..., view[, associated | access_type])
                array = self.construct_view(t, args[:k], span, spans[:k])
                return AC.placed(self, array, list(args[k:]), spans[k:], span)
            return self.construct_view(t, args, span, spans)
        if len(args) == 1 and args[0].type == t:      # `pos(at)` of an iterator: a copy
            return self.convert(args[0], t, spans[0], copy=True)
        if isinstance(t, ir.Pointer):
            self.unsupported("pointer variables are", span)
        self.unsupported(f"constructing '{t}' is", span)

    def construct_view(self, t, args, span, spans) -> ir.Expr:
        """array_view<T,N>(extent, src) / (e0[, e1[, e2]], src) / (extent); array<T,N>(...);
        texture<T,N>(...) as array; texture_view<T,N>(texture)."""
        of_texture = [a for a in args if isinstance(a.type, (ir.Texture, ir.TextureView))]
        if isinstance(t, ir.TextureView) and (len(args) != 1 or not of_texture) or \
                type(t) is ir.ArrayView and of_texture:
            shown = ", ".join(str(a.type) for a in args)
            self.error("ctor-args", f"no constructor of '{t}' takes ({shown})", span,
                       help="a texture_view is made from a texture; a texture's data is read through "
                            "a texture_view or the texture itself, not an array_view" if args else None)
        if isinstance(t, ir.Texture):
            made = V.texture_construct(self, t, list(args), list(spans), span)
            if made is not None:
                return made
        out = []
        dims = []
        for a, s in zip(args, spans):
            if isinstance(a.type, ir.StructType):       # a program's input iterator class
                a = V.user_iterator(self, a, s) or a
            at = a.type
            if isinstance(at, ir.TiledExtent):          # a tiled_extent is an extent (its base class)
                a = self.convert(a, ir.Extent(len(at.dims)), s)
                at = a.type
            if isinstance(at, ir.Extent):
                if at.rank != t.rank:
                    self.error("rank-mismatch", f"'{t}' needs an extent<{t.rank}>, got '{at}'", s)
                out.append(a)
            elif isinstance(at, ir.Scalar) and at.is_int:
                dims.append(self.convert(a, ir.INT, s))
            elif isinstance(at, (ir.Vector, ir.CArray, ir.Pointer, ir.AmpArray, ir.ArrayView, ir.Iterator)):
                elem = getattr(at, "elem", None)
                if isinstance(at, ir.Iterator):
                    elem = at.elem
                if elem is not None and elem != t.elem and not (isinstance(at, ir.CArray)):
                    self.error("elem-mismatch", f"cannot make '{t}' over data of type '{elem}'", s)
                owner = ir.root_symbol(a)
                if type(t) is ir.ArrayView and not t.const and isinstance(at, ir.Pointer) and owner is not None \
                        and owner.const_target:                               # (Visual Studio's C2228)
                    self.error("type-mismatch", f"cannot make '{t}' over '{owner.name}', a pointer to const data", s,
                               help=f"declare it array_view<const {t.elem}, {t.rank}>")
                if isinstance(at, (ir.AmpArray, ir.ArrayView)) and at.rank != t.rank:    # (C2664)
                    self.error("rank-mismatch", f"cannot make '{t}' from '{at}': the ranks differ", s,
                               help="use view_as<N>() to view the data with another rank")
                out.append(a)
            else:
                self.error("ctor-args", f"unexpected argument of type '{at}' for '{t}'", s)
        if dims:
            if len(dims) != t.rank:
                self.error("ctor-args", f"'{t}' needs {t.rank} extents, got {len(dims)}", span)
            elif t.rank > 3:
                self.error("ctor-args", f"'{t}' has no constructor from {t.rank} ints (C++ AMP's stop at rank 3)",
                           span, help=f"give an extent<{t.rank}> instead")
            out.insert(0, ir.Construct(span, ir.Extent(t.rank), tuple(dims)))
        if not out or not isinstance(out[0].type, ir.Extent):
            if isinstance(t, ir.ArrayView) and len(out) == 1 and t.rank == 1:
                pass                        # array_view<T>(vec): extent from the source's size
            elif len(out) == 1 and isinstance(out[0].type, (ir.AmpArray, ir.ArrayView)):
                pass                        # a view of an array
            else:
                self.error("ctor-args", f"'{t}' needs an extent", span)
        if isinstance(t, ir.ArrayView) and type(t) is ir.ArrayView and len(out) == 1 and \
                isinstance(out[0].type, ir.ArrayView) and out[0].type.const and not t.const:
            self.error("type-mismatch", f"cannot make '{t}' from '{out[0].type}': it would drop 'const'", span,
                       help=f"declare it array_view<const {t.elem}, {t.rank}>")     # (Visual Studio's C2664)
        if type(t) is ir.ArrayView and len(out) == 1 and isinstance(out[0].type, ir.Extent) and self.in_amp():
            self.error("amp-restrict", f"'{t}' without a data source cannot be made in restrict(amp) code", span,
                       help="make the view on the host and capture it")    # (its constructor is restrict(cpu): C3930)
        V.oversized_source(self, t, out, span)
        return ir.Construct(span, t, tuple(out))

    # ---- the class services other parts of sema reach through the Analyser -------------------
    # (conversions, short vectors, smart pointers, templates and std::pair call into classes.py
    # here, so that none of them imports it: classes.py imports them)
    def construct_class(self, t: ir.StructType, args: tuple, span: Span, spans: list) -> ir.Expr:
        """A constructor call of the program's class `t` (overload resolution over its constructors)."""
        return CL.construct(self, t, args, span, spans)

    def call_member(self, sym: ir.Symbol, obj: ir.Expr | None, args: list, spans: list, span: Span) -> ir.Expr:
        """The call of member function `sym` (chosen) on `obj`."""
        return CL.finish(self, sym, obj, args, spans, span)

    def class_operator(self, op: str, operands: list, span: Span, spans: list) -> ir.Expr | None:
        """An overloaded operator's call, or None when the operands' classes have none."""
        return CL.operator(self, op, operands, span, spans)

    def declare_member(self, sd: ir.StructDef, d) -> ir.Symbol:
        """Member function `d` of class `sd` declared (an instantiated member template, a short
        vector's member the program uses)."""
        return CL.declare_member(self, sd, d)

    def class_static_call(self, sd: ir.StructDef, f, n) -> ir.Expr:
        """`S::f(args)`: a static member function's call."""
        return CL.static_call(self, sd, f, n)
