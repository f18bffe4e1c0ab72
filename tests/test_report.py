"""`amppy report`: units and projects found under paths, each unit's status, the projects that can
run, the blockers table; text, JSON and CSV; exit statuses.  Small trees written under tmp_path.

The tests call `amppy.report.main` through a parser built with `cli.add_report_parser`, as cli.py does.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from amppy import report
from amppy.cli import add_report_parser

CLEAN = """#include <amp.h>
#include <iostream>
using namespace concurrency;
int main() {
    int a[4] = {1, 2, 3, 4};
    array_view<int, 1> v(4, a);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 2; });
    std::cout << v[0] << std::endl;
    return 0;
}
"""
LABELS = "int f() { a: return 1; }\nint g() { b: return 2; }\nint main() { return 0; }\n"
UNDECLARED = "int main() { return undeclared_name; }\n"
UNKNOWN_HEADER = "#include <afxwin.h>\nint main() { return 0; }\n"
MAIN = "#include <iostream>\nint square(int x);\nint main() { std::cout << square(7) << std::endl; return 0; }\n"
SQUARE = "int square(int x) { return x * x; }\n"


def vcxproj(sources: list[str], kind: str = "Application") -> str:
    """A Visual Studio 2015 project with one configuration, Debug|Win32."""
    items = "\n".join(f'    <ClCompile Include="{s}" />' for s in sources)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<Project DefaultTargets="Build" ToolsVersion="14.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <ItemGroup Label="ProjectConfigurations">
    <ProjectConfiguration Include="Debug|Win32">
      <Configuration>Debug</Configuration>
      <Platform>Win32</Platform>
    </ProjectConfiguration>
  </ItemGroup>
  <PropertyGroup Label="Globals">
    <ProjectGuid>{{11111111-2222-3333-4444-555555555555}}</ProjectGuid>
    <Keyword>Win32Proj</Keyword>
  </PropertyGroup>
  <Import Project="$(VCTargetsPath)\\Microsoft.Cpp.Default.props" />
  <PropertyGroup Condition="'$(Configuration)|$(Platform)'=='Debug|Win32'" Label="Configuration">
    <ConfigurationType>{kind}</ConfigurationType>
    <UseDebugLibraries>true</UseDebugLibraries>
    <PlatformToolset>v140</PlatformToolset>
    <CharacterSet>Unicode</CharacterSet>
  </PropertyGroup>
  <Import Project="$(VCTargetsPath)\\Microsoft.Cpp.props" />
  <ItemDefinitionGroup Condition="'$(Configuration)|$(Platform)'=='Debug|Win32'">
    <ClCompile>
      <PreprocessorDefinitions>WIN32;_DEBUG;_CONSOLE;%(PreprocessorDefinitions)</PreprocessorDefinitions>
    </ClCompile>
    <Link>
      <SubSystem>Console</SubSystem>
    </Link>
  </ItemDefinitionGroup>
  <ItemGroup>
{items}
  </ItemGroup>
  <Import Project="$(VCTargetsPath)\\Microsoft.Cpp.targets" />
</Project>
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Path:
    """Three loose files (clean, unsupported, an error), a runnable two-file project, a malformed project."""
    write(tmp_path / "clean.cpp", CLEAN)
    write(tmp_path / "loose" / "labels.cpp", LABELS)
    write(tmp_path / "loose" / "undeclared.cpp", UNDECLARED)
    write(tmp_path / "app" / "App.vcxproj", vcxproj(["main.cpp", "square.cpp"]))
    write(tmp_path / "app" / "main.cpp", MAIN)
    write(tmp_path / "app" / "square.cpp", SQUARE)
    write(tmp_path / "bad" / "Bad.vcxproj", '<?xml version="1.0"?>\n<Project><ItemGroup><ClCompile Include="x.cpp">\n')
    monkeypatch.chdir(tmp_path)
    return tmp_path


def amppy_report(args: list[str], capsys) -> tuple[int, str, str]:
    """`amppy report ARGS` in this process: (status, stdout, stderr)."""
    parser = argparse.ArgumentParser(prog="amppy")
    add_report_parser(parser.add_subparsers(dest="command", required=True))
    status = report.main(parser.parse_args(["report", *args]))
    out, err = capsys.readouterr()
    return status, out, err


def as_json(args: list[str], capsys) -> dict:
    status, out, err = amppy_report([*args, "--format", "json"], capsys)
    assert status == 0 and "Traceback" not in err
    return json.loads(out)


def test_json_units_projects_summary_blockers(tree, capsys):
    data = as_json([".", "-j", "2"], capsys)
    assert set(data) >= {"units", "projects", "summary", "blockers", "seconds"}
    units = {u["path"]: u for u in data["units"]}
    assert sorted(units) == ["app/main.cpp", "app/square.cpp", "clean.cpp", "loose/labels.cpp", "loose/undeclared.cpp"]
    assert units["clean.cpp"]["status"] == "clean" and units["clean.cpp"]["project"] is None
    labels = units["loose/labels.cpp"]
    assert labels["status"] == "unsupported" and labels["code"] == "unsupported"
    assert labels["message"] == "labels are not supported yet" and labels["location"] == "loose/labels.cpp:1:11"
    assert labels["unsupported"] == {"labels": 2}
    undeclared = units["loose/undeclared.cpp"]
    assert undeclared["status"] == "errors" and undeclared["code"] == "undeclared"
    assert undeclared["location"] == "loose/undeclared.cpp:1:21" and undeclared["unsupported"] == {}
    # a project's unit is compiled on its own: main.cpp's call of square() is the link's to resolve
    assert units["app/main.cpp"]["status"] == "clean" and units["app/main.cpp"]["project"] == "App"
    assert all(isinstance(u["seconds"], float) for u in data["units"])

    projects = {p["path"]: p for p in data["projects"]}
    app = projects["app/App.vcxproj"]
    assert (app["name"], app["configuration"], app["kind"], app["units"], app["clean"]) == \
        ("App", "Debug|Win32", "Application", 2, 2)
    assert app["runnable"] is True and app["reason"] is None
    assert app["command"] == "amppy run app/App.vcxproj --config 'Debug|Win32' --target cpu"
    bad = projects["bad/Bad.vcxproj"]
    assert bad["status"] == "project-error" and bad["error"].startswith("bad/Bad.vcxproj:")

    assert data["summary"] == {"units": 5, "files": 5, "clean": 3, "unsupported": 1, "platform-header": 0,
                               "errors": 1, "crash": 0, "timeout": 0, "not_checked": 0, "projects": 1, "runnable": 1, "project_errors": 1}
    assert data["blockers"] == [{"blocker": "labels", "units": 1, "files": 1, "projects": 0},
                                {"blocker": "undeclared", "units": 1, "files": 1, "projects": 0}]
    assert data["interrupted"] is False and data["seconds"] >= 0


def test_csv_header_and_rows(tree, capsys):
    """One CSV a spreadsheet loads: units, projects and blockers, a `kind` column saying which."""
    status, out, _ = amppy_report([".", "--format", "csv"], capsys)
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["kind", "path", "project", "status", "code", "message", "location", "unsupported",
                             "seconds", "configuration", "type", "units", "clean", "runnable", "command", "blocker",
                             "files", "projects"]
    assert [r["kind"] for r in rows] == ["unit"] * 5 + ["project"] * 2 + ["blocker"] * 2
    by_path = {r["path"]: r for r in rows if r["kind"] == "unit"}
    assert len(by_path) == 5
    labels = by_path["loose/labels.cpp"]
    assert [labels[k] for k in ("project", "status", "code", "message", "location", "unsupported")] == \
        ["", "unsupported", "unsupported", "labels are not supported yet", "loose/labels.cpp:1:11", "labels:2"]
    assert (by_path["app/square.cpp"]["project"], by_path["app/square.cpp"]["status"]) == ("App", "clean")
    float(by_path["app/square.cpp"]["seconds"])
    app, bad = (r for r in rows if r["kind"] == "project")
    assert {k: app[k] for k in ("path", "project", "status", "configuration", "type", "units", "clean", "runnable",
                                "command")} == \
        {"path": "app/App.vcxproj", "project": "App", "status": "ok", "configuration": "Debug|Win32",
         "type": "Application", "units": "2", "clean": "2", "runnable": "yes",
         "command": "amppy run app/App.vcxproj --config 'Debug|Win32' --target cpu"}
    assert bad["status"] == "project-error" and bad["message"].startswith("bad/Bad.vcxproj:")
    assert [(r["blocker"], r["units"], r["files"], r["projects"]) for r in rows if r["kind"] == "blocker"] == \
        [("labels", "1", "1", "0"), ("undeclared", "1", "1", "0")]


def test_text_report(tree, capsys):
    status, out, err = amppy_report(["."], capsys)
    assert status == 0 and err == ""      # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert "unsupported     loose/labels.cpp  loose/labels.cpp:1:11: labels are not supported yet [unsupported]" \
        in lines
    assert any(line.startswith("clean           app/main.cpp  (App)") for line in lines)
    assert "  App  app/App.vcxproj  Debug|Win32  Application  2/2 units clean  runs: yes: " \
           "amppy run app/App.vcxproj --config 'Debug|Win32' --target cpu" in lines
    assert any(line.startswith("  project-error  bad/Bad.vcxproj:") for line in lines)
    assert "5 units (5 files): 3 clean, 1 unsupported, 0 platform-header, 1 errors, 0 crash, 0 timeout" in lines
    assert "1 project: 1 runnable, 1 project files with errors" in lines
    table = lines.index("blocker     units  files  projects")
    assert lines[table + 1:table + 3] == ["labels          1      1         0", "undeclared      1      1         0"]
    assert lines[-1].startswith("time: ") and lines[-1].endswith(" s")


def test_one_or_two_workers_give_the_same_units(tree, capsys):
    one, two = as_json([".", "-j", "1"], capsys), as_json([".", "-j", "2"], capsys)

    def same(data):
        return [{k: v for k, v in u.items() if k != "seconds"} for u in data["units"]], data["blockers"]
    assert same(one) == same(two)


def test_usage_errors(tree, capsys):
    status, out, err = amppy_report(["nowhere"], capsys)
    assert (status, out) == (2, "") and "no such file or folder: 'nowhere'" in err
    write(tree / "notes.txt", "")
    assert amppy_report(["notes.txt"], capsys)[0] == 2
    for bad in ("0", "x"):
        with pytest.raises(SystemExit) as e:
            amppy_report([".", "-j", bad], capsys)
        assert e.value.code == 2


def test_projects_that_cannot_run_and_solutions(tmp_path, capsys, monkeypatch):
    write(tmp_path / "nomain" / "NoMain.vcxproj", vcxproj(["square.cpp"]))
    write(tmp_path / "nomain" / "square.cpp", SQUARE)
    write(tmp_path / "lib" / "Lib.vcxproj", vcxproj(["square.cpp"], kind="StaticLibrary"))
    write(tmp_path / "lib" / "square.cpp", SQUARE)
    write(tmp_path / "mfc" / "Mfc.vcxproj", vcxproj(["a.cpp", "b.cpp"]))
    write(tmp_path / "mfc" / "a.cpp", UNKNOWN_HEADER)
    write(tmp_path / "mfc" / "b.cpp", UNKNOWN_HEADER)
    write(tmp_path / "mfc" / "stray.cpp", LABELS)          # in no project: a loose file
    write(tmp_path / "All.sln", "Microsoft Visual Studio Solution File, Format Version 12.00\n"
          'Project("{8BC9CEB8-8B4A-11D0-8D11-00A0C91BC942}") = "NoMain", "nomain\\NoMain.vcxproj", '
          '"{11111111-2222-3333-4444-555555555555}"\nEndProject\n'
          'Project("{8BC9CEB8-8B4A-11D0-8D11-00A0C91BC942}") = "Gone", "gone\\Gone.vcxproj", '
          '"{22222222-2222-3333-4444-555555555555}"\nEndProject\n')
    monkeypatch.chdir(tmp_path)
    # the folder finds All.sln and, outside it, Lib and Mfc; NoMain is named twice, counted once
    data = as_json([".", "All.sln", "nomain/NoMain.vcxproj"], capsys)
    projects = {p["name"]: p for p in data["projects"]}
    assert set(projects) == {"NoMain", "Gone", "Lib", "Mfc"}
    assert projects["NoMain"]["reason"] == "the program has no 'main' function to run [no-main]"
    assert "static library" in projects["Lib"]["reason"] and projects["Lib"]["clean"] == 1
    assert projects["Mfc"]["reason"] == "2 of 2 units include platform headers amppy does not provide"
    assert projects["Mfc"]["command"] is None
    assert {u["path"]: u["status"] for u in data["units"]}["mfc/a.cpp"] == "platform-header"
    assert projects["Gone"]["status"] == "project-error"
    assert projects["Gone"]["error"] == "All.sln:4: project 'Gone' not found"
    assert [u["path"] for u in data["units"]] == ["lib/square.cpp", "mfc/a.cpp", "mfc/b.cpp", "mfc/stray.cpp",
                                                  "nomain/square.cpp"]
    assert data["blockers"][0] == {"blocker": "platform-header <afxwin.h>", "units": 2, "files": 2, "projects": 1}
    assert data["summary"]["runnable"] == 0 and data["summary"]["project_errors"] == 1


def test_timeout(tmp_path, capsys, monkeypatch):
    write(tmp_path / "clean.cpp", CLEAN)
    monkeypatch.chdir(tmp_path)
    status, out, _ = amppy_report(["clean.cpp", "--timeout", "0.001", "--format", "json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["units"][0]["status"] == "timeout"
    assert data["blockers"] == [{"blocker": "timeout", "units": 1, "files": 1, "projects": 0}]


def test_internal_compiler_error_is_a_crash(tmp_path, capsys, monkeypatch):
    write(tmp_path / "clean.cpp", CLEAN)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("AMPPY_INJECT_FAULT", "parse")
    data = as_json(["clean.cpp"], capsys)
    assert data["units"][0]["status"] == "crash" and "stage 'parse'" in data["units"][0]["message"]
    assert data["summary"]["crash"] == 1 and data["blockers"][0]["blocker"] == "crash"


def test_construct_and_blocker_names():
    assert report.construct("unions are not supported yet") == "unions"
    assert report.construct("'std::mismatch' is not supported yet") == "'std::mismatch'"
    assert report.construct("goto not supported yet") == "goto"
    assert report.construct("templates are not supported yet here: x") == "templates"
    result = {"status": "errors", "code": "pp-file-not-found", "message": "'mine.h' file not found"}
    assert report.blocker(result) == "pp-file-not-found mine.h"
    result = {"status": "platform-header", "code": "pp-file-not-found", "message": "'DXUT.h' file not found"}
    assert report.blocker(result) == "platform-header DXUT.h"


@pytest.mark.parametrize("code, message, platform", [
    ("pp-unknown-header", "unknown system header '<afxwin.h>'", True),
    ("pp-unknown-header", "unknown system header '<d3d11.h>'", True),
    ("pp-unknown-header", "unknown system header '<CppUnitTest.h>'", True),
    ("pp-unknown-header", "unknown system header '<wrl/client.h>'", True),
    ("pp-unknown-header", "unknown system header '<initguid.h>'", True),     # DXUT.h's first include
    ("pp-file-not-found", "'..\\DXUT\\Core\\DXUT.h' file not found", True),
    ("pp-unknown-header", "unknown system header '<nonexistent_header.h>'", False),
    ("pp-file-not-found", "'mine.h' file not found", False),
    ("undeclared", "use of undeclared identifier 'D3D11CreateDevice'", False)])
def test_platform_headers(code, message, platform):
    assert report.platform_header(code, message) is platform


def test_platform_header_status_and_other_errors(tmp_path, capsys, monkeypatch):
    """A unit stopped by a Windows SDK/MFC/Direct3D header is `platform-header`; a missing header of the
    program's own, or an unknown name, stays `errors`."""
    write(tmp_path / "d3d.cpp", "#include <d3d11.h>\nint main() { return 0; }\n")
    write(tmp_path / "mine.cpp", '#include "mine.h"\nint main() { return 0; }\n')
    monkeypatch.chdir(tmp_path)
    data = as_json(["."], capsys)
    assert {u["path"]: u["status"] for u in data["units"]} == {"d3d.cpp": "platform-header", "mine.cpp": "errors"}
    assert data["summary"]["platform-header"] == 1 and data["summary"]["errors"] == 1
    assert [b["blocker"] for b in data["blockers"]] == ["platform-header <d3d11.h>", "pp-file-not-found mine.h"]
    status, out, _ = amppy_report([".", "--format", "csv"], capsys)
    assert "unit,d3d.cpp,,platform-header,pp-unknown-header," in out


def test_checking_imports_no_numba(tmp_path):
    """What a worker runs (report.check) never imports numba: `amppy report` stays quick."""
    source = write(tmp_path / "clean.cpp", CLEAN)
    code = ("import sys\nfrom amppy import report\nfrom amppy.driver import Options, unit_of\n"
            f"r = report.check([unit_of({str(source)!r})], Options())\n"
            "assert r['status'] == 'clean', r\n"
            "print(sorted(m for m in sys.modules if m == 'numba' or m.startswith(('numba.', 'amppy.runtime'))))\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"
