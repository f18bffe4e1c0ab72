"""Choosing what to build: a project from a solution or a project file, with its static libraries.

`select(path, config, project)` returns the project to build and the StaticLibrary projects it
references (transitively, each once, in reference order), which amppy compiles along with it.
For a solution, `config` is a solution configuration mapped to each project's configuration
through the solution's ActiveCfg entries; references are loaded in the configuration the
solution maps them to.  For a project file, `config` is the project configuration and its
references are loaded with the same one.
"""
from __future__ import annotations

import os
from typing import Callable

from .model import Project, ProjectError, Solution, SolutionProject
from .paths import Resolver
from .sln import load_solution, project_configuration, solution_configuration
from .vcxproj import load


def _static_libraries(main: Project, loader: Callable[[str], Project]) -> list[Project]:
    """The StaticLibrary projects `main` links: its references, theirs, ... (preorder, each once)."""
    out: list[Project] = []
    seen = {main.path}
    stack = [(main, iter(main.references))]
    while stack:
        project, refs = stack[-1]
        ref = next(refs, None)
        if ref is None:
            stack.pop()
            continue
        if ref in seen:
            continue
        seen.add(ref)
        if not ref.lower().endswith(".vcxproj"):
            continue
        if not os.path.isfile(ref):
            message = f"{project.path}: referenced project not found, skipped: {ref}"
            if message not in main.warnings:
                main.warnings.append(message)
            continue
        lib = loader(ref)
        if lib.kind == "StaticLibrary":
            out.append(lib)
            stack.append((lib, iter(lib.references)))
    return out


def _check_loadable(solution: Solution, sp: SolutionProject) -> None:
    if not sp.path.lower().endswith(".vcxproj"):
        raise ProjectError(solution.path, sp.line, f"project '{sp.name}' is not a C++ project "
                                                   f"({os.path.basename(sp.path)}); amppy reads .vcxproj files")
    if not os.path.isfile(sp.path):
        folder = os.path.dirname(solution.path)
        rel = os.path.relpath(sp.path, folder).replace("/", "\\") if os.path.isabs(sp.path) else sp.path
        raise ProjectError(solution.path, sp.line, f"project '{sp.name}' not found: '{rel}'")


def _select_solution(path: str, config: str | None, project: str | None) -> tuple[Project, list[Project]]:
    solution = load_solution(path)
    folder = os.path.dirname(solution.path)
    sol_config = solution_configuration(solution, config)
    resolver = Resolver()
    cache: dict[str, Project] = {}

    def load_entry(sp: SolutionProject) -> Project:
        if sp.path not in cache:
            cache[sp.path] = load(sp.path, project_configuration(solution, sp, sol_config), folder, solution.path,
                                  resolver)
        return cache[sp.path]

    skipped: list[str] = []
    if project is not None:
        chosen = [sp for sp in solution.projects if sp.name.lower() == project.strip().lower()]
        if not chosen:
            names = ", ".join(sp.name for sp in solution.projects) or "(none)"
            raise ProjectError(solution.path, None, f"no project named '{project}' in the solution; its projects: "
                                                    f"{names}")
        _check_loadable(solution, chosen[0])
        main = load_entry(chosen[0])
    else:
        first: Project | None = None
        picked: Project | None = None
        errors: list[ProjectError] = []
        for sp in solution.projects:
            if not sp.path.lower().endswith(".vcxproj") or not os.path.isfile(sp.path):
                continue
            try:
                candidate = load_entry(sp)
            except ProjectError as e:
                errors.append(e)
                skipped.append(f"{solution.path}:{sp.line}: project '{sp.name}' skipped: {e}")
                continue
            first = first or candidate
            if candidate.kind == "Application":
                picked = candidate
                break
        main_or_none = picked or first
        if main_or_none is None:
            missing = [sp for sp in solution.projects
                       if sp.path.lower().endswith(".vcxproj") and not os.path.isfile(sp.path)]
            if missing and not errors:          # the solution names a project that is not there
                _check_loadable(solution, missing[0])
            why = f" (first problem: {errors[0]})" if errors else ""
            raise ProjectError(solution.path, None, f"no C++ project in the solution can be loaded{why}")
        main = main_or_none
    for message in skipped:
        if message not in main.warnings:
            main.warnings.append(message)

    by_path = {sp.path.casefold(): sp for sp in solution.projects}
    same = f"{main.configuration}|{main.platform}"

    def load_reference(ref: str) -> Project:
        sp = by_path.get(ref.casefold())
        if sp is not None:
            return load_entry(sp)
        if ref not in cache:
            cache[ref] = load(ref, same, folder, solution.path, resolver)
        return cache[ref]

    return main, _static_libraries(main, load_reference)


def select(path: str, config: str | None = None, project: str | None = None) -> tuple[Project, list[Project]]:
    """The project to build from `path` (a .sln or .vcxproj) and the static libraries it references.

    For a solution, `project` names the project (any case; default: the first Application, else
    the first that loads) and `config` is the solution configuration ("Release", "Release|x64").
    For a project file, `config` is its configuration.  Raises `ProjectError`."""
    if path.lower().endswith(".sln"):
        return _select_solution(path, config, project)
    resolver = Resolver()
    main = load(path, config, None, resolver=resolver)
    stem = os.path.splitext(os.path.basename(main.path))[0]
    if project is not None and project.strip().lower() not in (main.name.lower(), stem.lower()):
        raise ProjectError(main.path, None, f"project '{project}' was asked for, but this file is the project "
                                            f"'{main.name}'")
    same = f"{main.configuration}|{main.platform}"
    folder = os.path.dirname(main.path)
    cache: dict[str, Project] = {}

    def load_reference(ref: str) -> Project:
        if ref not in cache:
            cache[ref] = load(ref, same, folder, os.path.join(folder, stem + ".sln"), resolver)
        return cache[ref]

    return main, _static_libraries(main, load_reference)
