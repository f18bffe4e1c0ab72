"""The Windows SDK types C++ AMP programs use, as facts every stage reads: the structs (their
fields, for member access, `sizeof` and numpy records), the integer and C-string typedefs, and
the opaque handles.  `sema/win32.py` resolves these names; `amppy.runtime.win32` implements them."""
from __future__ import annotations

from .. import ir

#: value structs: name -> fields (what `windows.h` declares them with)
STRUCTS = {
    "COORD": [("X", ir.Scalar("short")), ("Y", ir.Scalar("short"))],
    "SMALL_RECT": [("Left", ir.Scalar("short")), ("Top", ir.Scalar("short")),
                   ("Right", ir.Scalar("short")), ("Bottom", ir.Scalar("short"))],
    "LARGE_INTEGER": [("QuadPart", ir.Scalar("long long"))],
}

#: integer typedefs: name -> the C++ type (x64: WPARAM/LPARAM/LRESULT are pointer-sized)
SCALARS = {
    "DWORD": "unsigned long", "WORD": "unsigned short", "BOOL": "int", "BYTE": "unsigned char",
    "UINT": "unsigned int", "LONG": "long", "ULONG": "unsigned long", "SHORT": "short", "CHAR": "char",
    "WCHAR": "wchar_t", "TCHAR": "char", "_TCHAR": "char",
    "WPARAM": "unsigned long long", "LPARAM": "long long", "LRESULT": "long long",
}

#: C string typedefs: name -> wide
C_STRINGS = {"LPSTR": False, "LPCSTR": False, "LPWSTR": True, "LPCWSTR": True}

#: handles: opaque values the runtime gives out
HANDLES = frozenset({"HANDLE", "HINSTANCE", "HMODULE", "HWND"})
