"""AST builders for expressions and literals.

One method per grammar rule (see `amppy.parse.build_base`): the rule's position
and children in, an `amppy.parse.ast` expression out.  The grammar gives binary
operators flat (`x0 op1 x1 op2 x2 ...`); `binops` nests them by precedence
climbing.  Literal text is decoded here (escapes, integer suffixes).
`amppy.parse.builders.ToAst` combines these with the declaration and statement
builders.
"""
from __future__ import annotations

import functools
import re

from . import ast as A
from .build_base import TOKENS, BuilderBase, Decl, Marker, _unsupported_rule
from .errors import _SyntaxProblem

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


#: C++ binary operator precedence (higher binds tighter); all are left-associative.
_PREC = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7,
         ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
         ".*": 11, "->*": 11}


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


class ExprBuilders(BuilderBase):
    """The builders of the expression rules."""

    init_capture = _unsupported_rule("a lambda's init-capture ('[name = value]') is",
                                     help="declare the variable before the lambda and capture it")
    pack_expansion = _unsupported_rule("a pack expansion ('args...') is")
    sizeof_pack = _unsupported_rule("'sizeof...' of a parameter pack is")
    destructor_call = _unsupported_rule("an explicit destructor call ('x.~T()') is")
    dependent_member_template = _unsupported_rule("a member template named with 'template' ('X<T>::template f<N>') is")

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
        n = len(ch)
        for i in range(0, n + 2, 2):       # i = n + 1: past the last operand, closes every operator
            if i:
                if i < n:
                    op = ch[i - 1].value
                    p = prec[op]
                else:
                    p = 0
                while ops and ops[-1][1] >= p:
                    o = ops.pop()[0]
                    r, re_ = vals.pop(), ends.pop()
                    starts.pop()
                    l, ls = vals[-1], starts[-1]
                    vals[-1] = A.Binary(span(ls[0], ls[1], re_[0], re_[1]), o, l, r)
                    ends[-1] = re_
                if i > n:
                    break
                ops.append((op, p))
            cp = positions[i]
            starts.append((cp[0], cp[1]))
            ends.append((cp[2], cp[3]))
            vals.append(ch[i])
        return vals[0]

    additive = binops

    def c_cast(self, meta, ch):
        fn = next((c for c in ch[1:-1] if isinstance(c, Decl)), None)    # `(int (*)(int))f`
        t = fn.wrap(ch[0]) if fn else Decl(None, None, [c for c in ch[1:-1] if isinstance(c, tuple)], []).wrap(ch[0])
        return A.Cast(self.sp(meta), t, ch[-1], "c")

    def named_cast(self, meta, ch):
        fn = next((c for c in ch[2:-1] if isinstance(c, Decl)), None)
        t = fn.wrap(ch[1]) if fn else Decl(None, None, [c for c in ch[2:-1] if isinstance(c, tuple)], []).wrap(ch[1])
        return A.Cast(self.sp(meta), t, ch[-1], ch[0].value)

    def pre_incdec(self, meta, ch):
        return A.Unary(self.sp(meta), ch[0].value, ch[1])

    def unary_op(self, meta, ch):
        return A.Unary(self.sp(meta), ch[0].value, ch[1])

    def post_incdec(self, meta, ch):
        return A.Postfix(self.sp(meta), ch[1].value, ch[0])

    def sizeof_type(self, meta, ch):
        if isinstance(ch[-1], Decl):        # `sizeof(int (*)(int))`
            return A.SizeofType(self.sp(meta), ch[-1].wrap(ch[1]))
        ptrs = [c for c in ch[2:] if isinstance(c, tuple)]
        return A.SizeofType(self.sp(meta), Decl(None, None, ptrs, []).wrap(ch[1]))

    def sizeof_expr(self, meta, ch):
        return A.SizeofExpr(self.sp(meta), ch[1])

    def typeid_expr(self, meta, ch):
        return A.TypeId(self.sp(meta), ch[1], None)

    def typeid_type(self, meta, ch):
        ptrs = [c for c in ch[2:] if isinstance(c, tuple)]
        return A.TypeId(self.sp(meta), None, Decl(None, None, ptrs, []).wrap(ch[1]))

    def new_expr(self, meta, ch):
        ptrs = [c for c in ch[2:] if isinstance(c, tuple)]
        args = [c for c in ch[2:] if not isinstance(c, tuple)]
        t = Decl(None, None, ptrs, []).wrap(ch[1])
        return A.New(self.sp(meta), t, tuple(args), None)

    def new_array(self, meta, ch):
        ptrs = [c for c in ch[2:-1] if isinstance(c, tuple)]
        return A.New(self.sp(meta), Decl(None, None, ptrs, []).wrap(ch[1]), None, ch[-1])

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

    def member_operator(self, meta, ch):
        """`a.operator[](i)`, `p->operator==(q)`: the member operator function by its name."""
        return A.Member(self.sp(meta), ch[0], ch[-1].value, ch[1].type == "ARROW", None)

    def member_template(self, meta, ch):
        name_i = next(i for i, t in enumerate(ch) if isinstance(t, TOKENS) and t.type == "TEMPLATE_NAME")
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
        if body[:2] in ("0x", "0X"):            # a hexadecimal floating literal: `0x1.0p-23f`
            return A.FloatLit(self.sp(meta), float.fromhex(body), text, single)
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

    def operator_ref(self, meta, ch):
        """`operator==(rhs)`, `std::operator<<`: an operator function named as a function."""
        if ch[-1].value.startswith(("operatornew", "operatordelete")):
            return self.unsupported(self.sp(meta), f"calling 'operator {ch[-1].value[8:]}' directly is",
                                    help="use a new or delete expression")
        quals = tuple(t.value for t in ch[:-1] if isinstance(t, TOKENS) and t.type == "NS_NAME")
        return A.Name(self.sp(meta), ch[-1].value, quals)

    def construct(self, meta, ch):
        return A.Construct(self.sp(meta), ch[0], tuple(ch[1:]), False)

    def static_member(self, meta, ch):
        """`std::numeric_limits<int>::max`: a member named through a template-id."""
        return A.StaticMember(self.sp(meta), self.template_type(meta, ch[:-1]), ch[-1].value)

    def construct_brace(self, meta, ch):
        return A.Construct(self.sp(meta), ch[0], ch[1].items, True)

    def lambda_params(self, meta, ch):
        return Marker("params", tuple(ch))

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
        pm = next((c for c in ch if isinstance(c, Marker) and c.kind == "params"), None)
        ch2 = list(pm.value if pm else ()) + [c for c in ch if not isinstance(c, A.Capture) and c is not pm]
        params, variadic, restrict, rspan, ret, mutable, body = self._fn_parts(ch2)
        throws = any(isinstance(c, Marker) and c.kind == "throw" for c in ch)
        end = self.sp((meta[2], meta[3] - 1, meta[2], meta[3])) if meta is not None else None
        return A.Lambda(self.sp(meta), caps, params, restrict, rspan, mutable, ret, body, throws, end)
