"""Parse preprocessed C++ AMP into the AST (`amppy.parse.ast`): `parse(pp, sink)`.

The grammar is `grammar/cpp_amp.lark`; Lark builds (and caches) its LALR tables.  The fast
path's own tables made from them ship with the package (`grammar/cpp_amp.tables.xz`, written by
`tools/grammar/ship_tables.py`): a first run does not spend seconds building them.  This module
loads them and runs one of two paths over the preprocessed text:

* the fast path: `amppy.parse.lalr`'s lexer and LALR driver run Lark's tables and call
  the AST builders (`amppy.parse.builders.ToAst`) during parsing (no parse tree);
  its lexer and driver are pickled next to Lark's cache;
* Lark's own parser (contextual lexer, parse tree, then `ToAst.transform`), for
  whatever the fast path hands over -- above all syntax errors, which are
  reported from Lark's exceptions (`amppy.parse.errors`) and nowhere else.

Both run the lexer hack (`amppy.parse.lexhack.TypeNames`) over the tokens and
give the same AST (tests/test_parse_fast.py holds them to it).
"""
from __future__ import annotations

import dataclasses
import functools
import gc
import re
import sys

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput

from . import ast as A
from . import recovery
from .lalr import Driver, Fallback, Lexer, lark_internal
from ..diagnostics import CompileError, DiagnosticSink
from .builders import Node, ToAst, positioned
from .errors import _SyntaxProblem, report_problem, report_syntax_error, report_too_deep
from .lexhack import TypeNames


# ---- loading the grammar -------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _parser() -> tuple[Lark, TypeNames]:
    keywords = _keyword_terminals()
    postlex = TypeNames(keywords)
    parser = Lark.open_from_package(
        "amppy.grammar", "cpp_amp.lark", ("",),
        parser="lalr", lexer="contextual", propagate_positions=False, tree_class=Node,
        maybe_placeholders=True, postlex=postlex, cache=_cache_path())
    callbacks = lark_internal(parser, "parser.parser.parser.callbacks")
    for rule, cb in callbacks.items():
        callbacks[rule] = positioned(cb)
    return parser, postlex


def _cache_path():
    """Lark's grammar cache, next to amppy's other caches (or off if unwritable)."""
    import os
    import tempfile
    from .. import __version__ as ver  # not importlib.metadata: its import alone costs 25 ms
    from ..modcache import cache_root
    base = cache_root()
    try:
        os.makedirs(base, exist_ok=True)
        return os.path.join(base, f"grammar-{ver}-{_grammar_digest()}.lark-cache")
    except OSError:
        return os.path.join(tempfile.gettempdir(), f"amppy-grammar-{_grammar_digest()}.lark-cache")


@functools.lru_cache(maxsize=1)
def _grammar_digest() -> str:
    import hashlib
    from importlib.resources import files
    data = files("amppy.grammar").joinpath("cpp_amp.lark").read_bytes()
    return hashlib.sha256(data).hexdigest()[:16]


def _keyword_terminals() -> dict[str, str]:
    from importlib.resources import files
    text = files("amppy.grammar").joinpath("cpp_amp.lark").read_text()
    out = {}
    for name, body in re.findall(r'^([A-Z_][A-Z0-9_]*): ((?:"[a-z_]+"\s*\|?\s*)+)$', text, re.M):
        for word in re.findall(r'"([a-z_]+)"', body):
            out[word] = name
    return out


# ---- entry point ---------------------------------------------------------------------------

def parse(pp, sink: DiagnosticSink, *, library: tuple = (frozenset(), frozenset()),
          fast: bool = True) -> A.TranslationUnit:
    """Parse a `PreprocessedSource` into a TranslationUnit, or report and raise CompileError.

    `library`: the library's (type names, template names) the lexer hack reads as types
    (`amppy.sema.areas.lexer_names()`; without them only the program's own names are types).

    The fast path (`amppy.parse.lalr`: own lexer and LALR driver over Lark's tables, AST built
    while parsing) handles programs that parse; anything else -- a syntax error above
    all -- goes through Lark itself (`fast=False` forces that), whose exceptions carry
    what the syntax-error messages need.  Both give the same AST (tested).

    The cyclic garbage collector is paused meanwhile: parsing allocates hundreds of
    thousands of tokens, tree nodes and AST nodes, none of them garbage cycles, and the
    collector's repeated passes over that growing heap took about half the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        if fast:
            done = _parse_fast(pp, library)
            if done is not None:
                tu, diagnostics = done
                for d in diagnostics:
                    sink.report(d)
                sink.check()
                return tu
        return _parse(pp, sink, library)
    finally:
        if enabled:
            gc.enable()


@functools.lru_cache(maxsize=1)
def _fast_parts() -> tuple[Lexer, Driver, TypeNames]:
    """The fast path's lexer, driver and postlexer.

    The lexer and driver are pickled next to Lark's grammar cache: loading them is
    a few milliseconds, while building them needs the Lark parser itself (its
    cache load is most of a tenth of a second; building it from the grammar, seconds).
    Where that cache is missing they come from the tables the package ships, and only
    where those are stale from Lark's parser.  So a program that parses never loads
    Lark's parser at all; the first syntax error does."""
    import pickle
    from ..modcache import write_atomic
    path = _cache_path().replace(".lark-cache", f"-{_fast_path_digest()}.tables")
    parts = None
    try:
        with open(path, "rb") as fh:
            parts = pickle.load(fh)
        if not (isinstance(parts, tuple) and len(parts) == 2 and isinstance(parts[0], Lexer)
                and isinstance(parts[1], Driver)):
            parts = None
    except Exception:       # missing, unreadable, stale or corrupt: build it again
        parts = None
    if parts is None:
        parts = shipped_tables()
        if parts is None:
            parser, _ = _parser()
            parts = (Lexer(parser), Driver(parser, _WITH_POSITIONS))
        try:
            write_atomic(path, pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            pass
    return parts[0], parts[1], TypeNames(parts[0].keywords)    # the grammar's keywords


#: the fast path's tables as the package ships them (`tools/grammar/ship_tables.py` writes
#: them): building them from the grammar takes seconds, the first thing a new user would wait for
SHIPPED_TABLES = "cpp_amp.tables.xz"


def tables_digest() -> str:
    """What the fast path's tables are made from: the grammar and amppy.parse.lalr."""
    import hashlib
    return hashlib.sha256(_grammar_digest().encode() + b"\0" + _lalr_code()).hexdigest()[:16]


@functools.lru_cache(maxsize=1)
def _lalr_code() -> bytes:
    """amppy.parse.lalr's source: the fast path's tables are its objects."""
    from . import lalr
    with open(lalr.__file__, "rb") as fh:
        return fh.read()


def shipped_tables():
    """The (Lexer, Driver) the package ships, or None when they are missing or not made from
    this grammar and this amppy.parse.lalr."""
    import lzma
    import pickle
    from importlib.resources import files
    try:
        digest, parts = pickle.loads(lzma.decompress(files("amppy.grammar").joinpath(SHIPPED_TABLES).read_bytes()))
    except Exception:       # missing, unreadable or from another amppy
        return None
    if digest != tables_digest() or not (isinstance(parts, tuple) and len(parts) == 2):
        return None
    return parts


def build_tables() -> bytes:
    """The fast path's tables built from the grammar, as `SHIPPED_TABLES` holds them."""
    import lzma
    import pickle
    parser, _ = _parser()
    parts = (Lexer(parser), Driver(parser, _WITH_POSITIONS))
    return lzma.compress(pickle.dumps((tables_digest(), parts), protocol=4), preset=9)


def _fast_path_digest() -> str:
    """What the pickled tables depend on besides the grammar: Lark and amppy.parse.lalr."""
    import hashlib
    import lark
    return hashlib.sha256(lark.__version__.encode() + b"\0" + _lalr_code()).hexdigest()[:12]


_WITH_POSITIONS = frozenset({"binops", "additive"})


def _parse_fast(pp, library: tuple = (frozenset(), frozenset())):
    """(TranslationUnit, diagnostics) from the fast path, or None to let Lark decide.

    Builders may report (`unsupported`) or raise while the parse is still running,
    before a later syntax error that Lark would report first; so their diagnostics
    are kept aside and any problem at all hands the whole input to the Lark path."""
    lexer, driver, postlex = _fast_parts()
    scratch = DiagnosticSink()
    builder = ToAst(pp, scratch)
    try:
        tokens = lexer.tokens(pp.text)
        postlex.text = pp.text
        postlex.library_types, postlex.library_templates = library
        tu = driver.parse(postlex.process(tokens), builder.builders(driver.callback_names), default=Tree)
    except (Fallback, _SyntaxProblem):
        return None
    return tu, scratch.diagnostics


def _offset(e: UnexpectedInput, text: str) -> int:
    """Where in `text` the parser stopped (the end for an unexpected end of input)."""
    tok = getattr(e, "token", None)
    if tok is not None and tok.type != "$END" and tok.start_pos is not None:
        return tok.start_pos
    pos = getattr(e, "pos_in_stream", None)
    return pos if isinstance(pos, int) else len(text)


def _parse(pp, sink: DiagnosticSink, library: tuple = (frozenset(), frozenset())) -> A.TranslationUnit:
    """Lark's path: parse tree, then AST; syntax errors reported from Lark's exceptions."""
    parser, postlex = _parser()
    postlex.library_types, postlex.library_templates = library
    text, errors = pp.text, 0
    while True:
        postlex.text = text
        try:
            tree = parser.parse(text)
            break
        except UnexpectedInput as e:
            seen = pp if text is pp.text else dataclasses.replace(pp, text=text)
            report_syntax_error(e, seen, sink)
            errors += 1
            # resume at the next declaration (parse/recovery.py), so every syntax error is listed
            rest = recovery.skip_declaration(text, _offset(e, text)) if errors < recovery.MAX_ERRORS else None
            if rest is None or rest == text:
                raise CompileError("syntax error") from None
            text = rest
        except RecursionError:
            raise report_too_deep(pp, sink) from None
    if errors:                          # the rest is still built: its [unsupported] are listed too
        pp = dataclasses.replace(pp, text=text)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20000))
    try:
        tu = ToAst(pp, sink).transform(tree)
    except _SyntaxProblem as exc:
        raise report_problem(exc, sink) from None
    except RecursionError:
        raise report_too_deep(pp, sink) from None
    finally:
        sys.setrecursionlimit(old)
    sink.check()
    return tu
