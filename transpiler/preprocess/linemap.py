"""The layout of preprocessed text and its map back to the user's files.

`Layout` receives pcpp's tokens one by one (`amppy.preprocess.pcpp_adapter` stamps each
with the file, line and column it came from) and builds `PreprocessedSource`:
the text plus, per output line, where its characters came from.

Layout rule: each token goes on the output line of its source line and, where it
still fits, at its source column, so a line untouched by macros comes out
identical and, in a file without (non-empty) includes, output line N is source
line N.  Tokens that were not adjacent in their origin are kept apart by a space
where gluing them would lex differently (`a b`, `+ +`).

Map rule: a token from the user's text keeps its own position (macro *arguments*
included); a token from a macro's replacement list maps to the outermost
invocation's macro name, whose position pcpp carries as the token's `source`
(a `Src`).
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from ..source import SourceMap, Span

__all__ = ["Origin", "PreprocessedSource", "Src", "Layout"]

_OPCHARS = frozenset("+-*/%<>=&|^!:.#")


@dataclass(frozen=True)
class Origin:
    """Where one character of preprocessed text came from (1-based)."""
    file: str
    line: int
    col: int


class Src(str):
    """A file name that also remembers an identifier token's position.

    pcpp stamps every token of a macro expansion with the invoking identifier's
    `source`; carrying the position inside that string gives us the anchor."""
    line: int
    col: int
    length: int


# A segment of an output line: output column where it starts, and either an
# exact mapping (kind 0: columns advance with the source) or an anchor (kind =
# length of the macro name every character maps to).
_Seg = tuple  # (out_col, file, line, col, kind)


@dataclass
class PreprocessedSource:
    text: str
    main_file: str
    sources: SourceMap
    # per output line: (file, line) it stands for, and None (identity) or segments
    _bases: list[tuple[str, int]] = field(default_factory=list, repr=False)
    _tables: list[tuple[list[int], list[_Seg]] | None] = field(default_factory=list, repr=False)

    def _locate(self, line: int, col: int) -> tuple[str, int, int, int]:
        if not self._bases:
            return (self.main_file, max(line, 1), max(col, 1), 0)
        if line < 1:
            line, col = 1, 1
        elif line > len(self._bases):
            f, l = self._bases[-1]
            return (f, l, max(col, 1), 0)
        f, l = self._bases[line - 1]
        table = self._tables[line - 1]
        if table is None:
            return (f, l, max(col, 1), 0)
        starts, segs = table
        i = bisect_right(starts, col) - 1
        if i < 0:
            i = 0
        out_col, sf, sl, sc, kind = segs[i]
        if kind:
            return (sf, sl, sc, kind)
        return (sf, sl, max(sc + (col - out_col), 1), 0)

    def origin(self, line: int, col: int) -> Origin:
        """Map a 1-based position in `text` to the user's file, line, column."""
        f, l, c, _ = self._locate(line, col)
        return Origin(f, l, c)

    def span_at(self, offset: int, length: int) -> Span:
        """`span` of the `length` characters of `text` from `offset` (on one line)."""
        line = self.text.count("\n", 0, offset) + 1
        col = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return self.span(line, col, line, col + length)

    def span(self, line: int, col: int, end_line: int, end_col: int) -> Span:
        """Map a range of `text` (end exclusive) to a `Span` in one user line."""
        bases = self._bases
        if line == end_line and 0 < line <= len(bases):
            # One line (nearly every AST node): `_locate` twice, inlined.
            table = self._tables[line - 1]
            if table is None:
                f, l = bases[line - 1]
                c = col if col > 1 else 1
                return Span(f, l, c, l, end_col if end_col > c + 1 else c + 1)
            starts, segs = table
            i = bisect_right(starts, col) - 1
            out_col, f, l, sc, kind = segs[i if i > 0 else 0]
            c = sc if kind else max(sc + (col - out_col), 1)
            ecol = end_col - 1 if end_col > 2 else 1
            j = bisect_right(starts, ecol) - 1
            e_out, ef, el, esc, ekind = segs[j if j > 0 else 0]
            if ef == f and el == l:
                end = esc + ekind if ekind else max(esc + (ecol - e_out), 1) + 1
                return Span(f, l, c, l, end if end > c + 1 else c + 1)
        f, l, c, kind = self._locate(line, col)
        ef, el, ec, ekind = self._locate(end_line, max(end_col - 1, 1))
        if (ef, el) != (f, l):
            text = self.sources.line_text(f, l)
            end = len(text.rstrip()) + 1 if text is not None else c + 1
            return Span(f, l, c, l, max(end, c + 1))
        end = ec + ekind if ekind else ec + 1
        return Span(f, l, c, l, max(end, c + 1))


def _classes(a: str, b: str) -> bool:
    """Would a followed directly by b lex differently from `a b`?"""
    if not a or not b:
        return False
    x, y = a[-1], b[0]
    if (x.isalnum() or x == "_") and (y.isalnum() or y == "_"):
        return True
    return x in _OPCHARS and y in _OPCHARS


def _adjacent(a, b) -> bool:
    """Were tokens a and b written next to each other (no space) in their origin?"""
    fa, fb = getattr(a, "ofile", None), getattr(b, "ofile", None)
    if fa is None or fa != fb:
        return False
    (la, ca), (lb, cb) = a.opos, b.opos
    return la == lb and ca + len(str(a.value)) == cb


class Layout:
    """Builds `text` and the per-line position tables from pcpp's tokens.

    `pp` is the preprocessor (`amppy.preprocess.pcpp_adapter.PcppAdapter`): its token
    types say which tokens are white space."""

    def __init__(self, pp, main: str):
        self.ws = frozenset(pp.t_WS) | frozenset(pp.t_COMMENT)
        self.lines: list[str] = []
        self.bases: list[tuple[str, int]] = []
        self.tables: list = []
        self.cur: list[str] = []
        self.cur_len = 0
        self.cur_file = main
        self.cur_line = 1
        self.segs: list[_Seg] = []
        self.pending = False
        self.prev = None
        self.last: tuple[str, int, int] | None = None   # where the last token came from
        self.main = main

    def _flush(self) -> None:
        segs = self.segs
        f, l = self.cur_file, self.cur_line
        table = None
        for s in segs:
            if s[4] or s[1] != f or s[2] != l or s[0] != s[3]:
                table = ([s[0] for s in segs], segs)
                break
        self.lines.append("".join(self.cur))
        self.bases.append((f, l))
        self.tables.append(table)
        self.cur = []
        self.cur_len = 0
        self.segs = []
        self.pending = False
        self.prev = None

    def add(self, tok) -> None:
        if tok.type in self.ws:
            if self.cur_len:
                self.pending = True
            return
        v = str(tok.value)
        if tok.body:
            src = tok.source
            if isinstance(src, Src):
                f, l, c, kind = str(src), src.line, src.col, src.length
            else:
                f, l, c, kind = self.cur_file, self.cur_line, None, 1
        else:
            f = tok.ofile
            l, c = tok.opos
            kind = 0
        if f != self.cur_file or l > self.cur_line:
            self._move_to(f, l)
        if c is not None and l == self.cur_line and self.cur_len < c - 1:
            self.cur.append(" " * (c - 1 - self.cur_len))
            self.cur_len = c - 1
        elif self.cur_len and (self.pending or (self.prev is not None
                                                and not _adjacent(self.prev, tok)
                                                and _classes(str(self.prev.value), v))):
            self.cur.append(" ")
            self.cur_len += 1
        out_col = self.cur_len + 1
        self.cur.append(v)
        self.cur_len += len(v)
        segs = self.segs
        if kind == 0:
            if not (segs and segs[-1][4] == 0 and segs[-1][1] == f and segs[-1][2] == l
                    and segs[-1][0] - segs[-1][3] == out_col - c):
                segs.append((out_col, f, l, c, 0))
        elif not (segs and segs[-1][4] == kind and segs[-1][1:4] == (f, l, c)):
            segs.append((out_col, f, l, c if c is not None else 1, kind))
        self.pending = False
        self.prev = tok
        self.last = (f, l, c if c is not None else 1)

    def _move_to(self, f: str, l: int) -> None:
        """Start the output line of source line `l` of file `f` if the current one is another.

        A new file starts a new output line; a later line of the same file flushes, with
        an empty line per source line skipped, so output and source lines stay aligned."""
        if f != self.cur_file:
            if self.cur_len or self.lines:
                self._flush()
            self.cur_file, self.cur_line = f, l
        elif l > self.cur_line:
            self._flush()
            for k in range(self.cur_line + 1, l):
                self.lines.append("")
                self.bases.append((f, k))
                self.tables.append(None)
            self.cur_line = l

    def finish(self, sources: SourceMap) -> PreprocessedSource:
        if self.cur_len:
            self._flush()
        text = "\n".join(self.lines) + ("\n" if self.lines else "")
        return PreprocessedSource(text, self.main, sources, self.bases, self.tables)
