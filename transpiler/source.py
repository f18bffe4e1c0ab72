"""Source positions.

Every AST node, IR node and diagnostic carries a `Span` that points into the
*user's* files (never into preprocessed text).  Lines and columns are 1-based;
`end_col` is exclusive, so a one-character token at column 5 has end_col 6.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    @staticmethod
    def point(file: str, line: int, col: int) -> "Span":
        return Span(file, line, col, line, col + 1)

    def to(self, other: "Span") -> "Span":
        """The span from the start of self to the end of other (same file)."""
        if other.file != self.file:
            return self
        return Span(self.file, self.line, self.col, other.end_line, other.end_col)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class SourceFile:
    """The text of one file as the user wrote it (for rendering diagnostics)."""
    name: str
    text: str
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = self.text.splitlines()

    def line(self, n: int) -> str | None:
        if 1 <= n <= len(self.lines):
            return self.lines[n - 1]
        return None


class SourceMap:
    """All files a translation unit read, by the name spans use."""

    def __init__(self) -> None:
        self._files: dict[str, SourceFile] = {}
        # include candidates that did not exist: a file created there later would be
        # included instead, so amppy's run cache must see it (modcache)
        self.probed_absent: set[str] = set()
        # `#define N 1024` of the user's files: name -> MacroConstant or None (preprocess/macro_constants.py)
        self.macro_constants: dict = {}

    def add(self, name: str, text: str) -> SourceFile:
        sf = SourceFile(name, text)
        self._files[name] = sf
        return sf

    def names(self) -> list[str]:
        """Every file read, by the name spans use."""
        return list(self._files)

    def merge(self, other: "SourceMap") -> None:
        """Take in the files another unit read (a header both read is one file)."""
        for name, sf in other._files.items():
            self._files.setdefault(name, sf)
        self.probed_absent |= other.probed_absent
        for name, value in other.macro_constants.items():
            self.macro_constants.setdefault(name, value)

    def get(self, name: str) -> SourceFile | None:
        return self._files.get(name)

    def line_text(self, name: str, line: int) -> str | None:
        sf = self._files.get(name)
        return sf.line(line) if sf else None
