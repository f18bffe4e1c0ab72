"""Preprocessing: C++ AMP source text -> one translation unit plus a position map.

Input:  a path (and optionally its text), `-D` defines, `-I` directories.
Output: `PreprocessedSource` -- `text` (macros expanded, comments and
directives removed, no `#line` markers) and `origin(line, col)`, which maps any
1-based position in `text` back to the user's file, line and column.

pcpp does the preprocessing; we consume its token stream ourselves instead of
its `write()`.  Every token that pcpp lexes is stamped with the file, line and
column it came from, so the map is exact rather than guessed:

* a token from the user's text keeps its own position (macro *arguments*
  included);
* a token from a macro's replacement list maps to the outermost invocation's
  macro name (pcpp copies the invoking identifier's `source` onto every token
  of an expansion; our identifiers carry their position in that `source`).

Layout of `text`: each token goes on the output line of its source line and,
where it still fits, at its source column, so a line untouched by macros comes
out identical and, in a file without (non-empty) includes, output line N is
source line N.  Virtual system headers (<amp.h>, <iostream>, <Windows.h>, ...)
exist only in `VIRTUAL_HEADERS`; they define a few macros and emit no text.

Speed: most lines need no preprocessing.  The main file's *plain* lines never
reach pcpp: runs of them stand for pcpp as one marker identifier each, and the
layout puts their text out directly, exactly as their tokens would have come
out (see `_plan_bypass`).  `preprocess(..., bypass=False)` is the reference.
"""
from __future__ import annotations

import copy
import gc
import os
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator, Mapping, Sequence

from pcpp.preprocessor import Preprocessor, OutputDirective, Action

from .diagnostics import DiagnosticSink, Note
from .source import SourceMap, Span

__all__ = ["Origin", "PreprocessedSource", "preprocess", "VIRTUAL_HEADERS"]

_MATH_DEFINES = """\
#ifdef _USE_MATH_DEFINES
#define M_E 2.71828182845904523536
#define M_LOG2E 1.44269504088896340736
#define M_LOG10E 0.434294481903251827651
#define M_LN2 0.693147180559945309417
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.785398163397448309616
#define M_1_PI 0.318309886183790671538
#define M_2_PI 0.636619772367581343076
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.707106781186547524401
#endif
"""
_CSTDLIB = "#define EXIT_SUCCESS 0\n#define EXIT_FAILURE 1\n#define RAND_MAX 32767\n"
_CSTDIO = "#define EOF (-1)\n"
_TCHAR = "#define _T(x) x\n#define TEXT(x) x\n#define _TCHAR char\n#define TCHAR char\n"
_WINDOWS = "#define TRUE 1\n#define FALSE 0\n"

#: Headers amppy provides itself (keys lower case; matched case-insensitively).
#: The compiler knows the APIs they declare; they only carry macros.
VIRTUAL_HEADERS: dict[str, str] = {
    "amp.h": "", "amp_math.h": "", "amp_graphics.h": "", "amp_short_vectors.h": "",
    "iostream": _CSTDLIB + _CSTDIO, "iomanip": "", "vector": "", "algorithm": "", "numeric": "",
    "string": "", "ctime": "", "time.h": "", "chrono": "", "cassert": "", "assert.h": "",
    "cstdio": _CSTDIO, "stdio.h": _CSTDIO,
    "cstdlib": _CSTDLIB, "stdlib.h": _CSTDLIB,
    "cmath": _MATH_DEFINES, "math.h": _MATH_DEFINES,
    "windows.h": _WINDOWS, "tchar.h": _TCHAR, "stdafx.h": "", "targetver.h": "",
    "sdkddkver.h": "", "conio.h": "",
}

_SYSTEM_HELP = ("amppy provides its own versions of the C++ AMP and standard headers: "
                + ", ".join(f"<{h}>" for h in (
                    "amp.h", "amp_math.h", "amp_graphics.h", "amp_short_vectors.h",
                    "iostream", "iomanip", "vector", "algorithm", "numeric", "string",
                    "cstdio", "cstdlib", "cmath", "ctime", "chrono", "cassert",
                    "Windows.h", "tchar.h", "stdafx.h", "conio.h")))

_PREDEFINED = ("__cplusplus 201103L", "__AMPPY__ 1")
_MAX_INCLUDE_DEPTH = 100
_IDENT_RE = re.compile(r"[A-Za-z_]\w*\Z")
_OPCHARS = frozenset("+-*/%<>=&|^!:.#")


@dataclass(frozen=True)
class Origin:
    """Where one character of preprocessed text came from (1-based)."""
    file: str
    line: int
    col: int


class _Src(str):
    """A file name that also remembers an identifier token's position.

    pcpp stamps every token of a macro expansion with the invoking identifier's
    `source`; carrying the position inside that string gives us the anchor."""
    line: int
    col: int
    length: int


#: Upper bound on the tokens macro expansion may handle in one translation unit: far
#: beyond what real programs need, reached in seconds; a macro
#: bomb stops here instead of exhausting time and memory.
MACRO_EXPANSION_LIMIT = 5_000_000


class _Stop(Exception):
    """Abort preprocessing after a fatal diagnostic (already reported)."""


class _BypassFailed(Exception):
    """The plain-line bypass would not be exact here: preprocess again without it."""


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


class _PP(Preprocessor):
    def __init__(self, sink: DiagnosticSink, sources: SourceMap, include_dirs: Sequence[str]):
        self.sink = sink
        self.sources = sources
        self.include_dirs = list(include_dirs)
        self._stack: list[str] = []        # display names of the files being read
        self._dir = None                   # the directive being handled (positions)
        self._cmdline: dict[str, str] = {}  # -D name -> "NAME=VAL" text
        self._last_pos: tuple[str, int, int] | None = None
        self._tokenize_n = 0
        self._expansion_work = 0           # tokens macro expansion has handled (bounded)
        self._expansion_at = None          # the first token of the line being expanded
        # the plain-line bypass (see _plan_bypass): runs by marker, the macro names the
        # plan knew of, and whether a macro it did not know of or one whose body has
        # unbalanced parentheses was defined since
        self._plain: dict[str, _Run] = {}
        self._foreseen: frozenset[str] = frozenset()
        self._unforeseen = False
        self._unbalanced = False
        super().__init__()
        self.rewrite_paths = []            # spans use the names we choose
        self.line_directive = None
        self.auto_pragma_once_enabled = True

    # -- positions ---------------------------------------------------------
    def _tok_span(self, tok, end_tok=None) -> Span | None:
        f = getattr(tok, "ofile", None)
        if f is None or f.startswith("<"):
            return self._dir_span()
        l, c = tok.opos
        end = c + len(str(tok.value))
        if end_tok is not None and getattr(end_tok, "ofile", None) == f and end_tok.opos[0] == l:
            end = end_tok.opos[1] + len(str(end_tok.value))
        return Span(f, l, c, l, end)

    def _dir_span(self) -> Span | None:
        d = self._dir
        if d is not None and getattr(d, "ofile", None) and not d.ofile.startswith("<"):
            return self._tok_span_plain(d)
        if self._last_pos:
            f, l, c = self._last_pos
            return Span.point(f, l, c)
        return None

    def _tok_span_plain(self, tok) -> Span:
        l, c = tok.opos
        return Span(tok.ofile, l, c, l, c + len(str(tok.value)))

    def _line_span(self, file: str, line: int) -> Span | None:
        if isinstance(file, _Src):
            return Span(str(file), file.line, file.col, file.line, file.col + file.length)
        text = self.sources.line_text(file, line)
        if text is None:
            return self._dir_span() if not file or line <= 0 else Span.point(file, line, 1)
        stripped = text.rstrip()
        col = len(stripped) - len(stripped.lstrip()) + 1
        return Span(file, line, col, line, max(len(stripped) + 1, col + 1))

    # -- lexing: stamp every token with where it came from ----------------
    def group_lines(self, input, abssource):
        lex = self.lexer.clone()
        lines = [x.rstrip() for x in input.splitlines()]
        starts = [0]
        pos = 0
        for ln in lines:
            pos += len(ln) + 1
            starts.append(pos)
        lex.input("\n".join(lines))
        lex.lineno = 1
        name = abssource or ""
        t_id, ws = self.t_ID, self.t_WS
        current_line = []
        while True:
            tok = lex.token()
            if not tok:
                break
            line = tok.lineno
            col = tok.lexpos - starts[line - 1] + 1
            tok.ofile = name
            tok.opos = (line, col)
            tok.body = False
            if tok.type == t_id:
                s = _Src(name)
                s.line, s.col, s.length = line, col, len(tok.value)
                tok.source = s
            else:
                tok.source = name
            if tok.value == "/" and lex.lexdata.startswith("*", tok.lexpos + 1):
                # a terminated /* ... */ would have been one comment token
                self.sink.error("syntax-error", "unterminated /* comment",
                                Span(name, line, col, line, col + 2))
                break
            current_line.append(tok)
            if tok.type in ws and tok.value == "\n":
                yield current_line
                current_line = []
        if current_line:
            nltok = copy.copy(current_line[-1])
            nltok.type = self.t_NEWLINE
            nltok.value = "\n"
            current_line.append(nltok)
            yield current_line

    def tokenize(self, text):
        toks = super().tokenize(text)
        self._tokenize_n += 1
        name = "<command line>"
        for t in toks:
            t.ofile = name
            t.opos = (self._tokenize_n, t.lexpos + 1)
            t.body = False
        return toks

    # -- macros ------------------------------------------------------------
    def define(self, tokens):
        from_directive = not isinstance(tokens, str)
        if isinstance(tokens, str):
            tokens = self.tokenize(tokens)
        toks = [t for t in tokens]
        if not toks:
            self.sink.error("pp-invalid-define", "macro name missing", self._dir_span())
            return
        name = toks[0]
        if name.type != self.t_ID:
            self.sink.error("pp-invalid-define", "macro name must be an identifier",
                            self._tok_span(name))
            return
        old = self.macros.get(name.value)
        try:
            super().define(tokens)
        except (IndexError, AttributeError, TypeError, ValueError):
            self.sink.error("pp-invalid-define", "invalid macro parameter list", self._tok_span(name))
            return
        new = self.macros.get(name.value)
        if new is None or new is old:
            return
        depth = 0                       # of the body's parentheses; -1: unbalanced
        for t in new.value:
            t.body = True
            if depth < 0:
                continue
            if t.value == "(":
                depth += 1
            elif t.value == ")":
                depth -= 1
            elif t.value == "##":       # a paste can glue a parenthesis into another token
                depth = -1
        if depth:
            self._unbalanced = True
        if name.value not in self._foreseen and not name.value.startswith("__"):
            self._unforeseen = True     # (plain lines hold no name starting with '__')
        if from_directive and old is not None and not _same_macro(old, new, self.t_WS) \
                and not name.value.startswith("__"):
            self._warn_redefined(name, old)

    def _warn_redefined(self, name, old) -> None:
        span = self._tok_span(name)
        if name.value in self._cmdline:
            given = self._cmdline[name.value]
            self.sink.warning(
                "pp-macro-redefined", f"'{name.value}' macro redefined", span,
                help=f"the file's #define replaces -D {given} from the command line, as in C; "
                     f"to let -D win, wrap it: #ifndef {name.value} ... #endif")
            return
        notes = ()
        src = getattr(old, "source", None)
        if isinstance(src, _Src):
            notes = (Note("previous definition is here",
                          Span(str(src), src.line, src.col, src.line, src.col + src.length)),)
        self.sink.warning("pp-macro-redefined", f"'{name.value}' macro redefined", span,
                          notes=notes)

    def undef(self, tokens):
        if not isinstance(tokens, str) and (not tokens or tokens[0].type != self.t_ID):
            self.sink.error("pp-invalid-define",
                            "macro name missing" if not tokens else "macro name must be an identifier",
                            self._tok_span(tokens[0]) if tokens else self._dir_span())
            return
        super().undef(tokens)

    def expand_macros(self, tokens, expanding_from=[]):
        # pcpp expands everything between two directives as one list and splices
        # expansions into it (quadratic), visiting every token.  Cut the list at
        # line ends where no macro invocation can be open or be opened by what
        # follows (parentheses balanced, next token not '(', no macro body with
        # unbalanced parentheses) and skip pieces that name no macro at all.
        # The marker of a run of plain lines (see _plan_bypass) is checked here,
        # where the macros and the open parentheses before it are known.
        self._expansion_work += len(tokens)
        if self._expansion_work > MACRO_EXPANSION_LIMIT:
            self.sink.error("macro-expansion-limit",
                            f"macro expansion exceeds {MACRO_EXPANSION_LIMIT:,} tokens; stopping",
                            self._tok_span(self._expansion_at) if self._expansion_at is not None
                            else self._dir_span(),
                            help="a macro that expands exponentially (a 'macro bomb')? "
                                 "C++ compilers also give up on such input")
            raise _Stop()
        if expanding_from:
            return super().expand_macros(tokens, expanding_from)
        if tokens:
            self._expansion_at = tokens[0]
        out: list = []
        start = cut = risky = 0
        has_macro = tail = False
        parens: list[bool] = []   # per open '(': could it open a macro invocation?
        ws, t_id, macros, plain = self.t_WS, self.t_ID, self.macros, self._plain
        expand = super().expand_macros
        for i, t in enumerate(tokens):
            v = t.value
            if t.type in ws:
                if "\n" in v and not parens and i + 1 - start >= 64 and not self._unbalanced:
                    cut = i + 1
                continue
            if cut:
                if v != "(":
                    piece = tokens[start:cut]
                    out.extend(expand(piece, expanding_from) if has_macro else piece)
                    start = cut
                    has_macro = False
                cut = 0
            if t.type == t_id:
                if v in plain:
                    self._check_plain(v, risky, has_macro)
                    tail = False
                elif v in macros or v == "__LINE__" or v == "__COUNTER__":
                    has_macro = tail = True
                else:
                    tail = False
                continue
            if v == "(":
                # only a '(' right after a macro name, or after the ')' of an invocation
                # whose expansion may end in a macro name, can open an invocation
                parens.append(tail)
                risky += tail
            elif v == ")" and parens:
                risky -= parens.pop()
            tail = v == ")"
        piece = tokens[start:] if start else tokens
        out.extend(expand(piece, expanding_from) if has_macro else piece)
        return out

    def _check_plain(self, marker: str, risky: int, has_macro: bool) -> None:
        """A run's marker reached macro expansion: is bypassing its lines exact?

        Not if a macro invocation may be open here (its arguments would take in
        the run), a body with unbalanced parentheses was expanded before it, or
        one of its names is a macro other than a simple constant on a line the
        plan allowed it on.  The constants' bodies go with the run to _Layout."""
        macros = self.macros
        run = self._plain[marker]
        if risky or (has_macro and self._unbalanced) or marker in macros:
            raise _BypassFailed()
        if self._unforeseen and not (run.names() & macros.keys()) <= run.uses:
            raise _BypassFailed()
        for name in run.uses:
            m = macros.get(name)
            if m is None:
                continue
            body = _simple_body(m, macros, self.t_INTEGER, self.t_ID)
            if body is None:
                raise _BypassFailed()
            run.bodies[name] = body

    def collect_args(self, tokenlist, ignore_errors=False):
        res = super().collect_args(tokenlist, ignore_errors)
        if ignore_errors and res[0] == 0:
            first = next((t for t in tokenlist if t.type not in self.t_WS), None)
            if first is not None and first.value == "(":
                self.sink.error("pp-macro-args", "unterminated function-like macro invocation",
                                self._tok_span(first))
        return res

    # -- directives --------------------------------------------------------
    def on_directive_handle(self, directive, toks, ifpassthru, precedingtoks):
        self._dir = directive
        name = directive.value
        if name in ("ifdef", "ifndef") and (not toks or toks[0].type != self.t_ID):
            # pcpp indexes toks[0]; give it a name that is never defined
            if not toks:
                self.sink.error("pp-invalid-directive", "macro name missing",
                                self._tok_span(directive))
            fake = copy.copy(directive)
            fake.type, fake.value = self.t_ID, "__amppy_missing_macro_name__"
            toks.insert(0, fake)
        elif name in ("if", "elif"):
            fake = copy.copy(directive)
            if not toks:
                self.sink.error("pp-invalid-expression", f"expected an expression after #{name}",
                                self._tok_span(directive))
                fake.type, fake.value = self.t_INTEGER, "0"
                toks.append(fake)
            elif toks[0].value == "!":
                # pcpp looks at toks[1..3] for include guards without bounds checks
                fake.type, fake.value = self.t_ID, "__amppy_missing_operand__"
                n = len(toks)
                if len(toks) < 2:
                    toks.append(copy.copy(fake))
                elif toks[1].value == "defined" and len(toks) < 3:
                    toks.append(copy.copy(fake))
                elif toks[1].value == "defined" and toks[2].value == "(" and len(toks) < 4:
                    toks.append(copy.copy(fake))
                if len(toks) != n:
                    self.sink.error("pp-invalid-expression", f"missing operand in #{name} expression",
                                    self._tok_span(directive))
        elif name == "pragma" and not toks:
            raise OutputDirective(Action.IgnoreAndRemove)
        return True

    def on_directive_unknown(self, directive, toks, ifpassthru, precedingtoks):
        self._dir = directive
        name = directive.value
        msg = "".join(str(t.value) for t in toks).strip()
        if name == "error":
            self.sink.error("pp-error", msg or "#error", self._tok_span(directive))
        elif name == "warning":
            self.sink.warning("pp-warning", msg or "#warning", self._tok_span(directive))
        elif name in ("pragma", "line", "ident", "sccs"):
            pass
        else:
            self.sink.error("pp-unknown-directive", f"invalid preprocessing directive '#{name}'",
                            self._tok_span(directive))
        return True

    def on_error(self, file, line, msg):
        code, text = _translate_error(msg)
        if file == "unknown" and line == 0:
            span = self._dir_span()
        else:
            span = self._line_span(file, line)
        self.sink.error(code, text, span)
        self.return_code += 1

    def on_comment(self, tok):
        return None

    # -- includes ----------------------------------------------------------
    def include(self, tokens, original_line):
        if tokens and tokens[0].value != "<" and tokens[0].type != self.t_STRING:
            tokens = self.tokenstrip(self.expand_macros(tokens))
        if not tokens:
            self.sink.error("pp-invalid-include", "#include expects \"FILENAME\" or <FILENAME>",
                            self._dir_span())
            return
        first = tokens[0]
        if first.value == "<":
            for i in range(1, len(tokens)):
                if tokens[i].value == ">":
                    break
            else:
                self.sink.error("pp-invalid-include", "expected '>' after #include <...",
                                self._tok_span(first))
                return
            filename = "".join(str(t.value) for t in tokens[1:i]).strip()
            span = self._tok_span(first, tokens[i])
            system = True
        elif first.type == self.t_STRING:
            filename = first.value[1:-1]
            span = self._tok_span(first)
            system = False
        else:
            self.sink.error("pp-invalid-include", "#include expects \"FILENAME\" or <FILENAME>",
                            self._tok_span(first))
            return
        if len(self._stack) >= _MAX_INCLUDE_DEPTH:
            self.sink.error("pp-include-depth",
                            f"#include nested too deeply (more than {_MAX_INCLUDE_DEPTH} levels)", span)
            raise _Stop()
        key = filename.replace("\\", "/").lower()
        virtual = VIRTUAL_HEADERS.get(key)
        found = None
        if system and virtual is not None:
            found = ("<" + filename + ">", virtual)
        else:
            found = self._find_user(filename, system)
            if found is None and virtual is not None:
                found = ("<" + filename + ">", virtual)
        if found is None:
            if system:
                self.sink.error("pp-unknown-header", f"unknown system header '<{filename}>'",
                                span, help=_SYSTEM_HELP)
            else:
                self.sink.error("pp-file-not-found", f"'{filename}' file not found", span)
            return
        display, data = found
        once = self.include_once.get(display, False)
        if once is None or (once is not False and once in self.macros):
            return
        self._stack.append(display)
        try:
            yield from self.parsegen(data, filename, display)
        finally:
            self._stack.pop()

    def _find_user(self, filename: str, system: bool) -> tuple[str, str] | None:
        dirs: list[str] = []
        if not system:
            dirs.append(os.path.dirname(self._stack[-1]) if self._stack else "")
        dirs += self.include_dirs
        for d in dirs:
            cand = os.path.normpath(os.path.join(d, filename)) if d else os.path.normpath(filename)
            if not os.path.isfile(cand):
                self.sources.probed_absent.add(cand)    # the run cache re-checks these
                continue
            if self.sources.get(cand) is not None:
                return cand, self.sources.get(cand).text
            with open(cand, "rb") as fh:
                raw = fh.read()
            text = _decode(raw, cand, self.sink, self.sources)
            if text is None:
                raise _Stop()
            self.sources.add(cand, text)
            return cand, text
        return None

    # -- driving -----------------------------------------------------------
    def run(self, text: str, main: str, plan: _Plan | None) -> PreprocessedSource:
        """Preprocess `text`, or `plan.text`, in which markers stand for plain lines."""
        self._stack.append(main)
        if plan is not None:
            text, self._plain, self._foreseen = plan.text, plan.runs, plan.macros
            self._unforeseen = False
        out = _Layout(self, main)
        try:
            for tok in self.parsegen(text, main, main):
                out.add(tok)
        except _Stop:
            pass
        except _BypassFailed:
            raise
        except RecursionError:
            self.sink.error("pp-internal", "preprocessor failed: macro expansion or #include "
                            "recursion too deep", self._dir_span())
        except Exception as e:  # pcpp bugs on odd input are input errors to the user
            span = self._dir_span()
            if out.last is not None:
                span = Span.point(*out.last_position())
            self.sink.error("pp-internal", f"preprocessor failed: {type(e).__name__}: {e}", span,
                            help="simplify the preprocessor construct near this position")
        return out.finish(self.sources)


def _same_macro(a, b, ws) -> bool:
    def body(m):
        out = []
        for t in m.value:
            out.append(" " if t.type in ws else str(t.value))
        return "".join(out).strip()
    return (a.arglist == b.arglist and a.variadic == b.variadic and body(a) == body(b))


_ERROR_PATTERNS = [
    (re.compile(r"Unterminated (.*)"), "pp-unterminated-conditional",
     lambda m: f"unterminated conditional directive '{' '.join(m.group(1).split())}'"),
    (re.compile(r"Misplaced #(\w+)"), "pp-unbalanced-conditional",
     lambda m: f"#{m.group(1)} without #if"),
    (re.compile(r"Macro (\w+) requires (\d+) arguments but was passed (\d+)"), "pp-macro-args",
     lambda m: f"macro '{m.group(1)}' requires {m.group(2)} arguments, but {m.group(3)} were given"),
    (re.compile(r"Macro (\w+) must have at least (\d+) arguments?"), "pp-macro-args",
     lambda m: f"macro '{m.group(1)}' requires at least {m.group(2)} arguments"),
    (re.compile(r"Could not evaluate expression due to .*\(passed to evaluator: '(.*)'\)", re.S),
     "pp-invalid-expression",
     lambda m: f"invalid preprocessor expression '{m.group(1).strip()}'"),
    (re.compile(r"Empty expression"), "pp-invalid-expression",
     lambda m: "expected an expression after #if"),
    (re.compile(r"Malformed defined\(\)"), "pp-invalid-expression",
     lambda m: "malformed 'defined' in preprocessor expression"),
    (re.compile(r"(Bad macro definition|Invalid macro argument|No more arguments.*)"),
     "pp-invalid-define", lambda m: m.group(1)[0].lower() + m.group(1)[1:].lower()),
    (re.compile(r"Missing '\(' in macro arguments"), "pp-invalid-define",
     lambda m: "missing '(' in macro parameter list"),
    (re.compile(r"Missing '\)' in macro arguments"), "pp-invalid-define",
     lambda m: "missing ')' in macro parameter list"),
]


def _translate_error(msg: str) -> tuple[str, str]:
    for pat, code, fmt in _ERROR_PATTERNS:
        m = pat.match(msg)
        if m:
            return code, fmt(m)
    msg = msg.strip().rstrip(".")
    return "pp-invalid", (msg[:1].lower() + msg[1:]) if msg else "invalid preprocessor input"


class _Layout:
    """Builds `text` and the per-line position tables from pcpp's tokens."""

    def __init__(self, pp: _PP, main: str):
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
        # where the last token came from; for a plain line, its text stands for the column
        self.last: tuple[str, int, int | str] | None = None
        self.pp = pp
        self.main = main
        self.runs = pp._plain

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
        if v in self.runs and not tok.body and tok.ofile == self.main:
            self._add_run(self.runs[v])
            return
        if tok.body:
            src = tok.source
            if isinstance(src, _Src):
                f, l, c, kind = str(src), src.line, src.col, src.length
            else:
                f, l, c, kind = self.cur_file, self.cur_line, None, 1
        else:
            f = tok.ofile
            l, c = tok.opos
            kind = 0
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
        """Make source line (f, l) the current output line: a new file starts a new
        output line; a later line of the same file flushes, with an empty line per
        source line skipped, so output and source lines stay aligned."""
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

    def _add_run(self, run: _Run) -> None:
        """Lay out a run of plain lines as `add` would lay out their tokens.

        Every token laid out before a line of the run came from an earlier
        line (the marker opens the run, and no macro invocation spans it), so
        `add` puts the line's first token on an output line that holds nothing
        yet, at its source column.  Every further token of a plain line then
        still fits at its source column: blanks become padding, adjacent tokens
        stay adjacent (no space between them when they were written together).
        The line therefore comes out as its text, in one exact segment -- or,
        where it names simple constants, as `_lay_out_constants` says.  A
        newline follows each line, so `prev` is never looked at again."""
        f = self.main
        bodies = run.bodies
        for l, text, col, uses in run.lines:
            self._move_to(f, l)
            if uses and not bodies.keys().isdisjoint(uses):
                out, segs = _lay_out_constants(text, bodies, f, l)
                self.cur.append(out)
                self.cur_len = len(out)
                self.segs.extend(segs)
            else:
                self.cur.append(text)   # its indentation is the padding to the first token
                self.cur_len = len(text)
                self.segs.append((col, f, l, col, 0))
            self.pending = False
            self.prev = None
            self.last = (f, l, text)

    def last_position(self) -> tuple[str, int, int]:
        """`last`, with the column of a plain line's last token looked up."""
        f, l, c = self.last
        if isinstance(c, str):
            lex = self.pp.lexer.clone()
            lex.input(c)
            c = max(t.lexpos for t in iter(lex.token, None) if t.type not in self.ws) + 1
        return f, l, c

    def finish(self, sources: SourceMap) -> PreprocessedSource:
        if self.cur_len:
            self._flush()
        text = "\n".join(self.lines) + ("\n" if self.lines else "")
        return PreprocessedSource(text, self.main, sources, self.bases, self.tables)


def _adjacent(a, b) -> bool:
    """Were tokens a and b written next to each other (no space) in their origin?"""
    fa, fb = getattr(a, "ofile", None), getattr(b, "ofile", None)
    if fa is None or fa != fb:
        return False
    (la, ca), (lb, cb) = a.opos, b.opos
    return la == lb and ca + len(str(a.value)) == cb


def _decode(raw: bytes, name: str, sink: DiagnosticSink, sources: SourceMap) -> str | None:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = raw.rfind(b"\n", 0, e.start) + 1
        line = raw.count(b"\n", 0, e.start) + 1
        col = len(raw[line_start:e.start].decode("utf-8", "replace")) + 1
        sources.add(name, raw.decode("utf-8", "replace"))
        sink.error("pp-encoding", "source file is not valid UTF-8", Span.point(name, line, col),
                   help="save the file as UTF-8")
        return None


# -- the plain-line bypass --------------------------------------------------------

_MARKER = "__amppy_plain_"
# line breaks of str.splitlines() other than \n and \r\n
_ODD_BREAK = re.compile(r"[\x0b\x0c\x1c-\x1e\x85\u2028\u2029]|\r(?!\n)")
_TRIGRAPH = re.compile(r"\?\?[=/'()!<>-]")
# what keeps a line from being plain wherever it stands: '#', '\', '/*', and any
# character besides printable ASCII and tab
_NOT_PLAIN = re.compile(r"[^\t\x20-\x22\x24-\x5b\x5d-\x7e]|/\*")
_DEFINED = re.compile(r"\b(?:define|undef)\b(?:[ \t]|\\[ \t]*\r?\n|/\*.*?\*/)*([A-Za-z_]\w*)", re.S)
_DEFINITION = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(.*)", re.M)
_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include\b(.*)", re.M)
_HEADER = re.compile(r'(?:<([^<>]*)>|"([^"]*)")\s*(?://.*)?\Z')
# pcpp's integer literal (lexed before names, it may end in letters: 1u, 0x1F) or a
# name (group 1): finditer finds the names pcpp's lexer finds in a line of code
# without comments or '\', and some inside literals too
_INTEGER = r"(?:0[xX][0-9a-fA-F]+|\d+)(?:[uU][lL]|[lL][uU]|[uU]|[lL])?"
_IDS = re.compile(_INTEGER + r"|([A-Za-z_]\w*)")
# where no digit is followed by a letter, no integer ends right before a name, and
# these are the names
_WORDS = re.compile(r"[A-Za-z_]\w*")
_DIGIT_LETTER = re.compile(r"\d[A-Za-z_]")
# the rest of a `#define NAME` line that makes NAME a simple constant
_SIMPLE_BODY = re.compile(r"[ \t]+(" + _INTEGER + r"|[A-Za-z_]\w*)[ \t]*(?://.*)?\Z")
_STRETCH = re.compile(r"[^ ]+")
# in the lines that are not plain: literals, comments, and each parenthesis (2)
# with the name right before it (1)
_PARENS = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|//.*|/\*.*?(?:\*/|$)"""
                     r"|([A-Za-z_]\w*)?[ \t]*([()])")
_VIRTUAL_DEFINITIONS = "\n".join(VIRTUAL_HEADERS.values())
_VIRTUAL_MACROS = frozenset(m.group(1) for m in _DEFINITION.finditer(_VIRTUAL_DEFINITIONS))


@dataclass
class _Run:
    """A run of plain lines, which pcpp sees as one marker identifier."""
    # per line: its number, its text as laid out, the column of its first token,
    # and the simple constants it names, if any
    lines: list[tuple[int, str, int, frozenset[str] | None]]
    uses: set[str]                     # the simple constants its lines name
    bodies: dict[str, str] = field(default_factory=dict)  # those that are macros: their bodies

    def names(self) -> set[str]:
        """Every name in the lines (and some inside literals)."""
        return {n for _, text, _, _ in self.lines for n in _IDS.findall(text)} - {""}


@dataclass
class _Plan:
    """What `_plan_bypass` found."""
    text: str                # for pcpp: the main file with the runs replaced by markers
    runs: dict[str, _Run]    # by marker
    macros: frozenset[str]   # every macro name the plan reckoned with


def _simple_body(macro, macros, t_integer: str, t_id: str) -> str | None:
    """The body of an object-like macro that is one integer or non-macro name."""
    if macro.arglist is not None or len(macro.value) != 1:
        return None
    t = macro.value[0]
    if t.type == t_integer or (t.type == t_id and t.value not in macros
                               and not t.value.startswith("__")):
        return t.value
    return None


def _plan_bypass(text: str, pp: _PP) -> _Plan | None:
    """Find the main file's plain lines, which pcpp need not see.

    Lexing every line with pcpp, stamping its tokens and laying them out again
    was most of the time spent here, yet most lines of a program need no
    preprocessing.  A *plain* line is one whose tokens pcpp would pass through
    untouched -- or touched only to replace simple constants (`#define N 16`:
    an object-like macro whose body is one integer, or one name that is no
    macro) -- and that `_Layout._add_run` lays out from its text exactly as
    `_Layout.add` lays out its tokens.  A line is plain when
      * it starts outside any block comment (every '/*' counts as opening one,
        even inside a literal, and the first '*/' after it as closing it: that
        errs on the safe side) and the line before does not end in '\';
      * it holds no '#', no '\' (so no escape and no continuation: no literal
        spans lines), no '/*', only printable ASCII and tabs (tabs only if it
        has no literal), and a '//' only where no quote comes before it (so the
        comment is real and the code before it lexes alone; it is dropped);
      * it names nothing that starts with '__' (__LINE__, __COUNTER__, ...)
        and no *macro-ish* name: predefined, -D, defined in a virtual header,
        written after 'define' or 'undef' anywhere in the text, 'defined',
        '_Pragma' -- unless every definition in sight makes the name a simple
        constant and the line has no literal and no digit followed by a letter
        (then every name stands between characters that are neither letters
        nor digits, which `_lay_out_constants` relies on);
      * it does not start with '(' if it opens a run (the line before may end
        in a function-like macro's name), nor where a rough scan of the other
        lines sees a macro invocation still open (a '(' after a macro-ish
        name, or at the start of a line, not yet closed).
    Lines left blank once the comment is gone may sit inside a run of plain
    lines, but never start or end one.

    Each maximal run becomes one marker identifier on its first line and empty
    lines after it: line numbers stay, and conditional directives still decide
    whether the run is emitted.  pcpp's lexer is in its ground state at both
    ends of a plain line, so the other lines lex as they did.  Where this scan
    cannot see far enough -- a macro it did not foresee (from a user's header),
    a constant redefined as something else, a macro invocation left open
    across a conditional -- pcpp's own state decides when the marker reaches
    macro expansion (`_PP._check_plain`); a failed check makes `preprocess`
    start over without the bypass.  A file with an odd line break (pcpp splits
    lines with str.splitlines()), a trigraph, the marker prefix, or an #include
    of a header amppy does not provide goes to pcpp whole (None)."""
    macros = pp.macros
    if (_MARKER in text or _ODD_BREAK.search(text) or _TRIGRAPH.search(text)
            or any(name.startswith(_MARKER) for name in macros)):
        return None
    for m in _INCLUDE.finditer(text):
        h = _HEADER.match(m.group(1).strip())
        if h is None or (h.group(1) if h.group(2) is None else h.group(2)) \
                .replace("\\", "/").lower() not in VIRTUAL_HEADERS:
            return None
    macroish = {"defined", "_Pragma"}
    macroish.update(macros, _VIRTUAL_MACROS, _DEFINED.findall(text))
    simple = {name: _simple_body(m, macros, pp.t_INTEGER, pp.t_ID) is not None
              for name, m in macros.items()}
    for source in (_VIRTUAL_DEFINITIONS, text):
        for m in _DEFINITION.finditer(source):
            name, body = m.group(1), _SIMPLE_BODY.match(m.group(2).rstrip("\r"))
            simple[name] = simple.get(name, True) and body is not None \
                and body.group(1) not in macroish and not body.group(1).startswith("__")
    constants = frozenset(name for name, ok in simple.items() if ok)

    lines = text.splitlines()
    runs: list[tuple[int, _Run]] = []   # with the index of the line each starts on
    run = None                   # the run the last non-blank line belongs to
    in_comment = cont = False    # at the start of the line
    parens: list[bool] = []      # per '(' open in the other lines: may it invoke a macro?
    risky = 0
    for k, s in enumerate(lines):
        if not (in_comment or cont) and _NOT_PLAIN.search(s) is None:
            j = s.find("//")
            code = s if j < 0 else s[:j]
            quoted = '"' in code or "'" in code
            if j < 0 or not quoted:
                code = code.rstrip()
                if not code:
                    continue
                if "__" not in code and not (quoted and "\t" in code):
                    digit_letter = _DIGIT_LETTER.search(code)
                    names = (_IDS if digit_letter else _WORDS).findall(code)
                    uses = None
                    if not macroish.isdisjoint(names):
                        uses = macroish.intersection(names)
                        if quoted or digit_letter or not uses <= constants:
                            uses = False
                    if uses is not False and (run is not None or not risky
                                              and code.lstrip()[0] != "("):
                        if run is None:
                            run = _Run([], set())
                            runs.append((k, run))
                        if "\t" in code:
                            code = code.replace("\t", " ")
                        run.lines.append((k + 1, code, len(code) - len(code.lstrip()) + 1,
                                          uses and frozenset(uses)))
                        if uses:
                            run.uses.update(uses)
                        continue
        run = None
        start = 0
        if in_comment:
            end = s.find("*/")
            start = len(s) if end < 0 else end + 2
        if cont or in_comment or not s.lstrip().startswith("#"):
            at_start = s.lstrip().startswith("(")
            for before, paren in _PARENS.findall(s, start):
                if paren == "(":
                    opens = at_start or before in macroish
                    parens.append(opens)
                    risky += opens
                elif paren and parens:
                    risky -= parens.pop()
                at_start = False
        if in_comment or "/*" in s:
            in_comment = _comment_open_after(s, in_comment)
        cont = s.rstrip().endswith("\\")

    new = list(lines)
    by_marker: dict[str, _Run] = {}
    for n, (first, run) in enumerate(runs):
        last = run.lines[-1][0] - 1
        marker = f"{_MARKER}{n}"
        new[first] = marker
        new[first + 1:last + 1] = [""] * (last - first)
        by_marker[marker] = run
    return _Plan("\n".join(new), by_marker, frozenset(macroish))


def _lay_out_constants(text: str, bodies: Mapping[str, str], f: str, l: int
                       ) -> tuple[str, list[_Seg]]:
    """Lay out a plain line that names simple constants, as `add` would.

    A constant's body token goes where the name was, anchored to it.  A body
    longer than its name pushes what follows to the right, until a blank lets
    it catch up with its source column again.  `add` decides that per token,
    but only a token after a blank or a body can land differently from the one
    before it, so this decides per piece: a body, or a stretch of the line
    without blanks or constants.  Within a stretch the tokens stay adjacent,
    as written; between a body and a stretch no space goes in either, because
    `_classes` never holds there: a body is an integer or a name, and the
    characters around a name are neither letters nor digits (the plan left
    out lines where a digit is followed by a letter)."""
    out: list[str] = []
    segs: list[_Seg] = []
    width = 0           # of the output so far
    pos = 0             # of the source laid out so far

    def place(piece: str, col: int, kind: int) -> None:
        nonlocal width
        if width < col - 1:
            out.append(" " * (col - 1 - width))
            width = col - 1
        elif width and text[col - 2] == " ":
            out.append(" ")
            width += 1
        out_col = width + 1
        out.append(piece)
        width += len(piece)
        if kind or not (segs and segs[-1][4] == 0 and segs[-1][0] - segs[-1][3] == out_col - col):
            segs.append((out_col, f, l, col, kind))

    def source(end: int) -> None:
        """Lay out text[pos:end], which names no constant."""
        start = pos
        if width > pos:                 # pushed right: stretch by stretch until it fits
            for w in _STRETCH.finditer(text, pos, end):
                if width < w.start():
                    start = w.start()
                    break
                place(w.group(), w.start() + 1, 0)
            else:
                return
        part = text[start:end].strip(" ")
        if part:                        # in step: every token fits at its own column
            place(part, end - len(text[start:end].lstrip(" ")) + 1, 0)

    for m in _names_re(frozenset(bodies)).finditer(text):
        source(m.start())
        place(bodies[m.group()], m.start() + 1, m.end() - m.start())
        pos = m.end()
    source(len(text))
    return "".join(out), segs


@lru_cache(maxsize=64)
def _names_re(names: frozenset[str]) -> re.Pattern:
    """Where these names stand in a line without literals or a digit followed by a letter."""
    return re.compile(r"\b(?:%s)\b" % "|".join(map(re.escape, names)))


def _comment_open_after(line: str, in_comment: bool) -> bool:
    """Is a block comment open at the end of `line`, if one was at its start?

    Errs towards yes: every '/*' opens one (in a literal too), and the '/' of
    the '*/' that closes one may open the next."""
    pos = 0
    while True:
        if in_comment:
            end = line.find("*/", pos)
            if end < 0:
                return True
            in_comment, pos = False, end + 1
        else:
            start = line.find("/*", pos)
            if start < 0:
                return False
            in_comment, pos = True, start + 2


def preprocess(path: str, *, text: str | None = None, defines: Mapping[str, str] | None = None,
               include_dirs: Sequence[str] | None = None, sink: DiagnosticSink,
               bypass: bool = True) -> PreprocessedSource:
    """Preprocess `path` (or `text`, named `path`) into one translation unit.

    Diagnostics go to `sink`; this never raises for bad input.  `bypass=False`
    sends every line through pcpp: the reference the plain-line bypass (see
    `_plan_bypass`) must equal."""
    if text is None:
        sources = SourceMap()
        try:
            with open(path, "rb") as fh:
                raw = fh.read()
        except OSError as e:
            sink.error("pp-file-not-found", f"cannot open '{path}': {e.strerror or e}", None)
            return PreprocessedSource("", path, sources)
        text = _decode(raw, path, sink, sources)
        if text is None:
            return PreprocessedSource("", path, sources)
    elif text.startswith("\ufeff"):
        text = text[1:]
    reported = len(sink.diagnostics)
    # pcpp's tokens are not garbage cycles: pause the cyclic collector (see amppy.parse.parse)
    enabled = gc.isenabled()
    gc.disable()
    try:
        if bypass:
            try:
                return _preprocess(path, text, defines, include_dirs, sink, bypass=True)
            except _BypassFailed:
                del sink.diagnostics[reported:]
        return _preprocess(path, text, defines, include_dirs, sink, bypass=False)
    finally:
        if enabled:
            gc.enable()


def _preprocess(path: str, text: str, defines: Mapping[str, str] | None,
                include_dirs: Sequence[str] | None, sink: DiagnosticSink,
                bypass: bool) -> PreprocessedSource:
    sources = SourceMap()
    sources.add(path, text)
    pp = _PP(sink, sources, include_dirs or [])
    for d in _PREDEFINED:
        pp.define(d)
    for name, value in (defines or {}).items():
        if not _IDENT_RE.match(name.split("(", 1)[0]):
            sink.error("pp-invalid-define", f"invalid macro name '{name}' in -D", None)
            continue
        value = "1" if value in ("", None) else value
        pp._cmdline[name.split("(", 1)[0]] = f"{name}={value}"
        pp.define(f"{name} {value}")
    return pp.run(text, path, _plan_bypass(text, pp) if bypass else None)
