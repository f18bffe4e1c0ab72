"""Implicit and explicit conversions as C++ makes them (`Converting.convert`, a part of the
`Analyser`): arithmetic conversions with their checks, class conversions, views, pointers, and a
condition's conversion to bool."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.queries import is_lvalue
from ..cxx.types import float_to_integer, round_value, wrap_value
from ..source import Span
from . import exceptions as E
from . import special_members as SM
from . import tiling as TL
from . import views as V
from . import library as L
from . import chrono as C
from . import memory as M
from . import streams as ST
from . import utility as U
from . import strings as S
from . import classes as CL
from . import fnptr as FP
from . import conversions as CV
from . import short_vectors as SV
from . import ppl as PPL
from . import random as RND
from .constfold import char_value, fold


class Converting:
    def keeps_const(self, src: ir.Pointer, t: ir.Pointer, span: Span, explicit: bool) -> None:
        """`int* q = p;` of a `const int* p` drops const: Visual C++'s C2440 (a cast may)."""
        if src.const and not t.const and not explicit and not (t.owner or src.owner):
            self.error("type-mismatch", f"cannot convert '{src}' to '{t}': the conversion drops 'const'", span,
                       help="declare the target pointer to const, or const_cast if the data may change")

    def convert(self, e: ir.Expr, t: ir.Type, span: Span, explicit: bool = False, copy: bool | str = False,
                narrowing: bool = False) -> ir.Expr:
        src = e.type
        if src == t:
            if isinstance(t, ir.Pointer):
                self.keeps_const(src, t, span, explicit)
                if explicit and src.const != t.const:   # `const_cast<int*>(p)`, `(const int*)q`
                    return dataclasses.replace(e, type=t)
            if isinstance(t, ir.Function) and isinstance(e, ir.Var) and e.sym.kind == "function":
                FP.check_function_value(self, e.sym, span)      # `std::function<int(double&)> f = g;`
            if copy and isinstance(t, ir.Pointer) and t.owner == "unique_ptr" and is_lvalue(e):
                self.error("deleted-copy", f"call to deleted constructor of '{t}'", span,
                           help="a unique_ptr cannot be copied: move it with std::move(p), or use shared_ptr")
            if copy and (is_lvalue(e) or isinstance(e, ir.Call) and e.func.ret_ref) and isinstance(
                    t, (ir.StructType, ir.Vector, ir.Container, ir.CArray)):      # (a call of `const T& get()`: its object)
                kind = "assign" if copy == "assign" else "copy"     # (`a = b`: a copy assignment)
                if kind == "copy" and isinstance(t, ir.StructType) and t.name in self.structs and \
                        SM.copy_constructors(self.structs[t.name]):
                    return self.construct_class(t, (e,), span, [span])     # the class's own copy constructor
                SM.check(self, t, kind, span)                # (an implicit one's restriction)
                return ir.Copy(e.span, t, e)
            if copy and is_lvalue(e) and type(t) is ir.AmpArray:      # an array's copy has its own data
                return self.construct(t, (e,), span, [span])
            if copy and is_lvalue(e) and RND.is_random(t):    # an engine's or distribution's state is its own
                if t.name == "random_device":
                    self.error("deleted-copy", "call to deleted constructor of 'random_device'", span,
                               help="a random_device cannot be copied: share it by reference")
                return ir.Copy(e.span, t, e)
            if copy and PPL.involved(t):
                self.error("deleted-copy", f"call to deleted constructor of '{t}'", span,
                           help="a lock cannot be copied: share it by reference")
            return e
        if isinstance(t, ir.Scalar) and isinstance(src, ir.Scalar):
            if isinstance(e, ir.Const) and not explicit:
                v = e.value
                if t.name == "bool":
                    return ir.Const(e.span, t, bool(v))
                if t.is_float:
                    return ir.Const(e.span, t, round_value(fold(e), t))
                if isinstance(v, str):
                    return ir.Convert(e.span, t, e, explicit)
                if isinstance(v, float):    # x86's conversion, as Visual C++'s: `int x = 3e9f;` is INT_MIN
                    v = float_to_integer(fold(e), t)   # (a float literal: its binary32 value)
                    return ir.Const(e.span, t, char_value(v) if t.name == "char" else v)
                if t.name == "char":
                    return ir.Const(e.span, t, char_value(int(v)))
                return ir.Const(e.span, t, wrap_value(int(v), t))
            return ir.Convert(e.span, t, e, explicit)
        if isinstance(t, ir.Extent) and isinstance(src, ir.TiledExtent) and len(src.dims) == t.rank:
            return TL.as_extent(e)              # a tiled_extent is an extent
        if isinstance(t, ir.TiledIndex) and isinstance(e, ir.MakeIndex) and self.fn is not None and \
                self.fn.kernel is not None and self.fn.kernel.tile_dims == t.dims and L.is_thread_index(e):
            return TL.value_of_kernel_index(self.fn.kernel, e.span)     # the kernel's tiled_index
        if isinstance(t, ir.Index) and isinstance(src, ir.TiledIndex) and len(src.dims) == t.rank:
            return TL.index_member(self, e, "global", e.span)           # tiled_index -> its global index
        if E.derives(src, t):
            return e                            # a derived exception as its base class
        if isinstance(t, ir.StructType) and CL.derives(self, src, t):
            return CL.upcast(self, e, t)    # a derived object as its base part
        if isinstance(t, ir.Scalar) and t.name == "bool" and isinstance(src, (ir.Pointer, ir.String)):
            return ir.Convert(e.span, t, e, explicit)
        how = V.conversion(src, t)
        if how == "same":
            return e                        # array_view<T> -> array_view<const T>
        if how == "view":
            return ir.Construct(e.span, t, (e,))
        if isinstance(t, ir.Vector) and isinstance(src, ir.AmpArray) and src.elem == t.elem:
            return ir.LibCall(e.span, t, "to_vector", e, ())
        if isinstance(t, ir.String) and isinstance(src, ir.String):
            return e
        if isinstance(t, ir.Duration):
            d = C.convert(self, e, t, span, explicit)
            if d is not None:
                return d
        if isinstance(t, ir.StdString):
            text = S.convert(self, e, t, span)
            if text is not None:
                return text
        if isinstance(t, ir.Pointer) and isinstance(e, ir.Const) and e.value == 0:
            return ir.Const(e.span, t, None)
        if isinstance(t, ir.Pointer) and isinstance(src, ir.Pointer) and (t.elem == src.elem or isinstance(t.elem, ir.Void)):
            self.keeps_const(src, t, span, explicit)
            return e
        if isinstance(t, ir.Pointer) and isinstance(e, ir.Const) and e.value is None and not t.owner:
            return ir.Const(e.span, t, None)        # NULL, nullptr
        if isinstance(t, ir.Pointer) and isinstance(src, ir.CArray) and src.elem == t.elem:
            return M.decay(e)               # an array is a pointer to its first element
        if explicit and self.fn is not None and self.in_amp() and (
                isinstance(t, ir.Pointer) and isinstance(src, ir.Scalar) or
                isinstance(t, ir.Scalar) and isinstance(src, ir.Pointer)):      # (Visual Studio's C3588)
            self.error("amp-restrict", f"casting '{src}' to '{t}' (between a pointer and an integer) is not "
                       "allowed in restrict(amp) code", span)
        if isinstance(t, ir.Pointer) and isinstance(src, ir.Pointer) and t.owner == "shared_ptr" and \
                src.owner in ("shared_ptr", "unique_ptr") and CL.derives(self, src.elem, t.elem):
            return dataclasses.replace(e, type=t)       # `shared_ptr<Base> p = make_shared<Derived>()`: one object
        if isinstance(t, ir.Pointer) and isinstance(src, ir.Pointer) and not (t.owner or src.owner) and \
                not self.in_amp() and CL.derives(self, src.elem, t.elem):
            return ir.Convert(e.span, t, e, explicit)   # `Base* p = new Derived()`: the host's object itself
        if isinstance(t, ir.Pointer) and (explicit or CL.derives(self, getattr(src, "elem", None), t.elem)):
            retyped = M.reinterpret(self, e, t, span)     # (T*)p; a derived class's pointer as its base's
            if retyped is not None:
                return retyped
        if explicit and isinstance(t, (ir.Pointer, ir.String)) and isinstance(src, (ir.Pointer, ir.String)):
            self.unsupported(f"reinterpreting '{src}' as '{t}' is", span)
        if isinstance(t, ir.Library) and isinstance(src, ir.Library) and t.name == src.name:
            return e
        if isinstance(t, ir.Library) and (t.name == "ostream" and ST.writable(src) or
                                          t.name == "istream" and ST.readable(src)):
            return ST.stream_of(e)          # a string, file or console stream as `std::ostream&`
        if isinstance(t, ir.Library) and t.name == "auto":
            return e
        pair = U.convert_pair(self, e, t, span) if isinstance(t, ir.StructType) else None
        if pair is not None:
            return pair
        fp = FP.convert(self, e, t, span, explicit)       # a function as `int (*)(int)`
        if fp is not None:
            return fp
        user = CV.convert(self, e, t, span, explicit)     # a converting constructor, norm -> float
        if user is not None:
            return user
        if isinstance(t, ir.Pointer) and isinstance(t.elem, ir.CArray) and isinstance(src, ir.CArray) and \
                src.dims[1:] == t.elem.dims and src.elem == t.elem.elem:      # `int m[3][2]` as `int (*)[2]`
            self.unsupported(f"a pointer to an array ('{src}' as '{t.elem.elem} (*){''.join(f'[{d}]' for d in t.elem.dims)}') is",
                             span, help="pass the array by reference (int (&m)[3][2]) or use a std::vector")
        if isinstance(t, ir.String) and isinstance(src, (ir.CArray, ir.Pointer)) and \
                getattr(src.elem, "name", None) in ("char", "wchar_t", "signed char", "unsigned char"):
            # valid C++ (`const char* s = buf;`, `return &c;`): amppy's C strings are literals and
            # std::string's c_str(), not a view of char memory
            self.unsupported(f"a C string in char memory ('{src}' as '{t}') is", span,
                             help="use a std::string (std::string s(buf);) or a string literal")
        self.error("type-mismatch", f"cannot convert '{src}' to '{t}'", span)

    def condition(self, node) -> ir.Expr:
        e = self.expr(node)
        return self.to_bool(e, node.span)

    def to_bool(self, e: ir.Expr, span: Span) -> ir.Expr:
        e = SV.decay(self, e)               # `if (n)` of a norm: of its float
        if isinstance(e.type, ir.Scalar) or isinstance(e.type, (ir.Pointer, ir.String)):
            return self.convert(e, ir.BOOL, span)
        if isinstance(e.type, ir.FunctionPointer):      # `if (op)`: not a null pointer
            return FP.compare("!=", e, ir.Const(span, ir.Pointer(ir.Void()), None), span)
        if ST.readable(e.type) or ST.is_stream(e.type):     # `if (in)`: no operation has failed
            return ST.state_test(ST.stream_of(e), span)
        b = CV.by_function(self, e, ir.BOOL, span, True)    # `if (flag)`: also `explicit operator bool()`
        if b is not None:
            return b
        self.error("type-mismatch", f"value of type '{e.type}' is not contextually convertible to 'bool'", span)

    # ---- expressions ---------------------------------------------------------------------------

    def user_rank(self, src: ir.Type, dst: ir.Type) -> bool:
        """Whether a user-defined conversion makes `src` a `dst` (overload ranking asks: `overloads`
        reaches `conversions` through the Analyser, as conversions imports overloads)."""
        return CV.user_rank(self, src, dst)

    def number_conversion(self, t: ir.Type) -> list | None:
        """Class `t`'s one implicit conversion to a number, if it has one (`conversions`)."""
        return CV.number_conversion(self, t)

    def as_number(self, e: ir.Expr) -> ir.Expr | None:
        """A class value as the number its one implicit conversion gives, or None (`conversions`)."""
        return CV.as_number(self, e)
