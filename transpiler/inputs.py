"""What the command line names, as a program to build: source files, or a Visual Studio project.

    amppy run prog.cpp ARGS                one file (today's form: every word after it is an argument)
    amppy run main.cpp kernels.cpp -- ARGS several files: the leading source files, up to `--`
    amppy run App.sln --config Release     a solution's project (`--project NAME`), or a `.vcxproj`

`resolve` turns that into a `Build`: the translation units, each with its preprocessor settings
(`amppy.project.Unit`), in link order (the project's `ClCompile` order, then the static libraries
it references), and what `run` needs to know about the project (its kind, its subsystem).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx", ".c++", ".cp", ".c")
PROJECT_SUFFIXES = (".vcxproj", ".sln")


class InputError(Exception):
    """The command line names something amppy cannot build (a usage error: exit 2)."""


@dataclass
class Build:
    units: list                         # amppy.project.Unit, in link order
    name: str                           # the program's name: the first file's stem, or the project's name
    folder: str                         # where `translate` writes by default
    inputs: list[str]                   # the files the command line named
    project: object = None              # amppy.project.Project, for a project or solution
    libraries: list = field(default_factory=list)   # the static libraries linked in
    config: str = ""                    # "Debug|Win32" for a project

    @property
    def key(self) -> str:
        """What identifies this build for the run cache: every unit and its settings."""
        return repr([(u.path, u.defines, u.undefines, u.include_dirs, u.pch) for u in self.units])

    def cannot_run(self) -> str | None:
        """Why `run` cannot run this project (a library, a Windows program), or None."""
        p = self.project
        if p is None:
            return None
        if p.kind in ("StaticLibrary", "DynamicLibrary"):
            what = "a static library" if p.kind == "StaticLibrary" else "a DLL"
            return (f"project '{p.name}' is {what} (ConfigurationType {p.kind}): it has no main to run; "
                    "`amppy check` and `amppy translate` take it, and `amppy run` the application that uses it")
        if p.kind not in ("Application", ""):
            return f"project '{p.name}' is a {p.kind} project: it builds no program to run"
        if p.subsystem == "Windows":
            return (f"project '{p.name}' is a Windows (GUI) program (SubSystem Windows, entry point WinMain): "
                    "amppy runs console programs; `amppy check` and `amppy translate` take it")
        return None


def looks_like_source(arg: str) -> bool:
    return arg.lower().endswith(SOURCE_SUFFIXES) and os.path.isfile(arg)


def split_run_args(first: str, args: list[str]) -> tuple[list[str], list[str]]:
    """`run`'s words after the first input: (more inputs, the program's arguments).  Inputs are
    the leading existing source files; `--` ends them (and is not passed on)."""
    inputs = [first]
    if "--" in args and all(looks_like_source(a) for a in args[:args.index("--")]):
        k = args.index("--")
        return inputs + args[:k], args[k + 1:]
    if first.lower().endswith(PROJECT_SUFFIXES):
        return inputs, args
    k = 0
    while k < len(args) and looks_like_source(args[k]):
        k += 1
    return inputs + args[:k], args[k:]


def resolve(inputs: list[str], config: str | None = None, project: str | None = None) -> Build:
    """The build the inputs name (InputError for a usage error; amppy.project.ProjectError for a
    project or solution file that cannot be used)."""
    for name in inputs:
        if not os.path.exists(name):
            raise InputError(f"no such file: '{name}'")
        if not os.path.isfile(name):
            raise InputError(f"'{name}' is not a file")
    projects = [n for n in inputs if n.lower().endswith(PROJECT_SUFFIXES)]
    if projects:
        if len(inputs) > 1:
            raise InputError("give one project or solution (.vcxproj, .sln), or source files, not both")
        return _project_build(inputs[0], config, project)
    if config is not None or project is not None:
        raise InputError("--config and --project choose a configuration of a Visual Studio project or "
                         "solution (.vcxproj, .sln)")
    seen: set[str] = set()
    for name in inputs:
        real = os.path.realpath(name)
        if real in seen:
            raise InputError(f"'{name}' is given twice")
        seen.add(real)
    from .driver import unit_of
    first = inputs[0]
    return Build([unit_of(n) for n in inputs], os.path.splitext(os.path.basename(first))[0],
                 os.path.dirname(first), list(inputs))


def _project_build(path: str, config: str | None, name: str | None) -> Build:
    from .project import select
    if name is not None and not path.lower().endswith(".sln"):
        raise InputError("--project chooses a project of a solution (.sln)")
    proj, libraries = select(path, config=config, project=name)
    units = list(proj.units)
    for lib in libraries:
        units += lib.units
    return Build(units, proj.name, os.path.dirname(proj.path), [path], project=proj, libraries=libraries,
                 config=f"{proj.configuration}|{proj.platform}")
