"""Programs of several translation units: linking, Visual Studio projects and solutions.

* `samples/errors/link/<case>/*.cpp`: each folder is one program whose files are checked
  together (in name order); inline expectations as in tests/test_rules.py, per file.  g++ must
  refuse to link the same files (the errors are real C++ link errors, not amppy's inventions).
* `samples/projects/particles/`: a solution of an application and a static library (two
  configurations with different defines, an include folder from the project, a precompiled
  header included from a subfolder, a source excluded from the build, a `static` function of the
  same name in two units, `extern` globals, a kernel outside main's unit).  Its `.expected` files
  are g++'s output for the same sources (flags written out in GXX_BUILDS, not read through amppy).
* The command line: several sources, `--`, projects, `--config`/`--project`, bad project files.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from amppy import driver
from amppy.diagnostics import CompileError, DiagnosticSink
from build_cache import gxx_build, module_for
from conftest import SAMPLES

LINK = SAMPLES / "errors" / "link"
LINK_CASES = sorted(p for p in LINK.iterdir() if p.is_dir())
PARTICLES = SAMPLES / "projects" / "particles"
EMU = Path(__file__).resolve().parent / "cpp_emu"
GXX = shutil.which("g++")
_EXPECT = re.compile(r"expected-(error|warning)(?:@([+-]\d+))?\s*\{\{(.*?)\}\}")


def _check_units(paths: list[Path], ltcg: bool = False) -> list:
    sink = DiagnosticSink()
    try:
        driver.translate_units([driver.unit_of(str(p)) for p in paths], driver.Options(ltcg=ltcg), sink)
    except CompileError:
        pass
    return sink.diagnostics


@pytest.mark.parametrize("case", LINK_CASES, ids=[p.name for p in LINK_CASES])
def test_link_negative(case):
    files = sorted(case.glob("*.cpp"))
    expected = set()
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert "expected-" in text, f"{f.name} has no expectations"
        for i, line in enumerate(text.splitlines(), 1):
            for sev, offset, sub in _EXPECT.findall(line):
                expected.add((f.name, i + int(offset or 0), sev, sub))
    got = [(Path(d.span.file).name if d.span else "", d.span.line if d.span else 0, d.severity,
            f"{d.message} [{d.code}]") for d in _check_units(files)]
    missing = [e for e in expected if not any(g[:3] == e[:3] and e[3] in g[3] for g in got)]
    unexpected = [g for g in got if g[2] in ("error", "warning")
                  and not any(g[:3] == e[:3] and e[3] in g[3] for e in expected)]
    assert not missing and not unexpected, f"\nmissing:    {missing}\nunexpected: {unexpected}"


@pytest.mark.skipif(GXX is None, reason="g++ not found")
@pytest.mark.parametrize("case", ["undefined", "multiple", "two_mains"])
def test_gxx_refuses_to_link_the_same_files(case, tmp_path):
    files = sorted((LINK / case).glob("*.cpp"))
    r = subprocess.run([GXX, "-std=c++20", "-w", f"-I{EMU}", *map(str, files), "-o", str(tmp_path / "a")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode != 0
    assert ("undefined reference" if case == "undefined" else "multiple definition") in r.stderr


def test_amp_call_across_units_links_with_ltcg(tmp_path):
    files = sorted((LINK / "amp_elsewhere").glob("*.cpp"))
    assert [d.code for d in _check_units(files, ltcg=True) if d.severity == "error"] == []


# ---- the linkage of a program's names --------------------------------------------------------------------------
def _program(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    units = [driver.unit_of(str(tmp_path / n)) for n in files if n.endswith(".cpp")]
    sink = DiagnosticSink()
    linked, program = driver.analyse_units(units, driver.Options(), sink)
    return program


SHARED_H = """#pragma once
struct Counter { int n; Counter() : n(0) {} int next() { return ++n; } };
inline int twice(int v) { return 2 * v; }
template <typename T> T square(T v) { return v * v; }
int shared_total(int);
"""


def test_one_entity_per_external_name_and_per_header_definition(tmp_path):
    program = _program(tmp_path, {
        "shared.h": SHARED_H,
        "a.cpp": '#include "shared.h"\nstatic int helper() { return 1; }\nnamespace { int hidden = 3; }\n'
                 "int main() { Counter c; return c.next() + twice(2) + square(3) + helper() + hidden "
                 "+ shared_total(1); }\n",
        "b.cpp": '#include "shared.h"\nstatic int helper() { return 2; }\nnamespace { int hidden = 4; }\n'
                 "int shared_total(int x) { Counter c; return x + helper() + square(4) + twice(hidden); }\n",
    })
    names = [f.sym.py_name for f in program.functions]
    assert names.count("twice") == 1                          # an inline function of a header: once
    assert len([n for n in names if n.startswith("square")]) == 1     # square<int>: one instance
    assert len([f for f in program.functions if f.sym.name == "helper"]) == 2     # static: two
    assert len({f.sym.py_name for f in program.functions if f.sym.name == "helper"}) == 2
    assert [s.name for s in program.structs].count("Counter") == 1
    assert sorted(g.sym.py_name for g in program.globals if g.sym.name == "hidden") == ["hidden", "hidden_1"]
    assert [f.unit for f in program.functions if f.sym.name == "shared_total"] == [1]
    assert program.units == [str(tmp_path / "a.cpp"), str(tmp_path / "b.cpp")]


def test_globals_are_initialised_in_unit_order(tmp_path, run_amppy):
    (tmp_path / "a.cpp").write_text('#include <iostream>\nint trace(const char* s);\nint a_init = trace("a");\n'
                                    'int main() { std::cout << "main" << std::endl; return 0; }\n')
    (tmp_path / "b.cpp").write_text('#include <iostream>\nint trace(const char* s) { std::cout << s << std::endl; '
                                    'return 1; }\nint b_init = trace("b");\n')
    rc, out, err = run_amppy(["run", "--target", "cpu", "b.cpp", "a.cpp"], cwd=tmp_path)
    assert (rc, out) == (0, "b\na\nmain\n"), err


# ---- the particles solution --------------------------------------------------------------------------------------
#: g++'s build of each configuration, written out from Particles.vcxproj by hand (not through amppy)
GXX_BUILDS = {
    "Debug": ["-DWIN32", "-D_DEBUG", "-D_CONSOLE", "-DPARTICLE_COUNT=8"],
    "Release": ["-DWIN32", "-DNDEBUG", "-D_CONSOLE", "-DPARTICLE_COUNT=12", "-DFAST_MATH"],
}
SOURCES = ["stdafx.cpp", "main.cpp", "simulate/kernels.cpp", "mathlib/energy.cpp"]


@pytest.mark.skipif(GXX is None, reason="g++ not found")
@pytest.mark.parametrize("config", sorted(GXX_BUILDS))
def test_particles_expected_is_gxx_output(config, tmp_path):
    # kept by content in the user cache (tests/build_cache.py): a second run builds nothing
    exe, log = gxx_build({}, ["-std=c++20", "-O1", "-fwrapv", "-pthread", "-w", *GXX_BUILDS[config]],
                         [EMU, PARTICLES, PARTICLES / "include"], name="particles",
                         sources=[PARTICLES / s for s in SOURCES])
    assert exe is not None, log[-3000:]
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300, cwd=tmp_path).stdout
    assert out == (PARTICLES / f"Particles.{config}.expected").read_text()


@pytest.mark.parametrize("config", sorted(GXX_BUILDS))
def test_particles_solution_runs(config, run_amppy):
    rc, out, err = run_amppy(["run", "--target", "cpu", "--config", config, "Particles.sln"], cwd=PARTICLES)
    assert (rc, err) == (0, "")
    assert out == (PARTICLES / f"Particles.{config}.expected").read_text()


@pytest.mark.cuda
@pytest.mark.parametrize("config", sorted(GXX_BUILDS))
def test_particles_solution_runs_cuda(config, run_amppy):
    rc, out, err = run_amppy(["run", "--target", "cuda", "--config", config, "Particles.sln"], cwd=PARTICLES)
    assert rc == 0, err
    assert out == (PARTICLES / f"Particles.{config}.expected").read_text()


def test_particles_translation_runs_with_plain_python(tmp_path, run_amppy):
    py = tmp_path / "particles.py"
    # the project named from its folder (the module text names its files as given: the same in every
    # checkout), run from where `amppy run` keeps the same module (tests/build_cache.py): warm next time
    rc, _, err = run_amppy(["translate", "--target", "cpu", "--config", "Release|Win32", "Particles.vcxproj",
                            "-o", str(py)], cwd=PARTICLES)
    assert rc == 0, err
    text = py.read_text()
    assert "# ---- kernels.cpp ----" in text and "# ---- energy.cpp ----" in text
    assert "def describe(" in text and "def describe_1(" in text        # two static functions
    r = subprocess.run([sys.executable, str(module_for(text, "Particles.cpp"))], capture_output=True, text=True,
                       timeout=300, cwd=tmp_path)
    assert r.stdout == (PARTICLES / "Particles.Release.expected").read_text(), r.stderr


def test_particles_library_checks_but_does_not_run(run_amppy):
    rc, _, err = run_amppy(["check", "--target", "cpu", "--project", "MathLib", "Particles.sln"], cwd=PARTICLES)
    assert (rc, err) == (0, "")
    rc, _, err = run_amppy(["run", "--target", "cpu", "--project", "mathlib", "Particles.sln"], cwd=PARTICLES)
    assert rc == 1 and "static library" in err and "Traceback" not in err


def test_unknown_configuration_is_a_clear_error(run_amppy):
    rc, _, err = run_amppy(["check", "--config", "Profile", "Particles.sln"], cwd=PARTICLES)
    assert rc == 1 and "Profile" in err and "Traceback" not in err


# ---- the command line ----------------------------------------------------------------------------------------
def test_several_sources_then_program_arguments(tmp_path, run_amppy):
    (tmp_path / "main.cpp").write_text('#include <iostream>\nint count_args(int argc);\n'
                                       'int main(int argc, char** argv) { std::cout << count_args(argc) << " "'
                                       ' << argv[argc - 1] << std::endl; return 0; }\n')
    (tmp_path / "args.cpp").write_text("int count_args(int argc) { return argc - 1; }\n")
    (tmp_path / "data.txt").write_text("x")
    rc, out, err = run_amppy(["run", "--target", "cpu", "main.cpp", "args.cpp", "--", "one", "args.cpp"],
                             cwd=tmp_path)
    assert (rc, out) == (0, "2 args.cpp\n"), err
    rc, out, err = run_amppy(["run", "--target", "cpu", "main.cpp", "args.cpp", "data.txt"], cwd=tmp_path)
    assert (rc, out) == (0, "1 data.txt\n"), err
    rc, out, err = run_amppy(["check", "main.cpp"], cwd=tmp_path)       # one file: count_args is missing
    assert rc == 1 and "undefined reference to 'count_args'" in err


def test_project_and_sources_together_is_misuse(run_amppy):
    rc, _, err = run_amppy(["check", "Particles.sln", "main.cpp"], cwd=PARTICLES)
    assert rc == 2 and "not both" in err


BOMB = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        + "".join(f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">' for i in range(1, 10))
        + ']>\n<Project>&lol9;</Project>\n')


@pytest.mark.parametrize("name,text,words", [
    ("broken.vcxproj", "<Project><ItemGroup></Project>", "malformed"),
    ("bomb.vcxproj", BOMB, "DTD"),
    ("external.vcxproj", '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                         "<Project>&x;</Project>", "DTD"),
    ("missing.sln", 'Microsoft Visual Studio Solution File, Format Version 12.00\n'
                    'Project("{8BC9CEB8-8B4A-11D0-8D11-00A0C91BC942}") = "Gone", "gone\\Gone.vcxproj", '
                    '"{11111111-2222-3333-4444-555555555555}"\nEndProject\n', "not found"),
])
def test_bad_project_files_are_clear_errors(name, text, words, tmp_path, run_amppy):
    (tmp_path / name).write_text(text)
    start = time.monotonic()
    rc, _, err = run_amppy(["check", name], cwd=tmp_path)
    assert rc == 1 and words in err and "Traceback" not in err, err
    assert err.startswith(name)                          # located: the file (and line) first
    assert time.monotonic() - start < 30                 # (the parse itself takes milliseconds)


def test_cached_run_sees_a_changed_project(tmp_path, run_amppy):
    shutil.copytree(PARTICLES, tmp_path / "p")
    env = {"AMPPY_CACHE_DIR": str(tmp_path / "cache")}
    rc, out, _ = run_amppy(["run", "--target", "cpu", "Particles.vcxproj"], cwd=tmp_path / "p", env=env)
    assert rc == 0 and "particles 8," in out
    proj = tmp_path / "p" / "Particles.vcxproj"
    proj.write_text(proj.read_text().replace("PARTICLE_COUNT=8", "PARTICLE_COUNT=4"))
    rc, out, _ = run_amppy(["run", "--target", "cpu", "Particles.vcxproj"], cwd=tmp_path / "p", env=env)
    assert rc == 0 and "particles 4," in out


UNICODE_PROJECT = """<?xml version="1.0" encoding="utf-8"?>
<Project DefaultTargets="Build" ToolsVersion="14.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <ItemGroup Label="ProjectConfigurations">
    <ProjectConfiguration Include="Debug|x64"><Configuration>Debug</Configuration><Platform>x64</Platform></ProjectConfiguration>
  </ItemGroup>
  <PropertyGroup Label="Configuration"><ConfigurationType>Application</ConfigurationType>
    <CharacterSet>Unicode</CharacterSet></PropertyGroup>
  <ItemGroup><ClCompile Include="Wide.cpp" /></ItemGroup>
</Project>
"""


def test_unicode_project_has_wide_tchar_arguments(tmp_path, run_amppy):
    (tmp_path / "Wide.vcxproj").write_text(UNICODE_PROJECT)
    (tmp_path / "Wide.cpp").write_text(
        "#include <iostream>\n#include <string>\n#include <tchar.h>\n"
        "int _tmain(int argc, _TCHAR* argv[]) {\n    std::wstring last(argv[argc - 1]);\n"
        "#ifdef _WIN64\n    std::wcout << _T(\"x64 \");\n#endif\n"
        "    std::wcout << argc << _T(\" \") << last << std::endl;\n    return 0;\n}\n")
    rc, out, err = run_amppy(["run", "--target", "cpu", "Wide.vcxproj", "--", "wide"], cwd=tmp_path)
    assert (rc, out) == (0, "x64 2 wide\n"), err


def test_windows_gui_program_checks_but_does_not_run(tmp_path, run_amppy):
    (tmp_path / "gui.cpp").write_text("#include <windows.h>\n"
                                      "int WINAPI WinMain(HINSTANCE h, HINSTANCE p, LPSTR cmd, int show) { return 0; }\n")
    assert run_amppy(["check", "gui.cpp"], cwd=tmp_path)[0] == 0
    rc, _, err = run_amppy(["run", "gui.cpp"], cwd=tmp_path)
    assert rc == 1 and "entry point is 'WinMain'" in err and "[no-main]" in err
    (tmp_path / "Gui.vcxproj").write_text(UNICODE_PROJECT.replace("Wide.cpp", "gui.cpp").replace(
        "</ItemGroup>\n</Project>", "</ItemGroup>\n  <ItemDefinitionGroup><Link><SubSystem>Windows</SubSystem></Link>"
        "</ItemDefinitionGroup>\n</Project>"))
    rc, _, err = run_amppy(["run", "Gui.vcxproj"], cwd=tmp_path)
    assert rc == 1 and "Windows (GUI) program" in err and "Traceback" not in err


def test_forced_includes_are_reported_as_not_supported_yet(tmp_path, run_amppy):
    (tmp_path / "pre.h").write_text("#define ANSWER 42\n")
    (tmp_path / "Wide.cpp").write_text("int main() { return 0; }\n")
    (tmp_path / "Forced.vcxproj").write_text(UNICODE_PROJECT.replace(
        "</ItemGroup>\n</Project>", "</ItemGroup>\n  <ItemDefinitionGroup><ClCompile><ForcedIncludeFiles>pre.h"
        "</ForcedIncludeFiles></ClCompile></ItemDefinitionGroup>\n</Project>"))
    rc, _, err = run_amppy(["check", "Forced.vcxproj"], cwd=tmp_path)
    assert rc == 1 and "forced include files" in err and "[unsupported]" in err and "Traceback" not in err
