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

import re

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..cxx.declared_names import DECLARED_IN, FUNCTION_TEMPLATES
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
    unknown = _unknown_type_name(pp, tok)
    if unknown is not None:
        _report_unknown_type(pp, sink, *unknown)
        return
    template = _unknown_template_name(pp, tok)
    if template is not None:
        _report_unknown_template(pp, sink, template)
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


#: What may come before a declaration's first name: the start of a statement, a parameter list or
#: a member list, or a specifier that a type follows
_DECL_START = re.compile(r"(^|[;{}(,:]|\b(?:static|const|extern|inline|virtual|typedef|register|mutable|"
                         r"constexpr|explicit|friend|volatile|unsigned|signed|return|case))\s*$")
_TEMPLATE_USE = re.compile(r"\b([A-Za-z_]\w*)\s*<(?![<=])")
_LIBRARY_SCOPE = re.compile(r"(?:\b(?:std|concurrency|Concurrency|graphics|direct3d|fast_math|precise_math)"
                            r"\s*::\s*)+$")
_LAST_WORD = re.compile(r"([A-Za-z_]\w*)\s*$")
_DECLARATOR_NEXT = re.compile(r"\s*[*&]*\s*[A-Za-z_]\w*\s*[;,=()\[{]")
_NOT_TYPES = frozenset("""
    return case goto else do new delete throw sizeof operator typedef using namespace template typename
    struct class union enum public private protected const volatile static extern inline virtual
    unsigned signed""".split())


def _unknown_type_name(pp, tok: Token):
    """(name, line, column) when the parser stopped at a declaration that begins with a name no
    header the program includes declares (to amppy): at that name, followed by a declarator
    (`HRESULT f()` at namespace scope), or at the declarator after it (`va_list ap;`,
    `(SDKTimer& t)`); else None."""
    if tok.type not in ("NAME", "TYPE_NAME") or tok.line < 1:
        return None
    lines = pp.text.split("\n")
    text = lines[tok.line - 1]
    before = text[:tok.column - 1]
    if tok.type == "NAME" and tok.value not in _NOT_TYPES and _DECLARATOR_NEXT.match(text, tok.end_column - 1) \
            and _starts_declaration(lines, tok.line, before):
        return tok.value, tok.line, tok.column
    m = _LAST_WORD.search(before)
    if m is None or m.group(1) in _NOT_TYPES:
        return None
    if _starts_declaration(lines, tok.line, before[:m.start()]):
        return m.group(1), tok.line, m.start() + 1
    return None


def _starts_declaration(lines: list[str], line: int, head: str) -> bool:
    """`head` (the text of `line` before a name) is where a declaration can begin."""
    head = _LIBRARY_SCOPE.sub("", head)     # `concurrency::access_type t`: a library's qualified name
    if head.rstrip().endswith(("::", ".", "->")):       # `Outer::foo bar`, `a.b c`: said as is
        return False
    context = head if head.strip() else "\n".join(lines[max(0, line - 3):line - 1])
    return bool(_DECL_START.search(context.rstrip()))


def _unknown_template_name(pp, tok: Token):
    """The match of `Name<` when the parser stopped after it in the statement (`OverlapTest<int,
    2> t(e);`): `Name` is no template the parser knows, a template nothing declares; else None."""
    start = getattr(tok, "start_pos", None)
    if start is None:
        return None
    text = pp.text
    begin = max(text.rfind(c, 0, start) for c in ";{}") + 1
    uses = list(_TEMPLATE_USE.finditer(text, begin, start))
    m = uses[-1] if uses else None          # the name of the `<` the parser stopped after
    if m is None or m.group(1) in _NOT_TYPES or m.group(1)[0].isdigit():
        return None
    return m


def _report_unknown_template(pp, sink: DiagnosticSink, m) -> None:
    name = m.group(1)
    span = pp.span_at(m.start(1), len(name))
    if name in FUNCTION_TEMPLATES:          # `copy<int, 1>(src, dst)`: one amppy implements
        sink.error("unsupported", f"explicit template arguments of '{name}' are not supported yet", span,
                   help=f"call '{name}' without '<...>'")
    else:
        _report_unknown_name(sink, name, span, "no template named")


def _report_unknown_type(pp, sink: DiagnosticSink, name: str, line: int, col: int) -> None:
    _report_unknown_name(sink, name, pp.span(line, col, line, col + len(name)), "unknown type name")


def _report_unknown_name(sink: DiagnosticSink, name: str, span, unknown: str) -> None:
    header = DECLARED_IN.get(name)
    if header is not None:      # a name of the standard library, the Windows SDK or C++ AMP
        sink.error("unsupported", f"'{name}' is not supported yet", span,
                   help=f"'{name}' is declared in {header}; docs/coverage.md lists what amppy translates")
    else:
        sink.error("unknown-type", f"{unknown} '{name}'", span, help=f"'{name}' is not declared; is an include missing?")
