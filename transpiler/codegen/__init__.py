"""Code generation: IR -> one Python module (host code + kernels for one target).

`host.py` writes host functions over `amppy.runtime`; the kernel backend
(`cpu.py` or `cuda.py`) writes each kernel and its launch.
"""
from __future__ import annotations

from .. import ir


class CodegenUnsupported(Exception):
    """A construct the backends cannot express yet; reported as a diagnostic."""

    def __init__(self, what: str, span, help: str | None = None):
        super().__init__(what)
        self.what = what
        self.span = span
        self.help = help


class CodegenErrors(Exception):
    """Every `CodegenUnsupported`/`KernelCodegenError` of one translation, in the order met."""

    def __init__(self, errors: list):
        super().__init__(f"{len(errors)} constructs the target cannot express")
        self.errors = errors


def generate(program: ir.Program, opts, sources) -> str:
    from .host import HostWriter
    if getattr(opts, "check_races", False) or getattr(opts, "check_bounds", False):
        # `amppy run --check ...`: instrumented, serial kernels on the CPU (cpu_checks.py)
        import dataclasses
        from .cpu_checks import CheckedBackend
        opts = dataclasses.replace(opts, target="cpu")
        backend = CheckedBackend(races=opts.check_races, bounds=opts.check_bounds)
    elif opts.target == "cuda":
        from .cuda import Backend
        backend = Backend(getattr(opts, "coarsen", "auto"))
    else:
        from . import cpu as backend
    return HostWriter(program, backend, sources, opts).module()
