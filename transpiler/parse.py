"""Parse preprocessed C++ AMP into the AST (`amppy.ast`).

The grammar is `grammar/cpp_amp.lark`; Lark builds (and caches) its LALR tables.
`TypeNames` (a postlexer) applies the lexer hack that tells types from values,
and `_ToAst` holds one builder per grammar rule that maps the rule's children
onto AST dataclasses, every position mapped back to the user's file through the
preprocessor's line map.  Two paths use them:

* the fast path: `amppy.lalr`'s lexer and LALR driver run Lark's tables and call
  the builders during parsing (no parse tree);
* Lark's own parser (contextual lexer, parse tree, then `_ToAst.transform`), for
  whatever the fast path hands over -- above all syntax errors, which are
  reported from Lark's exceptions here and nowhere else.

Both give the same AST (tests/test_parse_fast.py holds them to it).
"""
from __future__ import annotations

import functools
import gc
import re
import sys

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from . import ast as A
from .lalr import Driver, Fallback, Lexer, Tok
from .diagnostics import CompileError, DiagnosticSink
from .source import Span

# ---- the lexer hack -----------------------------------------------------------------------

#: Library types that are not templates (C++ AMP, std, and the Win32 console API).
LIBRARY_TYPES = frozenset("""
    COORD SMALL_RECT HANDLE DWORD WORD BOOL BYTE UINT LONG ULONG SHORT CHAR WCHAR TCHAR _TCHAR
    LPSTR LPCSTR LPWSTR LPCWSTR size_t ptrdiff_t int8_t int16_t int32_t int64_t uint8_t uint16_t
    uint32_t uint64_t string wstring ostream istream exception runtime_error
    accelerator accelerator_view completion_future tile_barrier runtime_exception
    invalid_compute_domain out_of_memory unsupported_feature norm unorm uint
    int_2 int_3 int_4 uint_2 uint_3 uint_4 float_2 float_3 float_4 double_2 double_3 double_4
""".split())

#: Library class templates: a NAME here followed by `<` is a template-id.
LIBRARY_TEMPLATES = frozenset("""
    array_view array extent index tiled_extent tiled_index vector texture texture_view
    writeonly_texture_view graphics numeric_limits pair unique_ptr shared_ptr atomic
""".split())

#: Member templates, template-ids only after `.`/`->`: `e.tile<2, 3>()`.
MEMBER_TEMPLATES = frozenset({"tile"})

_BUILTIN_TYPE_TOKENS = frozenset(
    "INT UNSIGNED SIGNED SHORT LONG CHAR FLOAT DOUBLE BOOL VOID WCHAR_T AUTO TYPE_NAME".split())
_SPACE = re.compile(r"\s*")


#: What a token is, on either parse path (Lark's, or amppy.lalr's fast one).
_TOKENS = (Token, Tok)


class TypeNames:
    """Postlexer: NAME -> TYPE_NAME / TEMPLATE_NAME / keyword, one token at a time.

    It never buffers tokens (the contextual lexer lexes with the parser's
    current state), and looks ahead in the *text* for a following `<`.

    A library template name that the program declares as a variable (`int
    index = 0;`, a parameter `int array`) is an ordinary name until the block
    that declared it closes, so `index < n` stays a comparison.  A name after
    `.`/`->` is a member, never a library template (`d.index < n`), except the
    member templates (`e.tile<2, 3>()`).
    """
    always_accept = ("NAME",)

    def __init__(self, keywords: dict[str, str]):
        self.keywords = keywords        # keyword text -> terminal name
        self.text = ""

    def _next_char(self, pos: int) -> str:
        m = _SPACE.match(self.text, pos)
        end = m.end()
        return self.text[end] if end < len(self.text) else ""

    def process(self, stream):
        types = set(LIBRARY_TYPES)
        prev = None
        in_typedef = False
        shadowed: dict[str, int] = {}       # library template name -> live declarations
        scopes: list[list[str]] = [[]]      # per open block: the names declared in it
        pending: list[str] = []             # declared in parentheses: for the block that follows
        paren_stack: list[int] = []         # paren depth saved at each '{'
        parens = 0
        angles = 0                          # open template argument lists
        for tok in stream:
            if tok.type == "NAME":
                value = tok.value
                kw = self.keywords.get(value)
                nxt = None
                if kw is not None:
                    tok.type = kw           # a keyword the contextual lexer took for a name
                elif self.text.startswith("::", _SPACE.match(self.text, tok.end_pos).end()):
                    tok.type = "NS_NAME"    # std::, concurrency::, Outer::
                elif prev is not None and prev.type in ("STRUCT_KW", "ENUM", "TYPENAME"):
                    types.add(value)
                    tok.type = "TYPE_NAME"
                elif prev is not None and prev.type == "USING":
                    types.add(value)        # `using X = T;` declares X (the token stays a NAME)
                elif in_typedef and (nxt := self._next_char(tok.end_pos)) in (";", ",", "["):
                    types.add(value)        # the name a typedef declares stays a NAME
                elif prev is not None and prev.type in ("DOT", "ARROW", "TEMPLATE"):
                    if value in MEMBER_TEMPLATES and self._next_char(tok.end_pos) == "<":
                        tok.type = "TEMPLATE_NAME"
                elif value in LIBRARY_TEMPLATES:
                    nxt = self._next_char(tok.end_pos)
                    if nxt == "<":
                        if not shadowed.get(value) and not (
                                prev is not None and prev.type in _BUILTIN_TYPE_TOKENS):
                            tok.type = "TEMPLATE_NAME"
                    elif prev is not None and prev.type in _DECLARATOR_PREV:
                        # `int index = 0;`, `(int array)`: a variable hides the template
                        shadowed[value] = shadowed.get(value, 0) + 1
                        (pending if parens else scopes[-1]).append(value)
                elif value in types and not (prev is not None and prev.type in _BUILTIN_TYPE_TOKENS):
                    tok.type = "TYPE_NAME"
            t = tok.type
            if t not in _BOOKKEEPING:
                prev = tok
                yield tok
                continue
            if t == "LT" and prev is not None and prev.type == "TEMPLATE_NAME":
                angles += 1
            elif t == "GT" and angles:
                angles -= 1
            elif t == "SHR" and angles >= 2:
                # `vector<index<1>>`: C++11 closes two template argument lists
                angles -= 2
                first = Token("GT", ">", tok.start_pos, tok.line, tok.column, tok.line,
                              tok.column + 1, tok.start_pos + 1)
                second = Token("GT", ">", tok.start_pos + 1, tok.line, tok.column + 1, tok.line,
                               tok.column + 2, tok.start_pos + 2)
                yield first
                prev, tok, t = first, second, "GT"
            if t == "TYPEDEF":
                in_typedef = True
            elif t in ("SEMICOLON", "LBRACE", "RBRACE"):
                in_typedef = False
            if t == "LPAR":
                parens += 1
            elif t == "RPAR":
                parens = max(parens - 1, 0)
            elif t == "LBRACE":
                paren_stack.append(parens)
                parens = 0
                scopes.append(pending)      # parameters and for-init names live in the body
                pending = []
            elif t == "RBRACE" and paren_stack:
                parens = paren_stack.pop()
                for name in scopes.pop():
                    shadowed[name] -= 1
            elif t == "SEMICOLON" and not parens and pending:
                for name in pending:        # a prototype, or the end of an unbraced for body
                    shadowed[name] -= 1
                pending = []
            prev = tok
            yield tok


#: The tokens that move the postlexer's state (template brackets, typedefs, scopes).
_BOOKKEEPING = frozenset({"LT", "GT", "SHR", "TYPEDEF", "SEMICOLON", "LBRACE", "RBRACE", "LPAR", "RPAR"})

#: Tokens after which a name is being declared (`int index`, `float* array`, `const T& index`).
_DECLARATOR_PREV = _BUILTIN_TYPE_TOKENS | {"STAR", "AMP", "ANDAND", "CONST", "GT"}


# ---- loading the grammar -------------------------------------------------------------------

class _Node:
    """A parse-tree node: Lark's `Tree` without the `Meta` object.

    `pos` is the node's own (line, column, end_line, end_column) in the preprocessed text
    and `cpos` its "container" position (parentheses or other tokens around an inlined
    child included), both None for a node without tokens.  They follow exactly the rule of
    Lark's `propagate_positions=True`, computed by `_positioned` below at a fraction of the
    cost (no Meta objects, no getattr-with-default chains)."""
    __slots__ = ("data", "children", "pos", "cpos")

    def __init__(self, data, children, meta=None):
        self.data = data
        self.children = children
        self.pos = self.cpos = None


def _positioned(build):
    """Wrap one rule's tree-building callback (Lark's child filter and single-child
    expansion, which get *unfiltered* children) with position propagation: a node starts
    where its first child's container starts and ends where its last child's container
    ends; a child inlined by `?rule` keeps its own position and gets the container's."""
    def callback(children):
        res = build(children)
        if res.__class__ is not _Node:
            return res
        start = end = None
        for c in children:
            if c.__class__ is _Node:
                if c.cpos is not None:
                    start = c.cpos
                    break
            elif c is not None:
                start = (c.line, c.column)
                break
        else:
            return res
        for c in reversed(children):
            if c.__class__ is _Node:
                if c.cpos is not None:
                    cp = c.cpos
                    end = (cp[2], cp[3])
                    break
            elif c is not None:
                end = (c.end_line, c.end_column)
                break
        cpos = res.cpos = (start[0], start[1], end[0], end[1])
        if res.pos is None:
            res.pos = cpos
        return res
    return callback


@functools.lru_cache(maxsize=1)
def _parser() -> tuple[Lark, TypeNames]:
    keywords = _keyword_terminals()
    postlex = TypeNames(keywords)
    parser = Lark.open_from_package(
        "amppy.grammar", "cpp_amp.lark", ("",),
        parser="lalr", lexer="contextual", propagate_positions=False, tree_class=_Node,
        maybe_placeholders=True, postlex=postlex, cache=_cache_path())
    callbacks = parser.parser.parser.parser.callbacks
    for rule, cb in callbacks.items():
        callbacks[rule] = _positioned(cb)
    return parser, postlex


def _cache_path():
    """Lark's grammar cache, next to amppy's other caches (or off if unwritable)."""
    import os
    import tempfile
    from . import __version__ as ver      # not importlib.metadata: its import alone costs 25 ms
    from .modcache import cache_root
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


# ---- words a C++ programmer knows, for syntax errors ----------------------------------------

TOKEN_WORDS = {
    "SEMICOLON": "';'", "COMMA": "','", "COLON": "':'", "QMARK": "'?'", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'", "RBRACE": "'}'", "EQ": "'='", "LT": "'<'",
    "GT": "'>'", "STAR": "'*'", "AMP": "'&'", "DOT": "'.'", "ARROW": "'->'", "NAME": "identifier",
    "TYPE_NAME": "type name", "TEMPLATE_NAME": "template name", "INT_LIT": "integer constant",
    "FLOAT_LIT": "floating constant", "CHAR_LIT": "character constant", "STRING_LIT": "string literal",
    "__ANON_0": "'::'",
}
_STRUCTURAL = ["SEMICOLON", "RPAR", "RSQB", "RBRACE", "COMMA", "COLON", "EQ", "LBRACE", "GT", "LPAR"]
_EXPR_START = {"NAME", "INT_LIT", "FLOAT_LIT", "CHAR_LIT", "STRING_LIT"}


def _describe(tok: Token) -> str:
    if tok.type == "$END":
        return "end of file"
    if tok.type in ("INT_LIT", "FLOAT_LIT"):
        return f"numeric constant '{tok.value}'"
    if tok.type in ("NAME", "TYPE_NAME", "TEMPLATE_NAME"):
        return f"'{tok.value}'"
    return f"'{tok.value}'" if tok.value else tok.type


def _expected_words(expected: set[str], rest_of_line: str) -> str:
    if expected & _EXPR_START and not expected & {"SEMICOLON", "RPAR", "RSQB"}:
        return "expected expression"
    if expected <= {"NAME", "TYPE_NAME", "STAR", "AMP", "ANDAND"} and "NAME" in expected:
        return "expected identifier"
    chosen = [t for t in _STRUCTURAL if t in expected]
    # A missing '?' of a conditional: the operand is followed by ':' on the same line.
    if "QMARK" in expected and ":" in rest_of_line and "::" not in rest_of_line:
        chosen.insert(0, "QMARK")
    words = [TOKEN_WORDS[t] for t in chosen[:2]]
    if not words:
        if "NAME" in expected:
            return "expected identifier"
        if expected & _EXPR_START:
            return "expected expression"
        return "unexpected token"
    return "expected " + " or ".join(words)


# ---- tree -> AST -------------------------------------------------------------------------

class _Decl:
    """A declarator while it is being built: name plus pointer/array layers."""
    __slots__ = ("name", "span", "ptrs", "arrays")

    def __init__(self, name, span, ptrs, arrays):
        self.name, self.span, self.ptrs, self.arrays = name, span, ptrs, arrays

    def wrap(self, base):
        t = base
        for kind, const, span in self.ptrs:
            t = A.PointerType(span, t, const) if kind == "*" else A.ReferenceType(span, t, kind == "&&")
        for size, span in reversed(self.arrays):
            t = A.ArrayType(span, t, size)
        return t


class _Marker:
    """Function specifiers and other bits that are not AST nodes of their own."""
    __slots__ = ("kind", "value", "span")

    def __init__(self, kind, value=None, span=None):
        self.kind, self.value, self.span = kind, value, span


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "a": "\a", "b": "\b", "f": "\f",
            "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}
_ESC_RE = re.compile(r"\\(x[0-9a-fA-F]+|[0-7]{1,3}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)", re.S)


def _unescape(body: str) -> str:
    def sub(m):
        e = m.group(1)
        if e[0] == "x":
            code = int(e[1:], 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise ValueError(f"hex escape sequence '\\{e}' out of range")
            return chr(code)
        if e[0] in "uU" and len(e) > 1:
            code = int(e[1:], 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise ValueError(f"'\\{e}' is not a valid universal character name")
            return chr(code)
        if e[0].isdigit() and e[0] in "01234567":
            return chr(int(e, 8))
        return _ESCAPES.get(e, e)
    return _ESC_RE.sub(sub, body)


_NORMALISED = {
    ("unsigned",): "unsigned int", ("signed",): "int", ("signed", "int"): "int",
    ("short", "int"): "short", ("unsigned", "short"): "unsigned short",
    ("unsigned", "short", "int"): "unsigned short", ("long", "int"): "long",
    ("unsigned", "long"): "unsigned long", ("unsigned", "long", "int"): "unsigned long",
    ("long", "long", "int"): "long long", ("unsigned", "long", "long"): "unsigned long long",
    ("unsigned", "long", "long", "int"): "unsigned long long", ("signed", "char"): "signed char",
    ("unsigned", "char"): "unsigned char", ("long", "double"): "long double",
}


#: C++ binary operator precedence (higher binds tighter); all are left-associative.
_PREC = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7,
         ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10}


@functools.lru_cache(maxsize=4096)      # a program repeats few distinct literals
def _int_literal(text: str):
    """(value, unsigned?, number of 'l's) of an integer literal, or the error message."""
    m = re.match(r"(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)(.*)", text)
    digits, suffix = m.group(1), m.group(2).lower()
    if digits[:2].lower() == "0x":
        value = int(digits, 16)
    elif digits[:2].lower() == "0b":
        value = int(digits[2:], 2)
    elif len(digits) > 1 and digits[0] == "0":
        if not all(c in "01234567" for c in digits):
            return f"invalid digit in octal constant '{text}'"
        value = int(digits, 8)
    else:
        value = int(digits)
    return value, "u" in suffix, suffix.count("l")


class _SyntaxProblem(Exception):
    def __init__(self, code, message, span, help=None):
        super().__init__(message)
        self.code, self.message, self.span, self.help = code, message, span, help


class _ToAst:
    """Tree -> AST.  Each rule's method gets (meta, children) with the children already
    converted, like a Lark Transformer under `v_args(meta=True)`, but driven by an
    iterative loop: no per-call wrapper objects (a fifth of the front end's time with
    Lark's Transformer) and no Python recursion however deep the tree."""

    def __init__(self, pp, sink: DiagnosticSink):
        self.pp = pp
        self.sink = sink

    def transform(self, tree):
        results: list = []
        stack: list = [(tree, False)]
        methods: dict = {}
        while stack:
            node, expanded = stack.pop()
            kids = node.children
            if not expanded:
                stack.append((node, True))
                stack.extend((c, False) for c in reversed(kids) if c.__class__ is _Node)
                continue
            n = sum(1 for c in kids if c.__class__ is _Node)
            if n:
                done = iter(results[len(results) - n:])
                del results[len(results) - n:]
                kids = [next(done) if c.__class__ is _Node else c for c in kids]
            else:
                kids = list(kids)
            data = node.data
            if data == "binops" or data == "additive":     # needs the operands' positions
                results.append(self.binops(node.pos, kids, [
                    (c.line, c.column, c.end_line, c.end_column) if c.__class__ is not _Node else c.cpos
                    for c in node.children]))
                continue
            f = methods.get(data)
            if f is None:
                f = methods[data] = getattr(self, data, None) or (
                    lambda pos, ch, data=data: Tree(data, ch))
            results.append(f(node.pos, kids))
        return results[0]

    def builders(self, names) -> dict:
        """The builder method of each rule callback name that has one (`amppy.lalr.Driver`)."""
        out = {}
        for name in set(names):
            f = getattr(self, "lambda_" if name == "lambda" else name, None)
            if f is not None:
                out[name] = f
        return out

    # -- positions
    def sp(self, pos) -> Span:
        """The span of a node's (line, column, end_line, end_column) in the preprocessed text;
        methods below call it `meta` for history's sake."""
        if pos is None:
            return self.pp.span(1, 1, 1, 2)
        return self.pp.span(*pos)

    def tsp(self, tok: Token) -> Span:
        return self.pp.span(tok.line, tok.column, tok.end_line, tok.end_column)

    def unsupported(self, span, what, help=None):
        self.sink.error("unsupported", f"{what} not supported yet", span, help=help)
        return A.Unsupported(span, what)

    # -- top level
    def start(self, meta, ch):
        return A.TranslationUnit(self.sp(meta), tuple(c for c in ch if c is not None))

    def empty_decl(self, meta, ch):
        return None

    def using_namespace(self, meta, ch):
        return A.UsingNamespace(self.sp(meta), "::".join(t.value for t in ch if t.type in ("NAME", "NS_NAME")))

    def using_alias(self, meta, ch):
        return A.Typedef(self.sp(meta), ch[1].value, ch[2])

    def template_decl(self, meta, ch):
        return self.unsupported(self.tsp(ch[0]), "templates defined in the program are",
                                help="instantiate the template by hand for the types the program uses")

    def namespace_decl(self, meta, ch):
        return self.unsupported(self.sp(meta), "namespace definitions are")

    def tparam(self, meta, ch):
        return None

    # -- types
    def type(self, meta, ch):
        if len(ch) == 1:        # no cv-qualifiers: the core, which spans the same text
            return ch[0]
        core = next(c for c in ch if isinstance(c, A.TypeName))
        toks = {t.type for t in ch if isinstance(t, _TOKENS)}
        return A.TypeName(self.sp(meta), core.name, core.namespace, core.args,
                          core.const or "CONST" in toks, core.volatile or "VOLATILE" in toks,
                          core.elaborated)

    def builtin_type(self, meta, ch):
        if len(ch) == 1:
            word = ch[0].value
            name = _NORMALISED.get((word,), word)
        else:
            words = tuple(t.value for t in ch)
            name = _NORMALISED.get(words, " ".join(words))
        return A.TypeName(self.sp(meta), name, (), None, False, False, None)

    def named_type(self, meta, ch):
        ns = tuple(t.value for t in ch[:-1])
        return A.TypeName(self.sp(meta), ch[-1].value, ns, None, False, False, None)

    def template_type(self, meta, ch):
        i = next(k for k, t in enumerate(ch) if isinstance(t, _TOKENS) and t.type == "TEMPLATE_NAME")
        ns = tuple(t.value for t in ch[:i])
        # `!type_core` keeps the '<' and '>' tokens; they are not arguments
        args = tuple(a for a in ch[i + 1:] if a is not None and not isinstance(a, _TOKENS))
        return A.TypeName(self.sp(meta), ch[i].value, ns, args, False, False, None)

    def elaborated_type(self, meta, ch):
        ns = tuple(t.value for t in ch[1:-1])
        return A.TypeName(self.sp(meta), ch[-1].value, ns, None, False, False, ch[0].value)

    # -- declarators
    def ptr_op(self, meta, ch):
        tok = ch[0]
        kind = {"STAR": "*", "AMP": "&", "ANDAND": "&&"}[tok.type]
        return (kind, len(ch) > 1, self.sp(meta))

    def array_suffix(self, meta, ch):
        return (ch[0] if ch else None, self.sp(meta))

    def declarator(self, meta, ch):
        if len(ch) == 1:                    # a plain name
            name = ch[0]
            self._check_identifier(name)
            return _Decl(name.value, self.tsp(name), [], [])
        ptrs = [c for c in ch if isinstance(c, tuple) and len(c) == 3]
        arrays = [c for c in ch if isinstance(c, tuple) and len(c) == 2]
        name = next(c for c in ch if isinstance(c, _TOKENS))
        self._check_identifier(name)
        return _Decl(name.value, self.tsp(name), ptrs, arrays)

    def _check_identifier(self, tok: Token):
        if tok.type != "NAME":
            raise _SyntaxProblem("syntax-error", f"expected identifier, found '{tok.value}'", self.tsp(tok))

    def init_assign(self, meta, ch):
        return ("=", ch[0])

    def init_ctor(self, meta, ch):
        return ("()", tuple(ch))

    def init_brace(self, meta, ch):
        return ("{}", ch[0])

    def init_list(self, meta, ch):
        return A.InitList(self.sp(meta), tuple(c for c in ch if c is not None))

    def init_declarator(self, meta, ch):
        return (ch[0], ch[1] if len(ch) > 1 else None, self.sp(meta))

    def storage(self, meta, ch):
        return _Marker("storage", ch[0].value)

    def declaration(self, meta, ch):
        # storage* type init_declarator ("," init_declarator)*
        first = 0
        while ch[first].__class__ is _Marker:
            first += 1
        storage = tuple(c.value for c in ch[:first])
        base = ch[first]
        decls = []
        for d, init, span in ch[first + 1:]:
            value = args = None
            if init is not None:
                if init[0] == "()":
                    args = init[1]
                else:
                    value = init[1]
            decls.append(A.VarDecl(span, d.name, d.span, d.wrap(base), storage, value, args))
        return A.DeclStmt(self.sp(meta), tuple(decls))

    def typedef_decl(self, meta, ch):
        base = ch[1]
        out = [A.Typedef(self.sp(meta), d.name, d.wrap(base)) for d in ch[2:]]
        return out[0] if len(out) == 1 else A.Compound(self.sp(meta), tuple(out))

    # -- structs and enums
    def struct_def(self, meta, ch):
        span = self.sp(meta)
        kw = next(c for c in ch if isinstance(c, _TOKENS) and c.type == "STRUCT_KW")
        name = next(c for c in ch if isinstance(c, _TOKENS) and c.type in ("NAME", "TYPE_NAME"))
        fields, methods, bad, bases = [], [], [], ()
        for c in ch:
            if isinstance(c, _Marker) and c.kind == "bases":
                bases = c.value
                bad.append(self.unsupported(c.span, "inheritance is"))
            elif isinstance(c, A.DeclStmt):
                fields.extend(c.decls)
            elif isinstance(c, A.FunctionDef):
                methods.append(c)
            elif isinstance(c, A.Unsupported):
                bad.append(c)
            elif isinstance(c, A.StructDef):
                bad.append(self.unsupported(c.span, "nested struct definitions are"))
        if any(isinstance(c, _Marker) and c.kind == "declarators" for c in ch):
            bad.append(self.unsupported(span, "declaring variables in a struct definition is"))
        for m in methods:
            bad.append(self.unsupported(m.name_span, "member functions are"))
        return A.StructDef(span, kw.value, name.value, tuple(fields), tuple(methods), bases, tuple(bad))

    def base_clause(self, meta, ch):
        return _Marker("bases", tuple(ch), self.sp(meta))

    def base(self, meta, ch):
        return next(t.value for t in reversed(ch) if isinstance(t, _TOKENS) and t.type in ("NAME", "TYPE_NAME", "TEMPLATE_NAME"))

    def struct_member(self, meta, ch):
        return ch[0]

    def access_label(self, meta, ch):
        return None

    def ctor_def(self, meta, ch):
        return self.unsupported(self.sp(meta), "constructors are",
                                help="use aggregate initialisation (`T x = {...};`) instead")

    def dtor_def(self, meta, ch):
        return self.unsupported(self.sp(meta), "destructors are")

    def ctor_inits(self, meta, ch):
        return None

    def ctor_init(self, meta, ch):
        return None

    def declarator_list(self, meta, ch):
        return _Marker("declarators", tuple(ch))

    def enum_def(self, meta, ch):
        name = None
        items = []
        for c in ch:
            if isinstance(c, _TOKENS) and c.type in ("NAME", "TYPE_NAME") and name is None and not items:
                name = c.value
            elif isinstance(c, tuple):
                items.append(c)
        return A.EnumDef(self.sp(meta), name, tuple(items))

    def enumerator(self, meta, ch):
        return (ch[0].value, ch[1] if len(ch) > 1 else None, self.tsp(ch[0]))

    # -- functions
    def restrict(self, meta, ch):
        names = tuple(t.value for t in ch[1:])
        for t in ch[1:]:
            if t.value not in ("amp", "cpu", "auto", "direct3d"):
                raise _SyntaxProblem("syntax-error", f"unknown restriction specifier '{t.value}'",
                                     self.tsp(t), help="use restrict(amp), restrict(cpu) or restrict(cpu, amp)")
        return _Marker("restrict", names, self.sp(meta))

    def const_method(self, meta, ch):
        return _Marker("const")

    def noexcept_spec(self, meta, ch):
        return _Marker("noexcept")

    def override_spec(self, meta, ch):
        return _Marker("override")

    def mutable_spec(self, meta, ch):
        return _Marker("mutable")

    def trailing_return(self, meta, ch):
        return _Marker("returns", ch[0])

    def operator_name(self, meta, ch):
        raise _SyntaxProblem("unsupported", "operator overloading not supported yet", self.sp(meta))

    def param(self, meta, ch):
        base = next(c for c in ch if isinstance(c, A.TypeName))
        decl = next((c for c in ch if isinstance(c, _Decl)), None)
        default = ch[-1] if len(ch) > 1 and not isinstance(ch[-1], (_Decl, A.TypeName, _Marker)) else None
        t = decl.wrap(base) if decl else base
        return A.Param(self.sp(meta), decl.name if decl else None, t, default)

    def _fn_parts(self, ch):
        params = tuple(c for c in ch if isinstance(c, A.Param))
        variadic = any(isinstance(c, _TOKENS) and c.type == "ELLIPSIS" for c in ch)
        r = next((c for c in ch if isinstance(c, _Marker) and c.kind == "restrict"), None)
        ret = next((c.value for c in ch if isinstance(c, _Marker) and c.kind == "returns"), None)
        mutable = any(isinstance(c, _Marker) and c.kind == "mutable" for c in ch)
        body = ch[-1] if isinstance(ch[-1], A.Compound) else None
        return params, variadic, (r.value if r else ()), (r.span if r else None), ret, mutable, body

    def function_def(self, meta, ch):
        storage = tuple(c.value for c in ch if isinstance(c, _Marker) and c.kind == "storage")
        base = next(c for c in ch if isinstance(c, A.TypeName))
        ptrs = [c for c in ch if isinstance(c, tuple) and len(c) == 3]
        name = next(c for c in ch if isinstance(c, _TOKENS) and c.type == "NAME")
        params, variadic, restrict, rspan, ret, _, body = self._fn_parts(ch)
        rtype = _Decl(name.value, None, ptrs, []).wrap(base)
        if ret is not None:
            rtype = ret
        return A.FunctionDef(self.sp(meta), name.value, self.tsp(name), rtype, params, variadic,
                             restrict, rspan, storage, body)

    # -- statements
    def compound(self, meta, ch):
        items = []
        for c in ch:
            if isinstance(c, list):
                items.extend(c)
            elif c is not None:
                items.append(c)
        return A.Compound(self.sp(meta), tuple(items))

    def expr_stmt(self, meta, ch):
        return A.ExprStmt(self.sp(meta), ch[0] if ch else None)

    def if_stmt(self, meta, ch):
        parts = [c for c in ch if not isinstance(c, _TOKENS)]
        return A.If(self.sp(meta), parts[0], parts[1], parts[2] if len(parts) > 2 else None)

    def while_stmt(self, meta, ch):
        return A.While(self.sp(meta), ch[1], ch[2])

    def do_stmt(self, meta, ch):
        return A.DoWhile(self.sp(meta), ch[1], ch[3])

    def for_init(self, meta, ch):
        c = ch[0]
        return None if isinstance(c, A.ExprStmt) and c.expr is None else c

    def for_stmt(self, meta, ch):
        init = ch[1]
        rest = ch[2:]
        body = rest[-1]
        # `expression?` parts are optional without placeholders: tell cond and step apart by
        # position in the original text (cond comes before the second ';').
        exprs = rest[:-1]
        cond = step = None
        if len(exprs) == 2:
            cond, step = exprs
        elif len(exprs) == 1:
            semi2 = self._second_semicolon(meta, ch[0])
            e = exprs[0]
            if semi2 is not None and (e.span.line, e.span.col) > semi2:
                step = e
            else:
                cond = e
        return A.For(self.sp(meta), init, cond, step, body)

    def _second_semicolon(self, meta, for_tok):
        # Find the ';' that ends the condition by scanning the preprocessed text.
        text = self.pp.text
        lines = text.split("\n") if not hasattr(self, "_lines") else self._lines
        self._lines = lines
        line, col = for_tok.line, for_tok.column
        depth, count = 0, 0
        started = False
        while line <= len(lines):
            s = lines[line - 1]
            while col <= len(s):
                c = s[col - 1]
                if c == "(":
                    depth += 1
                    started = True
                elif c == ")":
                    depth -= 1
                    if started and depth == 0:
                        return None
                elif c == ";" and depth == 1:
                    count += 1
                    if count == 2:
                        sp = self.pp.span(line, col, line, col + 1)
                        return (sp.line, sp.col)
                col += 1
            line, col = line + 1, 1
        return None

    def range_for(self, meta, ch):
        storage = tuple(c.value for c in ch if isinstance(c, _Marker))
        base = next(c for c in ch if isinstance(c, A.TypeName))
        d = next(c for c in ch if isinstance(c, _Decl))
        var = A.VarDecl(d.span, d.name, d.span, d.wrap(base), storage, None, None)
        return A.RangeFor(self.sp(meta), var, ch[-2], ch[-1])

    def switch_stmt(self, meta, ch):
        return A.Switch(self.sp(meta), ch[1], ch[2])

    def case_label(self, meta, ch):
        return A.Case(self.sp(meta), ch[1])

    def default_label(self, meta, ch):
        return A.Case(self.sp(meta), None)

    def return_stmt(self, meta, ch):
        return A.Return(self.sp(meta), ch[1] if len(ch) > 1 else None)

    def break_stmt(self, meta, ch):
        return A.Break(self.sp(meta))

    def continue_stmt(self, meta, ch):
        return A.Continue(self.sp(meta))

    def goto_stmt(self, meta, ch):
        return A.Goto(self.sp(meta), ch[1].value)

    def labeled_stmt(self, meta, ch):
        return A.Label(self.sp(meta), ch[0].value, ch[1])

    def try_stmt(self, meta, ch):
        return A.Try(self.sp(meta), ch[1], tuple(ch[2:]))

    def handler(self, meta, ch):
        p = ch[1] if isinstance(ch[1], A.Param) else None
        return (p, ch[-1])

    # -- expressions
    def comma(self, meta, ch):
        return A.Comma(self.sp(meta), ch[0], ch[1])

    def assign(self, meta, ch):
        return A.Assign(self.sp(meta), ch[1].value, ch[0], ch[2])

    def throw_expr(self, meta, ch):
        return A.Throw(self.sp(meta), ch[1] if len(ch) > 1 else None)

    def ternary(self, meta, ch):
        return A.Conditional(self.sp(meta), ch[0], ch[2], ch[3])

    def binops(self, pos, ch, positions):
        """[x0, op1, x1, op2, x2, ...] -> nested Binary by precedence climbing (shunting-yard,
        no recursion).  Each Binary spans its left operand's start to its right operand's end,
        parentheses around an operand included (Lark's "container" positions, `positions[i]`
        for `ch[i]`), exactly as the old one-rule-per-level grammar had it."""
        span = self.pp.span
        vals, starts, ends = [], [], []
        ops: list = []
        prec = _PREC
        for i in range(0, len(ch), 2):
            if i:
                op = ch[i - 1].value
                p = prec[op]
                while ops and ops[-1][1] >= p:
                    o = ops.pop()[0]
                    r, re_ = vals.pop(), ends.pop()
                    starts.pop()
                    l, ls = vals[-1], starts[-1]
                    vals[-1] = A.Binary(span(ls[0], ls[1], re_[0], re_[1]), o, l, r)
                    ends[-1] = re_
                ops.append((op, p))
            cp = positions[i]
            starts.append((cp[0], cp[1]))
            ends.append((cp[2], cp[3]))
            vals.append(ch[i])
        while ops:
            o = ops.pop()[0]
            r, re_ = vals.pop(), ends.pop()
            starts.pop()
            l, ls = vals[-1], starts[-1]
            vals[-1] = A.Binary(span(ls[0], ls[1], re_[0], re_[1]), o, l, r)
            ends[-1] = re_
        return vals[0]

    additive = binops

    def c_cast(self, meta, ch):
        ptrs = [c for c in ch[1:-1] if isinstance(c, tuple)]
        t = _Decl(None, None, ptrs, []).wrap(ch[0])
        return A.Cast(self.sp(meta), t, ch[-1], "c")

    def named_cast(self, meta, ch):
        ptrs = [c for c in ch[2:-1] if isinstance(c, tuple)]
        t = _Decl(None, None, ptrs, []).wrap(ch[1])
        return A.Cast(self.sp(meta), t, ch[-1], ch[0].value)

    def pre_incdec(self, meta, ch):
        return A.Unary(self.sp(meta), ch[0].value, ch[1])

    def unary_op(self, meta, ch):
        return A.Unary(self.sp(meta), ch[0].value, ch[1])

    def post_incdec(self, meta, ch):
        return A.Postfix(self.sp(meta), ch[1].value, ch[0])

    def sizeof_type(self, meta, ch):
        ptrs = [c for c in ch[2:] if isinstance(c, tuple)]
        return A.SizeofType(self.sp(meta), _Decl(None, None, ptrs, []).wrap(ch[1]))

    def sizeof_expr(self, meta, ch):
        return A.SizeofExpr(self.sp(meta), ch[1])

    def new_expr(self, meta, ch):
        ptrs = [c for c in ch[2:] if isinstance(c, tuple)]
        args = [c for c in ch[2:] if not isinstance(c, tuple)]
        t = _Decl(None, None, ptrs, []).wrap(ch[1])
        return A.New(self.sp(meta), t, tuple(args), None)

    def new_array(self, meta, ch):
        ptrs = [c for c in ch[2:-1] if isinstance(c, tuple)]
        return A.New(self.sp(meta), _Decl(None, None, ptrs, []).wrap(ch[1]), None, ch[-1])

    def delete_expr(self, meta, ch):
        return A.Delete(self.sp(meta), ch[1], False)

    def delete_array(self, meta, ch):
        return A.Delete(self.sp(meta), ch[1], True)

    def subscript(self, meta, ch):
        return A.Subscript(self.sp(meta), ch[0], ch[1])

    def call(self, meta, ch):
        return A.Call(self.sp(meta), ch[0], tuple(ch[1:]))

    def member(self, meta, ch):
        return A.Member(self.sp(meta), ch[0], ch[2].value, ch[1].type == "ARROW", None)

    def member_template(self, meta, ch):
        name_i = next(i for i, t in enumerate(ch) if isinstance(t, _TOKENS) and t.type == "TEMPLATE_NAME")
        args = tuple(a for a in ch[name_i + 1:] if a is not None)
        return A.Member(self.sp(meta), ch[0], ch[name_i].value, ch[1].type == "ARROW", args)

    def int_lit(self, meta, ch):
        text = ch[0].value
        known = _int_literal(text)
        if known.__class__ is str:
            raise _SyntaxProblem("syntax-error", known, self.sp(meta))
        return A.IntLit(self.sp(meta), known[0], text, known[1], known[2])

    def float_lit(self, meta, ch):
        text = ch[0].value
        single = text[-1] in "fF"
        body = text.rstrip("fFlL")
        return A.FloatLit(self.sp(meta), float(body), text, single)

    def char_lit(self, meta, ch):
        text = ch[0].value
        wide = not text.startswith("'")
        body = self._unescape(text[text.index("'") + 1:-1], meta)
        if len(body) != 1:
            raise _SyntaxProblem("syntax-error", "multi-character character constants are not supported",
                                 self.sp(meta))
        return A.CharLit(self.sp(meta), body, wide)

    def _unescape(self, body, meta):
        try:
            return _unescape(body)
        except ValueError as e:     # \U0011FFFF, \uD800: chr() would fail
            raise _SyntaxProblem("syntax-error", str(e), self.sp(meta)) from None

    def string_lit(self, meta, ch):
        wide = any(not t.value.startswith('"') for t in ch)
        value = "".join(self._unescape(t.value[t.value.index('"') + 1:-1], meta) for t in ch)
        return A.StringLit(self.sp(meta), value, wide)

    def bool_lit(self, meta, ch):
        return A.BoolLit(self.sp(meta), ch[0].value == "true")

    def nullptr_lit(self, meta, ch):
        return A.NullPtr(self.sp(meta))

    def this_expr(self, meta, ch):
        return A.This(self.sp(meta))

    def name(self, meta, ch):
        tok = ch[-1]
        if tok.type != "NAME":
            self._check_identifier(tok)
        if len(ch) == 1:
            return A.Name(self.sp(meta), tok.value, ())
        return A.Name(self.sp(meta), tok.value, tuple(t.value for t in ch[:-1]))

    def construct(self, meta, ch):
        return A.Construct(self.sp(meta), ch[0], tuple(ch[1:]), False)

    def construct_brace(self, meta, ch):
        return A.Construct(self.sp(meta), ch[0], ch[1].items, True)

    def lambda_params(self, meta, ch):
        return _Marker("params", tuple(ch))

    def capture(self, meta, ch):
        sp = self.sp(meta)
        kinds = [t.type for t in ch]
        if kinds == ["EQ"]:
            return A.Capture(sp, "=", None)
        if kinds == ["AMP"]:
            return A.Capture(sp, "&", None)
        if kinds == ["AMP", "NAME"]:
            return A.Capture(sp, "&name", ch[1].value)
        if kinds == ["NAME"]:
            return A.Capture(sp, "name", ch[0].value)
        if kinds == ["THIS"]:
            return A.Capture(sp, "this", None)
        return A.Capture(sp, "*this", None)

    def lambda_(self, meta, ch):
        caps = tuple(c for c in ch if isinstance(c, A.Capture))
        pm = next((c for c in ch if isinstance(c, _Marker) and c.kind == "params"), None)
        ch2 = list(pm.value if pm else ()) + [c for c in ch if not isinstance(c, A.Capture) and c is not pm]
        params, variadic, restrict, rspan, ret, mutable, body = self._fn_parts(ch2)
        return A.Lambda(self.sp(meta), caps, params, restrict, rspan, mutable, ret, body)


# `lambda` is a Python keyword, so the rule's method needs another name.
setattr(_ToAst, "lambda", _ToAst.lambda_)


# ---- entry point ---------------------------------------------------------------------------

def parse(pp, sink: DiagnosticSink, *, fast: bool = True) -> A.TranslationUnit:
    """Parse a `PreprocessedSource` into a TranslationUnit, or report and raise CompileError.

    The fast path (`amppy.lalr`: own lexer and LALR driver over Lark's tables, AST built
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
            done = _parse_fast(pp)
            if done is not None:
                tu, diagnostics = done
                for d in diagnostics:
                    sink.report(d)
                sink.check()
                return tu
        return _parse(pp, sink)
    finally:
        if enabled:
            gc.enable()


@functools.lru_cache(maxsize=1)
def _fast_parts() -> tuple[Lexer, Driver, TypeNames]:
    """The fast path's lexer, driver and postlexer.

    The lexer and driver are pickled next to Lark's grammar cache: loading them is
    a few milliseconds, while building them needs the Lark parser itself (its
    cache load is most of a tenth of a second).  So a program that parses never
    loads Lark's parser at all; the first syntax error does."""
    import pickle
    from .modcache import write_atomic
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
        parser, _ = _parser()
        parts = (Lexer(parser), Driver(parser, _WITH_POSITIONS))
        try:
            write_atomic(path, pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            pass
    return parts[0], parts[1], TypeNames(parts[0].keywords)    # the grammar's keywords


def _fast_path_digest() -> str:
    """What the pickled tables depend on besides the grammar: Lark and amppy.lalr."""
    import hashlib
    import lark
    from . import lalr
    with open(lalr.__file__, "rb") as fh:
        code = fh.read()
    return hashlib.sha256(lark.__version__.encode() + b"\0" + code).hexdigest()[:12]


_WITH_POSITIONS = frozenset({"binops", "additive"})


def _parse_fast(pp):
    """(TranslationUnit, diagnostics) from the fast path, or None to let Lark decide.

    Builders may report (`unsupported`) or raise while the parse is still running,
    before a later syntax error that Lark would report first; so their diagnostics
    are kept aside and any problem at all hands the whole input to the Lark path."""
    lexer, driver, postlex = _fast_parts()
    scratch = DiagnosticSink()
    builder = _ToAst(pp, scratch)
    try:
        tokens = lexer.tokens(pp.text)
        postlex.text = pp.text
        tu = driver.parse(postlex.process(tokens), builder.builders(driver.callback_names), default=Tree)
    except (Fallback, _SyntaxProblem):
        return None
    return tu, scratch.diagnostics


def _parse(pp, sink: DiagnosticSink) -> A.TranslationUnit:
    parser, postlex = _parser()
    postlex.text = pp.text
    try:
        tree = parser.parse(pp.text)
    except UnexpectedInput as e:
        _report_syntax_error(e, pp, sink)
        raise CompileError("syntax error") from None
    except RecursionError:
        sink.error("nesting-too-deep", "program is nested too deeply to parse", pp.span(1, 1, 1, 2))
        raise CompileError("too deep") from None
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20000))
    try:
        tu = _ToAst(pp, sink).transform(tree)
    except _SyntaxProblem as exc:
        sink.error(exc.code, exc.message, exc.span, help=exc.help)
        raise CompileError("syntax error") from None
    except VisitError as e:
        exc = e.orig_exc
        if isinstance(exc, _SyntaxProblem):
            sink.error(exc.code, exc.message, exc.span, help=exc.help)
            raise CompileError("syntax error") from None
        if isinstance(exc, RecursionError):
            sink.error("nesting-too-deep", "program is nested too deeply to parse", pp.span(1, 1, 1, 2))
            raise CompileError("too deep") from None
        raise exc from None
    except RecursionError:
        sink.error("nesting-too-deep", "program is nested too deeply to parse", pp.span(1, 1, 1, 2))
        raise CompileError("too deep") from None
    finally:
        sys.setrecursionlimit(old)
    sink.check()
    return tu


def _line_text(pp, line: int) -> str:
    lines = pp.text.split("\n")
    return lines[line - 1] if 1 <= line <= len(lines) else ""


def _report_syntax_error(e: UnexpectedInput, pp, sink: DiagnosticSink) -> None:
    if isinstance(e, UnexpectedCharacters):
        line_text = _line_text(pp, e.line)
        ch = line_text[e.column - 1] if 0 < e.column <= len(line_text) else "?"
        msg = f"unexpected character '{ch}'" if ch.isprintable() else f"unexpected character U+{ord(ch):04X}"
        if ch in "'\"":
            msg = "missing terminating " + ("' character" if ch == "'" else '" character')
        sink.error("syntax-error", msg, pp.span(e.line, e.column, e.line, e.column + 1))
        return
    tok = e.token if isinstance(e, UnexpectedToken) else None
    if tok is None or tok.type == "$END":
        lines = pp.text.rstrip().split("\n")
        last = len(lines)
        col = len(lines[-1]) + 1 if lines else 1
        expected = set(getattr(e, "expected", ()) or ())
        sink.error("syntax-error", f"{_expected_words(expected, '')} at end of file",
                   pp.span(last, max(col - 1, 1), last, max(col, 2)))
        return
    line_text = _line_text(pp, tok.line)
    # The published "Using Tiles" block 5 has stray '*' characters in front of '//' comments.
    star = _stray_star(pp, tok)
    if star is not None:
        sink.error("syntax-error", "stray '*' before a '//' comment", star,
                   help="delete the '*'; with the comment removed it starts an expression")
        return
    expected = set(e.accepts if getattr(e, "accepts", None) else e.expected)
    rest = line_text[tok.column - 1:]
    msg = _expected_words(expected, rest)
    sink.error("syntax-error", f"{msg} before {_describe(tok)}", pp.span(tok.line, tok.column, tok.end_line, tok.end_column))


def _stray_star(pp, tok: Token):
    """The position of a '*' directly followed by '//' just before `tok`, if any."""
    lines = pp.text.split("\n")
    line, col = tok.line, tok.column - 1
    while line >= 1:
        s = lines[line - 1]
        if col is None:
            col = len(s)
        while col >= 1 and s[col - 1] in " \t":
            col -= 1
        if col >= 1:
            if s[col - 1] != "*":
                return None
            span = pp.span(line, col, line, col + 1)
            src = pp.sources.line_text(span.file, span.line) if pp.sources else None
            if src and src[span.col - 1:span.col + 2] == "*//":
                return span
            return None
        line, col = line - 1, None
    return None
