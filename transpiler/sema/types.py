"""C++ types: resolving AST type names to IR types, and the usual arithmetic conversions."""
from __future__ import annotations

from .. import ir

# Library structs: value types the runtime implements (fields for member access).
LIBRARY_STRUCTS = {
    "COORD": [("X", ir.Scalar("short")), ("Y", ir.Scalar("short"))],
    "SMALL_RECT": [("Left", ir.Scalar("short")), ("Top", ir.Scalar("short")),
                   ("Right", ir.Scalar("short")), ("Bottom", ir.Scalar("short"))],
    "LARGE_INTEGER": [("QuadPart", ir.Scalar("long long"))],
}

SCALAR_ALIASES = {
    "size_t": "size_t", "ptrdiff_t": "long long", "DWORD": "unsigned long", "WORD": "unsigned short",
    "BOOL": "int", "BYTE": "unsigned char", "UINT": "unsigned int", "uint": "unsigned int",
    "LONG": "long", "ULONG": "unsigned long", "SHORT": "short", "CHAR": "char", "WCHAR": "wchar_t",
    "TCHAR": "char", "_TCHAR": "char", "time_t": "long long", "clock_t": "long",
    "int8_t": "signed char", "uint8_t": "unsigned char", "int16_t": "short", "uint16_t": "unsigned short",
    "int32_t": "int", "uint32_t": "unsigned int", "int64_t": "long long", "uint64_t": "unsigned long long",
    "WPARAM": "unsigned long long", "LPARAM": "long long", "LRESULT": "long long",   # (x64: pointer-sized)
    "fmtflags": "int", "openmode": "int", "iostate": "int", "streamsize": "long long",   # std::ios_base's
}

#: Windows' C string types (their `wide` flag)
STRING_ALIASES = {"LPSTR": False, "LPCSTR": False, "LPWSTR": True, "LPCWSTR": True}

OPAQUE_LIBRARY = {"HANDLE", "HINSTANCE", "HMODULE", "HWND", "accelerator", "accelerator_view", "completion_future", "tile_barrier",
                  "string", "wstring"}


def promote(t: ir.Scalar) -> ir.Scalar:
    """Integral promotion: small ints and bool become int."""
    if t.is_int and ir.SCALARS[t.name][1] < 4:
        return ir.INT
    if t.name == "bool":
        return ir.INT
    return t


def common_type(a: ir.Scalar, b: ir.Scalar) -> ir.Scalar:
    """The usual arithmetic conversions of C++ (MSVC sizes: long is 32-bit)."""
    if a.is_float or b.is_float:
        ra = ir.SCALARS[a.name][2] if a.is_float else 0
        rb = ir.SCALARS[b.name][2] if b.is_float else 0
        return a if ra >= rb else b
    a, b = promote(a), promote(b)
    if a == b:
        return a
    ra, rb = ir.SCALARS[a.name][2], ir.SCALARS[b.name][2]
    if a.is_unsigned == b.is_unsigned:
        return a if ra >= rb else b
    u, s = (a, b) if a.is_unsigned else (b, a)
    ru, rs = ir.SCALARS[u.name][2], ir.SCALARS[s.name][2]
    if ru >= rs:
        return u
    if ir.SCALARS[s.name][1] > ir.SCALARS[u.name][1]:
        return s
    return ir.Scalar("unsigned " + s.name) if ("unsigned " + s.name) in ir.SCALARS else u


def zero(t: ir.Scalar, span) -> ir.Expr:
    """The zero of arithmetic type `t` (what a static or an omitted member starts as)."""
    return ir.Const(span, t, 0.0 if t.is_float else (False if t.name == "bool" else 0))
