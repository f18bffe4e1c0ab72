"""Semantic analysis: the typed IR from the AST (see `analyser.Analyser`)."""
from __future__ import annotations

from .. import ir
from ..diagnostics import DiagnosticSink
from .analyser import Analyser
from .constfold import fold  # noqa: F401


def analyse(tu, pp, sink: DiagnosticSink) -> ir.Program:
    return Analyser(pp, sink).run(tu)


def analyse_units(units: list, sink: DiagnosticSink, ltcg: bool = False, link: bool = True) -> ir.Program:
    """Several translation units, each (AST, PreprocessedSource), linked into one program
    (sema/linkage.py); `link=False` compiles without the linker's checks (`cl /c`)."""
    return Analyser(units[0][1], sink, ltcg=ltcg, link_checks=link).run_units(units)
