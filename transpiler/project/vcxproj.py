"""Loading a `.vcxproj`: its configurations, and the translation units with their preprocessor settings.

`load_project(path, config)` picks the configuration the way MSBuild does, evaluates the file
(`amppy.project.evaluate`) and turns the result into a `Project`: each built ClCompile item becomes
a `Unit` with the macros MSVC predefines for the project's settings (platform, toolset, runtime
library, character set) followed by the project's own definitions, its include folders (found on
disk, case-insensitively), its forced includes and its precompiled header.  The precompiled
header is found where the `PrecompiledHeader=Create` source (normally stdafx.cpp) finds it, so
every `Use` source gets the same header, also one in a subfolder with no stdafx.h beside it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace

from .evaluate import Evaluation, Item
from .model import Project, ProjectError, Unit
from .msbuild import is_true, split_list, unescape
from .paths import Resolver
from .xmlsafe import Node, parse_xml

MAX_DIR_WARNINGS = 3
_MSC_VER = {"v100": "1600", "v110": "1700", "v120": "1800", "v140": "1900", "v141": "1910", "v142": "1920",
            "v143": "1930", "v145": "1950"}
_KINDS = ("Application", "StaticLibrary", "DynamicLibrary", "Utility", "Makefile")
_CHARSETS = ("Unicode", "MultiByte", "NotSet")
_SUBSYSTEMS = ("Console", "Windows", "Native", "EFI Application", "EFI Boot Service Driver", "EFI ROM",
               "EFI Runtime", "POSIX")


def _canonical(value: str, known: tuple[str, ...]) -> str:
    for k in known:
        if k.lower() == value.lower():
            return k
    return value


def listed_configurations(root: Node) -> list[str]:
    """The `Include` of every ProjectConfiguration item of the project file, in file order."""
    out: list[str] = []
    for group in root.children:
        if group.tag == "ItemGroup":
            for item in group.children:
                include = (item.get("Include") or "").strip()
                if item.tag == "ProjectConfiguration" and include and include not in out:
                    out.append(include)
    return out


def choose_configuration(listed: list[str], wanted: str | None, path: str) -> tuple[str, str]:
    """(configuration, platform) for `wanted` ("Name", "Name|Platform" or None), MSBuild's defaults."""
    pairs = [(c.partition("|")[0].strip(), c.partition("|")[2].strip()) for c in listed]
    if wanted is None or not wanted.strip():
        names = [n for n, _ in pairs]
        name = next((n for n in names if n.lower() == "debug"), names[0] if names else "Debug")
        platform = ""
    else:
        name, _, platform = (s.strip() for s in wanted.partition("|"))
    if not pairs:
        return name, platform or "Win32"
    candidates = [p for p in pairs if p[0].lower() == name.lower()]
    if platform:
        aliases = {platform.lower()} | ({"win32", "x86"} if platform.lower() in ("win32", "x86") else set())
        candidates = [p for p in candidates if p[1].lower() in aliases]
    if not candidates:
        raise ProjectError(path, None, f"configuration '{wanted}' is not one of the project's configurations: "
                                       + ", ".join(listed))
    if not platform:
        return next((p for p in candidates if p[1].lower() == "win32"), candidates[0])
    return next((p for p in candidates if p[1].lower() == platform.lower()), candidates[0])


def predefined_macros(platform: str, toolset: str, runtime: str, charset: str | None) -> list[tuple[str, str]]:
    """What cl.exe defines for these settings before the project's own /D options."""
    out = [("_WIN32", "1")]
    plat = platform.lower()
    if plat == "x64":
        out += [("_WIN64", "1"), ("_M_X64", "100"), ("_M_AMD64", "100")]
    elif plat in ("win32", "x86"):
        out.append(("_M_IX86", "600"))
    elif plat == "arm64":
        out += [("_WIN64", "1"), ("_M_ARM64", "1")]
    elif plat == "arm":
        out.append(("_M_ARM", "7"))
    out.append(("_MSC_VER", _MSC_VER.get(toolset.strip().lower().split("_")[0], "1900")))
    out.append(("_MT", "1"))
    rt = runtime.lower()
    if rt.endswith("dll"):
        out.append(("_DLL", "1"))
    if "debug" in rt:
        out.append(("_DEBUG", "1"))
    cs = (charset or "").lower()
    if cs == "unicode":
        out += [("UNICODE", "1"), ("_UNICODE", "1")]
    elif cs == "multibyte":
        out.append(("_MBCS", "1"))
    return out


def parse_define(text: str) -> tuple[str, str] | None:
    """`NAME` -> (NAME, "1"); `NAME=` -> (NAME, ""); `NAME=V` or `NAME#V` -> (NAME, V)."""
    sep = "=" if "=" in text else ("#" if "#" in text else "")
    if sep:
        name, _, value = text.partition(sep)
    else:
        name, value = text, "1"
    name = name.strip()
    return (name, value) if name else None


def _command_line(text: str) -> list[str]:
    """Split cl.exe options: whitespace separates, double quotes group (and are dropped)."""
    out: list[str] = []
    cur: list[str] = []
    quoted = have = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
            have = True
        elif ch.isspace() and not quoted:
            if have:
                out.append("".join(cur))
            cur, have = [], False
        else:
            cur.append(ch)
            have = True
    if have:
        out.append("".join(cur))
    return out


def preprocessor_options(text: str) -> list[tuple[str, str]]:
    """The /D, /U, /I and /FI options (also with `-`) in AdditionalOptions, as (flag, argument)."""
    toks = _command_line(unescape(text))
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        i += 1
        if len(tok) < 2 or tok[0] not in "/-":
            continue
        for flag in ("FI", "D", "U", "I"):
            if tok[1:].startswith(flag):
                arg = tok[1 + len(flag):]
                if not arg and i < len(toks):
                    arg = toks[i]
                    i += 1
                if arg:
                    out.append((flag, arg))
                break
    return out


@dataclass(frozen=True)
class _Draft:
    """A unit before its precompiled header is known."""

    path: str
    pch_mode: str                 # PrecompiledHeader, lower case: "use", "create", "notusing" or ""
    header: str                   # PrecompiledHeaderFile (default stdafx.h)
    unit: Unit


class _Units:
    """Builds the `Unit`s of one evaluated project."""

    def __init__(self, ev: Evaluation) -> None:
        self.ev = ev
        self.resolver = ev.resolver
        self.dir = ev.dir
        self._dirs: dict[str, str | None] = {}
        self._dir_problems = 0
        self._found: dict[tuple[str, tuple[str, ...]], str] = {}

    def include_dir(self, raw: str) -> str | None:
        if raw in self._dirs:
            return self._dirs[raw]
        found = self.resolver.find_dir(self.dir, raw)
        if found is None:
            self._dir_problems += 1
            if self._dir_problems <= MAX_DIR_WARNINGS:
                why = "is outside this machine" if self.resolver.resolve(self.dir, raw) is None else "not found"
                self.ev.warn(f"{self.ev.path}: include folder '{raw}' {why}; left out")
        self._dirs[raw] = found
        return found

    def find(self, name: str, folders: list[str]) -> str:
        """Where `#include "name"` finds a file searching `folders` in order, else ""."""
        key = (name, tuple(folders))
        if key not in self._found:
            self._found[key] = next((f for f in (self.resolver.find_file(d, name) for d in folders) if f), "")
        return self._found[key]

    def source_path(self, item: Item) -> str:
        """The absolute on-disk path of a ClCompile item (warning when it is not there)."""
        where = f"{item.file}:{item.line}"
        found = self.resolver.resolve(self.dir, item.spec)
        if found is None:
            self.ev.warn(f"{where}: source file '{item.spec}' has a Windows absolute path; it cannot be found here")
            return item.spec
        if not found[1] or not os.path.isfile(found[0]):
            self.ev.warn(f"{where}: source file not found: '{item.spec}'")
        return found[0]

    def draft(self, path: str, item: Item) -> _Draft:
        """A unit's settings, all but its precompiled header."""
        ev, meta = self.ev, item.meta
        options = preprocessor_options(meta.get("additionaloptions", ""))
        raw_dirs = split_list(meta.get("additionalincludedirectories", ""))
        raw_dirs += [a for f, a in options if f == "I"] + split_list(ev.props.get("IncludePath"))
        dirs = tuple(dict.fromkeys(d for d in map(self.include_dir, raw_dirs) if d))
        runtime = unescape(meta.get("runtimelibrary", "")).strip()
        if not runtime:
            runtime = "MultiThreadedDebugDLL" if is_true(ev.props.get("UseDebugLibraries")) else "MultiThreadedDLL"
        charset = unescape(ev.props.get("CharacterSet")).strip() or None
        defines = predefined_macros(ev.props.get("Platform"), unescape(ev.props.get("PlatformToolset")), runtime,
                                    charset)
        texts = split_list(meta.get("preprocessordefinitions", "")) + [a for f, a in options if f == "D"]
        defines += [d for d in map(parse_define, texts) if d]
        undefines = split_list(meta.get("undefinepreprocessordefinitions", "")) + [a for f, a in options if f == "U"]
        forced = split_list(meta.get("forcedincludefiles", "")) + [a for f, a in options if f == "FI"]
        resolved = []
        for name in forced:
            hit = self.find(name, [self.dir, *dirs])
            if not hit:
                ev.warn(f"{ev.path}: forced include '{name}' not found")
            resolved.append(hit or name)
        return _Draft(path, unescape(meta.get("precompiledheader", "")).strip().lower(),
                      unescape(meta.get("precompiledheaderfile", "")).strip() or "stdafx.h",
                      Unit(path, tuple(defines), tuple(undefines), dirs, None, tuple(resolved)))

    def build(self) -> tuple[list[Unit], list[str]]:
        """The units built in this configuration and the ClCompile items excluded from it."""
        drafts: list[_Draft] = []
        excluded: list[str] = []
        seen: set[str] = set()
        for item in self.ev.items:
            if item.type != "clcompile":
                continue
            path = self.source_path(item)
            if path in seen:
                self.ev.warn(f"{item.file}:{item.line}: '{item.spec}' is listed more than once; "
                             "the repeat was left out")
            elif is_true(item.meta.get("excludedfrombuild")):
                excluded.append(path)
            else:
                drafts.append(self.draft(path, item))
            seen.add(path)
        creates = [d for d in drafts if d.pch_mode == "create"]
        units = [replace(d.unit, pch=self.pch(d, creates)) if d.pch_mode == "use" else d.unit for d in drafts]
        if self._dir_problems > MAX_DIR_WARNINGS:
            self.ev.warn(f"{self.ev.path}: {self._dir_problems - MAX_DIR_WARNINGS} more include folders were not "
                         "found or are outside this machine; left out")
        return units, excluded

    def pch(self, use: _Draft, creates: list[_Draft]) -> tuple[str, str]:
        """(header, path) for a PrecompiledHeader=Use unit: where the Create source finds the header."""
        header = use.header
        create = next((c for c in creates if c.header.lower() == header.lower()), creates[0] if creates else None)
        if create is not None:
            folders = [os.path.dirname(create.path), *create.unit.include_dirs]
            where = f"beside {os.path.basename(create.path)} or in its include folders"
        else:
            folders = [self.dir, *use.unit.include_dirs]
            where = "in the project folder or the include folders"
        found = self.find(header, folders)
        if not found:
            self.ev.warn(f"{self.ev.path}: precompiled header '{header}' not found {where}")
        return header, found


def _reference_paths(ev: Evaluation) -> list[str]:
    out: list[str] = []
    for item in ev.items:
        if item.type != "projectreference":
            continue
        found = ev.resolver.resolve(ev.dir, item.spec)
        if found is None:
            ev.warn(f"{item.file}:{item.line}: project reference '{item.spec}' has a Windows absolute path; skipped")
        elif found[0] not in out:
            out.append(found[0])
    return out


def _subsystem(value: str | None) -> str | None:
    text = unescape(value or "").strip()
    if not text or text.lower() == "notset":
        return None
    return _canonical(text, _SUBSYSTEMS)


def load(path: str, config: str | None, solution_dir: str | None, solution_path: str | None = None,
         resolver: Resolver | None = None) -> Project:
    """`load_project` with the solution's path (for $(SolutionName)...) and a shared path resolver."""
    path = os.path.abspath(path)
    try:
        root = parse_xml(path)
        if root.tag != "Project":
            raise ProjectError(path, root.line, f"not an MSBuild project file: the root element is <{root.tag}>, "
                                                "not <Project>")
        configs = listed_configurations(root)
        configuration, platform = choose_configuration(configs, config, path)
        ev = Evaluation(path, root, configuration, platform, solution_dir, solution_path, resolver or Resolver())
        ev.run()
        units, excluded = _Units(ev).build()
    except RecursionError:
        raise ProjectError(path, None, "project file nested too deeply") from None
    props = ev.props
    wpo = unescape(props.get("WholeProgramOptimization")).strip().lower()
    ltcg = wpo in ("true", "pginstrument", "pgoptimize", "pgupdate") or \
        is_true(ev.defs.get("clcompile", {}).get("wholeprogramoptimization"))
    return Project(
        name=unescape(props.get("ProjectName")).strip() or os.path.splitext(os.path.basename(path))[0],
        path=path,
        configuration=configuration,
        platform=platform,
        configurations=configs,
        kind=_canonical(unescape(props.get("ConfigurationType")).strip() or "Application", _KINDS),
        subsystem=_subsystem(ev.defs.get("link", {}).get("subsystem")),
        character_set=_canonical(unescape(props.get("CharacterSet")).strip(), _CHARSETS) or None,
        ltcg=ltcg,
        units=units,
        excluded=excluded,
        references=_reference_paths(ev),
        warnings=ev.warnings,
    )


def load_project(path: str, config: str | None = None, solution_dir: str | None = None) -> Project:
    """Read the `.vcxproj` at `path` for `config` ("Release", "Release|x64"; default: MSBuild's).

    `solution_dir` is $(SolutionDir) (default: the project's folder).  Raises `ProjectError`."""
    return load(path, config, solution_dir)
