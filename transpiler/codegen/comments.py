"""The user's own comments, carried to the generated Python.

A comment on a line of its own goes above the statement that follows it, at that statement's
indentation; a comment after a statement on its line goes after the statement's line reference
(`x = 1  # prog.cpp:12: keep it small`).  Block comments keep their lines.  Comment text goes
through `comment_text`, like every other user text in a comment.
"""
from __future__ import annotations

import re

from .text import comment_text, per_translation

_TOKEN = re.compile(r'//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|[^\s/"\']+|\S',
                    re.S)


def comments_of(sources) -> Comments:
    """The one `Comments` of a translation (host and kernel emitters share what was written)."""
    return per_translation(Comments, sources)


class Comments:
    """Comments of the files in a `SourceMap`, by line."""

    def __init__(self, sources):
        self.sources = sources
        self._files: dict[str, tuple[dict, dict]] = {}
        self.done: set[tuple[str, int]] = set()        # comment lines already written

    def _scan(self, file: str):
        found = self._files.get(file)
        if found is not None:
            return found
        sf = self.sources.get(file) if self.sources is not None else None
        own: dict[int, list[str]] = {}         # line -> comment lines standing on their own
        trailing: dict[int, str] = {}          # line of code -> its comment
        if sf is not None:
            text = sf.text
            line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
            import bisect
            code_lines: set[int] = set()
            for m in _TOKEN.finditer(text):
                tok = m.group(0)
                line = bisect.bisect_right(line_starts, m.start())
                if not (tok.startswith("//") or tok.startswith("/*")):
                    code_lines.add(line)
                    continue
                body = tok[2:] if tok.startswith("//") else tok[2:].removesuffix("*/")
                parts = [p.strip() for p in body.split("\n")]
                if tok.startswith("/*"):
                    parts = [p[1:].strip() if p.startswith("*") and not p.startswith("*/") else p for p in parts]
                while parts and not parts[-1]:
                    parts.pop()
                while parts and not parts[0]:
                    parts.pop(0)
                if not parts:
                    continue
                if line in code_lines:
                    trailing.setdefault(line, " ".join(parts))
                else:
                    own.setdefault(line, []).extend(parts)
        self._files[file] = (own, trailing)
        return own, trailing

    def above(self, file: str, first: int, line: int) -> list[str]:
        """Comment lines standing on lines first..line-1 of `file` not written yet."""
        own, _ = self._scan(file)
        out = []
        for n in range(max(first, 1), line):
            if n in own and (file, n) not in self.done:
                self.done.add((file, n))
                out += [f"# {comment_text(p)}".rstrip() for p in own[n]]
        return out

    def leading(self, file: str, line: int) -> list[str]:
        """The comment lines directly above `line` (a function's), not written yet."""
        own, _ = self._scan(file)
        first = line
        while first - 1 in own:
            first -= 1
        return self.above(file, first, line)

    def after(self, file: str, line: int) -> str:
        """The comment written after the code of `line` (without `//`), or ''."""
        _, trailing = self._scan(file)
        if (file, -line) in self.done or line not in trailing:
            return ""
        self.done.add((file, -line))
        return comment_text(trailing[line])
