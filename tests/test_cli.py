"""The command line: diagnostics golden files, exit codes, formats.

Golden files: tests/golden/diagnostics/*.txt (and .json); regenerate with
`pytest --update-golden` and review the diff like code.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ERRORS = ROOT / "samples" / "errors"
TILES = ROOT / "samples" / "using-tiles"


def _no_traceback(err: str) -> None:
    assert "Traceback" not in err
    assert 'File "' not in err


def test_tiling_description_published_missing_question_mark(run_amppy, golden):
    rc, out, err = run_amppy(["check", "tiling_description_published.cpp"], cwd=ERRORS)
    assert rc == 1 and out == ""
    _no_traceback(err)
    assert err.splitlines()[0] == ("tiling_description_published.cpp:25:36: error: expected '?' or ';' "
                                   "before numeric constant '4' [syntax-error]")
    golden("diagnostics/tiling_description_published.txt", err)


def test_tile_average_fence_published_stray_star(run_amppy, golden):
    rc, out, err = run_amppy(["check", "tile_average_fence_published.cpp"], cwd=ERRORS)
    assert rc == 1 and out == ""
    _no_traceback(err)
    first = err.splitlines()[0]
    assert first == ("tile_average_fence_published.cpp:34:7: error: stray '*' before a '//' comment "
                     "[syntax-error]")
    golden("diagnostics/tile_average_fence_published.txt", err)


def test_path_is_reported_as_given(run_amppy):
    rc, _, err = run_amppy(["check", "samples/errors/tiling_description_published.cpp"], cwd=ROOT)
    assert rc == 1
    assert err.startswith("samples/errors/tiling_description_published.cpp:25:36: error: ")
    rc, _, err = run_amppy(["check", str(ERRORS / "tiling_description_published.cpp")])
    assert rc == 1 and err.startswith(str(ERRORS / "tiling_description_published.cpp") + ":25:36: ")


@pytest.mark.parametrize("command", [["check"], ["translate", "--emit", "ast", "-o", "-"],
                                     ["translate", "-o", "-"]])
def test_syntax_error_same_for_every_command(run_amppy, command):
    rc, out, err = run_amppy([*command, "tiling_description_published.cpp"], cwd=ERRORS)
    assert rc == 1 and out == ""
    assert err.splitlines()[0].startswith("tiling_description_published.cpp:25:36: error: ")


def test_json_diagnostics(run_amppy, golden):
    rc, out, err = run_amppy(["check", "--diagnostics-format", "json",
                              "tiling_description_published.cpp"], cwd=ERRORS)
    assert rc == 1 and out == ""
    data = json.loads(err)
    assert isinstance(data, list) and len(data) == 1
    d = data[0]
    assert d["severity"] == "error" and d["code"] == "syntax-error"
    assert d["message"] == "expected '?' or ';' before numeric constant '4'"
    assert d["span"]["file"] == "tiling_description_published.cpp"
    assert (d["span"]["line"], d["span"]["column"]) == (25, 36)
    assert (d["span"]["end_line"], d["span"]["end_column"]) == (25, 37)
    golden("diagnostics/tiling_description_published.json", err)


def test_json_diagnostics_stray_star(run_amppy):
    rc, _, err = run_amppy(["check", "--diagnostics-format", "json",
                            "tile_average_fence_published.cpp"], cwd=ERRORS)
    assert rc == 1
    (d,) = json.loads(err)
    assert (d["span"]["file"], d["span"]["line"], d["span"]["column"]) == \
        ("tile_average_fence_published.cpp", 34, 7)
    assert d["help"] and "'*'" in d["help"]


def test_color_always_wraps_in_sgr_and_never_does_not(run_amppy):
    rc, _, err = run_amppy(["check", "--color", "always", "tiling_description_published.cpp"], cwd=ERRORS)
    assert rc == 1 and "\x1b[" in err
    rc, _, err = run_amppy(["check", "--color", "never", "tiling_description_published.cpp"], cwd=ERRORS)
    assert rc == 1 and "\x1b[" not in err


def test_emit_ast_to_stdout(run_amppy):
    rc, out, err = run_amppy(["translate", "--emit", "ast", "-o", "-", "tile_average.cpp"], cwd=TILES)
    assert rc == 0 and err == ""
    assert out.startswith("TranslationUnit ")
    assert "Lambda " in out and "restrict=('amp',)" in out


def test_emit_ast_to_file(run_amppy, tmp_path):
    dest = tmp_path / "out.ast"
    rc, out, err = run_amppy(["translate", "--emit", "ast", "-o", str(dest), "tile_average.cpp"], cwd=TILES)
    assert rc == 0 and out == "" and err == ""
    assert dest.read_text().startswith("TranslationUnit ")


def test_missing_file_is_usage_error(run_amppy, tmp_path):
    rc, out, err = run_amppy(["check", str(tmp_path / "nope.cpp")])
    assert rc == 2 and "no such file" in err
    _no_traceback(err)


@pytest.mark.parametrize("args", [[], ["check"], ["frobnicate", "x.cpp"], ["check", "--target", "tpu", "x.cpp"],
                                  ["translate", "--emit", "bytecode", "x.cpp"]])
def test_command_line_misuse_exits_2(run_amppy, args):
    rc, out, err = run_amppy(args)
    assert rc == 2 and "usage:" in err
    _no_traceback(err)


def test_version(run_amppy):
    rc, out, _ = run_amppy(["--version"])
    assert rc == 0 and out.startswith("amppy ")


def test_preprocessor_error_through_cli(run_amppy, tmp_path):
    src = tmp_path / "pp.cpp"
    src.write_text("#include <nonexistent_header.h>\nint main() { return 0; }\n")
    rc, _, err = run_amppy(["check", "pp.cpp"], cwd=tmp_path)
    assert rc == 1
    assert err.startswith("pp.cpp:1:10: error: unknown system header '<nonexistent_header.h>' "
                          "[pp-unknown-header]")
    _no_traceback(err)


def test_defines_on_command_line(run_amppy, tmp_path):
    src = tmp_path / "d.cpp"
    src.write_text("int main() { return N + ; }\n")
    rc, _, err = run_amppy(["translate", "--emit", "ast", "-o", "-", "-D", "N=3", "d.cpp"], cwd=tmp_path)
    assert rc == 1 and err.startswith("d.cpp:1:25: error: expected expression before ';'")
    src.write_text("int main() { return N; }\n")
    rc, out, err = run_amppy(["translate", "--emit", "ast", "-o", "-", "-D", "N=3", "d.cpp"], cwd=tmp_path)
    assert rc == 0 and "IntLit <1:21-1:22> value=3 text='3'" in out
