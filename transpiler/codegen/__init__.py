"""Code generation: IR -> one Python module (host code + kernels for one target).

`host.py` writes host functions over `amppy.runtime`; the kernel backend
(`cpu.py` or `cuda.py`) writes each kernel and its launch.
"""
from __future__ import annotations

from .. import ir


class CodegenUnsupported(Exception):
    """A construct the backends cannot express yet; reported as a diagnostic."""

    def __init__(self, what: str, span):
        super().__init__(what)
        self.what = what
        self.span = span


def generate(program: ir.Program, opts, sources) -> str:
    from .host import HostWriter
    if opts.target == "cuda":
        from . import cuda as backend
    else:
        from . import cpu as backend
    return HostWriter(program, backend, sources, opts).module()
