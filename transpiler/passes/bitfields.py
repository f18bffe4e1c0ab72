"""Bit-fields are not translated yet  [unsupported].

Input: an `ir.Program`.  Output: the program unchanged, plus one diagnostic per class with
bit-fields, at its first one:

    unsigned flags : 4;       error: bit-fields are not supported yet

It runs after the restrict(amp) rules, so a class with bit-fields used in restrict(amp) code
gets C++ AMP's own error first (Visual Studio's C3581, reported by passes/restrict_amp.py).
"""
from __future__ import annotations

from .. import ir


def run(program: ir.Program, sink, opts) -> None:
    for sd in program.structs:
        if sd.bitfields:
            sink.error("unsupported", "bit-fields are not supported yet", next(iter(sd.bitfields.values())),
                       help="use a whole integer member and mask it with & and shifts")
