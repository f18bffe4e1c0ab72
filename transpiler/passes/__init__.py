"""Validation and transformation passes over the IR, in order.

Each pass module in `PASSES` has `run(program, sink, opts)`; the pipeline stops after a
pass that reported errors (`DiagnosticSink.check`).  Beside them, what the checks share with
the later stages (which may import passes, never the reverse): `uniformity` (tile-uniformity
facts), `tile_functions` (the kernel with its tile-using callees put in) and `patterns` (IR
forms with a direct Python form).
"""
from __future__ import annotations

import importlib

#: Pass modules in the order they run: shapes and declarations first (what later passes
#: assume), then restrict(amp) rules, then barrier placement, and the race warning last.
PASSES: list[str] = ["tile_shape", "tile_static", "restrict_amp", "barriers", "races", "bitfields"]


def run_all(program, sink, opts):
    """Each pass in order; a pass that finds errors stops the later ones.  (Sema's errors of code
    it analysed whole, `Analyser.sound_errors`, may come before: the passes still check it.)"""
    before = sink.error_count
    for name in PASSES:
        mod = importlib.import_module(f"{__name__}.{name}")
        result = mod.run(program, sink, opts)
        if result is not None:
            program = result
        if sink.error_count > before:
            sink.check()
    return program
