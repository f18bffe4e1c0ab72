"""Class hierarchy queries over the program's classes (`a.structs`): which class derives from
which.  A leaf of sema: overload ranking, conversions and smart pointers ask it."""
from __future__ import annotations

from .. import ir


def derives(a, t: ir.Type, base: ir.Type) -> bool:
    """`t` is a class derived (directly or not) from class `base`."""
    if not (isinstance(t, ir.StructType) and isinstance(base, ir.StructType)):
        return False
    sd = a.structs.get(t.name)
    while sd is not None and sd.base is not None:
        if sd.base == base.name:
            return True
        sd = a.structs.get(sd.base)
    return False
