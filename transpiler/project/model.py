"""The plain data that `amppy.project` reads out of Visual Studio project and solution files.

`Project` is one `.vcxproj` evaluated for one configuration: the translation units it builds
(`Unit`, each with the preprocessor settings MSVC would use for it) and what else a caller needs
to know about the build.  `Solution` is a `.sln` file's list of projects and its configuration
mapping.  `ProjectError` is the one exception type for every problem with the input files.
"""
from __future__ import annotations

from dataclasses import dataclass, field


class ProjectError(Exception):
    """A project or solution file amppy cannot use.

    `str(e)` is `f"{path}:{line}: {message}"`, or `f"{path}: {message}"` when no line is known."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        super().__init__(path, line, message)
        self.path = path
        self.line = line
        self.message = message

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.path}: {self.message}"
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class Unit:
    """One translation unit: a ClCompile item that is built in the chosen configuration."""

    path: str                                # absolute, normalised, on-disk spelling where it exists
    defines: tuple[tuple[str, str], ...]     # predefined-for-settings first, then the project's, in order
    undefines: tuple[str, ...]               # UndefinePreprocessorDefinitions, then /U options
    include_dirs: tuple[str, ...]            # absolute existing folders, search order, no duplicates
    pch: tuple[str, str] | None              # (header as written, its absolute path or "") for PrecompiledHeader=Use
    forced_includes: tuple[str, ...]         # ForcedIncludeFiles, absolute where found, else as written


@dataclass
class Project:
    """One `.vcxproj` evaluated for one configuration and platform."""

    name: str                                # ProjectName property, else the file stem
    path: str                                # absolute path of the .vcxproj
    configuration: str                       # "Debug"
    platform: str                            # "Win32" / "x64"
    configurations: list[str]                # every "Config|Platform" listed, in file order
    kind: str                                # ConfigurationType ("Application" by default)
    subsystem: str | None                    # Link SubSystem: "Console", "Windows", ... or None
    character_set: str | None                # "Unicode", "MultiByte", "NotSet" or None
    ltcg: bool                               # whole-program optimisation (link-time code generation)
    units: list[Unit]                        # ClCompile items built, in file order
    excluded: list[str]                      # ClCompile items ExcludedFromBuild in this configuration
    references: list[str]                    # absolute paths of ProjectReference items, in order
    warnings: list[str] = field(default_factory=list)   # things skipped a user may want to know about


@dataclass
class SolutionProject:
    """One `Project(...)` entry of a `.sln` (solution folders are not listed)."""

    name: str
    path: str                                # absolute (the file may not exist)
    guid: str                                # "{XXXXXXXX-...}", upper-case
    type_guid: str                           # "{8BC9CEB8-...}" for C++, upper-case
    line: int                                # the .sln line of the entry


@dataclass
class Solution:
    """A `.sln` file: its projects and how solution configurations map to project configurations."""

    path: str
    projects: list[SolutionProject]          # in file order; solution folders left out
    configurations: list[str]                # SolutionConfigurationPlatforms: "Debug|x86", ...
    mapping: dict[tuple[str, str], str]      # (project guid, "Debug|x86") -> "Debug|Win32" (ActiveCfg)
