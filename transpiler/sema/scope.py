"""Scopes and the Python names of C++ symbols.

C++ names are kept in generated Python wherever possible.  A name that is a
Python keyword, a Python builtin, or a name amppy's generated code relies on
gets a trailing underscore; a declaration that would shadow a live variable of
the same Python function gets a numeric suffix (Python has function scope, C++
has block scope).
"""
from __future__ import annotations

import builtins
import keyword
import re

from .. import ir

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*$")

#: Names generated code defines or imports; user names must not collide with them.
GENERATED_NAMES = frozenset("""
    np numba njit prange cuda math float32 float64 int8 int16 int32 int64 uint8 uint16 uint32 uint64
    bool_ cdiv cmod to_int run_main launch struct vector carray array array_view extent index
    tiled_extent cout cerr wcout clog cin endl printf copy main_ self
""".split())

RESERVED = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset(dir(builtins)) | GENERATED_NAMES


def python_name(name: str) -> str:
    """The Python identifier for a C++ identifier (validated, mangled if it clashes)."""
    if not _IDENT.match(name):
        raise ValueError(f"not an identifier: {name!r}")
    if name in RESERVED or name.startswith("__"):
        return name + "_"
    return name


class Scope:
    def __init__(self, parent: "Scope | None", kind: str):
        self.parent = parent
        self.kind = kind                  # "global" "function" "block" "kernel"
        self.names: dict[str, object] = {}

    def lookup(self, name: str):
        s = self
        while s is not None:
            if name in s.names:
                return s.names[name], s
            s = s.parent
        return None, None

    def define(self, name: str, value) -> None:
        self.names[name] = value


class PyNames:
    """Python names in use within one generated Python function."""

    def __init__(self, taken: set[str] | None = None):
        self.taken = set(taken or ())

    def fresh(self, base: str, scope: Scope) -> str:
        """A Python name for a new C++ local `base` declared in `scope`."""
        py = python_name(base)
        # Shadowing a name visible from an enclosing block needs a new Python name.
        outer, _ = scope.lookup(base)
        if py in self.taken and isinstance(outer, ir.Symbol) and outer.kind in ("local", "param", "capture"):
            n = 1
            while f"{py}_{n}" in self.taken:
                n += 1
            py = f"{py}_{n}"
        self.taken.add(py)
        return py
