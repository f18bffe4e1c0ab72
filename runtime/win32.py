"""The Win32 console calls C++ AMP programs use beside their kernels.

``SetConsoleTextAttribute`` becomes an ANSI SGR colour sequence, written only
when ``sys.stdout`` is a terminal, so piped output (and golden-file tests)
stays byte-identical to the program's text.  Window and buffer sizing calls are
no-ops that report success.  ``OutputDebugString`` writes to stderr (where a
console program's debugger output is wanted), ``MessageBox`` prints
``caption: text`` on stdout and answers ``IDOK``; ``GetSystemInfo`` describes
this machine as x64 Windows would (4 KiB pages, 64 KiB allocation granularity).
"""
import os
import sys
import threading
import time

import numpy as np

from .containers import struct

__all__ = [
    "STD_INPUT_HANDLE", "STD_OUTPUT_HANDLE", "STD_ERROR_HANDLE", "HANDLE",
    "FOREGROUND_BLUE", "FOREGROUND_GREEN", "FOREGROUND_RED", "FOREGROUND_INTENSITY",
    "BACKGROUND_BLUE", "BACKGROUND_GREEN", "BACKGROUND_RED", "BACKGROUND_INTENSITY",
    "GetStdHandle", "SetConsoleTextAttribute", "COORD", "SMALL_RECT",
    "LARGE_INTEGER", "QueryPerformanceCounter", "QueryPerformanceFrequency", "GetTickCount",
    "SetConsoleScreenBufferSize", "SetConsoleWindowInfo", "Sleep", "reset_console",
    "SYSTEM_INFO", "GetSystemInfo", "GetNativeSystemInfo", "GetTickCount64", "GetLastError", "SetLastError",
    "OutputDebugString", "OutputDebugStringA", "OutputDebugStringW", "MessageBox", "MessageBoxA",
    "MessageBoxW", "GetCurrentProcessId", "GetCurrentThreadId",
]

STD_INPUT_HANDLE = -10
STD_OUTPUT_HANDLE = -11
STD_ERROR_HANDLE = -12

FOREGROUND_BLUE, FOREGROUND_GREEN, FOREGROUND_RED, FOREGROUND_INTENSITY = 0x1, 0x2, 0x4, 0x8
BACKGROUND_BLUE, BACKGROUND_GREEN, BACKGROUND_RED, BACKGROUND_INTENSITY = 0x10, 0x20, 0x40, 0x80

# Windows colour bits are (B, G, R); ANSI colour numbers are (R, G, B).
_ANSI = [0, 4, 2, 6, 1, 5, 3, 7]

_colour_set = False


class HANDLE(int):
    """A console handle; just the ``STD_*_HANDLE`` number it was asked for."""

    def __repr__(self):
        return f"HANDLE({int(self)})"


def GetStdHandle(n):  # noqa: N802 - Win32 name
    return HANDLE(n)


def _sgr(attr):
    attr = int(attr)
    fg = _ANSI[attr & 7] + (90 if attr & FOREGROUND_INTENSITY else 30)
    bg = _ANSI[(attr >> 4) & 7] + (100 if attr & BACKGROUND_INTENSITY else 40)
    return f"\x1b[0;{fg};{bg}m"


def SetConsoleTextAttribute(handle, attr):  # noqa: N802
    """Colour subsequent output; ANSI codes only when stdout is a terminal."""
    global _colour_set
    out = sys.stderr if int(handle) == STD_ERROR_HANDLE else sys.stdout
    try:
        tty = out is not None and out.isatty()
    except (ValueError, AttributeError):
        tty = False
    if tty:
        out.write(_sgr(attr))
        _colour_set = True
    return True


# Win32's plain-data structs are C structs like the program's own (``@struct``): a member of a
# class is a value inside the class's storage, and copying, assigning, returning, passing and
# storing one in a vector are those of any C++ struct.

@struct
class COORD:
    X: np.int16
    Y: np.int16


@struct
class SMALL_RECT:  # noqa: N801
    Left: np.int16
    Top: np.int16
    Right: np.int16
    Bottom: np.int16


@struct
class LARGE_INTEGER:  # noqa: N801
    """Win32's 64-bit integer union; programs read and write its ``QuadPart``."""
    QuadPart: np.int64


#: QueryPerformanceFrequency on current Windows: a 10 MHz counter (100 ns ticks)
_QPC_HZ = 10_000_000


def QueryPerformanceFrequency(li):  # noqa: N802
    li.QuadPart = _QPC_HZ
    return True


def QueryPerformanceCounter(li):  # noqa: N802
    li.QuadPart = time.perf_counter_ns() // (1_000_000_000 // _QPC_HZ)
    return True


def GetTickCount():  # noqa: N802
    """Milliseconds since an arbitrary start, as a 32-bit DWORD that wraps."""
    return int(time.monotonic() * 1000) & 0xFFFFFFFF


def GetTickCount64():  # noqa: N802
    """Milliseconds since an arbitrary start, as an unsigned 64-bit count."""
    return int(time.monotonic() * 1000)


@struct
class SYSTEM_INFO:  # noqa: N801
    wProcessorArchitecture: np.uint16
    wReserved: np.uint16
    dwPageSize: np.uint32
    lpMinimumApplicationAddress: np.uint64
    lpMaximumApplicationAddress: np.uint64
    dwActiveProcessorMask: np.uint64
    dwNumberOfProcessors: np.uint32
    dwProcessorType: np.uint32
    dwAllocationGranularity: np.uint32
    wProcessorLevel: np.uint16
    wProcessorRevision: np.uint16


def GetSystemInfo(si):  # noqa: N802
    """This machine as x64 Windows describes one: PROCESSOR_ARCHITECTURE_AMD64, the usable processors."""
    n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    si.wProcessorArchitecture = 9                   # PROCESSOR_ARCHITECTURE_AMD64
    si.wReserved = 0
    si.dwPageSize = 4096
    si.lpMinimumApplicationAddress = 0x10000
    si.lpMaximumApplicationAddress = 0x7FFFFFFEFFFF
    si.dwActiveProcessorMask = (1 << min(n, 64)) - 1
    si.dwNumberOfProcessors = n
    si.dwProcessorType = 8664                       # PROCESSOR_AMD_X8664
    si.dwAllocationGranularity = 65536
    si.wProcessorLevel = 6
    si.wProcessorRevision = 0


GetNativeSystemInfo = GetSystemInfo

_last_error = threading.local()


def GetLastError():  # noqa: N802
    """The calling thread's last error code (0: none of amppy's Win32 calls fails)."""
    return getattr(_last_error, "code", 0)


def SetLastError(code):  # noqa: N802
    _last_error.code = int(code) & 0xFFFFFFFF


def _text(s):
    return s if isinstance(s, str) else "" if s is None else str(s)


def OutputDebugString(s):  # noqa: N802
    """The debugger's output window: a console program's stderr."""
    sys.stdout.flush()
    sys.stderr.write(_text(s))
    sys.stderr.flush()


OutputDebugStringA = OutputDebugStringW = OutputDebugString


def MessageBox(hwnd, text, caption, kind=0):  # noqa: N802
    """A message box in a console program: `caption: text` printed; the user's answer is IDOK."""
    caption = _text(caption) if caption is not None else "Error"
    sys.stdout.write(f"{caption}: {_text(text)}\n")
    return 1                                        # IDOK


MessageBoxA = MessageBoxW = MessageBox


def GetCurrentProcessId():  # noqa: N802
    return os.getpid() & 0xFFFFFFFF


def GetCurrentThreadId():  # noqa: N802
    return threading.get_native_id() & 0xFFFFFFFF


def SetConsoleScreenBufferSize(handle, coord):  # noqa: N802
    return True


def SetConsoleWindowInfo(handle, absolute, rect):  # noqa: N802
    return True


def Sleep(ms):  # noqa: N802
    sys.stdout.flush()
    time.sleep(max(int(ms), 0) / 1000.0)


def reset_console():
    """Write the ANSI reset once if a colour was set; safe to call repeatedly."""
    global _colour_set
    if _colour_set:
        _colour_set = False
        try:
            sys.stdout.write("\x1b[0m")
            sys.stdout.flush()
        except (ValueError, OSError, AttributeError):
            pass
