"""Semantic analysis: the typed IR from the AST (see `analyser.Analyser`)."""
from __future__ import annotations

from .. import ir
from ..diagnostics import DiagnosticSink
from .analyser import Analyser
from .constfold import fold  # noqa: F401


def analyse(tu, pp, sink: DiagnosticSink) -> ir.Program:
    return Analyser(pp, sink).run(tu)
