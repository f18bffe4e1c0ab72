"""pcpp's error messages in C++ words, and the decoding of a source file's bytes.

`translate_error` turns the text of one pcpp `on_error` call into amppy's
diagnostic code and message (`pp-unterminated-conditional`, `pp-macro-args`,
...); `decode_source` reads a file's bytes as UTF-8 (BOM dropped), UTF-16 with
BOM, or Windows-1252 with a `pp-encoding` note; bytes with a NUL (a binary file) are a `pp-encoding`
error that shows none of them.  `Stop` aborts preprocessing after a
fatal diagnostic.
"""
from __future__ import annotations

import codecs
import re

from ..diagnostics import DiagnosticSink
from ..source import SourceMap, Span

__all__ = ["Stop", "translate_error", "decode_source"]


class Stop(Exception):
    """Abort preprocessing after a fatal diagnostic (already reported)."""

_ERROR_PATTERNS = [
    (re.compile(r"Unterminated (.*)"), "pp-unterminated-conditional",
     lambda m: f"unterminated conditional directive '{' '.join(m.group(1).split())}'"),
    (re.compile(r"Misplaced #(\w+)"), "pp-unbalanced-conditional",
     lambda m: f"#{m.group(1)} without #if"),
    (re.compile(r"Macro (\w+) requires (\d+) arguments but was passed (\d+)"), "pp-macro-args",
     lambda m: f"macro '{m.group(1)}' requires {m.group(2)} arguments, but {m.group(3)} were given"),
    (re.compile(r"Macro (\w+) must have at least (\d+) arguments?"), "pp-macro-args",
     lambda m: f"macro '{m.group(1)}' requires at least {m.group(2)} arguments"),
    (re.compile(r"Could not evaluate expression due to .*\(passed to evaluator: '(.*)'\)", re.S),
     "pp-invalid-expression",
     lambda m: f"invalid preprocessor expression '{m.group(1).strip()}'"),
    (re.compile(r"Empty expression"), "pp-invalid-expression",
     lambda m: "expected an expression after #if"),
    (re.compile(r"Malformed defined\(\)"), "pp-invalid-expression",
     lambda m: "malformed 'defined' in preprocessor expression"),
    (re.compile(r"(Bad macro definition|Invalid macro argument|No more arguments.*)"),
     "pp-invalid-define", lambda m: m.group(1)[0].lower() + m.group(1)[1:].lower()),
    (re.compile(r"Missing '\(' in macro arguments"), "pp-invalid-define",
     lambda m: "missing '(' in macro parameter list"),
    (re.compile(r"Missing '\)' in macro arguments"), "pp-invalid-define",
     lambda m: "missing ')' in macro parameter list"),
]


def translate_error(msg: str) -> tuple[str, str]:
    """(diagnostic code, message) for one of pcpp's error messages."""
    for pat, code, fmt in _ERROR_PATTERNS:
        m = pat.match(msg)
        if m:
            return code, fmt(m)
    msg = msg.strip().rstrip(".")
    return "pp-invalid", (msg[:1].lower() + msg[1:]) if msg else "invalid preprocessor input"


def decode_source(raw: bytes, name: str, sink: DiagnosticSink, sources: SourceMap) -> str | None:
    """The text of file `name` from its bytes, as the Windows compiler reads it: UTF-8 (with or
    without BOM), UTF-16 with BOM, else Windows-1252 (Visual Studio's default code page for
    Western files; the `©` of Microsoft's headers), which a `pp-encoding` note reports.  A file
    holding a NUL byte (a binary file, UTF-16 without its BOM) is an error: None, its text unread."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")                 # the codec reads and drops the BOM
        except UnicodeDecodeError:
            sources.add(name, "")
            sink.error("pp-encoding", "source file starts with a UTF-16 byte order mark but is not "
                       "valid UTF-16", Span.point(name, 1, 1), help="save the file as UTF-8")
            return None
    if b"\0" in raw:                    # no text encoding of C++ source holds a NUL byte
        sources.add(name, "")           # (so nothing of its bytes is shown)
        sink.error("pp-encoding", "file is not C++ source text: it holds NUL bytes (a binary file?)",
                   Span.point(name, 1, 1), help="name a .cpp source file; a UTF-16 file needs its byte "
                                                "order mark, or save it as UTF-8")
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = raw.rfind(b"\n", 0, e.start) + 1
        line = raw.count(b"\n", 0, e.start) + 1
        text = raw.decode("cp1252", errors="cp1252_c1")
        col = len(raw[line_start:e.start].decode("cp1252", errors="cp1252_c1")) + 1
        sources.add(name, text)
        sink.note("pp-encoding", "source file is not valid UTF-8; read as Windows-1252 (cp1252)",
                  Span.point(name, line, col), help="save the file as UTF-8 to say so explicitly")
        return text


def _c1(err: UnicodeDecodeError):
    """The five bytes cp1252 leaves undefined read as the C1 controls of the same number
    (what Windows' MultiByteToWideChar does)."""
    return "".join(chr(b) for b in err.object[err.start:err.end]), err.end


codecs.register_error("cp1252_c1", _c1)
