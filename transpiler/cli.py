"""The `amppy` command line: run, translate, check.

Exit codes: 0 ok; 1 the input has errors or the program failed; 2 misuse of
the command line; 4 internal compiler error.  `amppy run` exits with the
translated program's own exit code.
"""
from __future__ import annotations

import argparse
import os
import re
import sys

from . import __version__
from .diagnostics import (ERROR_LIMIT, NOTE_LIMIT, CompileError, DiagnosticSink, InternalCompilerError, render_json,
                          render_text)
from .driver import Options

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_ICE = 0, 1, 2, 4


#: What `amppy --help` says after the commands (README.md says the same at more length).
EPILOG = """programs of several files, Visual Studio projects:
  amppy run main.cpp kernels.cpp -- ARGS   the leading source files are the program's, `--` ends them
  amppy run App.sln [--config Release[|x64]] [--project NAME]   a solution (or a .vcxproj) as MSBuild
                                           builds it: defines, include folders, precompiled header
  amppy report PATH...                     what of a code base amppy takes, and what blocks the rest
  units are linked as C++ links them (undefined reference / multiple definition are errors); a
  kernel calls restrict(amp) functions of another file only with --ltcg (WholeProgramOptimization)

exit codes:
  0  success
  1  errors in the input, `run` of a file without main, or the program died of an error
  2  misuse of the command line (also -o onto the input, a directory or a missing folder, and an
     output that cannot be written: amppy: error: cannot write 'FILE': ...)
  4  internal compiler error (a bug in amppy)
  run exits with the program's own status; Ctrl-C ends it at once.

cache: $AMPPY_CACHE_DIR, else $XDG_CACHE_HOME/amppy, else ~/.cache/amppy
  generated modules and Numba's compiled kernels (modules/), per-program run records (runs/),
  parser tables; every entry is verified and rebuilt when damaged; an unwritable folder is
  replaced by a temporary one with a warning (removed when amppy exits); deleting it is always safe.

environment:
  AMPPY_CACHE_DIR          the cache folder
  XDG_CACHE_HOME           its parent when AMPPY_CACHE_DIR is unset
  AMPPY_NO_RUN_CACHE=1     always translate again
  AMPPY_TRACEBACK=1        Python tracebacks for internal and run-time errors
  AMPPY_DIAGNOSTICS_FORMAT=json  run-time reports of a translated program as JSON
  AMPPY_MSSTL_UPDATE=N     the Microsoft STL version whose <random> results to reproduce
  AMPPY_MAIN_SECONDS=FILE  write the seconds the program's main ran to FILE
  AMPPY_PIN_LIMIT_MB=N     cuda: page-lock at most N MB of host memory for copies (0: none)
  AMPPY_COARSEN=S          cuda: --coarsen's value when the command line gives none
  NO_COLOR                 no colour in diagnostics
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message):          # argparse exits 2 already; keep its format
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _common(p: argparse.ArgumentParser, several: bool = True) -> None:
    if several:
        p.add_argument("inputs", nargs="+", metavar="FILE",
                       help="C++ AMP source files (.cpp) of one program, or a Visual Studio project (.vcxproj) "
                            "or solution (.sln)")
    else:
        p.add_argument("file", help="C++ AMP source file (.cpp), or a Visual Studio project (.vcxproj) or "
                                    "solution (.sln); more source files may follow (end them with `--`)")
    _project_options(p)
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]",
                   help="define a preprocessor macro")
    p.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR",
                   help="add a directory to the user include search path")
    p.add_argument("--target", choices=("cpu", "cuda", "auto"), default="auto",
                   help="where kernels run (auto: CUDA when a usable NVIDIA GPU is present)")
    p.add_argument("--diagnostics-format", choices=("text", "json"), default="text")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    p.add_argument("-Werror", dest="werror", action="store_true", help="treat warnings as errors")
    p.add_argument("--error-limit", type=_count, default=ERROR_LIMIT, metavar="N",
                   help=f"stop after N errors in one file (default {ERROR_LIMIT}, as clang; 0: no limit)")
    p.add_argument("--note-limit", type=_count, default=NOTE_LIMIT, metavar="N",
                   help=f"at most N notes on one diagnostic, such as a template instantiation backtrace "
                        f"(default {NOTE_LIMIT}; 0: every note)")
    p.add_argument("-v", "--verbose", action="store_true", help="say what amppy is doing on stderr")
    p.add_argument("--coarsen", type=_coarsen, default=os.environ.get("AMPPY_COARSEN") or "auto",
                   metavar="auto|off|F|FxF",
                   help="CUDA target: C++ AMP threads of a tile per CUDA thread, along the last dimension "
                        "(F) or the last two (FxF); auto (default) chooses per kernel, -v says what")


def _coarsen(text: str) -> str:
    from .lower.coarsen_setting import parse_setting
    try:
        setting = parse_setting(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return setting if isinstance(setting, str) else "x".join(map(str, setting))


def _count(text: str) -> int:
    try:
        if int(text) >= 0:
            return int(text)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"not a count (0, 1, 2, ...): '{text}'")


def _project_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", default=None, metavar="NAME[|PLATFORM]",
                   help="the project's or solution's configuration (default: Debug, as MSBuild)")
    p.add_argument("--project", default=None, metavar="NAME",
                   help="the project of a solution to build (default: its first application)")
    p.add_argument("--ltcg", action="store_true",
                   help="link-time code generation (/GL): kernels may call restrict(amp) functions defined "
                        "in other files (a project's WholeProgramOptimization sets it)")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="amppy", description="Translate C++ AMP programs to Python that runs with Numba.",
                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"amppy {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("run", help="translate and run a program")
    _common(r, several=False)
    r.add_argument("--check", dest="checks", action="append", default=[], choices=("races", "bounds"),
                   help="run kernels with dynamic checks (slower)")
    r.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the program")
    t = sub.add_parser("translate", help="write the Python translation")
    _common(t)
    t.add_argument("-o", dest="output", default=None,
                   help="output file ('-' for stdout; default: FILE.py, with --emit: stdout)")
    t.add_argument("--emit", choices=("ast", "ir", "py"), default=None,
                   help="print one stage (to stdout unless -o): the syntax tree, the IR or the Python")
    c = sub.add_parser("check", help="check a program and report diagnostics")
    _common(c)
    add_report_parser(sub)
    return p


def add_report_parser(subparsers) -> argparse.ArgumentParser:
    """Add the `report` subcommand to `subparsers` (an argparse subparsers action; `amppy.report`
    runs it, imported only then: a warm `amppy run` does not load it)."""
    p = subparsers.add_parser("report", help="how much of a code base amppy takes, and what stops the rest",
                              description="Check every translation unit and project under the paths (as `amppy check`) "
                                          "and report each unit's status, the projects that can run and the first "
                                          "errors that stop the rest (the blockers).")
    p.add_argument("paths", nargs="+", metavar="PATH", help="folders, solutions (.sln), projects, source files")
    p.add_argument("--config", default=None, metavar="NAME[|PLATFORM]", help="the solutions' or projects' configuration")
    p.add_argument("--target", choices=("cpu", "cuda"), default="cpu", help="the target to check for (default cpu)")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]", help="define a macro")
    p.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR", help="add an include folder")
    p.add_argument("-j", dest="jobs", type=_positive(int), default=None, metavar="N", help="workers (default: CPUs)")
    p.add_argument("--format", choices=("text", "json", "csv"), default="text")
    p.add_argument("--timeout", type=_positive(float), default=300.0, metavar="S",
                   help="seconds a unit or a project's link check may take (default 300)")
    return p


def _positive(kind):
    def convert(text: str):
        try:
            if kind(text) > 0:
                return kind(text)
        except ValueError:
            pass
        raise argparse.ArgumentTypeError(f"not a positive number: '{text}'")
    return convert


def _options(ns) -> Options:
    defines = {}
    for d in ns.defines:
        name, _, value = d.partition("=")
        defines[name] = value if "=" in d else "1"
    target = ns.target
    if target == "auto":
        target = "cuda" if _cuda_usable() else "cpu"
    checks = getattr(ns, "checks", [])
    return Options(defines=defines, include_dirs=list(ns.include_dirs), target=target,
                   werror=ns.werror, check_races="races" in checks, check_bounds="bounds" in checks,
                   ltcg=getattr(ns, "ltcg", False), coarsen=getattr(ns, "coarsen", "auto"))


def _cuda_usable() -> bool:
    import importlib.util
    if importlib.util.find_spec("numba_cuda") is None or not _nvidia_device_visible():
        return False
    try:
        from amppy.runtime.cuda_compat import cuda_available
        return cuda_available()
    except Exception:
        return False


def _nvidia_device_visible() -> bool:
    """A cheap check before importing amppy.runtime (numba) and numba.cuda (seconds): on Linux
    (not WSL, no NUMBA_CUDA_DRIVER) a usable NVIDIA GPU shows as /dev/nvidia<N> or
    /proc/driver/nvidia/gpus/*; no sign of one means `--target auto` picks the CPU at the cost
    of a glob.  Elsewhere: unknown (True), cuda_compat.cuda_available decides."""
    if (not sys.platform.startswith("linux") or os.environ.get("NUMBA_CUDA_DRIVER")
            or os.path.exists("/dev/dxg")):
        return True
    import glob
    return bool(glob.glob("/dev/nvidia[0-9]*") or glob.glob("/proc/driver/nvidia/gpus/*"))


def _color(ns) -> bool:
    if ns.color == "always":
        return True
    if ns.color == "never" or os.environ.get("NO_COLOR"):
        return False
    return sys.stderr.isatty()


def _report(sink: DiagnosticSink, sources, ns) -> None:
    if not sink.diagnostics:
        return
    if ns.diagnostics_format == "json":
        sys.stderr.write(render_json(sink.diagnostics))
    else:
        sys.stderr.write(render_text(sink.diagnostics, sources, _color(ns)))


def _ice(exc: InternalCompilerError, file: str) -> int:
    sys.stderr.write(
        f"{file}: internal compiler error in stage '{exc.stage}': {exc}\n"
        "This is a bug in amppy, not in your program. Please report it with the input file\n"
        "and the command line (set AMPPY_TRACEBACK=1 to include a traceback).\n")
    if os.environ.get("AMPPY_TRACEBACK"):
        import traceback
        traceback.print_exception(exc.__cause__ or exc)
    return EXIT_ICE


def _usage_error(message: str) -> int:
    sys.stderr.write(f"amppy: error: {message}\n")
    return EXIT_USAGE


def _output_problem(ns, build) -> str | None:
    """Why `-o` cannot be written (checked before any work), or None."""
    out = getattr(ns, "output", None)
    if out in (None, "-"):
        return None
    if os.path.isdir(out):
        return f"cannot write the output to '{out}': it is a directory"
    for name in build.inputs + [u.path for u in build.units]:
        if os.path.exists(out) and os.path.exists(name) and os.path.samefile(out, name):
            return f"refusing to overwrite the input file '{name}' with the translation (-o)"
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        return f"cannot write the output to '{out}': no such directory '{os.path.dirname(out) or folder}'"
    return None


def _inputs(ns):
    """The build the command line names: (Build, None) or (None, exit status) after saying why."""
    from .inputs import InputError, resolve, split_run_args
    from .project import ProjectError
    if ns.command == "run":
        ns.inputs, ns.args = split_run_args(ns.file, list(ns.args))
    try:
        build = resolve(ns.inputs, ns.config, ns.project)
    except InputError as e:
        return None, _usage_error(str(e))
    except ProjectError as e:
        where = os.path.relpath(e.path) if e.path and not os.path.relpath(e.path).startswith("..") else e.path
        line = f":{e.line}" if e.line else ""
        sys.stderr.write(f"{where}{line}: error: {e.message} [project-file]\n")
        return None, EXIT_ERRORS
    if build.project is not None:
        if ns.verbose:
            sys.stderr.write(f"amppy: project {build.project.name} ({build.config}), "
                             f"{len(build.units)} translation unit(s)\n")
            for w in build.project.warnings:
                sys.stderr.write(f"amppy: note: {w}\n")
        if not build.units:
            sys.stderr.write(f"{build.project.path}: error: project '{build.project.name}' compiles no source "
                             f"file in configuration {build.config}\n")
            return None, EXIT_ERRORS
        if build.project.ltcg:
            ns.ltcg = True
    if ns.command == "translate" and ns.emit == "ast" and len(build.units) > 1:
        return None, _usage_error("--emit ast prints one translation unit's tree: give one source file")
    return build, None


def _project_run_options(ns):
    """`amppy run App.sln --config Release -v -- ARGS`: amppy's options after a project are amppy's
    (after a source file they are the program's, as they always were): all of them up to `--`, or
    without `--` the leading ones that parse as amppy's, the words from the first other one on the
    program's.  They add to the options given before the project (`run -v App.sln --config R`)."""
    from .inputs import PROJECT_SUFFIXES
    if ns.command != "run" or not ns.file.lower().endswith(PROJECT_SUFFIXES) or not ns.args:
        return ns
    if not ns.args[0].startswith("-") or ns.args[0] == "--":
        return ns
    if "--" in ns.args:
        k = ns.args.index("--")
        return _options_after(ns, ns.args[:k], ns.args[k + 1:]) or ns
    for k in range(len(ns.args), 0, -1):
        again = _options_after(ns, ns.args[:k], ns.args[k:])
        if again is not None:
            return again
    return ns


def _options_after(ns, words: list[str], rest: list[str]):
    """`ns` with amppy's options `words` (given after the project) added, the program's arguments
    `rest`; None when `words` are not all amppy's options."""
    import contextlib
    import io
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            again = build_parser().parse_args(["run", *words, ns.file])
            plain = build_parser().parse_args(["run", ns.file])
    except SystemExit:
        return None
    if again.args:
        return None
    for name, value in vars(ns).items():  # what was given before the project stays
        if isinstance(value, list):
            setattr(again, name, value + getattr(again, name))
        elif getattr(again, name) == getattr(plain, name):
            setattr(again, name, value)
    again.args = list(rest)
    return again


def main(argv: list[str] | None = None) -> int:
    ns = _project_run_options(build_parser().parse_args(argv))
    if ns.command == "report":
        from . import report
        return report.main(ns)
    build, status = _inputs(ns)
    if build is None:
        return status
    ns.file = build.inputs[0]
    ns.build = build
    problem = _output_problem(ns, build)
    if problem is not None:
        return _usage_error(problem)
    if ns.command == "run" and build.cannot_run():
        sys.stderr.write(f"amppy: error: cannot run {build.cannot_run()}\n")
        return EXIT_ERRORS
    if ns.command == "run" and ns.diagnostics_format == "json":
        os.environ["AMPPY_DIAGNOSTICS_FORMAT"] = "json"   # the program's run-time reports too
    if ns.command == "run":
        # Ctrl-C stops the program at once, as it stops a C++ program (a Numba kernel
        # would otherwise hold Python's KeyboardInterrupt until it returns).
        import signal
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    opts = _options(ns)
    if ns.command == "run" and opts.target == "cuda" and not (opts.check_bounds or opts.check_races):
        from amppy.runtime.cuda_compat import start_device_setup
        start_device_setup()            # (the GPUs set up while the program is translated or loaded)
    if ns.verbose:
        sys.stderr.write(f"amppy: target {opts.target}\n")
    sink = DiagnosticSink(werror=opts.werror, error_limit=ns.error_limit, note_limit=ns.note_limit)
    sources = None
    units = build.units
    cache_key = build.key
    try:
        if ns.command == "run":
            from .modcache import cached_module
            path = cached_module(cache_key, opts)
            if path is not None:        # unchanged program and compiler: skip translation
                text = _read_text(path)
                if ns.verbose:
                    sys.stderr.write(f"amppy: running the cached translation {path}\n")
                    _say_coarsening(text)
                _every_gpu_early(opts, text)
                return _run_module(ns, path)
        from . import driver
        if ns.command == "check":
            # the whole pipeline, code generation included, so `check --target X` reports every
            # error `translate --target X` would (the module is not written)
            pp, _ = driver.translate_units(units, opts, sink)
            sources = pp.sources
            _report(sink, sources, ns)
            if ns.diagnostics_format == "json" and not sink.diagnostics:
                sys.stderr.write("[]\n")
            return EXIT_OK
        if ns.command == "translate" and ns.emit == "ast":
            from .parse.ast import dump
            pp, tu = driver.front_end(units[0].path, opts, sink)
            sources = pp.sources
            _report(sink, sources, ns)
            return _write(ns, dump(tu))
        if ns.command == "translate" and ns.emit == "ir":
            from .ir import dump as dump_ir
            pp, program = driver.analyse_units(units, opts, sink)
            sources = pp.sources
            _report(sink, sources, ns)
            return _write(ns, dump_ir(program))
        pp, source = driver.translate_units(units, opts, sink, need_main=ns.command == "run")
        sources = pp.sources
        _report(sink, sources, ns)
        if ns.verbose:
            _say_coarsening(source)
        if ns.command == "translate":
            return _write(ns, source)
        return _run(ns, source, opts, cache_key, None if sink.diagnostics else sources)
    except CompileError:
        _report(sink, sources or _sources_of(sink, ns.file), ns)
        return EXIT_ERRORS
    except InternalCompilerError as exc:
        _report(sink, sources or _sources_of(sink, ns.file), ns)
        return _ice(exc, ns.file)
    except KeyboardInterrupt:
        return 130


_KERNEL_DEF = re.compile(r"^def (\w+)\(.*# (\S+): tile<")
_COARSENING = re.compile(r"^    # ((?:not )?coarsened\b.*)")


def _say_coarsening(source: str) -> None:
    """`-v`: how each tiled CUDA kernel of the translation is coarsened, or why not (the comment
    codegen/coarsened.py puts in the kernel)."""
    kernel = None
    for line in source.splitlines():
        m = _KERNEL_DEF.match(line)
        if m:
            kernel = m.groups()
            continue
        m = _COARSENING.match(line)
        if m and kernel is not None:
            sys.stderr.write(f"amppy: {kernel[1]}: kernel {kernel[0]}: {m.group(1)}\n")
            kernel = None


def _read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


def _sources_of(sink, file):
    """Sources for rendering when a stage failed before handing them back."""
    from .source import SourceMap
    sm = SourceMap()
    names = {d.span.file for d in sink.diagnostics if d.span} | {file}
    for name in names:
        try:
            with open(name, "rb") as f:
                raw = f.read()
        except OSError:
            continue
        # a binary file shows none of its bytes (preprocess.errors.decode_source refused it)
        sm.add(name, "" if b"\0" in raw else raw.decode("utf-8", errors="replace"))
    return sm


def _write(ns, text: str) -> int:
    """The translation (or the stage `--emit` names) to `-o`, else stdout; plain `translate` (no
    `--emit`, no `-o`) writes FILE.py (a project's NAME.py beside it)."""
    out = ns.output
    if out is None and ns.emit is None:
        build = ns.build
        out = os.path.splitext(ns.file)[0] + ".py" if build.project is None else \
            os.path.join(build.folder, build.name + ".py")
    if out in (None, "-"):
        sys.stdout.write(text)
        return EXIT_OK
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:                # a read-only folder, a full disk, /proc, ...
        if os.path.isfile(out):         # no half-written translation left behind (as clang)
            try:
                os.remove(out)
            except OSError:
                pass
        return _usage_error(f"cannot write '{out}': {e.strerror or e}")
    return EXIT_OK


def _run(ns, source: str, opts: Options, cache_key: str, sources=None) -> int:
    """Write the translation to the module cache, record it for the next run (only when
    the translation was clean, `sources` given) and run it."""
    from .modcache import store_translation
    _every_gpu_early(opts, source)
    return _run_module(ns, store_translation(ns.build.name, cache_key, opts, source, sources))


def _every_gpu_early(opts: Options, module_text: str) -> None:
    """A program that lists the accelerators (its module sets up every GPU, codegen/cuda.py):
    start that set-up now, not when the module's imports are done (numpy, Numba, numba-cuda:
    about 0.8 s on an H200 machine), so a second GPU's driver context is ready by its launch."""
    from .names import EVERY_GPU_INSTALL
    if opts.target == "cuda" and EVERY_GPU_INSTALL in module_text:
        from amppy.runtime.cuda_compat import start_device_setup
        start_device_setup(every_gpu=True)


def _run_module(ns, path: str) -> int:
    import runpy
    sys.argv = [ns.file if ns.build.project is None else ns.build.name] + list(ns.args)
    # The module runs as `__main__` from its cache file; its folder is NOT put on sys.path, so
    # a program called numpy.cpp (cached as numpy.py) cannot shadow the modules it imports.
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as e:
        code = e.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    return 0
