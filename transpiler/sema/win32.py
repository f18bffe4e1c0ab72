"""The Windows SDK types programs use (`windows.h`): the facts are `amppy.cxx.win32`'s tables; the
integer and C-string typedefs resolve where C++'s own typedefs do (`types.TypeResolution`), the
structs where the program's classes do, and the handles here."""
from __future__ import annotations

from .. import ir
from ..cxx import win32
from .area import Area


AREA = Area("Windows SDK", types=frozenset(win32.STRUCTS) | frozenset(win32.SCALARS) | frozenset(win32.C_STRINGS)
            | win32.HANDLES,
            named_type=lambda a, t: ir.Library(t.name) if t.name in win32.HANDLES else None)
