"""Scopes and the Python names of C++ symbols.

Which C++ names need another Python name is `amppy.names`' one rule; here a
declaration that would shadow a live variable of the same Python function gets
a numeric suffix on top (Python has function scope, C++ has block scope).
"""
from __future__ import annotations

from .. import ir
from ..names import python_name  # noqa: F401  (re-exported for sema)


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

    def __init__(self, taken: set[str] | None = None, module: set[str] | None = None):
        self.module = set(module or ())  # module-level names: a local never hides one
        self.taken = set(taken or ()) | self.module
        self.renamed: set[str] = set()   # names made here for shadowing declarations

    def fresh(self, base: str, scope: Scope) -> str:
        """A Python name for a new C++ local `base` declared in `scope`.

        A declaration that shadows a variable of an enclosing block, or whose name an
        earlier shadowing declaration was given, or that is a module-level name (a Python
        local would hide the global for the whole function), gets the first free `name_N`."""
        py = python_name(base)
        outer, _ = scope.lookup(base)
        shadows = py in self.taken and isinstance(outer, ir.Symbol) and outer.kind in ("local", "param", "capture")
        if shadows or py in self.renamed or py in self.module:
            py = self._next_free(py)
        self.taken.add(py)
        return py

    def _next_free(self, py: str) -> str:
        n = 1
        while f"{py}_{n}" in self.taken:
            n += 1
        py = f"{py}_{n}"
        self.renamed.add(py)
        return py


    def unique(self, base: str) -> str:
        """A Python name no earlier name has: `base`, else the first free `base_N` (two template
        instances with the same arguments, `f<int>(int*)` and `f<int>(tiled_index<4>)`)."""
        py = python_name(base)
        if py in self.taken:
            py = self._next_free(py)
        self.taken.add(py)
        return py


class Alias:
    """A name that stands for an element (`for (auto& x : v)`): using it is using the element."""

    def __init__(self, expr: ir.Expr, const_name: str | None = None):
        self.expr = expr
        self.const_name = const_name        # `const T& r = ...`: the reference's name (read only through it)
