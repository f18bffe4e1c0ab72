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
    # (x64: the two addresses and the processor mask are 8 bytes; 48 bytes in all)
    "SYSTEM_INFO": [("wProcessorArchitecture", ir.Scalar("unsigned short")), ("wReserved", ir.Scalar("unsigned short")),
                    ("dwPageSize", ir.Scalar("unsigned long")),
                    ("lpMinimumApplicationAddress", ir.Scalar("unsigned long long")),
                    ("lpMaximumApplicationAddress", ir.Scalar("unsigned long long")),
                    ("dwActiveProcessorMask", ir.Scalar("unsigned long long")),
                    ("dwNumberOfProcessors", ir.Scalar("unsigned long")), ("dwProcessorType", ir.Scalar("unsigned long")),
                    ("dwAllocationGranularity", ir.Scalar("unsigned long")),
                    ("wProcessorLevel", ir.Scalar("unsigned short")), ("wProcessorRevision", ir.Scalar("unsigned short"))],
}

#: integer typedefs: name -> the C++ type (x64: WPARAM/LPARAM/LRESULT are pointer-sized)
SCALARS = {
    "DWORD": "unsigned long", "WORD": "unsigned short", "BOOL": "int", "BYTE": "unsigned char",
    "UINT": "unsigned int", "LONG": "long", "ULONG": "unsigned long", "SHORT": "short", "CHAR": "char",
    "WCHAR": "wchar_t", "TCHAR": "char", "_TCHAR": "char",
    "WPARAM": "unsigned long long", "LPARAM": "long long", "LRESULT": "long long",
    "LONGLONG": "long long", "ULONGLONG": "unsigned long long", "DWORDLONG": "unsigned long long",
    "INT": "int", "UINT8": "unsigned char", "UINT16": "unsigned short", "UINT32": "unsigned int",
    "UINT64": "unsigned long long", "INT8": "signed char", "INT16": "short", "INT32": "int", "INT64": "long long",
    "LONG64": "long long", "ULONG64": "unsigned long long", "DWORD64": "unsigned long long", "DWORD32": "unsigned int",
    "USHORT": "unsigned short", "UCHAR": "unsigned char", "BOOLEAN": "unsigned char", "FLOAT": "float",
    "SIZE_T": "unsigned long long", "SSIZE_T": "long long", "DWORD_PTR": "unsigned long long",
    "ULONG_PTR": "unsigned long long", "UINT_PTR": "unsigned long long", "LONG_PTR": "long long",
    "INT_PTR": "long long", "HRESULT": "long",
}

#: functions: name -> result type (their runtime is `amppy.runtime.win32`'s)
FUNCTIONS = {
    "SetConsoleTextAttribute": ir.BOOL, "GetStdHandle": ir.Library("HANDLE"),
    "SetConsoleScreenBufferSize": ir.BOOL, "SetConsoleWindowInfo": ir.BOOL, "Sleep": ir.Void(),
    "GetTickCount": ir.Scalar("unsigned long"), "GetTickCount64": ir.Scalar("unsigned long long"),
    "GetLastError": ir.Scalar("unsigned long"), "SetLastError": ir.Void(),
    "OutputDebugString": ir.Void(), "OutputDebugStringA": ir.Void(), "OutputDebugStringW": ir.Void(),
    "MessageBox": ir.INT, "MessageBoxA": ir.INT, "MessageBoxW": ir.INT,
    "GetCurrentProcessId": ir.Scalar("unsigned long"), "GetCurrentThreadId": ir.Scalar("unsigned long"),
}

#: calls that fill a struct through its address: name -> the struct (`QueryPerformanceCounter(&t)`)
FILLING_CALLS = {"QueryPerformanceCounter": "LARGE_INTEGER", "QueryPerformanceFrequency": "LARGE_INTEGER",
                 "GetSystemInfo": "SYSTEM_INFO", "GetNativeSystemInfo": "SYSTEM_INFO"}

#: C string typedefs: name -> wide
C_STRINGS = {"LPSTR": False, "LPCSTR": False, "LPWSTR": True, "LPCWSTR": True}

#: handles: opaque values the runtime gives out
HANDLES = frozenset({"HANDLE", "HINSTANCE", "HMODULE", "HWND"})
