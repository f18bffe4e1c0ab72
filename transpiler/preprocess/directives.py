"""The preprocessor's directive hooks and #include resolution (a mixin of the pcpp adapter).

`DirectiveHooks` overrides the pcpp hooks that see directives and errors
(`on_directive_handle`, `on_directive_unknown`, `on_error`, `include`) so that
every problem becomes one amppy diagnostic at the directive's position instead
of pcpp's own output or exception: directives pcpp would index past the end of
get a harmless stand-in token, `#error`/`#warning` are reported, and
`#include` finds the user's files (quote form: the including file's folder,
then `-I` folders) or a virtual system header (`amppy.preprocess.virtual_headers`).
It relies on the adapter (`amppy.preprocess.pcpp_adapter.PcppAdapter`) for positions
(`_tok_span`, `_dir_span`, `_line_span`) and its state (`sink`, `sources`,
`include_dirs`, the include stack `_stack`).
"""
from __future__ import annotations

import copy
import os

from pcpp.preprocessor import Action, OutputDirective

from .errors import Stop, decode_source, translate_error
from .virtual_headers import SYSTEM_HELP, VIRTUAL_HEADERS, own_header

__all__ = ["DirectiveHooks", "MAX_INCLUDE_DEPTH"]

#: How deep #includes may nest before `pp-include-depth` stops preprocessing.
MAX_INCLUDE_DEPTH = 100


class DirectiveHooks:
    """pcpp's directive, error and #include hooks, reporting to the adapter's sink."""

    def on_directive_handle(self, directive, toks, ifpassthru, precedingtoks):
        self._dir = directive
        name = directive.value
        if name in ("ifdef", "ifndef") and (not toks or toks[0].type != self.t_ID):
            # pcpp indexes toks[0]; give it a name that is never defined
            if not toks:
                self.sink.error("pp-invalid-directive", "macro name missing",
                                self._tok_span(directive))
            fake = copy.copy(directive)
            fake.type, fake.value = self.t_ID, "__amppy_missing_macro_name__"
            toks.insert(0, fake)
        elif name in ("if", "elif"):
            fake = copy.copy(directive)
            if not toks:
                self.sink.error("pp-invalid-expression", f"expected an expression after #{name}",
                                self._tok_span(directive))
                fake.type, fake.value = self.t_INTEGER, "0"
                toks.append(fake)
            elif toks[0].value == "!":
                # pcpp looks at toks[1..3] for include guards without bounds checks
                fake.type, fake.value = self.t_ID, "__amppy_missing_operand__"
                n = len(toks)
                if len(toks) < 2:
                    toks.append(copy.copy(fake))
                elif toks[1].value == "defined" and len(toks) < 3:
                    toks.append(copy.copy(fake))
                elif toks[1].value == "defined" and toks[2].value == "(" and len(toks) < 4:
                    toks.append(copy.copy(fake))
                if len(toks) != n:
                    self.sink.error("pp-invalid-expression", f"missing operand in #{name} expression",
                                    self._tok_span(directive))
        elif name == "pragma" and not toks:
            raise OutputDirective(Action.IgnoreAndRemove)
        return True

    def on_directive_unknown(self, directive, toks, ifpassthru, precedingtoks):
        self._dir = directive
        name = directive.value
        msg = "".join(str(t.value) for t in toks).strip()
        if name == "error":
            self.sink.error("pp-error", msg or "#error", self._tok_span(directive))
        elif name == "warning":
            self.sink.warning("pp-warning", msg or "#warning", self._tok_span(directive))
        elif name in ("pragma", "line", "ident", "sccs"):
            pass
        else:
            self.sink.error("pp-unknown-directive", f"invalid preprocessing directive '#{name}'",
                            self._tok_span(directive))
        return True

    def on_error(self, file, line, msg):
        code, text = translate_error(msg)
        if file == "unknown" and line == 0:
            span = self._dir_span()
        else:
            span = self._line_span(file, line)
        self.sink.error(code, text, span)
        self.return_code += 1

    def on_comment(self, tok):
        return None

    # -- includes --------------------------------------------------------
    def include(self, tokens, original_line):
        if tokens and tokens[0].value != "<" and tokens[0].type != self.t_STRING:
            tokens = self.tokenstrip(self.expand_macros(tokens))
        if not tokens:
            self.sink.error("pp-invalid-include", "#include expects \"FILENAME\" or <FILENAME>",
                            self._dir_span())
            return
        first = tokens[0]
        if first.value == "<":
            for i in range(1, len(tokens)):
                if tokens[i].value == ">":
                    break
            else:
                self.sink.error("pp-invalid-include", "expected '>' after #include <...",
                                self._tok_span(first))
                return
            filename = "".join(str(t.value) for t in tokens[1:i]).strip()
            span = self._tok_span(first, tokens[i])
            system = True
        elif first.type == self.t_STRING:
            filename = first.value[1:-1]
            span = self._tok_span(first)
            system = False
        else:
            self.sink.error("pp-invalid-include", "#include expects \"FILENAME\" or <FILENAME>",
                            self._tok_span(first))
            return
        if len(self._stack) >= MAX_INCLUDE_DEPTH:
            self.sink.error("pp-include-depth",
                            f"#include nested too deeply (more than {MAX_INCLUDE_DEPTH} levels)", span)
            raise Stop()
        key = filename.replace("\\", "/").lower()
        virtual = VIRTUAL_HEADERS.get(key)
        if virtual is None:
            virtual = own_header(key)
        found = None
        pch = getattr(self, "pch", None)
        if pch is not None and key == pch[0].replace("\\", "/").lower():
            found = self._load(pch[1])      # the project's precompiled header (/Yu), from any folder
        elif system and virtual is not None:
            found = ("<" + filename + ">", virtual)
        else:
            found = self._find_user(filename, system)
            if found is None and virtual is not None:
                found = ("<" + filename + ">", virtual)
        if found is None:
            if system:
                self.sink.error("pp-unknown-header", f"unknown system header '<{filename}>'",
                                span, help=SYSTEM_HELP)
            else:
                self.sink.error("pp-file-not-found", f"'{filename}' file not found", span)
            return
        display, data = found
        once = self.include_once.get(display, False)
        if once is None or (once is not False and once in self.macros):
            return
        self._stack.append(display)
        try:
            yield from self.parsegen(data, filename, display)
        finally:
            self._stack.pop()

    def _find_user(self, filename: str, system: bool) -> tuple[str, str] | None:
        dirs: list[str] = []
        if not system:
            dirs.append(os.path.dirname(self._stack[-1]) if self._stack else "")
        dirs += self.include_dirs
        written, filename = filename, filename.replace("\\", "/")   # `#include "..\\Scan\\scan.h"`
        for d in dirs:
            cand = os.path.normpath(os.path.join(d, filename)) if d else os.path.normpath(filename)
            if not os.path.isfile(cand):
                self.sources.probed_absent.add(cand)    # the run cache re-checks these
                on_disk = _case_insensitive(cand)
                if on_disk is None:
                    continue
                self.sink.warning(
                    "pp-include-case", f"'{written}' is '{os.path.relpath(on_disk, d or '.')}' on disk "
                    "(the letter case differs)", self._dir_span(),
                    help="Windows file names ignore letter case and amppy accepts the file; "
                         "spell the #include as the file is named to build anywhere")
                cand = on_disk
            return self._load(cand)
        return None

    def _load(self, cand: str) -> tuple[str, str]:
        """(name, text) of an existing file to include, read once per unit."""
        if self.sources.get(cand) is not None:
            return cand, self.sources.get(cand).text
        with open(cand, "rb") as fh:
            raw = fh.read()
        text = decode_source(raw, cand, self.sink, self.sources)
        if text is None:
            raise Stop()
        self.sources.add(cand, text)
        return cand, text


def _case_insensitive(path: str) -> str | None:
    """The file that `path` names when letter case is ignored (as on Windows), or None."""
    head, parts = path, []
    while head and not os.path.isdir(head):
        head, tail = os.path.split(head)
        if not tail:
            return None
        parts.append(tail)
    cur = head or "."
    for part in reversed(parts):
        try:
            names = os.listdir(cur)
        except OSError:
            return None
        match = part if part in names else next((n for n in sorted(names) if n.lower() == part.lower()), None)
        if match is None:
            return None
        cur = os.path.join(cur, match) if cur != "." or head else match
    return cur if os.path.isfile(cur) else None
