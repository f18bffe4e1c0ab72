"""Which `#define` constants a generated module names (see `amppy.preprocess.macro_constants`).

One `MacroNames` per translation, shared by the host and kernel emitters like the user's
comments: the emitter core asks `lookup` for each literal, records the macros it names in
`used`, and `HostWriter.module` defines those at the top of the module, in definition order.
"""
from __future__ import annotations

from ..names import python_name
from .text import comment_text, per_translation, where

def macro_names_of(sources) -> MacroNames:
    return per_translation(MacroNames, sources)


class MacroNames:
    def __init__(self, sources):
        self.table = getattr(sources, "macro_constants", None) or {}
        self.used: dict = {}                # macro name -> MacroConstant
        self.taken: set[str] = set()        # module-level Python names the constants must avoid

    def lookup(self, c, sources):
        """The macro whose invocation wrote literal `c` (its span is the macro name), or None."""
        if not self.table or c.span is None or sources is None or c.span.line != c.span.end_line:
            return None
        line = sources.line_text(c.span.file, c.span.line)
        if line is None:
            return None
        m = self.table.get(line[c.span.col - 1:c.span.end_col - 1])
        if m is None or isinstance(c.value, (bool, str)) or c.value is None:
            return None
        return m if float(c.value) == float(m.value) or _float32(c.value) == _float32(m.value) else None

    def py_name(self, m) -> str | None:
        name = python_name(m.name)
        return None if name in self.taken else name

    def definitions(self) -> list[str]:
        """`N = 1024  # prog.cpp:3: #define N 1024` for every macro named, in definition order."""
        out = []
        for m in sorted(self.used.values(), key=lambda m: (m.file, m.line)):
            out.append(f"{python_name(m.name)} = {m.value!r}  # {where(m.file, m.line)}: #define {comment_text(m.name)} "
                       f"{comment_text(m.body)}")
        return out


def _float32(v) -> float:
    import numpy as np
    return float(np.float32(v))
