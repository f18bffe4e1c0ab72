"""Validation and transformation passes over the IR, in order.

Each pass module has `run(program, sink, opts)`; the pipeline stops after a
pass that reported errors (`DiagnosticSink.check`).
"""
from __future__ import annotations

import importlib

#: Pass modules in the order they run.
PASSES: list[str] = []


def run_all(program, sink, opts):
    for name in PASSES:
        mod = importlib.import_module(f"{__name__}.{name}")
        result = mod.run(program, sink, opts)
        if result is not None:
            program = result
        sink.check()
    return program
