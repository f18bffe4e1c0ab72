"""tools/conformance/run.py (the C++ AMP conformance suite runner) on synthetic mini-suites: the .conf reader,
Expects lines, the negative verdict, chapters and the tiling group, and the reasons table.  Nothing of the
third-party suite is used; only the last test runs amppy (one tiny check)."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tools" / "conformance" / "run.py"


def _load():
    spec = importlib.util.spec_from_file_location("amp_conformance_run", RUNNER)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


run = _load()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# --- .conf ------------------------------------------------------------------------------------------------------

def test_conf_compile_only():
    conf = run.parse_conf("%config = (\n\t'compile_only' => 1\n);\n")
    assert conf.compile_only and conf.definitions == [{}]
    assert not run.parse_conf("%config = ( 'compile_only' => 0, );").compile_only
    assert not run.parse_conf("").compile_only


def test_conf_definitions_are_variants():
    text = """# a comment
%config = (
    'compile_only' => 1,
    'definitions' => [
        { 'TYPE' => 'unsigned int', 'RANK' => '2', 'EMPTY' => '' },
        { 'TYPE' => 'float', "PARAMS" => "T x, T y", 'Q' => 'it\\'s' },
    ]
);"""
    conf = run.parse_conf(text)
    assert conf.compile_only
    assert conf.definitions == [{"TYPE": "unsigned int", "RANK": "2", "EMPTY": ""},
                                {"TYPE": "float", "PARAMS": "T x, T y", "Q": "it's"}]


@pytest.mark.parametrize("text", ["%config = ( 'a' => );", "%config = ( 'definitions' => [ 1, 2 ] );",
                                  "%config = ( 'a' => [ );", "not a configuration"])
def test_conf_malformed(text):
    with pytest.raises(run.ConfError):
        run.parse_conf(text)


def test_conf_nearest_up_the_tree(tmp_path):
    tests = tmp_path / "Tests"
    write(tests / "ch" / "sub.conf", "%config = ( 'definitions' => [ { 'A' => '1' }, { 'A' => '2' } ] );")
    write(tests / "ch" / "near" / "x.CONF", "%config = ( 'compile_only' => 1 );")
    inherit = write(tests / "ch" / "deep" / "er" / "test.cpp", "int main() { return 0; }\n")
    near = write(tests / "ch" / "near" / "test.cpp", "int main() { return 0; }\n")
    none = write(tests / "other" / "test.cpp", "int main() { return 0; }\n")
    assert run.find_conf(inherit.parent, tests) == (tests / "ch" / "sub.conf").resolve()
    assert run.find_conf(none.parent, tests) is None
    t = run.load_test(inherit, tests)
    assert t.kind == "positive" and t.variants == [{"A": "1"}, {"A": "2"}]
    assert run.load_test(near, tests).kind == "compile-only"
    assert run.load_test(none, tests).variants == [{}]


def test_two_confs_in_one_folder_make_the_test_invalid(tmp_path):
    tests = tmp_path / "Tests"
    write(tests / "ch" / "a.conf", "%config = ( 'compile_only' => 1 );")
    write(tests / "ch" / "b.conf", "%config = ( 'compile_only' => 1 );")
    t = run.load_test(write(tests / "ch" / "t" / "test.cpp", "int main() {}\n"), tests)
    assert t.error and "more than one" in t.error
    write(tests / "bad" / "c.conf", "%config = ( oops")
    assert run.load_test(write(tests / "bad" / "test.cpp", "int main() {}\n"), tests).error


# --- Expects lines ----------------------------------------------------------------------------------------------

def test_expects_codes_and_lines():
    text = "\n".join([
        "//#Expects: Error: test.cpp\\(32\\) : error C3581",
        "//#Expects: Error: test\\.cpp\\(46\\) : .+ C3930:.*(\\bA8::A8\\b)",
        "//#Expects: Error: \\(38\\) : .+ C3561",
        "//#Expects: Error: amp.h\\(\\d+\\) : error C2338",
        "//#Expects: Error: other.h\\(12\\) : error C2664",
        "///#Expects: Error: error C3892",
        "//#expects 2: warning C4430",
        "// not an expectation #Expects: Error: test.cpp\\(99\\) : error C2059",
        "int main() { return 0; }",
    ])
    e = run.parse_expects(text)
    assert e.negative
    assert e.codes == ("C3581", "C3930", "C3561", "C2338", "C2664", "C3892", "C4430")
    assert e.lines == (32, 38, 46)


def test_stale_expects_lines_are_corrected(tmp_path, monkeypatch):
    """A test in reasons.STALE_LINES is judged on the lines its reason is on; its codes stay."""
    tests = tmp_path / "Tests"
    text = "int main()\n{\n    return 1;\n}\n//#Expects: Error: test.cpp\\(1\\) : error C3581\n"
    monkeypatch.setitem(run.reasons.STALE_LINES, "ch/stale", ((3,), "why"))
    stale = run.load_test(write(tests / "ch" / "stale" / "test.cpp", text), tests)
    kept = run.load_test(write(tests / "ch" / "kept" / "test.cpp", text), tests)
    assert stale.expect.lines == (3,) and stale.expect.codes == ("C3581",)
    assert kept.expect.lines == (1,)
    assert run.judge_negative(stale.path, stale.expect, 1, [diag("amp-restrict", 3, str(stale.path))])[0] == "pass"
    assert run.judge_negative(kept.path, kept.expect, 1, [diag("amp-restrict", 3, str(kept.path))])[0] == "wrong-reason"


def test_stale_lines_table_is_explained():
    for rel, (lines, why) in run.reasons.STALE_LINES.items():
        assert lines and all(n > 0 for n in lines) and "expects line" in why, rel


def test_no_expects_is_positive():
    e = run.parse_expects("// Expects nothing\n//#Expect: error C2059\nint main() { return 0; }\n")
    assert not e.negative and e.codes == () and e.lines == ()


# --- verdicts ---------------------------------------------------------------------------------------------------

def diag(code, line=10, file="test.cpp", severity="error"):
    return run.Diag(severity, code, "message", file, line)


@pytest.fixture
def test_cpp(tmp_path):
    return write(tmp_path / "test.cpp", "int main() {}\n")


def test_negative_right_reason(test_cpp):
    expect = run.Expectation(True, ("C3581",), (10, 12))
    warn = diag("pp-macro-redefined", 3, severity="warning")
    assert run.judge_negative(test_cpp, expect, 1, [warn, diag("amp-restrict", 12)]) == ("pass", diag("amp-restrict", 12))
    # the line of an error in another file (a header) is not checked, only its code
    assert run.judge_negative(test_cpp, expect, 1, [diag("amp-restrict", 400, "amp_helpers.h")])[0] == "pass"
    # no MSVC code: any rejection on the right line; no line either: any rejection
    assert run.judge_negative(test_cpp, run.Expectation(True, (), (10,)), 1, [diag("undeclared", 10)])[0] == "pass"
    assert run.judge_negative(test_cpp, run.Expectation(True), 1, [diag("syntax-error", 3)])[0] == "pass"


def test_negative_wrong_reason(test_cpp):
    expect = run.Expectation(True, ("C3581",), (10,))
    assert run.judge_negative(test_cpp, expect, 1, [diag("unsupported", 10)]) == ("wrong-reason", diag("unsupported"))
    assert run.judge_negative(test_cpp, expect, 1, [diag("amp-restrict", 11)])[0] == "wrong-reason"
    assert run.judge_negative(test_cpp, expect, 1, [diag("amp-restrict", 11)], check_lines=False)[0] == "pass"
    # only the first error counts
    assert run.judge_negative(test_cpp, expect, 1, [diag("syntax-error"), diag("amp-restrict")])[0] == "wrong-reason"
    assert run.judge_negative(test_cpp, expect, 1, [])[0] == "wrong-reason"


def test_negative_accepted_crash_timeout(test_cpp):
    expect = run.Expectation(True, ("C3581",))
    assert run.judge_negative(test_cpp, expect, 0, []) == ("accepted", None)
    assert run.judge_negative(test_cpp, expect, 4, [])[0] == "crash"
    assert run.judge_negative(test_cpp, expect, -11, [])[0] == "crash"
    assert run.judge_negative(test_cpp, expect, None, [], timed_out=True)[0] == "timeout"


def test_positive_verdicts():
    assert run.judge_positive(0, [], "")[0] == "pass"
    assert run.judge_positive(2, [], "")[0] == "skip"
    assert run.judge_positive(2, [], "usage: amppy run ...")[0] == "crash"
    assert run.judge_positive(2, [], "", compile_only=True)[0] == "fail"
    assert run.judge_positive(1, [diag("no-member")], "") == ("fail", diag("no-member"))
    assert run.judge_positive(4, [], "Traceback ...")[0] == "crash"
    assert run.judge_positive(None, [], "", timed_out=True)[0] == "timeout"


def test_parse_diagnostics_among_other_output():
    listing = [{"severity": "warning", "code": "pp-warning", "message": "w", "span": None},
               {"severity": "error", "code": "runtime-error", "message": "\x1b[1mTypingError\x1b[0m: x\nmore",
                "span": {"file": "test.cpp", "line": 7, "column": 1}}]
    stderr = "program output\n[not json\n" + json.dumps(listing, indent=2) + "\n"
    diags = run.parse_diagnostics(stderr)
    assert [d.code for d in diags] == ["pp-warning", "runtime-error"]
    assert diags[1].line == 7 and diags[1].message.startswith("TypingError: x") and diags[1].runtime
    assert run.first_error(diags) is diags[1]
    assert run.parse_diagnostics("no diagnostics at all") == []


# --- chapters and groups ----------------------------------------------------------------------------------------

SUITE = {
    "2_Cxx_Lang_Exte/2_4_amp_Rest_Modi/a/test.cpp": "//#Expects: Error: test.cpp\\(3\\) : error C3581\nvoid f() restrict(amp) {}\n",
    "2_Cxx_Lang_Exte/plain/test.cpp": "int main() { return 0; }\n",
    "2_Cxx_Lang_Exte/comment_only/test.cpp": "// uses tile_static and t.tile<4>() in a comment\n/* tiled_index */ int main() {}\n",
    "7_pfe/Grouped/test.cpp": "int main() { tile_static int x; }\n",
    "7_pfe/TileSize/test.cpp": "int main() { return 0; }\n",
    "7_pfe/call/test.cpp": "int main() { auto t = e.tile <4>(); }\n",
    "7_pfe/barrier/test.cpp": "void f(tiled_index<4> i) { i.barrier.wait(); }\n",
    "7_pfe/texture_tiles/test.cpp": "int main() { int tiled_extent_count = 0; }\n",
}


@pytest.fixture
def suite(tmp_path):
    for rel, text in SUITE.items():
        write(tmp_path / "Tests" / rel, text)
    write(tmp_path / "Tests" / "7_pfe" / "x.conf", "%config = ( 'definitions' => [ { 'N' => '1' }, { 'N' => '2' } ] );")
    return tmp_path


def test_chapters_and_groups(suite):
    root = run.tests_root(suite)
    assert root == suite / "Tests"
    tests = {t.rel: t for t in run.discover(root)}
    assert set(tests) == {rel for rel in SUITE}
    assert {t.chapter for t in tests.values()} == {"2_Cxx_Lang_Exte", "7_pfe"}
    tiling = sorted(rel for rel, t in tests.items() if "tiling" in t.groups)
    assert tiling == ["7_pfe/Grouped/test.cpp", "7_pfe/TileSize/test.cpp", "7_pfe/barrier/test.cpp",
                      "7_pfe/call/test.cpp", "7_pfe/texture_tiles/test.cpp"]   # comments do not count, paths do
    restr = [rel for rel, t in tests.items() if "restrictions" in t.groups]
    assert restr == ["2_Cxx_Lang_Exte/2_4_amp_Rest_Modi/a/test.cpp"]
    assert tests["2_Cxx_Lang_Exte/2_4_amp_Rest_Modi/a/test.cpp"].kind == "negative"
    assert tests["7_pfe/call/test.cpp"].variants == [{"N": "1"}, {"N": "2"}]
    assert [t.rel for t in run.select(list(tests.values()), None, "tiling", None)] == tiling
    assert len(run.select(list(tests.values()), r"^2_", None, "positive")) == 2


def test_report_counts_tests_and_variants(suite):
    tests = {t.rel: t for t in run.discover(run.tests_root(suite))}
    results = [run.Result(tests["7_pfe/call/test.cpp"], 0, "pass"), run.Result(tests["7_pfe/call/test.cpp"], 1, "fail",
               diag("no-member")), run.Result(tests["2_Cxx_Lang_Exte/plain/test.cpp"], 0, "pass"),
               run.Result(tests["2_Cxx_Lang_Exte/2_4_amp_Rest_Modi/a/test.cpp"], 0, "accepted")]
    summary = run.summarize(results)
    rows = {r["chapter"]: r for r in run.table_rows(summary)}
    assert rows["total"]["positive tests"] == 2 and rows["total"]["positive passed"] == 1
    assert rows["total"]["accepted"] == 1 and rows["restrictions"]["negative tests"] == 1
    assert rows["tiling"]["positive tests"] == 1 and rows["tiling"]["pass %"] == 0.0
    assert {r["chapter"]: r["positive passed"] for r in run.table_rows(summary, per_variant=True)}["7_pfe"] == 1
    text = run.render_text(summary, "cpu", 5)
    assert "FALSE ACCEPTANCES" in text and "2_Cxx_Lang_Exte/2_4_amp_Rest_Modi/a/test.cpp (expects C3581)" in text
    assert "no-member" in text and "[N=2]" in text
    md = run.render_markdown(summary, "cpu", 5)
    assert md.count("\n| `") == 4 and "| **total** |" in md
    assert json.loads(run.render_json(summary, "cpu", 5))["rows"][-1]["chapter"] == "restrictions"


# --- the reasons table ------------------------------------------------------------------------------------------

def test_reasons_table_uses_documented_codes():
    documented = set(re.findall(r"^\| `([a-z0-9-]+)`", (ROOT / "docs" / "diagnostics.md").read_text(), re.MULTILINE))
    syntax_ok = {"C2059", "C2143", "C2146", "C2448", "C3409", "C3646", "C3936", "C4430"}
    codes = list(run.reasons.REASONS)
    assert codes == sorted(codes)
    for msvc, (meaning, amppy_codes) in run.reasons.REASONS.items():
        assert re.fullmatch(r"C\d{4}", msvc) and meaning and amppy_codes
        assert amppy_codes <= documented, (msvc, amppy_codes - documented)
        assert "unsupported" not in amppy_codes and "unsupported-in-kernel" not in amppy_codes
        assert "syntax-error" not in amppy_codes or msvc in syntax_ok, msvc
    assert run.reasons.answers(("C3581", "C9999")) == run.reasons.REASONS["C3581"][1]


# --- one real run -----------------------------------------------------------------------------------------------

def test_runs_amppy_on_a_mini_suite(tmp_path):
    write(tmp_path / "Tests" / "ch" / "neg" / "test.cpp",
          "//#Expects: Error: test.cpp\\(3\\) : error C2065\nint main() {\n    return missing_name;\n}\n")
    write(tmp_path / "Tests" / "ch" / "pos" / "test.cpp", "int main() {\n    return 0;\n}\n")
    out = tmp_path / "report.json"
    save = tmp_path / "results.jsonl"
    assert run.main([str(tmp_path), "-j", "2", "--timeout", "120", "--kind", "negative", "--format", "json",
                     "--out", str(out), "--save", str(save)]) == 0
    report = json.loads(out.read_text())
    assert report["rows"][-1]["right reason"] == 1, report
    record = json.loads(save.read_text())
    assert record["outcome"] == "pass" and record["diagnostic"]["code"] == "undeclared" and record["kind"] == "negative"
