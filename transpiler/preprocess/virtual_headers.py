"""The virtual system headers: <amp.h>, <iostream>, <cmath>, <Windows.h>, ...

amppy knows the APIs these headers declare (`amppy.sema.library`), so each one
is only the macros a program may use from it: `#include <cmath>` reads the text
in `VIRTUAL_HEADERS` (which emits no tokens of its own) instead of a file.
`amppy.preprocess.pcpp_adapter` looks names up here; `SYSTEM_HELP` is the help of an
unknown system header, and `PREDEFINED` the macros every translation unit has.
"""
from __future__ import annotations

import functools
import os

from ..cxx.short_vectors import VIRTUAL_TEXT

__all__ = ["VIRTUAL_HEADERS", "STANDARD_HEADERS", "SYSTEM_HELP", "PREDEFINED", "own_header"]

_MATH_DEFINES = """\
#ifdef _USE_MATH_DEFINES
#define M_E 2.71828182845904523536
#define M_LOG2E 1.44269504088896340736
#define M_LOG10E 0.434294481903251827651
#define M_LN2 0.693147180559945309417
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.785398163397448309616
#define M_1_PI 0.318309886183790671538
#define M_2_PI 0.636619772367581343076
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.707106781186547524401
#endif
"""
#: fpclassify's results, with the Microsoft C runtime's values
_FP_CLASSES = ("#define FP_INFINITE 1\n#define FP_NAN 2\n#define FP_NORMAL (-1)\n#define FP_SUBNORMAL (-2)\n"
               "#define FP_ZERO 0\n")
_CSTDLIB = ("#define EXIT_SUCCESS 0\n#define EXIT_FAILURE 1\n#define RAND_MAX 32767\n"
            # Visual C++'s <stdlib.h> extras
            "#define _countof(a) (sizeof(a) / sizeof((a)[0]))\n"
            "#define __max(a, b) (((a) > (b)) ? (a) : (b))\n#define __min(a, b) (((a) < (b)) ? (a) : (b))\n")
_CSTDIO = "#define EOF (-1)\n"
_CTIME = "#define CLOCKS_PER_SEC 1000\n"
#: <tchar.h>'s generic text: wide characters in a Unicode build (`_UNICODE`/`UNICODE`, which a
#: project's CharacterSet=Unicode defines), else `char`
_TCHAR = ("#if defined(_UNICODE) || defined(UNICODE)\n"
          "#define _T(x) L ## x\n#define TEXT(x) L ## x\n#define _TCHAR wchar_t\n#define TCHAR wchar_t\n"
          "#else\n"
          "#define _T(x) x\n#define TEXT(x) x\n#define _TCHAR char\n#define TCHAR char\n"
          "#endif\n")
_WINDOWS = ("#define TRUE 1\n#define FALSE 0\n"
            # <winerror.h>: HRESULTs (negative: failures) and their tests
            "#define S_OK ((HRESULT)0L)\n#define S_FALSE ((HRESULT)1L)\n"
            "#define E_FAIL ((HRESULT)0x80004005L)\n#define E_INVALIDARG ((HRESULT)0x80070057L)\n"
            "#define E_OUTOFMEMORY ((HRESULT)0x8007000EL)\n#define E_NOTIMPL ((HRESULT)0x80004001L)\n"
            "#define E_POINTER ((HRESULT)0x80004003L)\n#define E_UNEXPECTED ((HRESULT)0x8000FFFFL)\n"
            "#define E_ABORT ((HRESULT)0x80004004L)\n#define E_ACCESSDENIED ((HRESULT)0x80070005L)\n"
            "#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)\n#define FAILED(hr) (((HRESULT)(hr)) < 0)\n"
            "#define ERROR_SUCCESS 0L\n#define NO_ERROR 0L\n"
            # <minwindef.h>: words of a number
            "#define LOWORD(l) ((WORD)(((DWORD_PTR)(l)) & 0xffff))\n"
            "#define HIWORD(l) ((WORD)((((DWORD_PTR)(l)) >> 16) & 0xffff))\n"
            "#define LOBYTE(w) ((BYTE)(((DWORD_PTR)(w)) & 0xff))\n"
            "#define HIBYTE(w) ((BYTE)((((DWORD_PTR)(w)) >> 8) & 0xff))\n"
            "#define MAKEWORD(a, b) ((WORD)(((BYTE)(((DWORD_PTR)(a)) & 0xff)) | ((WORD)((BYTE)(((DWORD_PTR)(b)) & 0xff))) << 8))\n"
            "#define MAKELONG(a, b) ((LONG)(((WORD)(((DWORD_PTR)(a)) & 0xffff)) | ((DWORD)((WORD)(((DWORD_PTR)(b)) & 0xffff))) << 16))\n"
            "#define INFINITE 0xFFFFFFFF\n#define MAX_PATH 260\n"
            # <winuser.h>: MessageBox's styles and answers
            "#define MB_OK 0x0L\n#define MB_OKCANCEL 0x1L\n#define MB_YESNO 0x4L\n#define MB_ICONERROR 0x10L\n"
            "#define MB_ICONWARNING 0x30L\n#define MB_ICONINFORMATION 0x40L\n#define IDOK 1\n#define IDCANCEL 2\n"
            "#define IDYES 6\n#define IDNO 7\n"
            "#define PROCESSOR_ARCHITECTURE_AMD64 9\n#define PROCESSOR_ARCHITECTURE_INTEL 0\n"
            # calling conventions and the SAL annotations <sal.h> gives every Windows header
            "#define WINAPI\n#define APIENTRY\n#define CALLBACK\n"
            + "".join(f"#define {a}\n" for a in (
                "_In_", "_Out_", "_Inout_", "_In_opt_", "_Out_opt_", "_Inout_opt_", "_In_reads_(n)",
                "_Out_writes_(n)", "_Inout_updates_(n)", "_Ret_maybenull_", "_Check_return_",
                "_Success_(x)", "_Use_decl_annotations_")))

#: <amp.h>'s (amprt.h's) shorthands for restriction specifiers
_AMP = ("#define __GPU restrict(amp,cpu)\n#define __GPU_ONLY restrict(amp)\n#define __CPU_ONLY\n"
        # (Visual C++'s <amprt.h> reaches <windows.h> through <unknwn.h>: programs use TRUE after <amp.h>)
        "#define TRUE 1\n#define FALSE 0\n")

#: Headers amppy provides itself (keys lower case; matched case-insensitively).
#: The compiler knows the APIs they declare; they only carry macros, also those Visual C++'s
#: versions define by including others (<iostream> and <string> reach <climits> through <xlocnum>,
#: <vector> and <amp.h> through <limits>: programs written in Visual Studio use INT_MAX after them).
VIRTUAL_HEADERS: dict[str, str] = {
    "amp.h": _AMP + "%(limits)s", "amp_math.h": _FP_CLASSES, "amp_graphics.h": "", "amp_short_vectors.h": "", "amprt.h": "",
    "iostream": _CSTDLIB + _CSTDIO + "%(limits)s", "iomanip": "", "vector": "%(limits)s", "algorithm": "", "numeric": "",
    "string": "%(limits)s", "ctime": _CTIME, "time.h": _CTIME, "chrono": "", "cassert": "", "assert.h": "",
    "cstdio": _CSTDIO, "stdio.h": _CSTDIO,
    "cstdlib": _CSTDLIB, "stdlib.h": _CSTDLIB,
    "cmath": _MATH_DEFINES + _FP_CLASSES, "math.h": _MATH_DEFINES + _FP_CLASSES,
    "windows.h": _WINDOWS, "tchar.h": _TCHAR, "stdafx.h": "", "targetver.h": "",
    "sdkddkver.h": "", "conio.h": "",
}

# <amp_short_vectors.h> (and <amp_graphics.h>, which declares the same types) only mark the
# program: preprocess() puts the classes it uses before its text (amppy.cxx.short_vectors).
VIRTUAL_HEADERS.update({"amp_short_vectors.h": VIRTUAL_TEXT, "amp_graphics.h": VIRTUAL_TEXT})

_LIMITS = """\
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 0xff
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 0xffff
#define INT_MIN (-2147483647 - 1)
#define INT_MAX 2147483647
#define UINT_MAX 0xffffffff
#define LONG_MIN (-2147483647L - 1)
#define LONG_MAX 2147483647L
#define ULONG_MAX 0xffffffffUL
#define LLONG_MAX 9223372036854775807LL
#define LLONG_MIN (-9223372036854775807LL - 1)
#define ULLONG_MAX 0xffffffffffffffffULL
"""
_FLOAT = """\
#define FLT_DIG 6
#define FLT_EPSILON 1.192092896e-07F
#define FLT_MANT_DIG 24
#define FLT_MAX 3.402823466e+38F
#define FLT_MIN 1.175494351e-38F
#define DBL_DIG 15
#define DBL_EPSILON 2.2204460492503131e-016
#define DBL_MANT_DIG 53
#define DBL_MAX 1.7976931348623158e+308
#define DBL_MIN 2.2250738585072014e-308
"""
_STDDEF = "#define NULL 0\n"

#: Every other standard C++17 and C header: known, so `#include` succeeds; what a program uses
#: from one that amppy does not implement yet is reported at the use (`'std::X' is not
#: supported yet`), not as an unknown header.  The values are the macros each defines.
STANDARD_HEADERS: dict[str, str] = {name: "" for name in (
    "any", "array", "atomic", "bitset", "ccomplex", "cctype", "cerrno", "cfenv", "charconv",
    "cinttypes", "ciso646", "clocale", "codecvt", "complex", "condition_variable", "csetjmp",
    "csignal", "cstdalign", "cstdarg", "cstdbool", "cstdint", "cstring", "ctgmath", "cuchar",
    "cwchar", "cwctype", "deque", "exception", "execution", "filesystem", "forward_list", "fstream",
    "functional", "future", "initializer_list", "ios", "iosfwd", "istream", "iterator", "limits",
    "list", "locale", "map", "memory", "memory_resource", "mutex", "new", "optional", "ostream",
    "queue", "random", "ratio", "regex", "scoped_allocator", "set", "shared_mutex", "sstream",
    "stack", "stdexcept", "streambuf", "string_view", "strstream", "system_error", "thread",
    "tuple", "type_traits", "typeindex", "typeinfo", "unordered_map", "unordered_set", "utility",
    "valarray", "variant",
    "complex.h", "ctype.h", "errno.h", "fenv.h", "inttypes.h", "iso646.h", "locale.h",
    "setjmp.h", "signal.h", "stdalign.h", "stdarg.h", "stdbool.h", "stdint.h", "string.h",
    "tgmath.h", "uchar.h", "wchar.h", "wctype.h", "memory.h", "malloc.h")}
VIRTUAL_HEADERS.update({k: v % {"limits": _LIMITS} for k, v in VIRTUAL_HEADERS.items() if "%(limits)s" in v})
STANDARD_HEADERS.update({"climits": _LIMITS, "limits.h": _LIMITS, "cfloat": _FLOAT, "float.h": _FLOAT,
                         "cstddef": _STDDEF, "stddef.h": _STDDEF})
#: Visual C++'s own library headers that C++ AMP programs use next to it: the Concurrency
#: Runtime (PPL, agents, concurrent containers) and the Microsoft STL's internal headers.  Known
#: like the standard ones; what a program uses from them is reported at the use.
MSVC_HEADERS: dict[str, str] = {name: "" for name in (
    "ppl.h", "ppltasks.h", "pplawait.h", "concrt.h", "concrtrm.h", "agents.h", "concurrent_queue.h",
    "concurrent_vector.h", "concurrent_unordered_map.h", "concurrent_unordered_set.h",
    "concurrent_priority_queue.h", "xutility", "xmemory", "xstring", "xlocale", "xfunctional",
    "crtdbg.h", "intrin.h", "excpt.h", "sal.h", "minmax.h")}
for _name, _text in list(STANDARD_HEADERS.items()) + list(MSVC_HEADERS.items()):
    VIRTUAL_HEADERS.setdefault(_name, _text)


_OWN = os.path.join(os.path.dirname(os.path.dirname(__file__)), "headers")   # amppy/headers/


@functools.lru_cache(maxsize=None)
def own_header(key: str) -> str | None:
    """A header amppy writes in C++ (`headers/`: the conformance suite's harness, <amptest.h>),
    read like a program's own header when a program includes it: `amptest/runall.h` -> its text,
    or None.  Read on first use, so start-up reads none of them."""
    parts = key.split("/")
    if not key.endswith(".h") or any(p in ("", ".", "..") for p in parts):
        return None
    try:
        with open(os.path.join(_OWN, *parts), encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None

#: The help of `pp-unknown-header`: the system headers there are.
SYSTEM_HELP = ("amppy provides its own versions of the C++ AMP and standard headers: "
               + ", ".join(f"<{h}>" for h in (
                   "amp.h", "amp_math.h", "amp_graphics.h", "amp_short_vectors.h",
                   "iostream", "iomanip", "vector", "algorithm", "numeric", "string",
                   "cstdio", "cstdlib", "cmath", "ctime", "chrono", "cassert",
                   "Windows.h", "tchar.h", "stdafx.h", "conio.h"))
               + ", every other standard C++17 and C header, and Visual C++'s Concurrency Runtime headers"
               " (<ppl.h>, <agents.h>, ...)")

#: Macros defined before the program's first line (`NAME VALUE`, as for `-D`).
PREDEFINED = ("__cplusplus 201103L", "__AMPPY__ 1",
              # the compiler the code was written for: Visual C++ 2015 (C++ AMP's last revision), Windows
              "_MSC_VER 1900", "_MSC_FULL_VER 190024210", "_WIN32 1",
              # Microsoft's keywords and annotations that change nothing amppy translates
              # (`__declspec(...)` is blanked with the C++11 attributes: preprocess/attributes.py)
              "__cdecl ", "__stdcall ", "__fastcall ", "__forceinline inline",
              "__inline inline", "__w64 ", "__ptr64 ", "__ptr32 ", "__unaligned ",
              # Microsoft's sized integer types: `unsigned __int64` is `unsigned long long`
              "__int64 long long", "__int32 int", "__int16 short", "__int8 char")
