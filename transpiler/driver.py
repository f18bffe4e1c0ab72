"""The pipeline, stage by stage: each stage hands the next plain data.

    preprocess -> parse -> sema (AST -> IR) -> passes -> codegen

Every stage reports problems to one `DiagnosticSink`; the driver stops after a
stage that reported errors.  An exception that escapes a stage is an internal
compiler error, tagged with the stage's name.
"""
from __future__ import annotations

import functools
import os
import sys
import threading
from dataclasses import dataclass, field

from .diagnostics import CompileError, DiagnosticSink, InternalCompilerError


@dataclass
class Options:
    defines: dict[str, str] = field(default_factory=dict)
    include_dirs: list[str] = field(default_factory=list)
    target: str = "cpu"                 # "cpu" or "cuda" (auto is resolved by the CLI)
    werror: bool = False
    check_races: bool = False           # --check races
    check_bounds: bool = False          # --check bounds
    ltcg: bool = False                  # link-time code generation (/GL): kernels call amp functions of other units
    compile_only: bool = False          # compile, do not link (`cl /c`): no undefined-reference errors
    coarsen: str = "auto"               # --coarsen: CUDA thread coarsening of tiled kernels (lower/coarsen.py)
    library: bool = False               # `amppy.load`: the module lists its exported functions (codegen/exports.py)


@dataclass
class Linked:
    """What the front ends of a program's units hand on: every file they read (for diagnostics and
    the comments of the translation) and the first unit's main file."""
    sources: object                     # SourceMap
    units: list                         # the units' PreprocessedSource, in order

    @property
    def main_file(self) -> str:
        return self.units[0].main_file


def unit_of(path: str):
    """A translation unit of the command line: the file, with only the command line's settings."""
    from .project.model import Unit
    return Unit(path=path, defines=(), undefines=(), include_dirs=(), pch=None, forced_includes=())


class _Stage:
    """Run one stage; turn escaping exceptions into InternalCompilerError."""

    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        if os.environ.get("AMPPY_INJECT_FAULT") == self.name:
            raise InternalCompilerError(self.name, "fault injected by AMPPY_INJECT_FAULT")
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc is None or isinstance(exc, (CompileError, InternalCompilerError, KeyboardInterrupt)):
            return False
        raise InternalCompilerError(self.name, f"{exc_type.__name__}: {exc}") from exc


#: Programs nested thousands of levels deep (blocks, `1 + 1 + ...`) make the recursive
#: stages (sema, passes, codegen) recurse as deep: run the pipeline in a thread with a
#: large stack and a raised recursion limit.  What is deeper still becomes a diagnostic.
_STACK_BYTES = 512 * 1024 * 1024
_RECURSION_LIMIT = 200_000
_deep = threading.local()


def _nesting_guarded(stage_fn):
    """Run a pipeline entry point (path, opts, sink, text) in the deep-stack thread."""
    @functools.wraps(stage_fn)
    def run(path, opts, sink, text=None, **kw):
        if getattr(_deep, "active", False):         # analyse -> front_end: already inside
            return stage_fn(path, opts, sink, text, **kw)
        outcome: list = []

        def target():
            _deep.active = True
            old = sys.getrecursionlimit()
            sys.setrecursionlimit(max(old, _RECURSION_LIMIT))
            try:
                outcome.append((True, stage_fn(path, opts, sink, text, **kw)))
            except BaseException as exc:    # handed to the calling thread below
                outcome.append((False, exc))
            finally:
                sys.setrecursionlimit(old)
                _deep.active = False

        try:
            old_size = threading.stack_size(_STACK_BYTES)
        except (ValueError, RuntimeError):  # the platform refuses: run here
            return stage_fn(path, opts, sink, text, **kw)
        try:
            worker = threading.Thread(target=target, name="amppy-pipeline", daemon=True)
            worker.start()
        finally:
            threading.stack_size(old_size)
        worker.join()
        ok, value = outcome[0]
        if ok:
            return value
        if isinstance(value, InternalCompilerError) and isinstance(value.__cause__, RecursionError):
            from .source import Span
            where = path[0].path if isinstance(path, list) else path
            sink.error("nesting-too-deep", "program is nested too deeply", Span.point(where, 1, 1))
            raise CompileError("too deep") from None
        raise value
    return run


def _unit_front_end(unit, opts: Options, sink: DiagnosticSink, text: str | None):
    """Preprocess and parse one unit with its settings and the command line's (-D, -I after the
    project's): (PreprocessedSource, ast.TranslationUnit or None when it had errors)."""
    from .parse.parser import parse
    from .sema.areas import lexer_names
    from .preprocess.preprocessor import preprocess
    defines = dict(unit.defines)
    defines.update(opts.defines)
    before, reported = sink.error_count, len(sink.diagnostics)
    if unit.forced_includes:            # a project's ForcedIncludeFiles
        sink.error("unsupported", "forced include files (ForcedIncludeFiles, /FI) are not supported yet: "
                   + ", ".join(unit.forced_includes), None)
    with _Stage("preprocess"):
        pp = preprocess(unit.path, text=text, defines=defines, undefines=unit.undefines,
                        include_dirs=list(unit.include_dirs) + list(opts.include_dirs), pch=unit.pch,
                        sink=sink)
    if any(d.severity == "error" and d.code != "unsupported" for d in sink.diagnostics[reported:]):
        return pp, None                 # (after "not supported yet" alone the parse lists the rest)
    with _Stage("parse"):
        tu = parse(pp, sink, library=lexer_names())
    return pp, (tu if sink.error_count == before else None)


@_nesting_guarded
def front_end(path: str, opts: Options, sink: DiagnosticSink, text: str | None = None):
    """Preprocess and parse: returns (PreprocessedSource, ast.TranslationUnit)."""
    pp, tu = _unit_front_end(unit_of(path), opts, sink, text)
    sink.check()
    return pp, tu


@_nesting_guarded
def analyse_units(units: list, opts: Options, sink: DiagnosticSink, text: str | None = None):
    """Front end of every unit (each one's errors reported, as a compiler does for each file), then
    semantic analysis linking them into one program (sema/linkage.py) and the validation passes:
    returns (Linked, ir.Program).  `text`: the first unit's text, when not read from its file."""
    from . import passes, sema
    parsed = [_unit_front_end(u, opts, sink, text if k == 0 else None) for k, u in enumerate(units)]
    sink.check()
    linked = Linked(merged_sources([pp for pp, _ in parsed]), [pp for pp, _ in parsed])

    def checks(program):
        with _Stage("passes"):
            return passes.run_all(program, sink, opts)

    with _Stage("sema"):
        program = sema.analyse_units([(tu, pp) for pp, tu in parsed], sink, ltcg=opts.ltcg,
                                     link=not opts.compile_only, checks=checks)
    sink.check()
    return linked, program


def merged_sources(pps: list):
    """One SourceMap of every file the units read (a header read by two units is one file)."""
    if len(pps) == 1:
        return pps[0].sources
    from .source import SourceMap
    out = SourceMap()
    for pp in pps:
        out.merge(pp.sources)
    return out


@_nesting_guarded
def analyse(path: str, opts: Options, sink: DiagnosticSink, text: str | None = None):
    """Front end, semantic analysis and validation passes of one file: returns (pp, ir.Program)."""
    linked, program = analyse_units([unit_of(path)], opts, sink, text)
    return linked.units[0], program


@_nesting_guarded
def translate(path: str, opts: Options, sink: DiagnosticSink, text: str | None = None,
              need_main: bool = False) -> tuple:
    """The whole pipeline of one file: returns (pp, python_source)."""
    linked, source = translate_units([unit_of(path)], opts, sink, text, need_main=need_main)
    return linked.units[0], source


@_nesting_guarded
def translate_units(units: list, opts: Options, sink: DiagnosticSink, text: str | None = None,
                    need_main: bool = False) -> tuple:
    """The whole pipeline: returns (Linked, python_source).  `need_main`: the program is to be
    run, so a missing `main` is an error (what a linker reports), not a module to import."""
    from .codegen import generate
    pp, program = analyse_units(units, opts, sink, text)
    if need_main and program.main is None:
        gui = [f for f in program.functions if f.sym.name in ("WinMain", "wWinMain", "_tWinMain")]
        if gui:                         # a Windows (GUI) program: its entry point is WinMain
            sink.error("no-main", f"the program's entry point is '{gui[0].sym.name}' (a Windows GUI program), "
                       "which amppy cannot run", gui[0].sym.span,
                       help="amppy runs console programs (main); `amppy check` and `amppy translate` take this one")
        else:
            sink.error("no-main", "the program has no 'main' function to run", None,
                       help="`amppy run` starts the program at main(); `amppy translate` writes a module without one")
        sink.check()
    from .codegen import CodegenErrors, CodegenUnsupported
    from .diagnostics import KernelCodegenError
    source = None
    with _Stage("codegen"):
        try:
            source = generate(program, opts, pp.sources)
        except (CodegenUnsupported, KernelCodegenError) as e:
            _report_codegen([e], sink)
        except CodegenErrors as e:
            _report_codegen(e.errors, sink)
    sink.check()
    return pp, source


def _report_codegen(errors: list, sink: DiagnosticSink) -> None:
    """What the target cannot express (user input, not compiler faults): each place once, in
    source order."""
    from .codegen import CodegenUnsupported
    seen, found = set(), []
    for e in errors:
        if isinstance(e, CodegenUnsupported):
            code, message = "unsupported", f"{e.what} not supported yet"
        else:
            code, message = "unsupported-in-kernel", e.args[0]
        key = (code, message, e.span)
        if key not in seen:
            seen.add(key)
            found.append(key + (getattr(e, "help", None),))
    order = {k: i for i, k in enumerate(found)}
    found.sort(key=lambda k: ((k[2].file, k[2].line, k[2].col) if k[2] is not None else ("", 0, 0), order[k]))
    for code, message, span, help_text in found:
        sink.error(code, message, span, help=help_text)
