"""Syntax errors, in words a C++ programmer knows.

Two sources: Lark's exceptions (`UnexpectedCharacters`, `UnexpectedToken`,
`UnexpectedEOF`), which `report_syntax_error` turns into one `syntax-error`
diagnostic on the sink, and `_SyntaxProblem`, which the AST builders
(`amppy.parse.builders`) raise for what the grammar accepts but C++ does not
(a type name where a declarator's name belongs, an unknown `restrict(...)`
specifier, a bad escape or octal digit).  Only the Lark path of `amppy.parse.parser`
reports; the fast path hands any problem over to it.
"""
from __future__ import annotations

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..diagnostics import CompileError, DiagnosticSink


class _SyntaxProblem(Exception):
    """A syntax error found while building the AST: reported as `code` at `span`.

    (Underscored although other modules raise it: tests/test_rules.py finds the
    diagnostic codes in the sources by this spelling of a raise, the code first.)"""

    def __init__(self, code, message, span, help=None):
        super().__init__(message)
        self.code, self.message, self.span, self.help = code, message, span, help


def report_problem(exc: _SyntaxProblem, sink: DiagnosticSink) -> CompileError:
    """Report a builder's `_SyntaxProblem`; the CompileError to raise."""
    sink.error(exc.code, exc.message, exc.span, help=exc.help)
    return CompileError("syntax error")


def report_too_deep(pp, sink: DiagnosticSink) -> CompileError:
    """Report a program nested past Python's recursion limit; the CompileError to raise."""
    sink.error("nesting-too-deep", "program is nested too deeply to parse", pp.span(1, 1, 1, 2))
    return CompileError("too deep")


TOKEN_WORDS = {
    "SEMICOLON": "';'", "COMMA": "','", "COLON": "':'", "QMARK": "'?'", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'", "RBRACE": "'}'", "EQ": "'='", "LT": "'<'",
    "GT": "'>'", "STAR": "'*'", "AMP": "'&'", "DOT": "'.'", "ARROW": "'->'", "NAME": "identifier",
    "TYPE_NAME": "type name", "TEMPLATE_NAME": "template name", "INT_LIT": "integer constant",
    "FLOAT_LIT": "floating constant", "CHAR_LIT": "character constant", "STRING_LIT": "string literal",
    "SCOPE": "'::'",
}
_STRUCTURAL = ["SEMICOLON", "RPAR", "RSQB", "RBRACE", "COMMA", "COLON", "EQ", "LBRACE", "GT", "LPAR"]
_EXPR_START = {"NAME", "INT_LIT", "FLOAT_LIT", "CHAR_LIT", "STRING_LIT"}


def _describe(tok: Token) -> str:
    if tok.type == "$END":
        return "end of file"
    if tok.type in ("INT_LIT", "FLOAT_LIT"):
        return f"numeric constant '{tok.value}'"
    if tok.type in ("NAME", "TYPE_NAME", "TEMPLATE_NAME"):
        return f"'{tok.value}'"
    return f"'{tok.value}'" if tok.value else tok.type


def _expected_words(expected: set[str], rest_of_line: str) -> str:
    if expected & _EXPR_START and not expected & {"SEMICOLON", "RPAR", "RSQB"}:
        return "expected expression"
    if expected <= {"NAME", "TYPE_NAME", "STAR", "AMP", "ANDAND"} and "NAME" in expected:
        return "expected identifier"
    chosen = [t for t in _STRUCTURAL if t in expected]
    # A missing '?' of a conditional: the operand is followed by ':' on the same line.
    if "QMARK" in expected and ":" in rest_of_line and "::" not in rest_of_line:
        chosen.insert(0, "QMARK")
    words = [TOKEN_WORDS[t] for t in chosen[:2]]
    if not words:
        if "NAME" in expected:
            return "expected identifier"
        if expected & _EXPR_START:
            return "expected expression"
        return "unexpected token"
    return "expected " + " or ".join(words)


def _line_text(pp, line: int) -> str:
    lines = pp.text.split("\n")
    return lines[line - 1] if 1 <= line <= len(lines) else ""


def report_syntax_error(e: UnexpectedInput, pp, sink: DiagnosticSink) -> None:
    """Report Lark's exception `e` (on the preprocessed text of `pp`) as one `syntax-error`."""
    if isinstance(e, UnexpectedCharacters):
        _unexpected_character(e, pp, sink)
        return
    tok = e.token if isinstance(e, UnexpectedToken) else None
    if tok is None or tok.type == "$END":
        _unexpected_end(e, pp, sink)
        return
    line_text = _line_text(pp, tok.line)
    # The published "Using Tiles" block 5 has stray '*' characters in front of '//' comments.
    star = _stray_star(pp, tok)
    if star is not None:
        sink.error("syntax-error", "stray '*' before a '//' comment", star,
                   help="delete the '*'; with the comment removed it starts an expression")
        return
    expected = set(e.accepts if getattr(e, "accepts", None) else e.expected)
    rest = line_text[tok.column - 1:]
    msg = _expected_words(expected, rest)
    sink.error("syntax-error", f"{msg} before {_describe(tok)}", pp.span(tok.line, tok.column, tok.end_line, tok.end_column))


def _unexpected_character(e: UnexpectedCharacters, pp, sink: DiagnosticSink) -> None:
    line_text = _line_text(pp, e.line)
    ch = line_text[e.column - 1] if 0 < e.column <= len(line_text) else "?"
    msg = f"unexpected character '{ch}'" if ch.isprintable() else f"unexpected character U+{ord(ch):04X}"
    if ch in "'\"":
        msg = "missing terminating " + ("' character" if ch == "'" else '" character')
    sink.error("syntax-error", msg, pp.span(e.line, e.column, e.line, e.column + 1))


def _unexpected_end(e: UnexpectedInput, pp, sink: DiagnosticSink) -> None:
    """The input ended where more was expected: reported at the last character."""
    lines = pp.text.rstrip().split("\n")
    last = len(lines)
    col = len(lines[-1]) + 1 if lines else 1
    expected = set(getattr(e, "expected", ()) or ())
    sink.error("syntax-error", f"{_expected_words(expected, '')} at end of file",
               pp.span(last, max(col - 1, 1), last, max(col, 2)))


def _stray_star(pp, tok: Token):
    """The position of a '*' directly followed by '//' just before `tok`, if any."""
    lines = pp.text.split("\n")
    line, col = tok.line, tok.column - 1
    while line >= 1:
        s = lines[line - 1]
        if col is None:
            col = len(s)
        while col >= 1 and s[col - 1] in " \t":
            col -= 1
        if col >= 1:
            if s[col - 1] != "*":
                return None
            span = pp.span(line, col, line, col + 1)
            src = pp.sources.line_text(span.file, span.line) if pp.sources else None
            if src and src[span.col - 1:span.col + 2] == "*//":
                return span
            return None
        line, col = line - 1, None
    return None
