"""The virtual system headers: <amp.h>, <iostream>, <cmath>, <Windows.h>, ...

amppy knows the APIs these headers declare (`amppy.sema.library`), so each one
is only the macros a program may use from it: `#include <cmath>` reads the text
in `VIRTUAL_HEADERS` (which emits no tokens of its own) instead of a file.
`amppy.preprocess_pcpp` looks names up here; `SYSTEM_HELP` is the help of an
unknown system header, and `PREDEFINED` the macros every translation unit has.
"""
from __future__ import annotations

__all__ = ["VIRTUAL_HEADERS", "SYSTEM_HELP", "PREDEFINED"]

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
_CSTDLIB = "#define EXIT_SUCCESS 0\n#define EXIT_FAILURE 1\n#define RAND_MAX 32767\n"
_CSTDIO = "#define EOF (-1)\n"
_TCHAR = "#define _T(x) x\n#define TEXT(x) x\n#define _TCHAR char\n#define TCHAR char\n"
_WINDOWS = "#define TRUE 1\n#define FALSE 0\n"

#: Headers amppy provides itself (keys lower case; matched case-insensitively).
#: The compiler knows the APIs they declare; they only carry macros.
VIRTUAL_HEADERS: dict[str, str] = {
    "amp.h": "", "amp_math.h": "", "amp_graphics.h": "", "amp_short_vectors.h": "",
    "iostream": _CSTDLIB + _CSTDIO, "iomanip": "", "vector": "", "algorithm": "", "numeric": "",
    "string": "", "ctime": "", "time.h": "", "chrono": "", "cassert": "", "assert.h": "",
    "cstdio": _CSTDIO, "stdio.h": _CSTDIO,
    "cstdlib": _CSTDLIB, "stdlib.h": _CSTDLIB,
    "cmath": _MATH_DEFINES, "math.h": _MATH_DEFINES,
    "windows.h": _WINDOWS, "tchar.h": _TCHAR, "stdafx.h": "", "targetver.h": "",
    "sdkddkver.h": "", "conio.h": "",
}

#: The help of `pp-unknown-header`: the system headers there are.
SYSTEM_HELP = ("amppy provides its own versions of the C++ AMP and standard headers: "
               + ", ".join(f"<{h}>" for h in (
                   "amp.h", "amp_math.h", "amp_graphics.h", "amp_short_vectors.h",
                   "iostream", "iomanip", "vector", "algorithm", "numeric", "string",
                   "cstdio", "cstdlib", "cmath", "ctime", "chrono", "cassert",
                   "Windows.h", "tchar.h", "stdafx.h", "conio.h")))

#: Macros defined before the program's first line (`NAME VALUE`, as for `-D`).
PREDEFINED = ("__cplusplus 201103L", "__AMPPY__ 1")
