"""The plain-line bypass of amppy.preprocess must not change anything.

`preprocess(..., bypass=False)` sends every line through pcpp; with the bypass
(the default) plain lines skip it.  Both must give the same text, position map
(`_bases`, `_tables`) and diagnostics, on the samples, the front-end benchmark's
input, hand-written corner cases and generated programs.  Most tests also check
that the bypass really took the lines it should (so that they test something)
and whether it had to fall back to a second, plain pcpp run.
"""
from __future__ import annotations

import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from amppy import preprocess as P
from amppy.diagnostics import DiagnosticSink
from amppy.preprocess import preprocess
from amppy.source import SourceMap

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_FILES = sorted(ROOT.glob("samples/**/*.cpp"))


def both(text=None, path="prog.cpp", **kw):
    """Preprocess with and without the bypass; assert equal results; return
    (result, diagnostics, the bypass flags of the pcpp runs made)."""
    results = []
    for bypass in (False, True):
        sink = DiagnosticSink()
        with mock.patch.object(P, "_preprocess", wraps=P._preprocess) as spy:
            r = preprocess(path, text=text, sink=sink, bypass=bypass, **kw)
        results.append((r.text, r._bases, r._tables, sink.diagnostics))
    reference, bypassed = results
    assert bypassed[0] == reference[0], "text differs"
    assert bypassed[1] == reference[1], "_bases differ"
    assert bypassed[2] == reference[2], "_tables differ"
    assert bypassed[3] == reference[3], "diagnostics differ"
    return r, sink.diagnostics, [c.kwargs["bypass"] for c in spy.call_args_list]


def plain_lines(text, defines=None):
    """Line numbers the bypass plans to take from pcpp (None: the file is left whole)."""
    pp = P._PP(DiagnosticSink(), SourceMap(), [])
    for d in P._PREDEFINED:
        pp.define(d)
    for name, value in (defines or {}).items():
        pp.define(f"{name} {value}")
    plan = P._plan_bypass(text, pp)
    if plan is None:
        return None
    return {line for run in plan.runs.values() for line, *_ in run.lines}


def codes(diags):
    return [d.code for d in diags]


# -- whole programs ----------------------------------------------------------------

@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_samples_identical(path):
    _, _, runs = both(path=str(path))
    assert runs == [True], "the bypass fell back to a second pcpp run"


def test_samples_mostly_bypassed():
    total = taken = 0
    for path in SAMPLE_FILES:
        text = path.read_text(encoding="utf-8")
        total += len(text.splitlines())
        taken += len(plain_lines(text) or ())
    assert taken > 0.6 * total


def test_benchmark_input_identical_and_bypassed():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import frontend
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    cpp, _ = frontend.cpp_input(10000)
    r, diags, runs = both(cpp, path="bench.cpp")
    assert not diags and runs == [True]
    lines = cpp.splitlines()
    taken = plain_lines(cpp)
    assert len(taken) > 0.95 * len(lines)
    # lines naming the SAMPLESIZE / MATRIXSIZE constants are among them
    assert any("SAMPLESIZE" in lines[n - 1] for n in taken)


# -- corner cases ------------------------------------------------------------------

CASES = {
    "macros on some lines": (
        "#define N 16\n#define SQ(x) ((x) * (x))\n#define LONGER 123456789\n"
        "int a = 1;\nint b = N;\nint c = SQ(a);\nint d = LONGER;\nint e = a + N * N;\n"),
    "function-like call over lines": (
        "#define FOO(a, b) ((a) + (b))\nint x = 0;\nint y = FOO(1,\n  2);\nint z = 3;\n"),
    "function-like name, '(' on the next line": (
        "#define FOO(a, b) ((a) + (b))\nint x = FOO\n(1,2);\nint z = FOO\n  ;\nint w = 4;\n"),
    "object-like macro naming a function-like one": (
        "#define F(x) [x]\n#define G F\nint a = G\n(1);\nint b = G (2,\n3);\nint c;\n"),
    "#if 0 around plain lines": (
        "int a;\n#if 0\nint b;\nint c = N;\n#endif\nint d;\n"),
    "#ifdef / #else": (
        "#ifdef X\nint a = 1;\nint b = 2;\n#else\nint a = 3;\nint b = 4;\n#endif\nint c;\n"),
    "#define after use": "int a = N;\nint b;\n#define N 4\nint c = N;\n",
    "#undef": "#define N 4\nint a = N;\n#undef N\nint b = N;\n#define N 77\nint c = N;\n",
    "block comments over lines": (
        "int a; /* start\n   int not_code = N;\n   end */ int b;\nint c;\n/* x */ int d;\n"
        "int e; /* one */ int f;\n/*\n*/\nint g;\n"),
    "comment after code": (
        "int a = 1; // note (\nint b = 2;   // another\n  // only a comment\nint c;\n"),
    "string with //": 'const char *s = "http://x"; int a;\nint b = 1;\n',
    "string with /*": 'const char *s = "/*"; int a;\nint b = 1;\nint c = 2; // */\nint d;\n',
    "comment opened by the '/' of a '*/'": (
        'const char *s = "/*" */* a real comment\nint x = 1;\n*/ int y;\nint z;\n'),
    "char literals": "char c = '(';\nchar d = ')';\nint e = f(c,\n d);\nchar g = '\"';\nint h;\n",
    "tabs": "\tint a;\nint\tb =\t1;\n\t\tc = d;\nconst char *s = \"a\tb\";\nint z;\n",
    "trailing backslash": (
        "int a = 1 + \\\n   2;\nint b = 3;\n#define LONG 1 + \\\n  2\nint c = LONG;\n"),
    "__LINE__": "int a = __LINE__;\nint b;\nint c = __LINE__;\n\n\nint d = __LINE__;\n",
    "macro name only inside a string": (
        "#define N 4\nconst char *s = \"N\";\nconst char *t = \"N\"; int u = N;\nint v;\n"),
    "CRLF": "#define N 4\r\nint a = N;\r\nint b;\r\n\r\nint c; // x\r\n",
    "empty": "",
    "only blank lines": "\n\n   \n\t\n",
    "no trailing newline": "int a;\nint b = 2;",
    "plain first line": "int main()\n{\n\n    int x = 1; // note\n    return x;\n}\n",
    "marker prefix in the text": "int __amppy_plain_0 = 1;\nint a;\nint b;\n",
    "odd line break": "int a;\x0bint b;\nint c;\n",
    "trigraph": "int a;\nint b ??( 2 ??);\nint c;\n",
    "unterminated block comment": "int a;\nint b;\n/* open\nint c;\n",
    "unterminated conditional": "#if 1\nint a;\nint b;\n",
    "errors after plain lines": "int a;\n#error stop here\nint b;\n#elif 1\nint c;\n#endif\n",
    "integer suffix before a name": (
        "#define N 4\n#define uN 5\nint a = 1uN;\nint b = 0x1FN;\nint c = N;\n"),
    "constant longer than its name": (
        "#define N 12345\n#define SHORTER 1\nint a = N;\nint b = N+N;\nint c = f(N, N)  + y;\n"
        "int d = N    +1;\nint e=N*SHORTER +N;\n\tN;\nN\n;\n"),
    "constant one longer than its name": (
        "#define N 12\n#define MM 345\nx = N +  y;\nx = N + y +  z;\nx = MM  +  N +   MM ;\n"
        "x = f(N,N)  ;\n"),
    "constant naming a constant": "#define A B\n#define B 1\nint a = A;\nint b = B;\n",
    "constant redefined as a function": (
        "#define N 4\nint a = N;\n#undef N\n#define N(x) x\nint b = N(2);\nint c = N;\n"),
    "constant next to operators": (
        "#define N 4\n#define NEG 1\nint a = -N;\nint b = N-1;\nint c=N;\nint d = x[N]+N;\n"),
    "constant on a line with a literal": "#define N 4\nprintf(\"%d\", N);\nint a = N;\n",
    "virtual header constants": (
        "#include <cstdlib>\n#include <cmath>\nint a = EXIT_SUCCESS;\nint b = RAND_MAX;\n"
        "double c = M_PI;\nint d = TRUE;\n"),
    "include not provided": "#include <nonexistent.h>\nint a;\nint b;\n",
    "redefinition warning": "#define N 4\nint a = N;\n#define N 5\nint b = N;\n",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_corner_case_identical(name):
    both(CASES[name])


def test_plain_lines_are_taken():
    text = CASES["macros on some lines"]
    # lines naming simple constants (N, LONGER) are taken, one naming a
    # function-like macro (SQ) is not
    assert plain_lines(text) == {4, 5, 7, 8}


def test_open_invocation_blocks_the_next_lines():
    assert plain_lines(CASES["function-like call over lines"]) == {2, 5}
    # the line starting with '(' does not open a run (it could invoke FOO)
    assert 3 not in plain_lines(CASES["function-like name, '(' on the next line"])


def test_comments_literals_and_continuations():
    assert plain_lines(CASES["block comments over lines"]) == {4, 9}
    assert plain_lines(CASES["comment after code"]) == {1, 2, 4}
    assert plain_lines(CASES["string with //"]) == {2}
    assert plain_lines(CASES["string with /*"]) == {4}    # a "/*" anywhere opens a comment
    assert plain_lines(CASES["comment opened by the '/' of a '*/'"]) == {4}
    assert plain_lines(CASES["trailing backslash"]) == {3}
    assert plain_lines(CASES["tabs"]) == {1, 2, 3, 5}


def test_files_left_whole():
    for name in ("marker prefix in the text", "odd line break", "trigraph",
                 "include not provided"):
        assert plain_lines(CASES[name]) is None, name


@pytest.mark.parametrize("name", ["#ifdef / #else", "#if 0 around plain lines", "#undef"])
def test_corner_case_with_defines_identical(name):
    both(CASES[name], defines={"X": "", "N": "32"})


def test_defines_from_the_command_line():
    text = "int a = N;\nint b = F(1);\nint c = D;\nint d;\n"
    defines = {"N": "16", "F(x)": "x", "D": ""}
    _, diags, runs = both(text, defines=defines)
    assert runs == [True]
    assert plain_lines(text, {"N": "16", "F(x)": "x", "D": "1"}) == {1, 3, 4}


def test_lines_and_columns_map_back():
    text = "#define N 4\nint a = N;\n\tint b = N + x;\nint c;\n"
    r, _, runs = both(text)
    assert runs == [True]
    assert r.text.splitlines()[1:3] == ["int a = 4;", " int b = 4 + x;"]
    assert r.origin(3, 10) == P.Origin("prog.cpp", 3, 10)     # the '4' maps to 'N'
    assert r.origin(3, 14) == P.Origin("prog.cpp", 3, 14)     # 'x' maps to itself


# -- where the plan cannot see far enough, pcpp's state decides --------------------

def test_invocation_open_around_a_conditional_falls_back():
    text = ("#define FOO(a, b) ((a) + (b))\nint x = FOO(1,\n#if 0\n)\n#endif\n"
            "  2);\nint y;\n")
    _, diags, runs = both(text)
    assert 6 in plain_lines(text)          # the rough scan thinks FOO's ')' came on line 4
    assert runs == [True, False]


def test_unbalanced_macro_body_falls_back():
    text = "#define F(x) [x]\n#define H() F(\nint a = H() 1,\n  2);\nint b;\n"
    _, _, runs = both(text)
    assert runs == [True, False]


def test_macro_from_a_user_header_falls_back(tmp_path):
    # a quoted include of a name amppy provides reads the user's file if there is one
    (tmp_path / "stdafx.h").write_text("#define VALUE 42\n#define CALL(x) x\n")
    main = tmp_path / "main.cpp"
    main.write_text('#include "stdafx.h"\nint a = VALUE;\nint b = CALL(1);\nint c;\n')
    r, diags, runs = both(path=str(main))
    assert runs == [True, False]
    assert "int a = 42" in r.text and not diags


def test_user_include_leaves_the_file_whole(tmp_path):
    (tmp_path / "x.h").write_text("#define VALUE 42\n")
    main = tmp_path / "main.cpp"
    main.write_text('#include "x.h"\nint a = VALUE;\nint b;\n')
    r, _, runs = both(path=str(main))
    assert plain_lines(main.read_text()) is None and runs == [True]
    assert "int a = 42" in r.text


def test_constant_redefined_out_of_sight_falls_back(tmp_path):
    (tmp_path / "stdafx.h").write_text("#undef N\n#define N(x) x\n")
    main = tmp_path / "main.cpp"
    main.write_text('#define N 4\nint a = N;\n#include "stdafx.h"\nint b = N;\nint c = N(1);\n')
    _, _, runs = both(path=str(main))
    assert runs == [True, False]


def test_expansion_does_not_depend_on_where_long_chunks_are_cut():
    # H() expands to F, which takes the '(1)' on the next line; expand_macros cuts
    # long token lists at line ends, but never before a '('
    outs = set()
    for n in range(0, 80, 7):
        text = ("#define F(x) [x]\n#define H() F\nint a" + " + 1" * n + ";\nH()\n(1);\n")
        r, _, _ = both(text)
        outs.add(tuple(line.strip() for line in r.text.splitlines()[-2:]))
    assert outs == {("[", "1];")}


def test_crash_position_after_a_plain_line():
    # pcpp failing on a directive reports the position of the last token laid out
    real = P._PP.on_directive_handle

    def handle(self, directive, toks, ifpassthru, precedingtoks):
        if directive.value == "pragma" and toks and toks[0].value == "crash":
            raise RuntimeError("boom")
        return real(self, directive, toks, ifpassthru, precedingtoks)

    with mock.patch.object(P._PP, "on_directive_handle", handle):
        for last_line, col in (("int a = f(1) ;", 14), ("int a = N", 9), ("x = 'c'", 5)):
            text = f"#define N 4\n{last_line}\n#define Z 1\n#pragma crash\n"
            _, diags, runs = both(text)
            assert codes(diags) == ["pp-internal"] and runs == [True]
            assert (diags[0].span.line, diags[0].span.col) == (2, col)


# -- generated programs ------------------------------------------------------------

POOL = [
    # plain code
    "int a = 1;", "  x = y + 2;", "\tfoo(a, b);", 's = "text // not a comment";', "c = '(';",
    "int v = 0x1F + 2u;", "  return a;", "}", "{", "f(a,", "  b);", "(void)0;", "x = N + M;",
    "y = N;", "z = NN * 2;", "w = N+NN;", "u = N\t+ 1;", "t = \"N\";", "q = 1uN;",
    "int arr[N] = {N, NN};", "  x = N  +  NN;", "y=N-1;", "X;", "x = N +  y;",
    "z = NN + a +  b  +   c;", "f(N, NN,  N ,   NN);",
    # macro uses
    "  w = FOO(1, 2);", "  v = BAR;", "FOO(", "  3, 4);", "FOO", "(5, 6);", "G", "H() 7,",
    "p = __LINE__;", "k = LONG;",
    # blank lines and comments
    "", "   ", "// comment", "x = 1; // trailing", "/* block", "still comment */ int c;",
    "int d; /* one-line */ int e;", "a = b \\", "  + c;", "x = 1; // \\",
    # directives
    "#define N 4", "#define N 12345", "#define M N", "#define NN 7", "#define N(x) x",
    "#define NN 123456789", "#define X x_",
    "#define FOO(a, b) ((a) + (b))", "#define BAR baz", "#define G FOO", "#define H() FOO(",
    "#define LONG 1 + \\", "#undef N", "#undef FOO", "#if 0", "#if 1", "#ifdef N", "#ifndef FOO",
    "#else", "#endif", "#include <iostream>", "#error oops", "#pragma once",
]


@settings(derandomize=True, max_examples=200, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.sampled_from(POOL), max_size=40),
       newline=st.sampled_from(["\n", "\r\n"]), final=st.booleans(),
       defines=st.sampled_from([{}, {"N": "8"}, {"X": ""}, {"FOO(a,b)": "a"}]))
def test_generated_programs_identical(lines, newline, final, defines):
    text = newline.join(lines) + (newline if final and lines else "")
    both(text, defines=defines)


@settings(derandomize=True, max_examples=300, deadline=None, database=None)
@given(st.text(alphabet="0123456789abcdefxXuUlLeE_FN.+-*/<>=!&|^()[];, \t", max_size=30))
def test_names_are_the_lexers(code):
    """_IDS finds exactly the names pcpp's lexer finds (in code without literals,
    comments or '\\'), and _WORDS does too where no digit is followed by a letter."""
    lex = P._PP(DiagnosticSink(), SourceMap(), []).lexer.clone()
    lex.input(code)
    names = [t.value for t in iter(lex.token, None) if t.type == "CPP_ID"]
    if "//" in code or "/*" in code:
        return
    assert [n for n in P._IDS.findall(code) if n] == names
    if not P._DIGIT_LETTER.search(code):
        assert P._WORDS.findall(code) == names
