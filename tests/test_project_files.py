"""amppy.project: Visual Studio .vcxproj / .props / .sln files read into plain data.

Every test writes its own small project tree under tmp_path, in the form Visual Studio 2012-2019
writes it (xmlns, ToolsVersion, Label="Globals", ProjectConfigurations, per-configuration
Conditions), and checks what `load_project`, `load_solution` and `select` make of it.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from amppy.project import ProjectError, Unit, load_project, load_solution, select

CPP_TYPE = "{8BC9CEB8-8B4A-11D0-8D11-00A0C91BC942}"
CS_TYPE = "{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}"
FOLDER_TYPE = "{2150E333-8FDC-42A3-9474-1A3956D46DE8}"
ALL = (("Debug", "Win32"), ("Release", "Win32"), ("Debug", "x64"), ("Release", "x64"))
COND = "'$(Configuration)|$(Platform)'=='{}|{}'"


def write(path: Path, text: str = "", encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding=encoding)
    return path


def vcxproj(*, configs=ALL, kind: str = "Application", toolset: str = "v141", charset: str = "Unicode",
            subsystem: str = "Console", pch: str = "NotUsing", items: str = "", props: str = "",
            imports: str = "", definitions: str = "", config_props: str = "",
            guid: str = "{11111111-0000-0000-0000-000000000001}") -> str:
    """A .vcxproj as Visual Studio writes it; the arguments fill in the interesting parts."""
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<Project DefaultTargets="Build" ToolsVersion="15.0" '
           'xmlns="http://schemas.microsoft.com/developer/msbuild/2003">',
           '  <ItemGroup Label="ProjectConfigurations">']
    for c, p in configs:
        out += [f'    <ProjectConfiguration Include="{c}|{p}">', f"      <Configuration>{c}</Configuration>",
                f"      <Platform>{p}</Platform>", "    </ProjectConfiguration>"]
    out += ["  </ItemGroup>", '  <PropertyGroup Label="Globals">', "    <VCProjectVersion>15.0</VCProjectVersion>",
            f"    <ProjectGuid>{guid}</ProjectGuid>", "    <Keyword>Win32Proj</Keyword>",
            "    <WindowsTargetPlatformVersion>10.0.17763.0</WindowsTargetPlatformVersion>", props,
            "  </PropertyGroup>", '  <Import Project="$(VCTargetsPath)\\Microsoft.Cpp.Default.props" />']
    for c, p in configs:
        debug = c == "Debug"
        out += [f'  <PropertyGroup Condition="{COND.format(c, p)}" Label="Configuration">',
                f"    <ConfigurationType>{kind}</ConfigurationType>",
                f"    <UseDebugLibraries>{'true' if debug else 'false'}</UseDebugLibraries>",
                f"    <PlatformToolset>{toolset}</PlatformToolset>" if toolset else "",
                "" if debug else "    <WholeProgramOptimization>true</WholeProgramOptimization>",
                f"    <CharacterSet>{charset}</CharacterSet>" if charset else "", config_props, "  </PropertyGroup>"]
    out += ['  <Import Project="$(VCTargetsPath)\\Microsoft.Cpp.props" />',
            '  <ImportGroup Label="ExtensionSettings">', "  </ImportGroup>"]
    for c, p in configs:
        out += [f'  <ImportGroup Label="PropertySheets" Condition="{COND.format(c, p)}">',
                '    <Import Project="$(UserRootDir)\\Microsoft.Cpp.$(Platform).user.props" '
                "Condition=\"exists('$(UserRootDir)\\Microsoft.Cpp.$(Platform).user.props')\" "
                'Label="LocalAppDataPlatform" />', imports, "  </ImportGroup>"]
    out.append('  <PropertyGroup Label="UserMacros" />')
    for c, p in configs:
        base = ("WIN32;" if p == "Win32" else "") + ("_DEBUG" if c == "Debug" else "NDEBUG")
        out += [f'  <ItemDefinitionGroup Condition="{COND.format(c, p)}">', "    <ClCompile>",
                f"      <PrecompiledHeader>{pch}</PrecompiledHeader>", "      <WarningLevel>Level3</WarningLevel>",
                f"      <PreprocessorDefinitions>{base};_CONSOLE;%(PreprocessorDefinitions)</PreprocessorDefinitions>",
                "    </ClCompile>", "    <Link>", f"      <SubSystem>{subsystem}</SubSystem>",
                "      <GenerateDebugInformation>true</GenerateDebugInformation>", "    </Link>",
                "  </ItemDefinitionGroup>"]
    out += [definitions, "  <ItemGroup>", items, "  </ItemGroup>",
            '  <Import Project="$(VCTargetsPath)\\Microsoft.Cpp.targets" />',
            '  <ImportGroup Label="ExtensionTargets">', "  </ImportGroup>", "</Project>", ""]
    return "\r\n".join(line for line in out if line)


def app(tmp_path: Path, name: str = "App", sources=("main.cpp",), **kw) -> Path:
    """tmp_path/name/name.vcxproj with the given sources created (empty) beside it."""
    folder = tmp_path / name
    for s in sources:
        write(folder / s.replace("\\", "/"))
    kw.setdefault("items", "\n".join(f'    <ClCompile Include="{s}" />' for s in sources))
    return write(folder / f"{name}.vcxproj", vcxproj(**kw))


def defines(unit: Unit) -> dict[str, str]:
    return dict(unit.defines)


def names(unit: Unit) -> list[str]:
    return [n for n, _ in unit.defines]


# ---- configurations ---------------------------------------------------------------------------

def test_defaults_are_debug_win32(tmp_path):
    path = app(tmp_path, sources=("main.cpp", "util.cpp"))
    p = load_project(str(path))
    assert (p.name, p.path, p.configuration, p.platform) == ("App", str(path), "Debug", "Win32")
    assert p.configurations == ["Debug|Win32", "Release|Win32", "Debug|x64", "Release|x64"]
    assert (p.kind, p.subsystem, p.character_set, p.ltcg) == ("Application", "Console", "Unicode", False)
    assert [u.path for u in p.units] == [str(tmp_path / "App" / "main.cpp"), str(tmp_path / "App" / "util.cpp")]
    d = defines(p.units[0])
    assert names(p.units[0])[:3] == ["_WIN32", "_M_IX86", "_MSC_VER"]
    assert d["_M_IX86"] == "600" and d["_MSC_VER"] == "1910" and d["_DEBUG"] == "1" and d["_DLL"] == "1"
    assert d["WIN32"] == "1" and d["_CONSOLE"] == "1" and "NDEBUG" not in d and "_WIN64" not in d
    assert d["UNICODE"] == "1" and d["_UNICODE"] == "1"
    assert p.units[0].pch is None and p.units[0].undefines == () and p.units[0].forced_includes == ()
    assert p.excluded == [] and p.references == [] and p.warnings == []


def test_release_and_release_x64(tmp_path):
    path = str(app(tmp_path))
    rel = load_project(path, "Release")
    assert (rel.configuration, rel.platform, rel.ltcg) == ("Release", "Win32", True)
    d = defines(rel.units[0])
    assert d["NDEBUG"] == "1" and d["WIN32"] == "1" and d["_DLL"] == "1" and "_DEBUG" not in d
    x64 = load_project(path, "release|X64")
    assert (x64.configuration, x64.platform) == ("Release", "x64")
    d = defines(x64.units[0])
    assert d["_WIN64"] == "1" and d["_M_X64"] == "100" and d["_M_AMD64"] == "100"
    assert "_M_IX86" not in d and "WIN32" not in d and d["_WIN32"] == "1"


def test_default_platform_and_configuration_without_debug_or_win32(tmp_path):
    p = load_project(str(app(tmp_path, configs=(("Release", "x64"), ("Profile", "x64")))))
    assert (p.configuration, p.platform) == ("Release", "x64")
    p = load_project(str(app(tmp_path, name="B", configs=(("Debug", "x64"), ("Debug", "Win32")))))
    assert (p.configuration, p.platform) == ("Debug", "Win32")


def test_unknown_configuration(tmp_path):
    path = str(app(tmp_path))
    with pytest.raises(ProjectError) as e:
        load_project(path, "Profile")
    assert e.value.path == path and e.value.line is None
    assert "'Profile'" in str(e.value) and "Debug|Win32, Release|Win32, Debug|x64, Release|x64" in str(e.value)
    with pytest.raises(ProjectError):
        load_project(path, "Debug|ARM")


# ---- item metadata ----------------------------------------------------------------------------

def test_definition_inheritance_and_item_overrides(tmp_path):
    definitions = (
        "  <ItemDefinitionGroup>\n    <ClCompile>\n"
        "      <PreprocessorDefinitions>LATE=2;%(PreprocessorDefinitions)</PreprocessorDefinitions>\n"
        "      <UndefinePreprocessorDefinitions>OLD;%(UndefinePreprocessorDefinitions)"
        "</UndefinePreprocessorDefinitions>\n"
        "      <AdditionalOptions>/DOPT=7 /U GONE %(AdditionalOptions)</AdditionalOptions>\n"
        "    </ClCompile>\n  </ItemDefinitionGroup>")
    items = (
        '    <ClCompile Include="main.cpp" />\n'
        '    <ClCompile Include="special.cpp">\n'
        f'      <PreprocessorDefinitions Condition="{COND.format("Release", "Win32")}">'
        "SPECIAL;EMPTY=;%(PreprocessorDefinitions)</PreprocessorDefinitions>\n"
        f'      <PreprocessorDefinitions Condition="{COND.format("Debug", "Win32")}">'
        "DBG_ONLY</PreprocessorDefinitions>\n"
        "    </ClCompile>")
    path = str(app(tmp_path, sources=("main.cpp", "special.cpp"), items=items, definitions=definitions))
    p = load_project(path, "Release")
    project_part = names(p.units[0])[names(p.units[0]).index("LATE"):]
    assert project_part == ["LATE", "WIN32", "NDEBUG", "_CONSOLE", "OPT"]
    assert p.units[0].undefines == ("OLD", "GONE")
    assert p.units[1].defines[-7:] == (("SPECIAL", "1"), ("EMPTY", ""), ("LATE", "2"), ("WIN32", "1"),
                                       ("NDEBUG", "1"), ("_CONSOLE", "1"), ("OPT", "7"))
    debug = load_project(path, "Debug")
    d = debug.units[1].defines
    assert ("DBG_ONLY", "1") in d and ("LATE", "2") not in d and ("_CONSOLE", "1") not in d
    assert ("LATE", "2") in debug.units[0].defines


def test_predefined_macros_follow_the_settings(tmp_path):
    runtime = "<ClCompile><RuntimeLibrary>{}</RuntimeLibrary></ClCompile>"
    cases = [("MultiThreaded", set(), {"_DLL", "_DEBUG"}), ("MultiThreadedDebug", {"_DEBUG"}, {"_DLL"}),
             ("MultiThreadedDLL", {"_DLL"}, {"_DEBUG"}), ("MultiThreadedDebugDLL", {"_DLL", "_DEBUG"}, set())]
    for i, (rt, present, absent) in enumerate(cases):
        definitions = f"  <ItemDefinitionGroup>{runtime.format(rt)}</ItemDefinitionGroup>"
        p = load_project(str(app(tmp_path, name=f"R{i}", definitions=definitions)), "Release")
        d = defines(p.units[0])
        assert present <= set(d) and not absent & set(d), rt
        assert d["_MT"] == "1"
    p = load_project(str(app(tmp_path, name="V110", toolset="v110", charset="MultiByte")))
    d = defines(p.units[0])
    assert d["_MSC_VER"] == "1700" and d["_MBCS"] == "1" and "UNICODE" not in d and p.character_set == "MultiByte"
    p = load_project(str(app(tmp_path, name="NoToolset", toolset="", charset="")), "Debug|x64")
    d = defines(p.units[0])
    assert d["_MSC_VER"] == "1900" and "_MBCS" not in d and "UNICODE" not in d and p.character_set is None
    assert names(p.units[0])[:4] == ["_WIN32", "_WIN64", "_M_X64", "_M_AMD64"]
    p = load_project(str(app(tmp_path, name="V143", toolset="v143")))
    assert defines(p.units[0])["_MSC_VER"] == "1930"


def test_project_definitions_come_after_the_predefined_ones(tmp_path):
    definitions = ("  <ItemDefinitionGroup><ClCompile><PreprocessorDefinitions>"
                   "_MSC_VER=1200;%(PreprocessorDefinitions)</PreprocessorDefinitions>"
                   "</ClCompile></ItemDefinitionGroup>")
    unit = load_project(str(app(tmp_path, definitions=definitions))).units[0]
    pairs = [pair for pair in unit.defines if pair[0] == "_MSC_VER"]
    assert pairs == [("_MSC_VER", "1910"), ("_MSC_VER", "1200")]


# ---- paths and include folders ------------------------------------------------------------------

def test_include_dirs(tmp_path):
    sol = tmp_path / "sol"
    for d in ("App/inc", "App/Deep/Include/Sub", "inc", "shared"):
        (sol / d).mkdir(parents=True)
    dirs = ("$(ProjectDir)inc;$(SolutionDir)shared;..\\inc;DEEP\\include\\sub;missing\\dir;C:\\SDK\\include;"
            ".\\inc;%(AdditionalIncludeDirectories)")
    definitions = ("  <ItemDefinitionGroup><ClCompile>"
                   f"<AdditionalIncludeDirectories>{dirs}</AdditionalIncludeDirectories>"
                   "</ClCompile></ItemDefinitionGroup>")
    path = app(sol, definitions=definitions)
    p = load_project(str(path), solution_dir=str(sol))
    assert p.units[0].include_dirs == (str(sol / "App" / "inc"), str(sol / "shared"), str(sol / "inc"),
                                       str(sol / "App" / "Deep" / "Include" / "Sub"))
    assert any("missing\\dir" in w for w in p.warnings) and any("C:\\SDK\\include" in w for w in p.warnings)
    # without solution_dir, $(SolutionDir) is the project's folder
    p = load_project(str(path))
    assert str(sol / "shared") not in p.units[0].include_dirs


def test_source_paths_are_found_case_insensitively(tmp_path):
    folder = tmp_path / "App"
    write(folder / "src" / "Main.cpp")
    items = '    <ClCompile Include="SRC\\main.CPP" />\n    <ClCompile Include="src\\gone.cpp" />'
    p = load_project(str(write(folder / "App.vcxproj", vcxproj(items=items))))
    assert [u.path for u in p.units] == [str(folder / "src" / "Main.cpp"), str(folder / "src" / "gone.cpp")]
    assert any("gone.cpp" in w for w in p.warnings)


def test_user_props_import(tmp_path):
    sol = tmp_path / "sol"
    write(sol / "props" / "include" / "common.h")
    write(sol / "props" / "common.props", (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">\n'
        '  <ImportGroup Label="PropertySheets" />\n'
        '  <Import Project="common.props" />\n'
        '  <PropertyGroup Label="UserMacros"><CommonRoot>$(MSBuildThisFileDirectory)</CommonRoot></PropertyGroup>\n'
        "  <ItemDefinitionGroup>\n    <ClCompile>\n"
        "      <AdditionalIncludeDirectories>$(MSBuildThisFileDirectory)include;%(AdditionalIncludeDirectories)"
        "</AdditionalIncludeDirectories>\n"
        "      <PreprocessorDefinitions>FROM_PROPS;LEVEL=$(Configuration);%(PreprocessorDefinitions)"
        "</PreprocessorDefinitions>\n"
        "    </ClCompile>\n  </ItemDefinitionGroup>\n</Project>\n"))
    imports = ('    <Import Project="..\\props\\common.props" />\n'
               '    <Import Project="..\\props\\absent.props" />\n'
               "    <Import Project=\"..\\props\\optional.props\" Condition=\"Exists('..\\props\\optional.props')\" />")
    definitions = ("  <ItemDefinitionGroup><ClCompile><AdditionalIncludeDirectories>"
                   "$(CommonRoot)..\\App;%(AdditionalIncludeDirectories)</AdditionalIncludeDirectories>"
                   "</ClCompile></ItemDefinitionGroup>")
    p = load_project(str(app(sol, imports=imports, definitions=definitions)))
    unit = p.units[0]
    d = defines(unit)
    assert d["FROM_PROPS"] == "1" and d["LEVEL"] == "Debug"
    assert unit.include_dirs == (str(sol / "App"), str(sol / "props" / "include"))
    assert any("absent.props" in w and "not found" in w for w in p.warnings)
    assert any("more than once" in w for w in p.warnings)
    assert not any("Microsoft.Cpp" in w or "optional.props" in w for w in p.warnings)


def test_excluded_from_build_only_in_release(tmp_path):
    items = ('    <ClCompile Include="main.cpp" />\n    <ClCompile Include="debug_only.cpp">\n'
             f'      <ExcludedFromBuild Condition="{COND.format("Release", "Win32")}">true</ExcludedFromBuild>\n'
             f'      <ExcludedFromBuild Condition="{COND.format("Release", "x64")}">true</ExcludedFromBuild>\n'
             "    </ClCompile>")
    path = str(app(tmp_path, sources=("main.cpp", "debug_only.cpp"), items=items))
    debug = load_project(path)
    assert [os.path.basename(u.path) for u in debug.units] == ["main.cpp", "debug_only.cpp"] and debug.excluded == []
    for config in ("Release", "Release|x64"):
        rel = load_project(path, config)
        assert [os.path.basename(u.path) for u in rel.units] == ["main.cpp"]
        assert rel.excluded == [str(tmp_path / "App" / "debug_only.cpp")]


def test_precompiled_header_found_where_the_create_source_finds_it(tmp_path):
    items = ('    <ClCompile Include="stdafx.cpp">\n'
             f'      <PrecompiledHeader Condition="{COND.format("Debug", "Win32")}">Create</PrecompiledHeader>\n'
             f'      <PrecompiledHeader Condition="{COND.format("Release", "Win32")}">Create</PrecompiledHeader>\n'
             "    </ClCompile>\n"
             '    <ClCompile Include="main.cpp" />\n'
             '    <ClCompile Include="Sub\\part.cpp" />\n'
             '    <ClCompile Include="plain.c"><PrecompiledHeader>NotUsing</PrecompiledHeader></ClCompile>')
    definitions = ("  <ItemDefinitionGroup><ClCompile><ForcedIncludeFiles>force.h;nowhere.h</ForcedIncludeFiles>"
                   "</ClCompile></ItemDefinitionGroup>")
    path = app(tmp_path, sources=("stdafx.cpp", "StdAfx.h", "main.cpp", "Sub/part.cpp", "plain.c", "force.h"),
               items=items, pch="Use", definitions=definitions)
    p = load_project(str(path))
    header = str(tmp_path / "App" / "StdAfx.h")
    by_name = {os.path.basename(u.path): u for u in p.units}
    assert by_name["main.cpp"].pch == ("stdafx.h", header)
    assert by_name["part.cpp"].pch == ("stdafx.h", header)
    assert by_name["stdafx.cpp"].pch is None and by_name["plain.c"].pch is None
    assert by_name["part.cpp"].forced_includes == (str(tmp_path / "App" / "force.h"), "nowhere.h")
    assert any("nowhere.h" in w for w in p.warnings)


def test_precompiled_header_without_create_source_or_header(tmp_path):
    write(tmp_path / "App" / "inc" / "pch.h")
    definitions = ("  <ItemDefinitionGroup><ClCompile><PrecompiledHeaderFile>pch.h</PrecompiledHeaderFile>"
                   "<AdditionalIncludeDirectories>inc</AdditionalIncludeDirectories></ClCompile></ItemDefinitionGroup>")
    p = load_project(str(app(tmp_path, pch="Use", definitions=definitions)))
    assert p.units[0].pch == ("pch.h", str(tmp_path / "App" / "inc" / "pch.h"))
    p = load_project(str(app(tmp_path, name="NoHeader", pch="Use")))
    assert p.units[0].pch == ("stdafx.h", "")
    assert any("stdafx.h" in w for w in p.warnings)


def test_kind_subsystem_ltcg_and_references(tmp_path):
    items = ('    <ClCompile Include="lib.cpp" />\n  </ItemGroup>\n  <ItemGroup>\n'
             '    <ProjectReference Include="..\\Other\\Other.vcxproj">\n'
             "      <Project>{22222222-0000-0000-0000-000000000002}</Project>\n    </ProjectReference>\n"
             '    <ProjectReference Include="..\\Tools\\tools.csproj" />')
    path = app(tmp_path, name="Lib", sources=("lib.cpp",), kind="StaticLibrary", subsystem="Windows", items=items,
               props="    <ProjectName>FancyLib</ProjectName>")
    p = load_project(str(path), "Release")
    assert (p.name, p.kind, p.subsystem, p.ltcg) == ("FancyLib", "StaticLibrary", "Windows", True)
    assert p.references == [str(tmp_path / "Other" / "Other.vcxproj"), str(tmp_path / "Tools" / "tools.csproj")]
    p = load_project(str(app(tmp_path, name="NoSub", subsystem="")))
    assert p.subsystem is None


def test_select_project_with_static_libraries(tmp_path):
    def ref(name: str) -> str:
        return f'    <ProjectReference Include="..\\{name}\\{name}.vcxproj" />'

    app(tmp_path, name="A", sources=("a.cpp",), kind="StaticLibrary",
        items='    <ClCompile Include="a.cpp" />\n' + ref("B") + "\n" + ref("App"))
    app(tmp_path, name="B", sources=("b.cpp",), kind="StaticLibrary")
    app(tmp_path, name="D", sources=("d.cpp",), kind="DynamicLibrary",
        items='    <ClCompile Include="d.cpp" />\n' + ref("C"))
    app(tmp_path, name="C", sources=("c.cpp",), kind="StaticLibrary")
    main_items = '    <ClCompile Include="main.cpp" />\n' + "\n".join(ref(n) for n in ("A", "D", "B", "Gone"))
    path = app(tmp_path, items=main_items)
    main, libs = select(str(path), "Release|x64")
    assert main.name == "App" and (main.configuration, main.platform) == ("Release", "x64")
    assert [lib.name for lib in libs] == ["A", "B"]
    assert all((lib.configuration, lib.platform) == ("Release", "x64") for lib in libs)
    assert any("Gone.vcxproj" in w for w in main.warnings)
    with pytest.raises(ProjectError):
        select(str(path), project="Other")


# ---- solutions ------------------------------------------------------------------------------------

def sln(entries: list[tuple[str, str, str, str]], configs=("Debug|x64", "Debug|x86", "Release|x64", "Release|x86"),
        mapping: dict[str, dict[str, str]] | None = None) -> str:
    lines = ["", "Microsoft Visual Studio Solution File, Format Version 12.00", "# Visual Studio 15",
             "VisualStudioVersion = 15.0.28307.271", "MinimumVisualStudioVersion = 10.0.40219.1"]
    for type_guid, name, rel, guid in entries:
        lines += [f'Project("{type_guid}") = "{name}", "{rel}", "{guid}"', "EndProject"]
    lines += ["Global", "\tGlobalSection(SolutionConfigurationPlatforms) = preSolution"]
    lines += [f"\t\t{c} = {c}" for c in configs]
    lines += ["\tEndGlobalSection", "\tGlobalSection(ProjectConfigurationPlatforms) = postSolution"]
    for guid, m in (mapping or {}).items():
        for solution_config, project_config in m.items():
            lines += [f"\t\t{guid}.{solution_config}.ActiveCfg = {project_config}",
                      f"\t\t{guid}.{solution_config}.Build.0 = {project_config}"]
    lines += ["\tEndGlobalSection", "EndGlobal", ""]
    return "\ufeff" + "\r\n".join(lines)


G_LIB, G_APP, G_CS, G_DIR = ("{AAAAAAAA-0000-0000-0000-00000000000A}", "{BBBBBBBB-0000-0000-0000-00000000000B}",
                             "{CCCCCCCC-0000-0000-0000-00000000000C}", "{DDDDDDDD-0000-0000-0000-00000000000D}")
CPP_MAP = {"Debug|x64": "Debug|x64", "Debug|x86": "Debug|Win32", "Release|x64": "Release|x64",
           "Release|x86": "Release|Win32"}


def solution_tree(tmp_path: Path) -> Path:
    app(tmp_path, name="Lib", sources=("lib.cpp",), kind="StaticLibrary", guid=G_LIB)
    app(tmp_path, name="App", guid=G_APP,
        items='    <ClCompile Include="main.cpp" />\n    <ProjectReference Include="..\\lib\\LIB.vcxproj" />')
    write(tmp_path / "Tool" / "Tool.csproj", "<Project />")
    entries = [(CPP_TYPE, "Lib", "Lib\\Lib.vcxproj", G_LIB), (FOLDER_TYPE, "Docs", "Docs", G_DIR),
               (CS_TYPE, "Tool", "Tool\\Tool.csproj", G_CS), (CPP_TYPE, "App", "App\\App.vcxproj", G_APP)]
    cs_map = {c: c.split("|")[0] + "|Any CPU" for c in CPP_MAP}
    return write(tmp_path / "Both.sln", sln(entries, mapping={G_LIB: CPP_MAP, G_APP: CPP_MAP, G_CS: cs_map}))


def test_load_solution(tmp_path):
    path = solution_tree(tmp_path)
    s = load_solution(str(path))
    assert s.path == str(path)
    assert [(sp.name, sp.line) for sp in s.projects] == [("Lib", 6), ("Tool", 10), ("App", 12)]
    assert s.projects[0].path == str(tmp_path / "Lib" / "Lib.vcxproj")
    assert (s.projects[0].guid, s.projects[0].type_guid) == (G_LIB, CPP_TYPE)
    assert s.configurations == ["Debug|x64", "Debug|x86", "Release|x64", "Release|x86"]
    assert s.mapping[(G_APP, "Release|x86")] == "Release|Win32" and s.mapping[(G_CS, "Debug|x86")] == "Debug|Any CPU"


def test_select_from_solution(tmp_path):
    path = str(solution_tree(tmp_path))
    main, libs = select(path, "Release|x86")
    assert main.name == "App" and (main.configuration, main.platform) == ("Release", "Win32")
    assert [lib.name for lib in libs] == ["Lib"] and libs[0].platform == "Win32"
    assert defines(main.units[0])["_MSC_VER"] == "1910"
    main, libs = select(path)                          # Debug|x64: first Debug configuration of the solution
    assert (main.name, main.configuration, main.platform) == ("App", "Debug", "x64")
    main, libs = select(path, "Release", project="lib")
    assert (main.name, main.kind, main.configuration, main.platform, libs) == ("Lib", "StaticLibrary", "Release",
                                                                               "x64", [])
    with pytest.raises(ProjectError) as e:
        select(path, project="Nope")
    assert "Lib, Tool, App" in str(e.value)
    with pytest.raises(ProjectError) as e:
        select(path, project="Tool")
    assert e.value.line == 10 and "not a C++ project" in str(e.value)
    with pytest.raises(ProjectError) as e:
        select(path, "Profile")
    assert "Debug|x64, Debug|x86" in str(e.value)


def test_solution_with_a_missing_project_file(tmp_path):
    app(tmp_path, name="App", guid=G_APP)
    entries = [(CPP_TYPE, "Ghost", "ghost\\Ghost.vcxproj", G_LIB), (CPP_TYPE, "App", "App\\App.vcxproj", G_APP)]
    path = str(write(tmp_path / "S.sln", sln(entries, mapping={G_APP: CPP_MAP})))
    main, _ = select(path)
    assert main.name == "App"
    with pytest.raises(ProjectError) as e:
        select(path, project="ghost")
    assert (e.value.path, e.value.line) == (path, 6)
    assert str(e.value) == f"{path}:6: project 'Ghost' not found: 'ghost\\Ghost.vcxproj'"


def test_malformed_solutions(tmp_path):
    bad = write(tmp_path / "bad.sln", sln([(CPP_TYPE, "App", "App\\App.vcxproj", G_APP)]).replace(
        '"App", "App', '"App" "App'))
    with pytest.raises(ProjectError) as e:
        load_solution(str(bad))
    assert e.value.line == 6
    for text in ("", "hello\n", "<Project />"):
        with pytest.raises(ProjectError):
            load_solution(str(write(tmp_path / "x.sln", text)))


# ---- hostile and broken input ---------------------------------------------------------------------

BOMB = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
        + "".join(f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n' for i in range(1, 10))
        + ']>\n<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003">'
        "<PropertyGroup><X>&lol9;</X></PropertyGroup></Project>\n")
EXTERNAL = ('<?xml version="1.0"?>\n<!DOCTYPE Project [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>\n'
            '<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003">'
            "<PropertyGroup><X>&x;</X></PropertyGroup></Project>\n")


@pytest.mark.parametrize("text, line, words", [
    (BOMB, 2, "may not declare a DTD or entities"),
    (EXTERNAL, 2, "may not declare a DTD or entities"),
    ("<Project>\n  <PropertyGroup>\n  </ItemGroup>\n</Project>\n", 3, "malformed project file: mismatched tag"),
    ("", None, "empty"),
    ("<Solution />", 1, "not an MSBuild project file"),
    ("<Project><PropertyGroup Condition=\"'$(A)'=='1' and\"/></Project>", 1, "cannot evaluate condition"),
    ("<Project><PropertyGroup Condition=\"'$(A)' = '1'\"/></Project>", 1, "cannot evaluate condition"),
])
def test_bad_project_files_fail_fast(tmp_path, text, line, words):
    path = str(write(tmp_path / "Bad.vcxproj", text))
    start = time.perf_counter()
    with pytest.raises(ProjectError) as e:
        load_project(path)
    assert time.perf_counter() - start < 0.5
    assert e.value.path == path and e.value.line == line and words in e.value.message
    assert str(e.value).startswith(f"{path}:{line}: " if line else f"{path}: ")


def test_folders_missing_files_and_doubling_bombs(tmp_path):
    with pytest.raises(ProjectError) as e:
        load_project(str(tmp_path))
    assert "folder" in str(e.value)
    with pytest.raises(ProjectError):
        load_project(str(tmp_path / "nothere.vcxproj"))
    with pytest.raises(ProjectError):
        select(str(tmp_path / "nothere.sln"))
    props = "".join(f"<P{i + 1}>$(P{i})$(P{i})</P{i + 1}>" for i in range(64))
    bomb = write(tmp_path / "Grow.vcxproj",
                 f"<Project><PropertyGroup><P0>xxxxxxxx</P0>{props}</PropertyGroup></Project>")
    start = time.perf_counter()
    with pytest.raises(ProjectError) as e:
        load_project(str(bomb))
    assert time.perf_counter() - start < 1 and "grows past" in str(e.value)


def test_encodings_and_property_functions(tmp_path):
    text = vcxproj(props="    <Odd>$([System.IO.Path]::Combine('$(ProjectDir)', 'x'))</Odd>\n"
                         "    <ProjectName Condition=\"'$(Odd)'==''\">Renamed</ProjectName>")
    write(tmp_path / "main.cpp")
    for name, encoding in (("U16.vcxproj", "utf-16"), ("Bom.vcxproj", "utf-8-sig")):
        p = load_project(str(write(tmp_path / name, text.replace('encoding="utf-8"', f'encoding="{encoding}"'),
                                   encoding=encoding)))
        assert p.name == "Renamed" and p.configurations[0] == "Debug|Win32"
        assert any("property function" in w for w in p.warnings)
