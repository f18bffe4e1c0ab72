"""Member functions of `std::vector<T>` and `std::array<T, N>` (host code only).

Both are `ir.Vector` (`size` set for std::array) and the runtime's `vector`/`std_array`:
one table of members, where std::array lacks the ones that change the size.  Positions are
iterators (`v.begin() + i`), as in C++; members that return a position return an iterator.
"""
from __future__ import annotations

from .. import ir
from . import special_members as SM
from ..parse import ast as A
from ..ir.queries import is_lvalue
from . import memory
from .area import Area, names

SIZE_T = ir.Scalar("size_t")

#: members without arguments: name -> result type (None: the element type)
_NO_ARGS = {"size": SIZE_T, "empty": ir.BOOL, "front": None, "back": None,
            "clear": ir.Void(), "pop_back": ir.Void(), "capacity": SIZE_T, "shrink_to_fit": ir.Void()}
#: members that change the size: not on std::array
_RESIZING = {"push_back", "emplace_back", "pop_back", "clear", "resize", "reserve", "capacity",
             "shrink_to_fit", "insert", "erase", "assign"}


def arity_check(a, name: str, args: list, span):
    """`count(lo[, hi])`: a member function's check that it was given `lo` to `hi` arguments."""
    def count(lo, hi=None):
        hi = lo if hi is None else hi
        if not lo <= len(args) <= hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            a.error("call-args", f"'{name}' takes {want} argument(s), {len(args)} given", span)
    return count


def method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    t: ir.Vector = obj.type
    sp = n.span
    if a.in_amp():
        a.error("amp-restrict", f"'{t}' cannot be used in restrict(amp) code", sp)
    if t.size is not None and name in _RESIZING:
        a.error("no-member", f"no member named '{name}' in '{t}'", n.func.span,
                help="a std::array never changes its size; use std::vector")
    count = arity_check(a, name, args, sp)

    def conv(i, to):                        # (an element is the container's own copy: a record's is made
        sd = a.structs.get(to.name) if isinstance(to, ir.StructType) else None     # where it is stored)
        own = sd is not None and (sd.host_only or SM.copy_constructors(sd))
        return a.convert(args[i], to, n.args[i].span, copy=own or type(to) is ir.AmpArray)

    def iterator(i):
        if not isinstance(args[i].type, ir.Iterator) or args[i].type.reverse:
            a.error("type-mismatch", f"'{name}' needs an iterator here, not '{args[i].type}'", n.args[i].span,
                    help="positions in a vector are iterators: v.begin() + i")
        return args[i]

    if name in _NO_ARGS:
        count(0)
        rt = _NO_ARGS[name]
        return ir.LibCall(sp, t.elem if rt is None else rt, name, obj, ())
    if name in ("push_back", "emplace_back"):
        count(1)
        value = conv(0, t.elem)             # (an array's own data, a class's own copy)
        if isinstance(t.elem, ir.ArrayView) and not a.in_amp():
            value = ir.LibCall(sp, t.elem, "held", value, ())   # the vector holds a view (destroyed with it)
        return ir.LibCall(sp, ir.Void(), "push_back", obj, (value,))
    if name in ("begin", "end", "cbegin", "cend"):
        count(0)
        return ir.LibCall(sp, ir.Iterator(t.elem), name.lstrip("c"), obj, ())
    if name in ("rbegin", "rend", "crbegin", "crend"):     # from the last element back to the first
        count(0)
        return ir.LibCall(sp, ir.Iterator(t.elem, reverse=True), name.lstrip("c"), obj, ())
    if name == "at":                # the element, at an index checked first (std::out_of_range)
        count(1)
        return ir.ElementRef(sp, t.elem, obj, (ir.LibCall(sp, SIZE_T, "checked_index", obj, (conv(0, SIZE_T),)),))
    if name in ("resize", "reserve"):
        count(1, 2 if name == "resize" else 1)
        return ir.LibCall(sp, ir.Void(), name, obj, tuple([conv(0, SIZE_T)] + ([conv(1, t.elem)] if len(args) > 1 else [])))
    if name == "data":
        count(0)
        return ir.LibCall(sp, ir.Pointer(t.elem), "data", obj, ())
    if name == "fill" and t.size is not None:
        count(1)
        return ir.LibCall(sp, ir.Void(), "fill", obj, (conv(0, t.elem),))
    if name == "swap":
        count(1)
        if args[0].type != t:
            a.error("type-mismatch", f"cannot swap '{t}' with '{args[0].type}'", n.args[0].span)
        return ir.LibCall(sp, ir.Void(), "swap", obj, (a.lvalue(args[0], n.args[0].span),))
    if name == "assign":
        count(2)
        if isinstance(args[0].type, ir.Iterator):
            return ir.LibCall(sp, ir.Void(), "assign_range", obj, (iterator(0), iterator(1)))
        return ir.LibCall(sp, ir.Void(), "assign_n", obj, (conv(0, SIZE_T), conv(1, t.elem)))
    if name in ("insert", "emplace"):
        count(2, 3 if name == "insert" else 2)
        pos = iterator(0)
        if len(args) == 2:
            rest = (conv(1, t.elem),)
        elif isinstance(args[1].type, ir.Iterator):
            rest = (iterator(1), iterator(2))
        else:
            rest = (conv(1, SIZE_T), conv(2, t.elem))
        return ir.LibCall(sp, ir.Iterator(t.elem), "insert", obj, (pos,) + rest)
    if name == "erase":
        count(1, 2)
        return ir.LibCall(sp, ir.Iterator(t.elem), "erase", obj, tuple(iterator(i) for i in range(len(args))))
    if name in ("emplace_hint", "get_allocator"):
        a.unsupported(f"'{t}::{name}' is", n.func.span)
    a.error("no-member", f"no member named '{name}' in '{t}'", n.func.span)


def construct(a, t: ir.Vector, args: tuple, span, spans) -> ir.Expr:
    """`std::vector<T> v(n[, value])`, `(first, last)`, a copy; `std::array<T, N>` (an aggregate)."""
    if t.size is not None:                  # std::array: an aggregate
        if len(args) == 1 and args[0].type == t:
            return ir.Copy(span, t, args[0]) if is_lvalue(args[0]) else args[0]
        if args:
            a.error("ctor-args", f"no matching constructor for initialization of '{t}'", span,
                    help="initialise a std::array with braces: {1, 2, 3}")
        return ir.Construct(span, t, ())
    if len(args) == 1 and isinstance(args[0].type, ir.Vector):
        return ir.Copy(span, t, args[0])
    if len(args) == 1 and isinstance(args[0].type, ir.AmpArray):
        return ir.LibCall(span, t, "to_vector", args[0], ())
    pointers = [memory.decay(x) if isinstance(x.type, ir.CArray) and isinstance(x.type.elem, ir.Scalar) else x
                for x in args]
    if len(args) == 2 and all(isinstance(x.type, ir.Pointer) and isinstance(x.type.elem, ir.Scalar)
                              for x in pointers):                      # vector(first, last)
        return ir.Construct(span, t, (pointers[0], pointers[1]))
    if len(args) >= 1:
        if isinstance(args[0].type, ir.Iterator) and len(args) == 2 and args[1].type == args[0].type:
            return ir.Construct(span, t, args)      # vector(first, last)
        n = a.convert(args[0], ir.Scalar("size_t"), spans[0])
        rest = (a.convert(args[1], t.elem, spans[1]),) if len(args) > 1 else ()
        if isinstance(args[0].type, ir.Iterator):
            return ir.Construct(span, t, args)
        return ir.Construct(span, t, (n,) + rest)
    return ir.Construct(span, t, ())


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    """`std::vector<T>`, `std::array<T, N>`."""
    name, args = t.name, t.args
    if name == "vector":
        a.nargs(t, 1, 2)
        return ir.Vector(a.type_arg(args[0], t))
    if name == "array" and t.namespace == ("std",):
        a.nargs(t, 2, 2)
        n = a.const_int(args[1], "array size")
        if n < 0:
            a.error("bad-array-size", f"array size must not be negative, not {n}", args[1].span)
        return ir.Vector(a.type_arg(args[0], t), n)
    if name == "allocator":     # (a default template argument: `template <class T, class = std::allocator<T>> class C`)
        a.nargs(t, 1, 1)
        return ir.Library(f"std::allocator<{a.type_arg(args[0], t)}>")
    return None


AREA = Area("std::vector, std::array", templates=names("vector array allocator"), template_type=_template_type,
            owns=lambda t: isinstance(t, ir.Vector), construct=construct, method=method)
