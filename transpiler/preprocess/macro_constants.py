"""`#define N 1024`: an object-like macro whose body is one number keeps its name in the Python.

The preprocessor records every such macro of the user's files (`record`, from
`pcpp_adapter.PcppAdapter.define`) on the translation's `SourceMap`.  A literal in the
preprocessed text that a macro produced has the macro name's span (the line map anchors a
replacement list at its invocation), so the emitter core can tell `N` from a literal 1024
written out: where the user wrote `N`, the Python says `N` too, and the module defines

    N = 1024  # prog.cpp:3: #define N 1024

A macro defined twice with different values, or whose body is not a single number (an
expression, a string), is expanded as before.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = re.compile(r"^\(?\s*(-?)\s*(0[xX][0-9a-fA-F]+|[0-9]+\.?[0-9]*(?:[eE][-+]?[0-9]+)?"
                     r"|\.[0-9]+(?:[eE][-+]?[0-9]+)?)([uUlLfF]*)\s*\)?$")


@dataclass(frozen=True)
class MacroConstant:
    name: str
    value: int | float
    body: str            # as written after the name
    file: str
    line: int


def literal_value(body: str) -> int | float | None:
    """The value of a macro body that is one (possibly signed, parenthesised) number literal."""
    m = _NUMBER.match(body.strip())
    if m is None:
        return None
    sign, digits, suffix = m.group(1), m.group(2), m.group(3).lower()
    try:
        if digits[:2].lower() == "0x":
            v = int(digits, 16)
        elif any(c in digits for c in ".eE") or "f" in suffix:
            v = float(digits)
        elif len(digits) > 1 and digits[0] == "0":
            v = int(digits, 8)
        else:
            v = int(digits)
    except ValueError:
        return None
    return -v if sign else v


def record(table: dict, name: str, body: str, file: str, line: int) -> None:
    """Note a `#define name body` of a user file (None: the name is ambiguous)."""
    value = literal_value(body)
    if name in table:
        old = table[name]
        if old is None or value is None or old.value != value or type(old.value) is not type(value):
            table[name] = None
        return
    table[name] = MacroConstant(name, value, " ".join(body.split()), file, line) if value is not None else None
