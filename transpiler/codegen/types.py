"""How IR types are spelled in generated Python (numpy scalar types and dtypes)."""
from __future__ import annotations

from .. import ir


def np_name(t: ir.Type) -> str:
    """The numpy scalar type for a C++ scalar, as source text (`np.float32`)."""
    if isinstance(t, ir.Scalar):
        return "np." + ir.SCALARS[t.name][0]
    if isinstance(t, ir.StructType):
        return t.py
    raise TypeError(f"no numpy type for {t}")


def dtype_of(t: ir.Type, fields_of):
    """A numpy dtype for a scalar or struct type (`fields_of(StructType)` gives its fields)."""
    import numpy as np
    if isinstance(t, ir.Scalar):
        return np.dtype(ir.SCALARS[t.name][0])
    if isinstance(t, ir.StructType):
        return np.dtype([(n, dtype_of(ft, fields_of)) for n, ft in fields_of(t)], align=True)
    if isinstance(t, ir.CArray):
        return np.dtype((dtype_of(t.elem, fields_of), t.dims))
    raise TypeError(f"no dtype for {t}")
