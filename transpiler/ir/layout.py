"""How C++ lays out a type in memory: its size and alignment in bytes, as MSVC x64 does.

One answer for every place that needs one: sema's `sizeof` and the tile_static memory limit
(`passes/tile_shape.py`).

- A scalar takes its size in `ir.SCALARS` and is aligned to it (MSVC: `long` is 4 bytes,
  `long double` 8, `wchar_t` 2).
- A C array `T a[D0][D1]` takes D0 * D1 times T's size, with T's alignment.
- A struct puts each field at the next multiple of the field's alignment; its alignment is
  its largest field's, and its size is padded to a multiple of that.  A union puts every
  field at 0: its size is its largest field's, padded the same way.  A class without data
  members takes 1 byte; as a base class it takes none (the empty base optimisation).
- A pointer or a string (`const char*`) takes 8 bytes, and so does a pointer to a function (to
  a member function of a class of single inheritance, MSVC's case here).
- Other types (array_view, index<N>, library objects) have no layout here: `layout` gives
  None for them, or the `opaque` figure where a caller wants one anyway.

    layout(ir.Scalar("short"), fields_of)                  -> (2, 2)
    layout(ir.CArray(ir.FLOAT, (96, 96)), fields_of)       -> (36864, 4)
    layout(<struct { char c; double d; }>, fields_of)      -> (16, 8)
"""
from __future__ import annotations

from typing import Callable, Optional

from .. import ir

#: (size, alignment) in bytes
Layout = tuple[int, int]

POINTER: Layout = (8, 8)


def layout(t: ir.Type, fields_of: Callable[[ir.StructType], list], opaque: Optional[Layout] = None,
           unions=frozenset()) -> Optional[Layout]:
    """(size, alignment) of `t`; `fields_of(struct_type)` gives a struct's (name, type) fields,
    `unions` names the structs that are unions (every field at offset 0).  A type without a
    layout takes `opaque`; when that is None, so is the layout of a struct or array that holds
    one."""
    if isinstance(t, ir.Scalar):
        n = ir.SCALARS[t.name][1]
        return n, n
    if isinstance(t, (ir.Pointer, ir.String)) or isinstance(t, ir.FunctionPointer) and t.kind != "&":
        return POINTER
    if isinstance(t, ir.CArray):
        elem = layout(t.elem, fields_of, opaque, unions)
        if elem is None:
            return None
        size, align = elem
        for d in t.dims:
            size *= d
        return size, align
    if isinstance(t, ir.StructType):
        off, align = 0, 1
        for _, ft in fields_of(t):
            f = layout(ft, fields_of, opaque, unions)
            if f is None:
                return None
            s, a = f
            off = max(off, s) if t.name in unions else _round_up(off, a) + s
            align = max(align, a)
        return _round_up(max(off, 1), align), align     # an empty class takes a byte (C++: distinct
    return opaque                                       # objects have distinct addresses)


def sizeof(t: ir.Type, fields_of: Callable[[ir.StructType], list], opaque: Optional[Layout] = None,
           unions=frozenset()) -> Optional[int]:
    """`sizeof(t)` in bytes, or None for a type without a layout (see `layout`)."""
    lay = layout(t, fields_of, opaque, unions)
    return None if lay is None else lay[0]


def _round_up(n: int, align: int) -> int:
    return (n + align - 1) // align * align
