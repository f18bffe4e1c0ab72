"""Diagnostics: what the user is told about their program.

A `Diagnostic` is plain data; a `DiagnosticSink` collects them; `render_text`
and `render_json` turn them into clang-style text or JSON.  This is the only
channel (besides results) that reaches the command line.  Internal errors
(bugs in amppy) are a separate channel: `InternalCompilerError`.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Iterable

from .source import SourceMap, Span

ERROR = "error"
WARNING = "warning"
NOTE = "note"
FATAL = "fatal"          # the one diagnostic that stops amppy: too many errors in one file

#: clang's defaults: `-ferror-limit=20` errors per file, `-ftemplate-backtrace-limit=10` notes.
ERROR_LIMIT = 20
NOTE_LIMIT = 10


@dataclass(frozen=True)
class Note:
    message: str
    span: Span | None = None


@dataclass(frozen=True)
class Diagnostic:
    severity: str            # "error" | "warning"
    code: str                # stable code, e.g. "amp-tile-static-init"
    message: str             # lowercase, no final period
    span: Span | None
    notes: tuple[Note, ...] = ()
    help: str | None = None


class CompileError(Exception):
    """Raised to stop the pipeline after a stage reported errors."""


class InternalCompilerError(Exception):
    """A bug in amppy.  `stage` names the pipeline stage that failed."""

    def __init__(self, stage: str, message: str):
        super().__init__(message)
        self.stage = stage


class TooManyErrors(CompileError):
    """One file reached the error limit: the pipeline stops (the `fatal` diagnostic is reported)."""


@dataclass
class DiagnosticSink:
    """Collects the diagnostics.  `error_limit`: at most that many errors in one file (the file of
    the error's location); the next one ends the run with a `fatal` diagnostic, as clang's
    `-ferror-limit` does (0: no limit).  `note_limit`: at most that many notes on one diagnostic,
    the first and last half kept around a `(skipping N notes ...)` note, as clang's
    `-ftemplate-backtrace-limit` does (0: every note)."""
    werror: bool = False
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error_limit: int = 0
    note_limit: int = 0
    _per_file: dict = field(default_factory=dict, repr=False)
    stopped: bool = False

    def report(self, d: Diagnostic) -> None:
        if self.werror and d.severity == WARNING:
            d = Diagnostic(ERROR, d.code, d.message, d.span, d.notes, d.help)
        if self.stopped:                # past the limit: nothing more is reported
            if d.severity == ERROR:
                raise TooManyErrors("too many errors")
            return
        if self.note_limit and len(d.notes) > self.note_limit:
            d = Diagnostic(d.severity, d.code, d.message, d.span, _capped(d.notes, self.note_limit), d.help)
        if d.severity == ERROR and self.error_limit:
            where = d.span.file if d.span else ""
            count = self._per_file.get(where, 0)
            if count >= self.error_limit:
                self.stopped = True
                self.diagnostics.append(Diagnostic(
                    FATAL, "error-limit", "too many errors emitted, stopping now", d.span,
                    help=f"at most {self.error_limit} errors are reported for one file; "
                         "--error-limit 0 reports every error"))
                raise TooManyErrors("too many errors")
            self._per_file[where] = count + 1
        self.diagnostics.append(d)

    def error(self, code: str, message: str, span: Span | None, *,
              help: str | None = None, notes: Iterable[Note] = ()) -> None:
        self.report(Diagnostic(ERROR, code, message, span, tuple(notes), help))

    def warning(self, code: str, message: str, span: Span | None, *,
                help: str | None = None, notes: Iterable[Note] = ()) -> None:
        self.report(Diagnostic(WARNING, code, message, span, tuple(notes), help))

    def note(self, code: str, message: str, span: Span | None, *, help: str | None = None) -> None:
        """Information that is neither an error nor a warning (an assumption amppy made)."""
        self.report(Diagnostic(NOTE, code, message, span, (), help))

    @property
    def error_count(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == ERROR)

    def check(self) -> None:
        """Stop the pipeline if any error was reported."""
        if self.error_count:
            raise CompileError(f"{self.error_count} error(s)")


def _capped(notes: tuple, limit: int) -> tuple:
    """The first and last notes of a long list (a template instantiation backtrace), with what was
    left out said between them."""
    head = (limit + 1) // 2
    tail = limit - head
    skipped = len(notes) - limit
    return (notes[:head] + (Note(f"(skipping {skipped} note{'s' if skipped != 1 else ''}; "
                                 "use --note-limit 0 to see all)"),)
            + (notes[-tail:] if tail else ()))


_COLORS = {ERROR: "\x1b[1;31m", WARNING: "\x1b[1;35m", NOTE: "\x1b[1;36m", FATAL: "\x1b[1;31m"}
_BOLD, _RESET, _GREEN = "\x1b[1m", "\x1b[0m", "\x1b[1;32m"


def printable(text: str) -> str:
    """`text` with control characters (NUL, ESC, C1, DEL; not the tab) written `<U+0000>`, as clang
    writes them: a diagnostic never sends a terminal bytes that act on it."""
    return _CONTROL.sub(lambda m: f"<U+{ord(m.group()):04X}>", text)


_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def _snippet(span: Span, sources: SourceMap, color: bool) -> list[str]:
    text = sources.line_text(span.file, span.line)
    if text is None:
        return []
    text = text.expandtabs(1).rstrip("\r\n").rstrip()
    num = str(span.line)
    pad = " " * len(num)
    start = max(span.col, 1)
    if span.end_line == span.line:
        end = max(span.end_col, start + 1)
    else:
        end = max(len(text) + 1, start + 1)
    shown = printable(text)
    if shown != text:                   # columns move where a control character became <U+XXXX>
        start, end = (len(printable(text[:start - 1])) + 1, len(printable(text[:end - 1])) + 1)
        end = max(end, start + 1)
    marker = "^" + "~" * (end - start - 1)
    if color:
        marker = _GREEN + marker + _RESET
    return [f" {num} | {shown}", f" {pad} | {' ' * (start - 1)}{marker}"]


def render_one(d: Diagnostic, sources: SourceMap, color: bool = False) -> str:
    where = printable(f"{d.span}: " if d.span else "amppy: ")
    label = "fatal error" if d.severity == FATAL else d.severity
    sev = f"{_COLORS[d.severity]}{label}:{_RESET}" if color else f"{label}:"
    message = printable(d.message)
    head = f"{where}{sev} {message} [{d.code}]"
    if color:
        head = f"{_BOLD}{where}{_RESET}{sev} {_BOLD}{message}{_RESET} [{d.code}]"
    lines = [head]
    if d.span and d.severity != FATAL:
        lines += _snippet(d.span, sources, color)
    gutter = " " * (len(str(d.span.line)) + 1 if d.span else 1)
    for n in d.notes:
        if n.span:
            lines.append(printable(f"{n.span}: note: {n.message}"))
            lines += _snippet(n.span, sources, color)
        else:
            lines.append(f"{gutter} = note: {printable(n.message)}")
    if d.help:
        lines.append(f"{gutter} = help: {printable(d.help)}")
    return "\n".join(lines)


def render_text(diags: Iterable[Diagnostic], sources: SourceMap, color: bool = False) -> str:
    diags = list(diags)
    out = [render_one(d, sources, color) for d in diags]
    errors = sum(1 for d in diags if d.severity == ERROR)
    warnings = sum(1 for d in diags if d.severity == WARNING)
    parts = []
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if parts:
        out.append(" and ".join(parts) + " generated.")
    return "\n".join(out) + ("\n" if out else "")


def _span_json(s: Span | None):
    if s is None:
        return None
    return {"file": s.file, "line": s.line, "column": s.col,
            "end_line": s.end_line, "end_column": s.end_col}


def render_json(diags: Iterable[Diagnostic]) -> str:
    return json.dumps([
        {"severity": d.severity, "code": d.code, "message": d.message,
         "span": _span_json(d.span),
         "notes": [{"message": n.message, "span": _span_json(n.span)} for n in d.notes],
         "help": d.help}
        for d in diags], indent=2) + "\n"


class KernelCodegenError(Exception):
    """A construct a kernel target cannot express (yet); carries the user's span.  Raised by
    codegen and lowerings, reported by the driver as `[unsupported-in-kernel]`."""

    def __init__(self, message: str, span=None, help: str | None = None):
        super().__init__(message)
        self.span = span
        self.help = help

    def __str__(self):
        where = f"{self.span.file}:{self.span.line}:{self.span.col}: " if self.span else ""
        return where + self.args[0]
