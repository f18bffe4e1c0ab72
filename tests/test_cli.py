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


# ---- issue 39: command-line rough edges ------------------------------------------------------

PARTICLES = ROOT / "samples" / "projects" / "particles"

#: A real cascade: one error in a template instantiated 40 levels deep (each level's error carries
#: the instantiation backtrace), and another in a function template instantiated for 12 types.
CASCADE = """#include <amp.h>
template <int N> struct Level {
    static int value() { return Level<N - 1>::value() + missing_name; }
};
template <> struct Level<0> { static int value() { return 0; } };
template <typename T> T twice(T x) { return x + undeclared_helper(x); }
int main() {
    int s = Level<40>::value();
    s += twice(1) + twice(2.0f) + twice(3.0) + twice('c') + twice(4L) + twice(5u) + twice(6LL);
    s += twice((short)1) + twice((unsigned char)1) + twice(1ULL) + twice(1.0L) + twice((signed char)1);
    return s;
}
"""


def _errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if ": error: " in line]


def test_cascading_errors_stop_at_the_error_limit(run_amppy, tmp_path):
    (tmp_path / "cascade.cpp").write_text(CASCADE)
    rc, out, err = run_amppy(["check", "--target", "cpu", "--error-limit", "0", "--note-limit", "0", "cascade.cpp"],
                             cwd=tmp_path)
    assert rc == 1 and len(_errors(err)) == 50 and len(err.splitlines()) > 2000   # what there is to cap
    rc, out, err = run_amppy(["check", "--target", "cpu", "cascade.cpp"], cwd=tmp_path)
    _no_traceback(err)
    lines = err.splitlines()
    assert rc == 1 and out == "" and len(_errors(err)) == 20 and len(lines) < 700
    assert lines[-3:] == ["cascade.cpp:3:57: fatal error: too many errors emitted, stopping now [error-limit]",
                          "   = help: at most 20 errors are reported for one file; --error-limit 0 reports every error",
                          "20 errors generated."]
    # each error's instantiation backtrace: its first five and last five notes, the rest counted
    assert "   = note: (skipping 30 notes; use --note-limit 0 to see all)" in lines
    first, second = [k for k, line in enumerate(lines) if ": error: " in line][:2]
    assert sum(1 for line in lines[first:second] if ": note: " in line) == 10
    # translate stops at the same error as check (and writes nothing)
    rc2, out2, err2 = run_amppy(["translate", "--target", "cpu", "-o", "-", "cascade.cpp"], cwd=tmp_path)
    assert (rc2, out2, err2) == (1, "", err)
    rc, _, err = run_amppy(["check", "--target", "cpu", "--error-limit", "3", "cascade.cpp"], cwd=tmp_path)
    assert rc == 1 and len(_errors(err)) == 3 and err.endswith("3 errors generated.\n")
    rc, _, err = run_amppy(["check", "--target", "cpu", "--diagnostics-format", "json", "cascade.cpp"], cwd=tmp_path)
    data = json.loads(err)
    assert [d["severity"] for d in data] == ["error"] * 20 + ["fatal"] and data[-1]["code"] == "error-limit"
    assert max(len(d["notes"]) for d in data) == 11


@pytest.mark.parametrize("limit", ["-1", "x"])
def test_error_limit_must_be_a_count(run_amppy, limit):
    rc, _, err = run_amppy(["check", "--error-limit", limit, "x.cpp"])
    assert rc == 2 and "not a count" in err
    _no_traceback(err)


def test_binary_file_is_not_echoed(run_amppy, tmp_path):
    (tmp_path / "prog.exe").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4 + b"\x1b[2J\n")
    (tmp_path / "uses.cpp").write_text('#include "prog.exe"\nint main() { return 0; }\n')
    for name in ("prog.exe", "uses.cpp"):
        rc, out, err = run_amppy(["check", name], cwd=tmp_path)
        assert rc == 1 and out == ""
        assert err.splitlines()[0] == ("prog.exe:1:1: error: file is not C++ source text: it holds NUL bytes "
                                       "(a binary file?) [pp-encoding]")
        assert len(err.splitlines()) == 3 and "ELF" not in err
        assert not any(c in err for c in "\x00\x1b\x7f")


def test_control_characters_of_a_source_line_are_shown_as_code_points(run_amppy, tmp_path):
    (tmp_path / "ctl.cpp").write_bytes(b"int main() { return 0;\x1b[2J\x07 }\n")
    rc, _, err = run_amppy(["check", "ctl.cpp"], cwd=tmp_path)
    assert rc == 1 and not any(c in err for c in "\x1b\x07")
    lines = err.splitlines()
    assert lines[0] == "ctl.cpp:1:23: error: unexpected character U+001B [syntax-error]"
    assert lines[1:3] == [" 1 | int main() { return 0;<U+001B>[2J<U+0007> }",
                          "   |                       ^~~~~~~~"]


def test_emit_py_prints_and_plain_translate_writes(run_amppy, tmp_path):
    src = tmp_path / "tile_average.cpp"
    src.write_text((TILES / "tile_average.cpp").read_text())
    rc, out, err = run_amppy(["translate", "--target", "cpu", "--emit", "py", "tile_average.cpp"], cwd=tmp_path)
    assert rc == 0 and err == "" and out.startswith('"""tile_average.cpp, translated from C++ AMP')
    assert not (tmp_path / "tile_average.py").exists()
    rc, out2, err = run_amppy(["translate", "--target", "cpu", "tile_average.cpp"], cwd=tmp_path)
    assert (rc, out2, err) == (0, "", "") and (tmp_path / "tile_average.py").read_text() == out
    rc, out3, _ = run_amppy(["translate", "--target", "cpu", "--emit", "py", "-o", "x.py", "tile_average.cpp"],
                            cwd=tmp_path)
    assert (rc, out3) == (0, "") and (tmp_path / "x.py").read_text() == out


def _after_project(*args: str):
    from amppy import cli
    return cli._project_run_options(cli.build_parser().parse_args(["run", *args]))


@pytest.mark.parametrize("args, verbose, config, target, program", [
    (["X.sln", "-v"], True, None, "auto", []),
    (["-v", "X.sln", "--config", "Release"], True, "Release", "auto", []),
    (["--target", "cpu", "X.sln", "--config", "Release", "-v"], True, "Release", "cpu", []),
    (["X.sln", "--config", "Release", "-v", "a", "-b"], True, "Release", "auto", ["a", "-b"]),
    (["-v", "X.sln", "--target", "cpu", "--", "-v"], True, None, "cpu", ["-v"]),
    (["X.sln", "--frobnicate", "-v"], False, None, "auto", ["--frobnicate", "-v"]),
    (["x.cpp", "-v"], False, None, "auto", ["-v"]),          # after a source file: the program's
])
def test_options_after_a_project_keep_those_before(args, verbose, config, target, program):
    ns = _after_project(*args)
    assert (ns.verbose, ns.config, ns.target, ns.args) == (verbose, config, target, program)


def test_defines_before_and_after_a_project_add_up():
    ns = _after_project("-D", "A=1", "X.sln", "-D", "B=2", "-I", "inc")
    assert (ns.defines, ns.include_dirs, ns.args) == (["A=1", "B=2"], ["inc"], [])


def test_verbose_after_a_solution(run_amppy):
    rc, _, err = run_amppy(["run", "-v", "Particles.sln", "--config", "Release", "--target", "cpu"], cwd=PARTICLES)
    assert rc == 0 and err.startswith("amppy: project Particles (Release|Win32), 4 translation unit(s)\n"
                                      "amppy: target cpu\n")
    rc, _, err = run_amppy(["check", "Particles.sln", "--config", "Release", "-v", "--target", "cpu"], cwd=PARTICLES)
    assert (rc, err) == (0, "amppy: project Particles (Release|Win32), 4 translation unit(s)\namppy: target cpu\n")


def test_run_sets_up_every_gpu_before_the_imports_of_a_program_that_lists_them(monkeypatch):
    # `amppy run --target cuda` of a program calling accelerator::get_all(): every GPU's context
    # is started when the translation is found, before the module imports numpy and Numba
    from amppy import cli
    from amppy.driver import Options
    from amppy.runtime import cuda_compat
    asked = []
    monkeypatch.setattr(cuda_compat, "start_device_setup", lambda every_gpu=False: asked.append(every_gpu))
    cli._every_gpu_early(Options(target="cuda"), "launch_cuda.install()      # ...\n")
    cli._every_gpu_early(Options(target="cpu"), "launch_cuda.install(every_gpu=True)\n")
    assert asked == []
    cli._every_gpu_early(Options(target="cuda"), "x = 1\nlaunch_cuda.install(every_gpu=True)    # ...\n")
    assert asked == [True]
