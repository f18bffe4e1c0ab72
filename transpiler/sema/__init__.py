"""Semantic analysis: the typed IR from the AST (see `analyser.Analyser`)."""
from __future__ import annotations

from .. import ir
from ..diagnostics import DiagnosticSink
from .analyser import Analyser
from .constfold import fold  # noqa: F401


def analyse(tu, pp, sink: DiagnosticSink) -> ir.Program:
    return Analyser(pp, sink).run(tu)


def analyse_units(units: list, sink: DiagnosticSink, ltcg: bool = False, link: bool = True,
                  checks=None) -> ir.Program:
    """Several translation units, each (AST, PreprocessedSource), linked into one program
    (sema/linkage.py); `link=False` compiles without the linker's checks (`cl /c`).
    `checks(program)`: the validation passes.  They run before the linker's checks, which run only
    when the units compiled without errors: `cl` reports a unit's errors and does not link it, so
    `flag = 1;` of an undefined `extern int flag` in restrict(amp) code is C3586, not LNK2001."""
    a = Analyser(units[0][1], sink, ltcg=ltcg, link_checks=link)
    program = a.run_units(units)
    if checks is not None and sink.error_count == a.sound_errors:
        program = checks(program)
    if not sink.error_count:
        a.link()
    return program
