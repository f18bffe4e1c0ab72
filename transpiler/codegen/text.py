"""Putting user text into generated Python safely.

C++ text (source lines, file names) only ever reaches generated code inside
comments, docstrings or string literals.  String literals go through `repr`;
comments and docstrings go through `comment_text`, which keeps printable text
and escapes everything else, so no character of the user's file can end a
comment early (`\\r`, NUL, U+2028 ...) or close a docstring.
"""
from __future__ import annotations


def comment_text(s: str) -> str:
    out = []
    for ch in s:
        if ch == "\t":
            out.append(" ")
        elif ch.isprintable() and ch != "\\":
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def where(file: str, line: int) -> str:
    """`prog.cpp:12`: a C++ position as generated comments cite it (the file's base name)."""
    return comment_text(f"{file.replace(chr(92), '/').rsplit('/', 1)[-1]}:{line}")


def docstring_text(s: str) -> str:
    return comment_text(s).replace('"""', '\\"\\"\\"')


_PER_TRANSLATION: dict = {}


def per_translation(cls, sources):
    """The one `cls(sources)` of a translation: the host and kernel emitters of one module
    share it (what comments were written, which `#define`s are named)."""
    if sources is None:
        return cls(None)
    import weakref
    registry = _PER_TRANSLATION.setdefault(cls, weakref.WeakKeyDictionary())
    obj = registry.get(sources)
    if obj is None:
        obj = registry[sources] = cls(sources)
    return obj
