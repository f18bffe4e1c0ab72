"""Reading Visual Studio solution (`.sln`) files.

A solution is a text file (UTF-8 with or without a BOM, or UTF-16; CRLF or LF line ends):

    Microsoft Visual Studio Solution File, Format Version 12.00
    Project("{8BC9CEB8-8B4A-11D0-8D11-00A0C91BC942}") = "App", "App\\App.vcxproj", "{GUID}"
    EndProject
    Global
        GlobalSection(SolutionConfigurationPlatforms) = preSolution
            Debug|x86 = Debug|x86
        EndGlobalSection
        GlobalSection(ProjectConfigurationPlatforms) = postSolution
            {GUID}.Debug|x86.ActiveCfg = Debug|Win32
            {GUID}.Debug|x86.Build.0 = Debug|Win32
        EndGlobalSection
    EndGlobal

`load_solution` returns its projects (solution folders left out), its configurations and the
ActiveCfg mapping from solution to project configurations.  `solution_configuration` picks a
solution configuration the way MSBuild does.
"""
from __future__ import annotations

import codecs
import os
import re

from .model import ProjectError, Solution, SolutionProject
from .paths import Resolver
from .xmlsafe import read_limited

SOLUTION_FOLDER = "{2150E333-8FDC-42A3-9474-1A3956D46DE8}"
_HEADER = "microsoft visual studio solution file"
_PROJECT = re.compile(r'^Project\(\s*"(?P<type>[^"]*)"\s*\)\s*=\s*"(?P<name>[^"]*)"\s*,\s*"(?P<path>[^"]*)"'
                      r'\s*,\s*"(?P<guid>[^"]*)"\s*$')
_SECTION = re.compile(r"^GlobalSection\(\s*([^)]*?)\s*\)")
_ACTIVE = re.compile(r"^(\{[^}]*\})\.(.+)\.ActiveCfg$", re.I)


def _guid(text: str) -> str:
    return "{" + text.strip().strip("{}").strip().upper() + "}"


def _decode(data: bytes) -> str:
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def load_solution(path: str) -> Solution:
    """Read the `.sln` at `path`; a file that is not a solution, or a malformed entry, is a `ProjectError`."""
    path = os.path.abspath(path)
    text = _decode(read_limited(path, "solution file"))
    lines = text.splitlines()
    if not any(line.strip().lower().startswith(_HEADER) for line in lines[:5]):
        raise ProjectError(path, None, "not a Visual Studio solution file "
                                       "(no 'Microsoft Visual Studio Solution File' line at the top)")
    folder = os.path.dirname(path)
    resolver = Resolver()
    projects: list[SolutionProject] = []
    configurations: list[str] = []
    mapping: dict[tuple[str, str], str] = {}
    section: str | None = None
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if line.startswith("Project("):
            m = _PROJECT.match(line)
            if not m:
                raise ProjectError(path, number, f"malformed project entry: {line[:200]}")
            type_guid = _guid(m.group("type"))
            if type_guid == SOLUTION_FOLDER:
                continue
            rel = m.group("path").strip()
            found = resolver.resolve(folder, rel) if rel else None
            projects.append(SolutionProject(m.group("name").strip(), found[0] if found else rel,
                                            _guid(m.group("guid")), type_guid, number))
        elif line.startswith("GlobalSection("):
            m = _SECTION.match(line)
            section = m.group(1) if m else ""
        elif line == "EndGlobalSection":
            section = None
        elif section == "SolutionConfigurationPlatforms" and "=" in line:
            name = line.partition("=")[0].strip()
            if name and name not in configurations:
                configurations.append(name)
        elif section == "ProjectConfigurationPlatforms" and "=" in line:
            key, _, value = line.partition("=")
            m = _ACTIVE.match(key.strip())
            if m:
                mapping[(_guid(m.group(1)), m.group(2).strip())] = value.strip()
    return Solution(path, projects, configurations, mapping)


def solution_configuration(solution: Solution, config: str | None) -> str | None:
    """The solution configuration for `config` ("Release", "Release|x64", None for MSBuild's default).

    The default configuration is Debug if listed, else the first; the platform, where not given,
    is "Mixed Platforms" or "Any CPU" if listed for it (MSBuild's order), else the first listed.
    With no configurations in the solution, `config` is returned unchanged."""
    listed = solution.configurations
    if not listed:
        return config
    pairs = [(c.partition("|")[0].strip(), c.partition("|")[2].strip(), c) for c in listed]
    if config is None or not config.strip():
        name = next((p[0] for p in pairs if p[0].lower() == "debug"), pairs[0][0])
        platform = ""
    else:
        name, _, platform = (s.strip() for s in config.partition("|"))
    candidates = [p for p in pairs if p[0].lower() == name.lower()]
    if platform:
        aliases = {platform.lower()} | ({"win32", "x86"} if platform.lower() in ("win32", "x86") else set())
        candidates = sorted((p for p in candidates if p[1].lower() in aliases),
                            key=lambda p: p[1].lower() != platform.lower())
    if not candidates:
        raise ProjectError(solution.path, None, f"configuration '{config}' is not one of the solution's "
                                                "configurations: " + ", ".join(listed))
    if not platform:
        for preferred in ("mixed platforms", "any cpu"):
            for p in candidates:
                if p[1].lower() == preferred:
                    return p[2]
    return candidates[0][2]


def project_configuration(solution: Solution, project: SolutionProject, config: str | None) -> str | None:
    """The project configuration the solution configuration `config` builds `project` in (ActiveCfg).

    Without a mapping entry: the same name, with x86 read as Win32."""
    if config is None:
        return None
    mapped = solution.mapping.get((project.guid, config))
    if mapped is None:
        low = config.lower()
        mapped = next((v for (g, c), v in solution.mapping.items() if g == project.guid and c.lower() == low), None)
    if mapped:
        return mapped
    name, _, platform = config.partition("|")
    platform = platform.strip()
    if platform.lower() == "x86":
        platform = "Win32"
    elif platform.lower() in ("any cpu", "mixed platforms"):
        platform = ""
    return f"{name.strip()}|{platform}" if platform else name.strip()
