"""C++11 attributes, `alignas` and `__declspec`, blanked out of the preprocessed text.

`[[nodiscard]]`, `[[maybe_unused]]`, `[[fallthrough]]`, `[[deprecated("...")]]`, `[[noreturn]]`,
`[[likely]]`, ... and `alignas(16)` can stand before nearly any declaration, statement or
declarator; none changes what a translated program prints (`alignas` changes only addresses, as
`__declspec(align(16))`, which <windows.h>'s predefined macros drop too). They are replaced by as
many spaces (line breaks kept), so every later position, and every diagnostic's column, is the
one in the preprocessed text as it was.

Microsoft's `__declspec(...)` (`align`, `noinline`, `dllexport`, `selectany`, `novtable`, ...) goes
the same way, but for `__declspec(property(get=..., put=...))`, which is kept for the parser: a
class's property is read and written through its accessors (sema/properties.py); dropping it
would leave the property an uninitialised field."""
from __future__ import annotations

import re

#: a string or character literal (skipped whole), `[[`, or `alignas` and its `(`
_NEXT = re.compile(r'''(?:L|u8|u|U)?"(?:[^"\\\n]|\\.)*"|(?:L|u8|u|U)?'(?:[^'\\\n]|\\.)*'|\[\[|\b(?:alignas|__declspec)\s*\(''')
_LITERAL = re.compile(r'''(?:L|u8|u|U)?"(?:[^"\\\n]|\\.)*"|(?:L|u8|u|U)?'(?:[^'\\\n]|\\.)*'|[\[\]()]''')


def blank_attributes(text: str) -> str:
    """`text` with every attribute specifier, `alignas(...)` and `__declspec(...)` but
    `__declspec(property(...))` replaced by spaces."""
    if "[[" not in text and "alignas" not in text and "__declspec" not in text:
        return text
    parts: list[str] = []
    last = pos = 0
    while True:
        m = _NEXT.search(text, pos)
        if m is None:
            break
        tok = m.group()
        if tok[-1] in "\"'":                # a literal: skipped whole
            pos = m.end()
            continue
        end = _closing(text, m.end(), "]" if tok == "[[" else ")", 2 if tok == "[[" else 1)
        if end is None:                     # unbalanced: left for the parser to report
            break
        if tok.startswith("__declspec") and text[m.end():end].lstrip().startswith("property"):
            pos = end                       # a property: the parser's
            continue
        parts += [text[last:m.start()], re.sub(r"[^\n]", " ", text[m.start():end])]
        last = pos = end
    return "".join(parts) + text[last:]


def _closing(text: str, pos: int, close: str, depth: int) -> int | None:
    """The end of the bracketed text opened `depth` levels deep before `pos` (literals skipped)."""
    opening = "[" if close == "]" else "("
    for m in _LITERAL.finditer(text, pos):
        tok = m.group()
        if tok == opening:
            depth += 1
        elif tok == close:
            depth -= 1
            if depth == 0:
                return m.end()
    return None
