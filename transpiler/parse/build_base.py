"""What the AST builders share: their base class and the values that are not AST nodes.

The builders (`amppy.parse.builders.ToAst`, assembled from the rule groups in
`build_decls`, `build_stmts` and `build_exprs`) turn each
grammar rule's children -- tokens, and the values the builders of the child
rules returned -- into AST dataclasses (`amppy.parse.ast`).  Some rules build values
that only their parent rule consumes: a declarator (`Decl`), a specifier or
other bit (`Marker`).  `BuilderBase` holds the positions (a rule's span in the
user's file, through the preprocessor's line map) and the checks that several
rule groups need.
"""
from __future__ import annotations

from lark import Token

from . import ast as A
from ..diagnostics import DiagnosticSink
from .lalr import Tok
from .errors import _SyntaxProblem
from ..source import Span

#: What a token is, on either parse path (Lark's, or amppy.parse.lalr's fast one).
TOKENS = (Token, Tok)


class Decl:
    """A declarator while it is being built: name plus pointer/array layers."""
    __slots__ = ("name", "span", "ptrs", "arrays")

    def __init__(self, name, span, ptrs, arrays):
        self.name, self.span, self.ptrs, self.arrays = name, span, ptrs, arrays

    def wrap(self, base):
        t = base
        for kind, quals, span in self.ptrs:
            t = A.PointerType(span, t, "const" in quals, "volatile" in quals) if kind == "*" \
                else A.ReferenceType(span, t, kind == "&&")
        for size, span in reversed(self.arrays):
            t = A.ArrayType(span, t, size)
        return t


class FnDecl(Decl):
    """A function declarator while it is being built: `(*name)(params) restrict(amp)`,
    `(&name)(params)`, `(C::*name)(params)`; abstract (`(*)(int)`) when `inner` has no name, a
    function type (`bool() restrict(cpu)`) when there is no `fn_ptr` either.  `ret_ptrs` are
    the result's pointers (`int* (*f)(int)`), `inner` what is declared of the pointer
    (`(*table[4])(int)`: an array of 4 of them)."""
    __slots__ = ("ret_ptrs", "fn_ptr", "inner", "suffix", "fspan", "returns")

    def __init__(self, inner: Decl, ret_ptrs, fn_ptr, suffix, fspan):
        super().__init__(inner.name, inner.span, [fn_ptr] + inner.ptrs, inner.arrays)
        self.ret_ptrs, self.fn_ptr, self.inner, self.suffix, self.fspan = ret_ptrs, fn_ptr, inner, suffix, fspan
        self.returns = None                 # a trailing return type (`auto (*f)(int) -> int`)

    def wrap(self, base):
        ret = self.returns if self.returns is not None else Decl(None, None, self.ret_ptrs, []).wrap(base)
        params, variadic, restrict = self.suffix
        if len(params) == 1 and params[0].name is None and isinstance(params[0].type, A.TypeName) \
                and params[0].type.name == "void":
            params = ()                 # `int (*)(void)` takes no parameters, as in C
        t = A.FunctionType(self.fspan, ret, tuple(p.type for p in params), restrict, variadic)
        p = self.fn_ptr
        if isinstance(p, Marker):       # `C::*`
            t = A.MemberPointerType(p.span, p.value, t)
        elif p is not None:
            kind, const, span = p
            t = A.PointerType(span, t, const) if kind == "*" else A.ReferenceType(span, t, kind == "&&")
        return self.inner.wrap(t)


class Marker:
    """Function specifiers and other bits that are not AST nodes of their own."""
    __slots__ = ("kind", "value", "span", "virtual")

    def __init__(self, kind, value=None, span=None):
        self.kind, self.value, self.span = kind, value, span
        self.virtual = False


class BuilderBase:
    """The preprocessed source and diagnostics sink the builders work with, and their shared helpers."""

    def __init__(self, pp, sink: DiagnosticSink):
        self.pp = pp
        self.sink = sink

    # -- positions
    def sp(self, pos) -> Span:
        """The span of a node's (line, column, end_line, end_column) in the preprocessed text;
        the rule methods call it `meta` for history's sake."""
        if pos is None:
            return self.pp.span(1, 1, 1, 2)
        return self.pp.span(*pos)

    def tsp(self, tok: Token) -> Span:
        return self.pp.span(tok.line, tok.column, tok.end_line, tok.end_column)

    # -- diagnostics and checks
    def unsupported(self, span, what, help=None):
        self.sink.error("unsupported", f"{what} not supported yet", span, help=help)
        return A.Unsupported(span, what)

    def _check_identifier(self, tok: Token):
        if tok.type != "NAME":
            raise _SyntaxProblem("syntax-error", f"expected identifier, found '{tok.value}'", self.tsp(tok))

    def _spec_order(self, ch, r: Marker) -> None:
        """C++ AMP's place for a restriction specifier: after a member function's `const` (Visual
        Studio's C4430) and a lambda's `mutable` (C3409), before an exception specification (C3646)."""
        specs = [c for c in ch if isinstance(c, Marker) and c.kind in ("restrict", "mutable", "throw", "noexcept",
                                                                      "const")]
        k = specs.index(r)
        const = next((c for c in specs[k + 1:] if c.kind == "const"), None)
        if const is not None:               # (Visual Studio's C4430: `int f() restrict(amp) const`)
            raise _SyntaxProblem("syntax-error", "'const' must come before the restriction specifier",
                                 const.span or r.span, help="write `int f() const restrict(amp)`")
        late = next((c for c in specs[k + 1:] if c.kind == "mutable"), None)
        if late is not None:
            raise _SyntaxProblem("syntax-error", "'mutable' must come before the restriction specifier",
                                 late.span or r.span, help="write `[]() mutable restrict(amp) { ... }`")
        early = next((c for c in specs[:k] if c.kind in ("throw", "noexcept")), None)
        if early is not None:
            raise _SyntaxProblem("syntax-error", "the restriction specifier must come before the exception "
                                 "specification", r.span, help="write `void f() restrict(cpu) throw()`")

    def _fn_parts(self, ch):
        """(params, variadic, restrict, restrict span, trailing return, mutable, body) of a
        function definition's or a lambda's children."""
        params = tuple(c for c in ch if isinstance(c, A.Param))
        variadic = any(isinstance(c, TOKENS) and c.type == "ELLIPSIS" for c in ch)
        r = next((c for c in ch if isinstance(c, Marker) and c.kind == "restrict"), None)
        if r is not None:
            self._spec_order(ch, r)
        ret = next((c.value for c in ch if isinstance(c, Marker) and c.kind == "returns"), None)
        mutable = any(isinstance(c, Marker) and c.kind == "mutable" for c in ch)
        body = ch[-1] if isinstance(ch[-1], A.Compound) else None
        return params, variadic, (r.value if r else ()), (r.span if r else None), ret, mutable, body


def _unsupported_rule(what: str, help: str | None = None):
    """The builder of a rule recognised only to be reported: "`what` not supported yet" at
    the rule's span."""
    def build(self, meta, ch):
        return self.unsupported(self.sp(meta), what, help=help)
    return build
