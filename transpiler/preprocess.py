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
"""
from __future__ import annotations

import copy
import gc
import os
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Mapping, Sequence

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
        self._unbalanced = False           # a macro body with unbalanced parentheses was defined
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

    def expand_macros(self, tokens, expanding_from=[]):  # noqa: B006 (pcpp's signature; never mutated)
        # pcpp expands everything between two directives as one list and splices
        # expansions into it (quadratic), visiting every token.  Cut the list at
        # line ends where no macro invocation can be open or be opened by what
        # follows (parentheses balanced, next token not '(', no macro body with
        # unbalanced parentheses) and skip pieces that name no macro at all.
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
        start = cut = depth = 0
        has_macro = False
        ws, t_id, macros = self.t_WS, self.t_ID, self.macros
        expand = super().expand_macros
        for i, t in enumerate(tokens):
            v = t.value
            if t.type in ws:
                if "\n" in v and not depth and i + 1 - start >= 64 and not self._unbalanced:
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
                if v in macros or v == "__LINE__" or v == "__COUNTER__":
                    has_macro = True
                continue
            if v == "(":
                depth += 1
            elif v == ")" and depth:
                depth -= 1
        piece = tokens[start:] if start else tokens
        out.extend(expand(piece, expanding_from) if has_macro else piece)
        return out

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
    def run(self, text: str, main: str) -> PreprocessedSource:
        self._stack.append(main)
        out = _Layout(self, main)
        try:
            for tok in self.parsegen(text, main, main):
                out.add(tok)
        except _Stop:
            pass
        except RecursionError:
            self.sink.error("pp-internal", "preprocessor failed: macro expansion or #include "
                            "recursion too deep", self._dir_span())
        except Exception as e:  # pcpp bugs on odd input are input errors to the user
            span = self._dir_span()
            if out.last is not None:
                span = Span.point(*out.last)
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
            if isinstance(src, _Src):
                f, l, c, kind = str(src), src.line, src.col, src.length
            else:
                f, l, c, kind = self.cur_file, self.cur_line, None, 1
        else:
            f = tok.ofile
            l, c = tok.opos
            kind = 0
        if f != self.cur_file:
            # a new file starts a new output line; a later line of the same file
            # flushes, with an empty line per source line skipped, so output and
            # source lines stay aligned
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


def preprocess(path: str, *, text: str | None = None, defines: Mapping[str, str] | None = None,
               include_dirs: Sequence[str] | None = None,
               sink: DiagnosticSink) -> PreprocessedSource:
    """Preprocess `path` (or `text`, named `path`) into one translation unit.

    Diagnostics go to `sink`; this never raises for bad input."""
    sources = SourceMap()
    if text is None:
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
    sources.add(path, text)
    # pcpp's tokens are not garbage cycles: pause the cyclic collector (see amppy.parse.parse)
    enabled = gc.isenabled()
    gc.disable()
    try:
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
        return pp.run(text, path)
    finally:
        if enabled:
            gc.enable()
