"""The pcpp adapter: pcpp's preprocessor, driven token by token, its problems reported.

pcpp does the preprocessing; `PcppAdapter` consumes its token stream instead of
its `write()` and hands each token to `amppy.preprocess.linemap.Layout`.  It
stamps every token pcpp lexes with where it came from (`group_lines`,
`tokenize`): `ofile` and `opos` (line, column), and for an identifier a `Src`
as its `source`, which pcpp copies onto every token of a macro expansion.

Besides the positions it overrides pcpp where pcpp would fail or mislead on odd
input: invalid `#define`s and `#undef`s, macro redefinitions (a warning), a
bound on macro expansion (`MACRO_EXPANSION_LIMIT`, against macro bombs), and an
unterminated macro invocation.  The directive and #include hooks are the mixin
`amppy.preprocess.directives.DirectiveHooks`.
"""
from __future__ import annotations

import copy
from typing import Sequence

from pcpp.preprocessor import Preprocessor

from ..diagnostics import DiagnosticSink, Note
from .directives import DirectiveHooks
from .errors import Stop
from .macro_constants import record
from .linemap import Layout, PreprocessedSource, Src
from ..source import SourceMap, Span

__all__ = ["PcppAdapter", "MACRO_EXPANSION_LIMIT"]

#: Upper bound on the tokens macro expansion may handle in one translation unit: far
#: beyond what real programs need, reached in seconds; a macro
#: bomb stops here instead of exhausting time and memory.
MACRO_EXPANSION_LIMIT = 5_000_000


class PcppAdapter(DirectiveHooks, Preprocessor):
    """pcpp's `Preprocessor`, positions on every token and problems reported to `sink`."""

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
        if isinstance(file, Src):
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
                s = Src(name)
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
        if from_directive and new.arglist is None:
            span = self._tok_span(name)
            if span is not None and self.sources.get(span.file) is not None:
                record(self.sources.macro_constants, name.value, "".join(t.value for t in new.value),
                       span.file, span.line)

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
        if isinstance(src, Src):
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
            raise Stop()
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

    # -- driving -----------------------------------------------------------
    def run(self, text: str, main: str) -> PreprocessedSource:
        self._stack.append(main)
        out = Layout(self, main)
        try:
            for tok in self.parsegen(text, main, main):
                out.add(tok)
        except Stop:
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
