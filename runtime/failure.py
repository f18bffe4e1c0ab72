"""How a translated program reports dying of an error, in C++ terms and at the C++ line.

Generated host statements end with a `# file.cpp:LINE` comment; the innermost frame of
the generated module in the traceback gives that line.  Python's exception names are
internal: the common ones are said as C++ would say them.  `AMPPY_DIAGNOSTICS_FORMAT=json`
(which `amppy run --diagnostics-format json` sets) writes the report as a JSON list in the
schema of amppy's compile-time diagnostics; run-time check reports use it too.
"""
from __future__ import annotations

import json
import linecache
import os
import re
import sys

_WHERE = re.compile(r"#\s*([^\s#:]+):(\d+)\b")

#: Python exception -> (diagnostic code, what C++ would call it)
_KNOWN = {
    "ZeroDivisionError": ("runtime-division-by-zero", "integer division by zero"),
    "IndexError": ("runtime-out-of-range", "index out of range"),
    "AssertionError": ("runtime-assert", "assertion failed"),
    "RecursionError": ("runtime-stack-overflow", "stack overflow (recursion too deep)"),
    "MemoryError": ("runtime-out-of-memory", "out of memory"),
}


def json_wanted() -> bool:
    return os.environ.get("AMPPY_DIAGNOSTICS_FORMAT") == "json"


def cpp_location(exc: BaseException, module_file: str | None):
    """(file, line) of the C++ statement that raised, from the generated module's comments."""
    tb, line = exc.__traceback__, None
    while tb is not None:
        if module_file is not None and tb.tb_frame.f_code.co_filename == module_file:
            line = tb.tb_lineno
        tb = tb.tb_next
    if line is None:
        return None
    for n in range(line, max(0, line - 60), -1):
        m = _WHERE.search(linecache.getline(module_file, n))
        if m:
            return m.group(1), int(m.group(2))
    return None


def describe(exc: BaseException) -> tuple[str, str]:
    name = type(exc).__name__
    code, what = _KNOWN.get(name, ("runtime-error", name))
    if name == "AssertionError":
        return code, what
    detail = str(exc)
    return code, f"{what}: {detail}" if detail and name not in _KNOWN else what


def report(code: str, message: str, where, text: str) -> None:
    """Write one run-time error: `text` as is, or as JSON when asked for."""
    try:
        if json_wanted():
            span = None
            if where is not None:
                span = {"file": where[0], "line": where[1], "column": 1, "end_line": where[1], "end_column": 1}
            sys.stderr.write(json.dumps([{"severity": "error", "code": code, "message": message, "span": span,
                                          "notes": [], "help": None}], indent=2) + "\n")
        else:
            sys.stderr.write(text)
    except (ValueError, OSError, AttributeError):
        pass


def uncaught(exc: BaseException, module_file: str | None) -> None:
    """Report an exception that ended the program."""
    cpp = getattr(exc, "cpp_name", None)
    if cpp is not None:                     # a C++ exception type (std::out_of_range, ...)
        where = getattr(exc, "where", None)
        text = f"terminate called after throwing an instance of '{cpp}'\n  what():  {exc}\n"
        if where:
            text += f"  at {where}\n"
        loc = None
        if where and ":" in str(where):
            f, _, ln = str(where).rpartition(":")
            loc = (f, int(ln)) if ln.isdigit() else None
        report("uncaught-exception", f"uncaught '{cpp}': {exc}", loc, text)
        return
    if os.environ.get("AMPPY_TRACEBACK"):
        import traceback
        traceback.print_exception(exc)
    code, message = describe(exc)
    loc = cpp_location(exc, module_file)
    prefix = f"{loc[0]}:{loc[1]}: " if loc else ""
    report(code, message, loc, f"{prefix}runtime error: {message} [{code}]\n")
