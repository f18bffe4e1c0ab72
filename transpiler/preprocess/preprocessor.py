"""Preprocessing: C++ AMP source text -> one translation unit plus a position map.

Input:  a path (and optionally its text), `-D` defines, `-I` directories.
Output: `PreprocessedSource` -- `text` (macros expanded, comments and
directives removed, no `#line` markers) and `origin(line, col)`, which maps any
1-based position in `text` back to the user's file, line and column.

pcpp does the preprocessing; we consume its token stream ourselves instead of
its `write()`.  Every token that pcpp lexes is stamped with the file, line and
column it came from, so the map is exact rather than guessed:

* a token from the user's text keeps its own position (macro *arguments*
  included);
* a token from a macro's replacement list maps to the outermost invocation's
  macro name (pcpp copies the invoking identifier's `source` onto every token
  of an expansion; our identifiers carry their position in that `source`).

Layout of `text`: each token goes on the output line of its source line and,
where it still fits, at its source column, so a line untouched by macros comes
out identical and, in a file without (non-empty) includes, output line N is
source line N.  Virtual system headers (<amp.h>, <iostream>, <Windows.h>, ...)
exist only in `VIRTUAL_HEADERS`; they define a few macros and emit no text.  The one
exception is C++ AMP's short vectors: <amp_graphics.h>/<amp_short_vectors.h> define a
macro, and then `attach_short_vectors` puts the C++ of the classes the program uses
before the whole text (mapped to `<amp_short_vectors.h>`).

The parts:

* `pcpp_adapter`: the pcpp adapter (`PcppAdapter`): token positions, macro
  definition and expansion checks, the run over pcpp's token stream;
* `directives`: its directive, error and #include hooks;
* `linemap`: the layout of `text` and the position map
  (`PreprocessedSource`, `Origin`);
* `virtual_headers`: the virtual system headers and predefined macros;
* `errors`: pcpp's messages in C++ words, decoding source bytes.

This module is the entry point, `preprocess()`, and re-exports the names other
modules import from `amppy.preprocess.preprocessor`.
"""
from __future__ import annotations

import gc
import re
from typing import Mapping, Sequence

from ..diagnostics import DiagnosticSink
from .errors import decode_source
from .virtual_headers import PREDEFINED, VIRTUAL_HEADERS
from .attributes import blank_attributes
from .linemap import Origin, PreprocessedSource
from .pcpp_adapter import MACRO_EXPANSION_LIMIT, PcppAdapter
from ..cxx import short_vectors
from ..source import SourceMap

__all__ = ["Origin", "PreprocessedSource", "preprocess", "VIRTUAL_HEADERS", "MACRO_EXPANSION_LIMIT"]

#: The adapter under its old name (tests patch its hooks through `amppy.preprocess._PP`).
_PP = PcppAdapter

_IDENT_RE = re.compile(r"[A-Za-z_]\w*\Z")


def preprocess(path: str, *, text: str | None = None, defines: Mapping[str, str] | None = None,
               include_dirs: Sequence[str] | None = None, undefines: Sequence[str] = (),
               pch: tuple[str, str] | None = None,
               sink: DiagnosticSink) -> PreprocessedSource:
    """Preprocess `path` (or `text`, named `path`) into one translation unit.

    `undefines`: macros removed after the defines (`/U`).  `pch`: a project's precompiled header
    (name as `#include` writes it, its file): an `#include` of that name is that file wherever the
    including source is, as with Visual C++'s `/Yu` (amppy reads the header; it keeps no binary).
    Diagnostics go to `sink`; this never raises for bad input."""
    sources = SourceMap()
    if text is None:
        try:
            with open(path, "rb") as fh:
                raw = fh.read()
        except OSError as e:
            sink.error("pp-file-not-found", f"cannot open '{path}': {e.strerror or e}", None)
            return PreprocessedSource("", path, sources)
        text = decode_source(raw, path, sink, sources)
        if text is None:
            return PreprocessedSource("", path, sources)
    elif text.startswith("\ufeff"):
        text = text[1:]
    sources.add(path, text)
    # pcpp's tokens are not garbage cycles: pause the cyclic collector (see amppy.parse.parse)
    enabled = gc.isenabled()
    gc.disable()
    try:
        pp = PcppAdapter(sink, sources, include_dirs or [])
        pp.pch = pch if pch and pch[1] else None
        for d in PREDEFINED:
            pp.define(d)
        for name, value in (defines or {}).items():
            if not _IDENT_RE.match(name.split("(", 1)[0]):
                sink.error("pp-invalid-define", f"invalid macro name '{name}' in -D", None)
                continue
            value = "1" if value is None else value     # (`-DNAME=` defines NAME as nothing, as cl and gcc do)
            pp._cmdline[name.split("(", 1)[0]] = f"{name}={value}"
            pp.define(f"{name} {value}")
        for name in undefines:
            pp.macros.pop(name, None)
            pp._cmdline.pop(name, None)
        out = pp.run(text, path)
        # `[[nodiscard]]`, `alignas(16)`, `__declspec(align(16))`: nothing to translate
        out.text = blank_attributes(out.text)
        if short_vectors.GUARD in pp.macros:    # <amp_short_vectors.h>: its classes go first
            out = attach_short_vectors(out)
        return out
    finally:
        if enabled:
            gc.enable()


def attach_short_vectors(pp):
    """`pp` (a `PreprocessedSource` whose program included the header) with the header's C++
    for what the program uses put before its text, its lines mapped to `short_vectors.HEADER`."""
    text = short_vectors.header_text(*short_vectors.used(pp.text))
    pp.sources.add(short_vectors.HEADER, text)
    k = text.count("\n")
    bases = pp._bases or [(pp.main_file, i + 1) for i in range(pp.text.count("\n") + 1)]
    tables = pp._tables or [None] * len(bases)
    return PreprocessedSource(text + pp.text, pp.main_file, pp.sources,
                              [(short_vectors.HEADER, i + 1) for i in range(k)] + list(bases), [None] * k + list(tables))
