"""`amppy report PATH...`: how much of a code base amppy takes, and what stops the rest.

The paths are folders (searched recursively, hidden folders skipped), solutions, projects and source
files.  Checked: each solution's C++ projects; each project named, or found and in no found solution;
each source file named, or found and neither compiled nor excluded by a found project (a loose file,
a unit of its own).  A file with the same settings is one unit whichever projects compile it; a
project or solution file that cannot be read is a `project-error` row, not a failure.  Each unit is
checked as `amppy check` checks it (a project's unit as a compiler compiles one file: undefined
references are left to the project's link), in worker processes forked from this one (never importing
numba): `clean`, `unsupported` (first error `unsupported`), `platform-header` (first error a Windows platform
header amppy does not provide: the SDK, MFC/ATL, Direct3D, DXUT, CppUnitTest, `PLATFORM_HEADERS`), `errors`
(another code), `crash` (an internal compiler error) or `timeout`, with its `unsupported` diagnostics counted by
construct (the words before "is/are not supported yet").  A project can run when its units and its static
libraries' are clean, `inputs.Build.cannot_run()` has no objection and its units linked with a `main` check clean;
its `command` is the `amppy run` that runs it.  `--format csv` is one table of every row, a `kind` column saying
which (unit, project, blocker).
The blockers table counts the units each first error stops, their files and their projects.  Exit
status: 0 whatever the units' outcomes, 2 for misuse of the command line, 130 after Ctrl-C.
"""
from __future__ import annotations

import collections
import csv
import io
import json
import os
import re
import signal
import sys
import time
from dataclasses import dataclass, field

STATUSES = ("clean", "unsupported", "platform-header", "errors", "crash", "timeout")
#: One CSV for every row of the report, `kind` saying which: `unit` (path ... seconds), `project` (path, project:
#: its name, status ok|project-error, message: why it cannot run or the file's error, seconds, configuration, type,
#: units, clean, runnable yes|no, command), `blocker` (blocker, units, files, projects).
CSV_HEADER = ("kind", "path", "project", "status", "code", "message", "location", "unsupported", "seconds",
              "configuration", "type", "units", "clean", "runnable", "command", "blocker", "files", "projects")
_CONSTRUCT = re.compile(r"^(?P<what>.*?)\s+(?:(?:is|are)\s+)?not supported yet")
_QUOTED = re.compile(r"'([^']*)'")
_HEADER_CODES = ("pp-unknown-header", "pp-file-not-found")
#: Headers of the Windows platform rather than of C++ (the Windows SDK, MFC/ATL, Direct3D and its sample framework
#: DXUT, DirectX's other APIs, the Visual Studio unit test framework): a unit stopped by one amppy does not provide
#: is `platform-header`, not `errors`.  Prefixes of the file name, lower case.
PLATFORM_HEADERS = ("afx", "atl", "d3d", "d2d", "dxgi", "dwrite", "dxut", "dxerr", "dxtrace", "directx", "xinput",
                    "xaudio", "dinput", "dsound", "ddraw", "wincodec", "cppunittest", "sdkmisc", "sdkmesh", "wrl",
                    "winrt", "gdiplus", "commctrl", "commdlg", "shlobj", "shellapi", "shlwapi", "comdef", "comutil",
                    "objbase", "ole2", "oleauto", "mmsystem", "winsock", "ws2", "strsafe", "psapi", "dbghelp",
                    "richedit", "uxtheme", "dwmapi", "wingdi", "winuser", "winbase", "mfapi", "mfidl", "dcomp",
                    "initguid", "guiddef", "unknwn", "objidl", "oaidl", "wtypes", "windowsx", "winerror", "xnamath",
                    "propidl", "propvarutil", "wbem", "setupapi", "tlhelp32", "versionhelpers", "sdkddkver")


class UsageError(Exception):
    """A misuse of the command line (exit 2)."""


def main(ns) -> int:
    """Run `amppy report` for parsed arguments `ns`; print the report; return the exit status."""
    defines = {d.partition("=")[0]: d.partition("=")[2] if "=" in d else "1" for d in ns.defines}
    try:
        data = run(ns.paths, config=ns.config, target=ns.target, defines=defines, include_dirs=ns.include_dirs,
                   jobs=ns.jobs, timeout=ns.timeout, progress=sys.stderr.isatty())
    except UsageError as e:
        sys.stderr.write(f"amppy report: error: {e}\n")
        return 2
    except KeyboardInterrupt:       # while reading the project files: nothing checked yet
        sys.stderr.write("amppy report: interrupted\n")
        return 130
    sys.stdout.write({"text": render_text, "json": render_json, "csv": render_csv}[ns.format](data))
    sys.stdout.flush()
    return 130 if data["interrupted"] else 0


@dataclass
class _Unit:
    unit: object                        # amppy.project.Unit
    ltcg: bool
    projects: list[int] = field(default_factory=list)   # indices of the projects that compile it
    result: dict | None = None


@dataclass
class _Project:
    name: str
    path: str
    configuration: str
    kind: str
    own: list[tuple] = field(default_factory=list)        # unit keys of its ClCompile items
    libraries: list[int] = field(default_factory=list)    # static library projects linked in
    link: list = field(default_factory=list)              # every Unit of the linked program
    ltcg: bool = False
    cannot_run: str | None = None
    error: str | None = None            # a project-error row: why the file cannot be used
    reason: str | None = None           # why it cannot run
    decided: bool = False               # whether `reason` is known (None then: it can run)
    seconds: float = 0.0


class _Finder:
    def __init__(self, config: str | None):
        self.config = config
        self.units: dict[tuple, _Unit] = {}             # unit key -> the unit and its projects
        self.projects: list[_Project] = []
        self._project_keys: dict[tuple, int] = {}
        self._errors: set[tuple[str, str]] = set()
        self.in_solution: set[str] = set()              # real paths of the found solutions' projects
        self.compiled: set[str] = set()                 # real paths of the found projects' sources

    def error(self, path: str, message: str) -> None:
        if (os.path.realpath(path), message) not in self._errors:
            self._errors.add((os.path.realpath(path), message))
            self.projects.append(_Project(os.path.splitext(os.path.basename(path))[0], path, "", "", error=message,
                                          decided=True))

    def solution(self, path: str) -> None:
        from .project import ProjectError, load_solution
        from .project.sln import solution_configuration
        try:
            sol = load_solution(path)
            solution_configuration(sol, self.config)
        except ProjectError as e:
            return self.error(e.path or path, str(e))
        for sp in sol.projects:
            if not sp.path.lower().endswith(".vcxproj"):
                continue
            self.in_solution.add(os.path.realpath(sp.path))
            if not os.path.isfile(sp.path):
                self.error(sp.path, f"{sol.path}:{sp.line}: project '{sp.name}' not found")
            else:
                self.select(sol.path, sp.name)

    def select(self, path: str, name: str | None) -> None:
        from .project import ProjectError, select
        try:
            project, libraries = select(path, self.config, name)
        except ProjectError as e:
            return self.error(e.path or path, str(e))
        self.add(project, libraries)

    def add(self, p, libraries: list) -> int:
        key = (os.path.realpath(p.path), p.configuration, p.platform, tuple(p.units))
        if key in self._project_keys:
            return self._project_keys[key]
        from .inputs import Build
        k = len(self.projects)
        self._project_keys[key] = k
        row = _Project(p.name, p.path, f"{p.configuration}|{p.platform}", p.kind, ltcg=p.ltcg,
                       cannot_run=(Build([], p.name, "", [], project=p).cannot_run() or "").split(": ")[0] or None)
        self.projects.append(row)
        self.compiled.update(os.path.realpath(f) for f in [u.path for u in p.units] + list(p.excluded))
        row.own = [self.unit(u, p.ltcg, k) for u in p.units]
        row.libraries = [self.add(lib, []) for lib in libraries]
        row.link = list(p.units) + [u for lib in libraries for u in lib.units]
        if not p.units:
            row.reason, row.decided = f"compiles no source file in configuration {row.configuration}", True
        return k

    def unit(self, u, ltcg: bool, project: int | None) -> tuple:
        key = (os.path.realpath(u.path), u.defines, u.undefines, u.include_dirs, u.pch, u.forced_includes, ltcg)
        entry = self.units.setdefault(key, _Unit(u, ltcg))
        if project is not None and project not in entry.projects:
            entry.projects.append(project)
        return key


def find(paths: list[str], config: str | None = None) -> _Finder:
    """The projects and units the paths name (UsageError for a path that is not there or not usable)."""
    from .driver import unit_of
    from .inputs import SOURCE_SUFFIXES

    def kind(name: str) -> int | None:
        return next((k for k, suffix in enumerate((".sln", ".vcxproj", SOURCE_SUFFIXES))
                     if name.lower().endswith(suffix)), None)
    named: list[list[str]] = [[], [], []]
    found: list[list[str]] = [[], [], []]
    for path in paths:
        if not os.path.exists(path):
            raise UsageError(f"no such file or folder: '{path}'")
        if not os.path.isdir(path):
            if kind(path) is None:
                raise UsageError(f"'{path}' is not a folder, a solution (.sln), a project (.vcxproj) or a source file")
            named[kind(path)].append(path)
        for root, dirs, files in os.walk(path) if os.path.isdir(path) else ():
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                if kind(f) is not None:
                    found[kind(f)].append(os.path.join(root, f))
    finder = _Finder(config)
    for sln in named[0] + found[0]:
        finder.solution(sln)
    for v in named[1] + [v for v in found[1] if os.path.realpath(v) not in finder.in_solution]:
        finder.select(v, None)
    for s in named[2] + [s for s in found[2] if os.path.realpath(s) not in finder.compiled]:
        finder.unit(unit_of(os.path.abspath(s)), False, None)
    return finder


def check(units: list, opts, need_main: bool = False, compile_only: bool = False) -> dict:
    """Check `units` linked together (one: on its own) as `amppy check` does: plain data.  `compile_only`: a unit
    of a project, whose undefined references are the link check's (which then also checks its code generation)."""
    from .diagnostics import CompileError, DiagnosticSink, InternalCompilerError
    from .driver import translate_units
    start, sink = time.perf_counter(), DiagnosticSink()
    if compile_only:                # a project's unit: compiled as `cl /c` does, its references left to the link
        import dataclasses
        opts = dataclasses.replace(opts, compile_only=True)
    try:
        translate_units(units, opts, sink, need_main=need_main)
    except CompileError:
        pass
    except InternalCompilerError as e:
        return _failed("crash", f"internal compiler error in stage '{e.stage}': {e}", time.perf_counter() - start)
    except Exception as e:          # escaped the stages: still amppy's fault
        return _failed("crash", f"internal compiler error: {type(e).__name__}: {e}", time.perf_counter() - start)
    errors = [d for d in sink.diagnostics if d.severity == "error"]
    constructs = collections.Counter(construct(d.message) for d in errors if d.code == "unsupported")
    out = _failed("clean", "", time.perf_counter() - start) | {"unsupported": dict(constructs)}
    if errors:
        first = errors[0]
        status = "unsupported" if first.code == "unsupported" else \
            "platform-header" if platform_header(first.code, first.message) else "errors"
        out.update(status=status, code=first.code, message=first.message)
        if first.span is not None:
            out.update(file=first.span.file, line=first.span.line, col=first.span.col)
    return out


def _failed(status: str, message: str, seconds: float) -> dict:
    return {"status": status, "code": "internal" if status == "crash" else "", "message": message, "file": "",
            "line": 0, "col": 0, "unsupported": {}, "seconds": round(seconds, 3)}


def construct(message: str) -> str:
    """The construct an `unsupported` diagnostic names: "unions are not supported yet" -> "unions"."""
    m = _CONSTRUCT.match(message)
    return m.group("what") if m else message


def platform_header(code: str, message: str) -> bool:
    """The diagnostic is a missing header of the Windows platform (`PLATFORM_HEADERS`)."""
    if code not in _HEADER_CODES:
        return False
    m = _QUOTED.search(message)
    name = m.group(1).strip("<>").replace("\\", "/").lower() if m else ""
    return any(part.startswith(PLATFORM_HEADERS) for part in name.split("/"))


def _worker(conn) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # the parent handles Ctrl-C and ends the workers
    while True:
        try:
            tid, units, opts, need_main, compile_only = conn.recv()
        except (EOFError, OSError):
            return
        try:
            result = check(units, opts, need_main, compile_only)
        except BaseException as e:      # noqa: B036 -- a worker answers, whatever happens
            result = _failed("crash", f"{type(e).__name__}: {e}", 0.0)
        conn.send((tid, result))


class _Pool:
    """Worker processes forked on demand; a task past the time limit has its worker killed and replaced."""

    def __init__(self, jobs: int, timeout: float):
        import multiprocessing
        self.ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
        self.jobs, self.timeout = jobs, timeout
        self.idle, self.busy = [], {}   # [(process, connection)], {connection: (process, task id, start time)}

    def run(self, queue: collections.deque, done) -> None:
        """Run the tasks (id, units, opts, need_main, compile_only) of `queue`; `done(id, result)` may queue more."""
        from multiprocessing.connection import wait
        while queue or self.busy:
            while queue and (self.idle or len(self.busy) < self.jobs):
                proc, conn = self.idle.pop() if self.idle else self._spawn()
                task = queue.popleft()
                try:
                    conn.send(task)
                    self.busy[conn] = (proc, task[0], time.monotonic())
                except OSError:         # the worker died while idle
                    self._end(proc, conn)
                    queue.appendleft(task)
            deadline = min(start for _, _, start in self.busy.values()) + self.timeout
            for conn in wait(list(self.busy), timeout=max(0.0, deadline - time.monotonic())):
                proc, tid, start = self.busy.pop(conn)
                try:
                    _, result = conn.recv()
                    self.idle.append((proc, conn))
                except (EOFError, OSError):
                    self._end(proc, conn)
                    result = _failed("crash", "the worker process died", time.monotonic() - start)
                done(tid, result)
            now = time.monotonic()
            for conn, (proc, tid, start) in list(self.busy.items()):
                if now - start >= self.timeout:
                    del self.busy[conn]
                    self._end(proc, conn)
                    done(tid, _failed("timeout", f"took more than {self.timeout:g} s", self.timeout))

    def _spawn(self):
        parent, child = self.ctx.Pipe()
        proc = self.ctx.Process(target=_worker, args=(child,), daemon=True)
        proc.start()
        child.close()
        return proc, parent

    def _end(self, proc, conn) -> None:
        conn.close()
        proc.kill()
        proc.join(5)

    def close(self) -> None:
        """End every worker: the idle ones, and the busy ones of an interrupted run."""
        for proc, conn in self.idle + [(p, c) for c, (p, _, _) in self.busy.items()]:
            self._end(proc, conn)


def _progress(done: int, total: int, what: str) -> None:
    """`[=====>    ] 12/38 units` on stderr (a terminal), over the previous one; total 0 erases it."""
    filled = 30 * done // max(total, 1)
    bar = f"[{'=' * filled}{'>' if filled < 30 else ''}{' ' * (29 - filled)}] {done}/{total} {what}" if total else ""
    sys.stderr.write(f"\r{bar}\x1b[K")
    sys.stderr.flush()


def run(paths: list[str], *, config: str | None = None, target: str = "cpu", defines: dict | None = None,
        include_dirs: list[str] | tuple = (), jobs: int | None = None, timeout: float = 300.0,
        progress: bool = False) -> dict:
    """Find, check and summarise: the report as plain data (what `--format json` prints)."""
    from .driver import Options
    started = time.perf_counter()
    finder = find(list(paths), config)
    from . import codegen, driver, parse, passes, preprocess, sema  # noqa: F401 -- imported once, before forking
    units, projects, keys = finder.units, finder.projects, list(finder.units)

    def options(ltcg: bool):
        return Options(defines=dict(defines or {}), include_dirs=list(include_dirs), target=target, ltcg=ltcg)

    queue = collections.deque((("unit", k), [units[key].unit], options(units[key].ltcg), False,
                               bool(units[key].projects)) for k, key in enumerate(keys))
    waiting = {k for k, p in enumerate(projects) if not p.decided}
    counts = {"unit": 0, "link": 0, "links": 0}
    bar = _progress if progress else (lambda done, total, what: None)

    def done(tid, result) -> None:
        kind, k = tid
        counts[kind] += 1
        if kind == "link":
            p = projects[k]
            p.seconds, p.decided = result["seconds"], True
            if result["status"] != "clean":
                p.reason = f"{result['message']} [{result['code']}]" if result["code"] else \
                    f"link check: {result['message']}"
            return bar(counts["link"], counts["links"], "project links")
        units[keys[k]].result = result
        bar(counts["unit"], len(keys), "units")
        for k in sorted(waiting):
            p = projects[k]
            if all(units[u].result for owner in [p] + [projects[lib] for lib in p.libraries] for u in owner.own):
                waiting.discard(k)
                p.reason = _unit_reason(p, projects, units) or p.cannot_run
                p.decided = p.reason is not None
                if not p.decided:
                    counts["links"] += 1
                    queue.append((("link", k), p.link, options(p.ltcg), True, False))

    pool, interrupted = _Pool(jobs or os.cpu_count() or 1, timeout), False
    try:
        pool.run(queue, done)
    except KeyboardInterrupt:
        interrupted = True
        signal.signal(signal.SIGINT, signal.SIG_IGN)    # a second Ctrl-C must not break the shutdown
    finally:
        pool.close()
        bar(0, 0, "")
    return _summarise(finder, keys, interrupted, time.perf_counter() - started, target)


def _unit_reason(p: _Project, projects: list[_Project], units: dict) -> str | None:
    """Why `p` cannot run because of its units' (or its libraries' units') status, or None."""
    for owner, label in [(p, "")] + [(projects[lib], f"library '{projects[lib].name}': ") for lib in p.libraries]:
        bad = [units[u].result["status"] for u in owner.own if units[u].result["status"] != "clean"]
        if bad:
            n, plural = len(owner.own), len(bad) != 1
            what = f"{'include' if plural else 'includes'} platform headers amppy does not provide" \
                if set(bad) == {"platform-header"} else f"{'have' if plural else 'has'} errors"
            return f"{label}{len(bad)} of {n} unit{'s' if n != 1 else ''} {what}"
    return None


def shown(path: str) -> str:
    """`path` relative to the current folder when under it, else absolute."""
    full, here = os.path.abspath(path), os.getcwd()
    return os.path.relpath(full, here) if full.startswith(here.rstrip(os.sep) + os.sep) else full


def blocker(result: dict) -> str:
    """What a unit's first error is counted under in the blockers table."""
    code = result["code"]
    if result["status"] in ("crash", "timeout"):
        return result["status"]
    if code == "unsupported":
        return construct(result["message"])
    if code in _HEADER_CODES:
        m = _QUOTED.search(result["message"])
        kind = "platform-header" if result["status"] == "platform-header" else code
        return f"{kind} {m.group(1)}" if m else kind
    return code


def command(path: str, configuration: str, target: str) -> str:
    """The command that runs a project the report found runnable."""
    import shlex
    return f"amppy run {shlex.quote(path)} --config {shlex.quote(configuration)} --target {target}"


def _summarise(finder: _Finder, keys: list, interrupted: bool, seconds: float, target: str = "cpu") -> dict:
    projects = finder.projects
    rows, blocked = [], collections.defaultdict(lambda: (set(), set(), set()))
    for key in (k for k in keys if finder.units[k].result):
        entry, r = finder.units[key], finder.units[key].result
        name = projects[entry.projects[0]].name if entry.projects else None
        where = f"{shown(r['file'])}:{r['line']}:{r['col']}" if r["file"] else ""
        rows.append({"path": shown(entry.unit.path), "project": name, "status": r["status"], "code": r["code"],
                     "message": r["message"], "location": where, "unsupported": r["unsupported"],
                     "seconds": r["seconds"]})
        if r["status"] != "clean":
            stopped, files, projs = blocked[blocker(r)]
            stopped.add(key)
            files.add(key[0])
            projs.update(entry.projects)
    rows.sort(key=lambda r: (r["path"], r["project"] or ""))
    out_projects = []
    for p in projects:
        if p.error is not None:
            error = p.error.replace(os.getcwd().rstrip(os.sep) + os.sep, "")     # paths under it, as shown()
            out_projects.append({"name": p.name, "path": shown(p.path), "status": "project-error", "error": error})
            continue
        results = [finder.units[u].result for u in p.own]
        reason = p.reason if p.decided else "not checked (interrupted)"
        out_projects.append({"name": p.name, "path": shown(p.path), "status": "ok", "configuration": p.configuration,
                             "kind": p.kind, "units": len(p.own),
                             "clean": sum(1 for r in results if r and r["status"] == "clean"),
                             "runnable": reason is None, "reason": reason, "seconds": p.seconds,
                             "command": command(shown(p.path), p.configuration, target) if reason is None else None})
    counts = collections.Counter(r["status"] for r in rows)
    loaded = [p for p in out_projects if p["status"] == "ok"]
    summary = {"units": len(rows), "files": len({k[0] for k in keys if finder.units[k].result}),
               **{s: counts[s] for s in STATUSES}, "not_checked": len(keys) - len(rows),
               "projects": len(loaded), "runnable": sum(1 for p in loaded if p["runnable"]),
               "project_errors": len(out_projects) - len(loaded)}
    blockers = [{"blocker": name, "units": len(stopped), "files": len(files), "projects": len(projs)}
                for name, (stopped, files, projs) in blocked.items()]
    blockers.sort(key=lambda b: (-b["units"], b["blocker"]))
    return {"units": rows, "projects": out_projects, "summary": summary, "blockers": blockers,
            "seconds": round(seconds, 2), "interrupted": interrupted}


def render_json(data: dict) -> str:
    return json.dumps(data, indent=2) + "\n"


def render_csv(data: dict) -> str:
    """Every row of the report in one table (`CSV_HEADER`): the units, then the projects, then the blockers."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_HEADER)

    def row(kind: str, **values) -> None:
        w.writerow([kind] + [values.get(name, "") for name in CSV_HEADER[1:]])
    for r in data["units"]:
        row("unit", path=r["path"], project=r["project"] or "", status=r["status"], code=r["code"],
            message=r["message"], location=r["location"], seconds=r["seconds"],
            unsupported=";".join(f"{name}:{n}" for name, n in r["unsupported"].items()))
    for p in data["projects"]:
        if p["status"] == "project-error":
            row("project", path=p["path"], project=p["name"], status=p["status"], message=p["error"])
            continue
        row("project", path=p["path"], project=p["name"], status=p["status"], message=p["reason"] or "",
            seconds=p["seconds"], configuration=p["configuration"], type=p["kind"], units=p["units"],
            clean=p["clean"], runnable="yes" if p["runnable"] else "no", command=p["command"] or "")
    for b in data["blockers"]:
        row("blocker", blocker=b["blocker"], units=b["units"], files=b["files"], projects=b["projects"])
    return out.getvalue()


def render_text(data: dict) -> str:
    lines = []
    for r in data["units"]:
        first = f"{r['location'] + ': ' if r['location'] else ''}{r['message']}" + \
            (f" [{r['code']}]" if r["code"] and r["code"] != "internal" else "")
        project = f"  ({r['project']})" if r["project"] else ""
        lines.append(f"{r['status']:<15} {r['path']}{project}  {first}".rstrip())
    lines += ["", "projects:"] if data["projects"] else []
    for p in data["projects"]:
        if p["status"] == "project-error":
            lines.append(f"  project-error  {p['error']}")
        else:
            runs = f"yes: {p['command']}" if p["runnable"] else f"no: {p['reason']}"
            lines.append(f"  {p['name']}  {p['path']}  {p['configuration']}  {p['kind']}  "
                         f"{p['clean']}/{p['units']} units clean  runs: {runs}")
    s = data["summary"]
    lines += ["", f"{s['units']} units ({s['files']} files): " + ", ".join(f"{s[k]} {k}" for k in STATUSES)
              + (f" ({s['not_checked']} not checked)" if s["not_checked"] else ""),
              f"{s['projects']} project{'' if s['projects'] == 1 else 's'}: {s['runnable']} runnable"
              + (f", {s['project_errors']} project files with errors" if s["project_errors"] else "")]
    if data["blockers"]:
        width = max(len("blocker"), *(len(b["blocker"]) for b in data["blockers"]))
        lines += ["", f"{'blocker':<{width}}  units  files  projects"]
        lines += [f"{b['blocker']:<{width}}  {b['units']:>5}  {b['files']:>5}  {b['projects']:>8}"
                  for b in data["blockers"]]
    if data["interrupted"]:
        lines += ["", "interrupted: the report covers what had finished"]
    lines += ["", f"time: {data['seconds']:.1f} s"]
    return "\n".join(lines).lstrip("\n") + "\n"
