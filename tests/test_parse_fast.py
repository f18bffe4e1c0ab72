"""The fast parse path (`amppy.parse.lalr`) against Lark's own parser.

`amppy.parse.parse` runs amppy's lexer and LALR driver over Lark's tables and
builds the AST while parsing; whatever it cannot decide goes to Lark.  These
tests hold the two paths to the same answer: the same AST (spans included) and
the same diagnostics, on every sample, on the benchmark input and on mutated
programs -- and check that the fast path really is the one that runs.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from amppy.parse import parser as P
from amppy.diagnostics import CompileError, DiagnosticSink
from amppy.parse.lalr import Fallback, _non_capturing
from amppy.preprocess.preprocessor import preprocess
from amppy.sema.areas import lexer_names
from conftest import SAMPLE_SOURCES

LIBRARY = lexer_names()    # the library type names the driver gives the parser

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_FILES = SAMPLE_SOURCES
NAMES = [p.relative_to(ROOT).as_posix() for p in SAMPLE_FILES]

_TOKEN = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|'
                    r'[A-Za-z_]\w*|\d[\w.]*|\s+|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||::|.',
                    re.S)


def both_paths(text: str, path: str = "t.cpp"):
    """(fast outcome, Lark outcome): each (AST or None, diagnostics)."""
    sink = DiagnosticSink()
    pp = preprocess(path, text=text, sink=sink)
    if sink.error_count:
        return None
    out = []
    for fast in (True, False):
        s = DiagnosticSink()
        try:
            tu = P.parse(pp, s, library=LIBRARY, fast=fast)
        except CompileError:
            tu = None
        out.append((tu, s.diagnostics))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_sample_same_ast_and_diagnostics(name):
    res = both_paths((ROOT / name).read_text(encoding="utf-8"), name)
    if res is None:
        pytest.skip("preprocessing reports errors")
    (fast_tu, fast_d), (lark_tu, lark_d) = res
    assert fast_d == lark_d
    assert fast_tu == lark_tu


@pytest.mark.parametrize("name", [n for n in NAMES if "/errors/" not in n])
def test_fast_path_is_taken_for_valid_samples(name):
    sink = DiagnosticSink()
    pp = preprocess(name, text=(ROOT / name).read_text(encoding="utf-8"), sink=sink)
    assert P._parse_fast(pp, LIBRARY) is not None, "the fast path gave up on a valid program"


def test_fast_path_hands_syntax_errors_to_lark():
    text = (ROOT / "samples/errors/tiling_description_published.cpp").read_text()
    pp = preprocess("x.cpp", text=text, sink=DiagnosticSink())
    assert P._parse_fast(pp, LIBRARY) is None
    sink = DiagnosticSink()
    with pytest.raises(CompileError):
        P.parse(pp, sink, library=LIBRARY)
    assert [d.code for d in sink.diagnostics] == ["syntax-error"]
    assert (sink.diagnostics[0].span.line, sink.diagnostics[0].span.col) == (25, 36)


def test_builder_diagnostics_are_not_reported_before_a_later_syntax_error():
    # The fast path builds `template <...>` (an `unsupported` diagnostic) before it meets the
    # syntax error further down; Lark reports only the syntax error, so must amppy.
    text = "template <typename T> T id(T x) { return x; }\nint main() { int a = ; }\n"
    (fast_tu, fast_d), (lark_tu, lark_d) = both_paths(text)
    assert fast_tu is None and lark_tu is None
    assert [d.code for d in fast_d] == [d.code for d in lark_d] == ["syntax-error"]


def test_benchmark_input_same_ast():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import frontend
    finally:
        sys.path.pop(0)
    text, _ = frontend.cpp_input(1500)
    (fast_tu, fast_d), (lark_tu, lark_d) = both_paths(text)
    assert fast_d == lark_d == []
    assert fast_tu is not None and fast_tu == lark_tu


# ---- the lexer against Lark's contextual lexer ------------------------------------

def _lark_tokens(pp):
    parser, postlex = P._parser()
    postlex.text = pp.text
    postlex.library_types, postlex.library_templates = LIBRARY
    return [(t.type, t.value, t.line, t.column, t.end_column) for t in parser.lex(pp.text)]


@pytest.mark.parametrize("name", [n for n in NAMES if "/errors/" not in n])
def test_lexer_matches_lark(name):
    pp = preprocess(name, text=(ROOT / name).read_text(encoding="utf-8"), sink=DiagnosticSink())
    lexer = P._fast_parts()[0]
    _, postlex = P._parser()
    postlex.text = pp.text
    postlex.library_types, postlex.library_templates = LIBRARY
    ours = [(t.type, t.value, t.line, t.column, t.end_column)
            for t in postlex.process(lexer.tokens(pp.text))]
    assert ours == _lark_tokens(pp)


@pytest.mark.parametrize("text,expected", [
    ("u8\"a\" L'b' x1 1.5f .5 1e3 0x1Fu 10UL a...b", ["STRING_LIT", "CHAR_LIT", "NAME", "FLOAT_LIT",
                                                   "FLOAT_LIT", "FLOAT_LIT", "INT_LIT", "INT_LIT",
                                                   "NAME", "ELLIPSIS", "NAME"]),
    ("a>>=b->c<<d::e", ["NAME", "SHREQ", "NAME", "ARROW", "NAME", "SHL", "NAME", "SCOPE", "NAME"]),
    ("struct classy class union", ["STRUCT_KW", "NAME", "STRUCT_KW", "STRUCT_KW"]),
])
def test_lexer_types(text, expected):
    lexer = P._fast_parts()[0]
    assert [t.type for t in lexer.tokens(text)] == expected


@pytest.mark.parametrize("text", ["int a = 1 $ 2;", "int\va;", "x = `y`;", "int a; @"])
def test_lexer_gives_up_on_characters_no_terminal_takes(text):
    lexer = P._fast_parts()[0]
    with pytest.raises(Fallback):
        lexer.tokens(text)


def test_non_capturing_keeps_escapes_and_classes():
    assert _non_capturing(r"(a|\(b)[(]x(?:y)") == r"(?:a|\(b)[(]x(?:y)"
    assert re.compile(_non_capturing(r"(L|u8)?'([^'\\\n]|\\.)+'")).groups == 0


# ---- mutated programs: both paths agree, whatever the mutation did -------------------

SOURCES = [(ROOT / n).read_text(encoding="utf-8") for n in NAMES if "/errors/" not in n]


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(SOURCES))
    toks = _TOKEN.findall(text)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(toks) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "replace"]))
        if kind == "delete":
            del toks[i]
        elif kind == "duplicate":
            toks.insert(i, toks[i])
        elif kind == "swap" and i + 1 < len(toks):
            toks[i], toks[i + 1] = toks[i + 1], toks[i]
        elif kind == "replace":
            toks[i] = draw(st.sampled_from(["x", "int", "(", ")", "<", ">", ">>", "::", "*", "&",
                                            ",", ";", "{", "}", "0", "1.5f", "template", "'a'"]))
    return "".join(toks)


@settings(derandomize=True, max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_mutated_programs_same_outcome(text):
    res = both_paths(text)
    if res is None:
        return
    (fast_tu, fast_d), (lark_tu, lark_d) = res
    assert fast_d == lark_d
    assert fast_tu == lark_tu


# ---- the pickled tables ----------------------------------------------------------------

def test_tables_cache_is_rebuilt_when_corrupt(tmp_path, monkeypatch):
    monkeypatch.setenv("AMPPY_CACHE_DIR", str(tmp_path))
    P._fast_parts.cache_clear()
    try:
        P._fast_parts()
        [tables] = list(tmp_path.glob("*.tables"))
        tables.write_bytes(b"not a pickle")
        P._fast_parts.cache_clear()
        lexer, driver, _ = P._fast_parts()
        assert [t.type for t in lexer.tokens("int x;")] == ["INT", "NAME", "SEMICOLON"]
        assert tables.read_bytes()[:1] == b"\x80"          # a pickle again
    finally:
        P._fast_parts.cache_clear()


def test_a_program_that_parses_never_loads_larks_parser(tmp_path):
    import subprocess
    code = ("from amppy.parse import parser as P\n"
            "from amppy.preprocess.preprocessor import preprocess\n"
            "from amppy.diagnostics import DiagnosticSink\n"
            "pp = preprocess('t.cpp', text='int main() { return 0; }', sink=DiagnosticSink())\n"
            "P.parse(pp, DiagnosticSink())\n"
            "print(P._parser.cache_info().currsize)\n")
    env = {**__import__("os").environ, "AMPPY_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert first.stdout.strip() == "0"      # cold: the tables the package ships (not Lark's parser)
    assert second.stdout.strip() == "0"     # warm: the pickled tables are enough
    assert list(tmp_path.glob("grammar-*.tables"))      # (kept with the other caches)


def test_shipped_tables_are_made_from_this_grammar():
    """grammar/cpp_amp.tables.xz holds the fast path's tables so that a first run does not build
    them (seconds); they must be made from the grammar and parse/lalr.py as they are."""
    from amppy.parse import parser as P
    assert P.shipped_tables() is not None, \
        "grammar/cpp_amp.tables.xz is stale or missing: run python tools/grammar/ship_tables.py"
