"""C++ AMP's limits and rules that sema and the passes both apply: tile shapes (`shape_problems`,
C3574 and friends), tile_static memory per tile, and what restrict(amp) code cannot hold
(`type_problems`, C3581).

Sema asks them of one declaration (a `tiled_index<...>` parameter against its argument's tiles,
a tile_static variable outside a tiled kernel); `passes/tile_shape.py` and
`passes/restrict_amp.py` ask them of the whole program.  They live here, below both, so that
neither stage imports the other.
"""
from __future__ import annotations

from .. import ir
from .amp_types import banned, class_problems, word_problem
from .types import AMP_BANNED

#: threads per tile
MAX_THREADS = 1024
#: dimensions of a tile
MAX_RANK = 3
#: bytes of tile_static memory per tile (32 KiB)
TILE_STATIC_LIMIT = 32 * 1024


def shape_problems(dims: tuple[int, ...], launched: bool = True) -> list[tuple[str, str]]:
    """(message, help) for each way `dims` is not a valid tile shape; the thread limit only
    where a kernel is `launched` on it (C++ AMP's `tile<32, 32, 32>()` makes a tiled_extent,
    and only parallel_for_each refuses it: C3574)."""
    out = []
    if len(dims) > MAX_RANK or len(dims) < 1:
        out.append((f"a tile has rank 1, 2 or 3, not {len(dims)}",
                    "C++ AMP tiles at most 3 dimensions; flatten the extra dimensions into one"))
    for i, d in enumerate(dims):
        if d < 1:
            out.append((f"tile dimension {i} is {d}, but every tile dimension must be at least 1",
                        "use a positive tile size that divides the extent"))
    if launched and all(d >= 1 for d in dims):
        n = 1
        for d in dims:
            n *= d
        if n > MAX_THREADS:
            out.append((f"a tile of {' x '.join(map(str, dims))} has {n} threads, more than the limit "
                        f"of {MAX_THREADS}", "use smaller tile dimensions (at most 1024 threads in all)"))
    return out


def type_problems(t: ir.Type, span, structs: dict | None = None) -> list:
    """What restrict(amp) code cannot hold of type `t`: (span, message, help, key) each; `key`
    names the problem, so that a line declaring several such variables reports it once.  The
    classes of the program (`structs`: name -> `ir.StructDef`) are checked member by member
    (`amp_types.class_problems`); without them only the type itself is."""
    found: list = []
    elem = t
    while isinstance(elem, (ir.CArray, ir.Pointer)):
        elem = elem.elem
    if isinstance(elem, (ir.AmpArray, ir.ArrayView)) and isinstance(elem.elem, ir.StructType) and structs \
            and elem.elem.name in structs:      # `array<S, 1>&`: S as restrict(amp) code holds it
        for msg, help, key in class_problems(elem.elem, structs, element=True):
            found.append((span, f"'{elem}': {msg}", help, key))
    if structs and isinstance(elem, ir.StructType) and elem.name in structs:
        for msg, help, key in class_problems(elem, structs, element=isinstance(t, ir.CArray)):
            found.append((span, msg, help, key))
    if isinstance(t, ir.CArray) and structs:
        words = word_problem(t, structs)
        if words:
            found.append((span, words, "make its members int (4 bytes) or pad it to a multiple of 4 bytes",
                          f"words {elem}"))
    if isinstance(t, ir.CArray) and isinstance(elem, ir.Scalar) and elem.name == "bool":
        found.append((span, "arrays of 'bool' are not allowed in restrict(amp) code",
                      "use an array of int (0 and 1)", "bool[]"))
    if isinstance(t, ir.Pointer) and isinstance(t.elem, (ir.Pointer, ir.String)):
        found.append((span, "pointers to pointers are not allowed in restrict(amp) code", None, "**"))
    if isinstance(t, ir.CArray) and isinstance(t.elem, (ir.Pointer, ir.String)):
        found.append((span, "arrays of pointers are not allowed in restrict(amp) code", None, "*[]"))
    name = banned(t)
    if name:
        found.append((span, f"type '{name}' is not allowed in restrict(amp) code",
                      f"use '{AMP_BANNED[name]}' instead (restrict(amp) code supports int, unsigned int, "
                      "long, float, double and bool)", name))
    return found
