"""Error recovery: after a syntax error, the parse resumes at the next declaration.

A compiler that stops at a file's first syntax error shows one blocker at a time; `amppy check`
and `amppy report` list every one.  The declaration that holds the error (at namespace scope: a
whole function, class or variable declaration; `namespace N { ... }` and `extern "C" { ... }`
are looked into, not skipped) is blanked out of the text -- spaces, its line breaks kept, so
every later position and diagnostic is where it was -- and the text is parsed again.  A class
whose definition held the error leaves `struct Name;` behind, so later uses of the name parse as
a type and are not reported again.
"""
from __future__ import annotations

import re

#: the most syntax errors reported for one file (clang's default `-ferror-limit`)
MAX_ERRORS = 20

_TOKEN = re.compile(r'''(?:L|u8|u|U)?"(?:[^"\\\n]|\\.)*"|(?:L|u8|u|U)?'(?:[^'\\\n]|\\.)*'|[{}();]''')
_SCOPE_HEAD = re.compile(r'(?:\bnamespace(?:\s+\w+)?|\bextern\s*"[^"]*")\s*$')
_CLASS_HEAD = re.compile(r"^\s*(?:template\s*<[^{;]*>\s*)?(struct|class|union)\s+(\w+)\b[^{;]*$")
_OBJECT_HEAD = re.compile(r"\b(?:struct|class|union|enum|typedef)\b|=\s*$")


def skip_declaration(text: str, pos: int) -> str | None:
    """`text` with the namespace-scope declaration that holds offset `pos` blanked out, or None
    when there is nothing left to skip (the error is at the end, or in no declaration)."""
    scopes: list[bool] = []             # each open brace: True for a namespace's or linkage's
    paren = 0
    start = 0                           # where the current declaration began
    opened = None                       # the brace that opened the current declaration's body
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if len(tok) > 1:                # a literal
            continue
        at_scope = all(scopes)          # directly in the file or in namespaces
        if tok == "(":
            paren += 1
        elif tok == ")":
            paren = max(0, paren - 1)
        elif tok == "{":
            scope = at_scope and paren == 0 and opened is None and bool(_SCOPE_HEAD.search(text, start, m.start()))
            if at_scope and not scope and opened is None and paren == 0:
                opened = len(scopes)
            scopes.append(scope)
            if scope:
                start = m.end()
        elif tok == "}":
            if scopes:
                was = scopes.pop()
                if was:                 # a namespace closes: the next declaration starts after it
                    if start <= pos < m.start():
                        return None     # (the error is between declarations: nothing to blank)
                    start = m.end()
                elif opened is not None and len(scopes) == opened:
                    end = m.end()
                    head = text[start:text.find("{", start, end)]
                    tail = re.match(r"[^;{}()]*;", text[end:])
                    if tail and _OBJECT_HEAD.search(head):
                        end += tail.end()           # `struct S { ... } s;`, `int a[] = { ... };`
                    if pos < end:
                        return _blank(text, start, end, head)
                    start, opened = end, None
        elif tok == ";" and at_scope and opened is None and (paren == 0 or pos < m.end()):
            paren = 0                   # (an unclosed `(` ends with its declaration)
            if pos < m.end():
                return _blank(text, start, m.end(), "")
            start = m.end()
    if pos >= start and text[start:].strip():
        return _blank(text, start, len(text), "")
    return None


def _blank(text: str, start: int, end: int, head: str) -> str | None:
    if not text[start:end].strip():
        return None
    keep = ""
    cls = _CLASS_HEAD.match(head)
    if cls is not None and "<" not in head:
        keep = f"{cls.group(1)} {cls.group(2)};"
    gap = re.sub(r"[^\n]", " ", text[start:end])
    lead = len(text[start:end]) - len(text[start:end].lstrip())
    if keep and len(keep) <= len(gap) - lead and "\n" not in gap[lead:lead + len(keep)]:
        gap = gap[:lead] + keep + gap[lead + len(keep):]
    return text[:start] + gap + text[end:]
