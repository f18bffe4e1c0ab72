"""amppy.project: Visual Studio C++ projects (`.vcxproj`, the `.props` they import) and solutions (`.sln`).

Reads the files into plain data, with the standard library only: the translation units a
project builds in one configuration, each with the preprocessor settings MSVC would use for it
(predefined macros, the project's definitions, include folders found on disk, forced includes,
the precompiled header), and the projects and configuration mapping of a solution.

    load_project(path, config=None, solution_dir=None) -> Project
    load_solution(path) -> Solution
    select(path, config=None, project=None) -> (Project, [static library Projects])

Every problem with the input files is a `ProjectError` ("path:line: message").  Modules:
`model` (the data), `xmlsafe` (XML without DTDs or entities), `paths` (Windows paths found
case-insensitively), `msbuild` (properties, expansion, conditions), `evaluate` (MSBuild's
evaluation passes), `vcxproj`, `sln`, `selection`.
"""
from __future__ import annotations

from .model import Project, ProjectError, Solution, SolutionProject, Unit

__all__ = ["Project", "ProjectError", "Solution", "SolutionProject", "Unit", "load_project", "load_solution",
           "select"]

#: imported on first use: running a plain .cpp file needs the data model only
_LAZY = {"select": "selection", "load_solution": "sln", "load_project": "vcxproj"}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
