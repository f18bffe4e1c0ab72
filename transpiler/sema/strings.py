"""`std::string` / `std::wstring` in sema: operators, members and the `<string>` functions.

Strings are host values (`ir.StdString`); the runtime keeps them as Python `str`
(amppy.runtime.strings).  A member that changes its string (`s += t`, `s.push_back(c)`,
`s.erase(...)`, `s[i] = c`) is an assignment of the new value to the string's lvalue, so the
code generators need nothing of their own for it.
"""
from __future__ import annotations

from contextlib import contextmanager

from ..parse import ast as A
from .. import ir
from .area import Area, names

SIZE = ir.Scalar("size_t")
NPOS = 2**64 - 1

#: the `<string>` conversions: name -> result type; `to_string` is apart
CONVERSIONS = {"stoi": ir.INT, "stol": ir.Scalar("long"), "stoll": ir.Scalar("long long"),
               "stoul": ir.Scalar("unsigned long"), "stoull": ir.Scalar("unsigned long long"),
               "stof": ir.FLOAT, "stod": ir.DOUBLE, "stold": ir.Scalar("long double")}
FUNCTIONS = frozenset(CONVERSIONS) | {"to_string", "to_wstring"}


def is_text(t: ir.Type) -> bool:
    """A `std::string` or a C string (`const char*`, a literal)."""
    return isinstance(t, (ir.StdString, ir.String))


def _wide(t: ir.Type) -> bool:
    return bool(getattr(t, "wide", False))


def _char(t: ir.Type) -> bool:
    return isinstance(t, ir.Scalar) and t.name in ("char", "wchar_t")


def involved(left: ir.Type, right: ir.Type) -> bool:
    """Whether a binary operator on these operands is one of std::string's."""
    return isinstance(left, ir.StdString) or isinstance(right, ir.StdString)


def binary(a, op: str, left: ir.Expr, right: ir.Expr, span) -> ir.Expr:
    """`s + t`, `s + "x"`, `"x" + s`, `s + 'c'`, `s == t`, `s < "x"`, ..."""
    s = left.type if isinstance(left.type, ir.StdString) else right.type
    ok = all(is_text(x.type) and _wide(x.type) == s.wide or op == "+" and _char(x.type)
             for x in (left, right))
    if not ok or op not in ("+", "==", "!=", "<", ">", "<=", ">="):
        a.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')",
                span)
    _host_only(a, span)
    return ir.LibCall(span, s if op == "+" else ir.BOOL, op, left, (right,))


def compound(a, target: ir.Expr, op: str, value: ir.Expr, span) -> ir.Expr:
    """`s += t` (a string, a C string or a character)."""
    if op != "+":
        a.error("type-mismatch", f"invalid operands to '{op}=' ('{target.type}' and '{value.type}')", span)
    return assign(span, target, binary(a, "+", target, value, span))


def assign(span, target: ir.Expr, value: ir.Expr) -> ir.Expr:
    return ir.Assign(span, target.type, "=", target, value, target.type)


def convert(a, e: ir.Expr, t: ir.StdString, span) -> ir.Expr | None:
    """A C string becomes a `std::string` implicitly (a string's own value needs no copy)."""
    if isinstance(e.type, ir.String) and e.type.wide == t.wide:
        return ir.LibCall(e.span, t, "str", None, (e,)) if not isinstance(e, ir.StringConst) else \
            ir.StringConst(e.span, t, e.value)
    return None


def construct(a, t: ir.StdString, args: list, span, spans) -> ir.Expr:
    """`std::string s;`, `s("text")`, `s(other)`, `s(5, 'x')`, `s(text, n)`, `s(it, it)`."""
    _host_only(a, span)
    if not args:
        return ir.StringConst(span, t, "")
    if len(args) == 1:
        return a.convert(args[0], t, spans[0])
    if len(args) == 2 and isinstance(args[0].type, ir.Scalar) and _char(args[1].type):
        return ir.LibCall(span, t, "str_repeat", None, (a.convert(args[0], SIZE, spans[0]), args[1]))
    if len(args) == 2 and is_text(args[0].type) and isinstance(args[1].type, ir.Scalar):
        text = a.convert(args[0], t, spans[0])
        return ir.LibCall(span, t, "str_substr", None, (text, ir.Const(span, SIZE, 0),
                                                           a.convert(args[1], SIZE, spans[1])))
    if len(args) == 2 and all(_iterator_of(x.type) is not None for x in args):
        src = _iterator_of(args[0].type)
        if _iterator_of(args[1].type) != src:
            a.error("type-mismatch", f"'{t}' from iterators of different strings: '{args[0].type}' and "
                    f"'{args[1].type}'", span)
        # `std::string(w.begin(), w.end())`: each character converted to the new string's
        # character type, as the range constructor does (a wchar_t narrowed to its low byte; a
        # char widened through its signed value, so 0xE9 becomes 0xFFE9)
        conv = "" if src == t.wide else "widen" if t.wide else "narrow"
        return ir.LibCall(span, t, "str_range", None, (args[0], args[1], ir.StringConst(span, ir.String(), conv)))
    a.unsupported(f"constructing '{t}' from these arguments is", span)


@contextmanager
def range_arguments(a, t: ir.Type, args_ast):
    """Around the analysis of a constructor's arguments: when they are `x.begin(), x.end()` (or
    `cbegin`/`cend`) of a string being made into a `std::string`/`std::wstring`, those two calls
    may give string iterators; elsewhere a string's iterators are not translated yet."""
    ok = isinstance(t, ir.StdString) and len(args_ast) == 2 and all(
        isinstance(x, A.Call) and isinstance(x.func, A.Member) and not x.args and
        x.func.name in (("begin", "cbegin"), ("end", "cend"))[k] for k, x in enumerate(args_ast))
    saved = getattr(a, "string_range_args", ())
    a.string_range_args = tuple(args_ast) if ok else ()
    try:
        yield
    finally:
        a.string_range_args = saved


def iterator_type(t: ir.StdString) -> ir.Library:
    """What `s.begin()`/`s.end()` give: a position in a string, used to construct another string."""
    return ir.Library(f"std::{'w' if t.wide else ''}string::iterator")


def _iterator_of(t: ir.Type) -> bool | None:
    """A string iterator's `wide` (None: not a string iterator)."""
    if isinstance(t, ir.Library) and t.name in ("std::string::iterator", "std::wstring::iterator"):
        return t.name.startswith("std::wstring")
    return None


def char_of(t: ir.StdString) -> ir.Scalar:
    return ir.Scalar("wchar_t" if t.wide else "char")


def subscript(a, base: ir.Expr, idx: ir.Expr, span, index_span) -> ir.Expr:
    _host_only(a, span)
    return ir.ElementRef(span, char_of(base.type), base, (a.convert(idx, SIZE, index_span),))


def element_assign(a, n: A.Assign, target: ir.ElementRef, value: ir.Expr) -> ir.Expr:
    """`s[i] = c`: the string `s` gets a new value with character `i` replaced."""
    if n.op != "=":
        a.unsupported(f"'{n.op}' on a character of a std::string is", n.span, help="write s[i] = s[i] + k")
    s = a.lvalue(target.base, n.target.span)
    c = a.convert(value, target.type, n.value.span)
    return assign(n.span, s, ir.LibCall(n.span, s.type, "str_set", None, (s, target.indices[0], c)))


def _host_only(a, span) -> None:
    if a.in_amp():
        a.error("amp-restrict", "std::string cannot be used in restrict(amp) code", span)


def method(a, obj: ir.Expr, name: str, args: list, n: A.Call) -> ir.Expr:
    """A member function of `std::string`."""
    _host_only(a, n.span)
    t: ir.StdString = obj.type
    sp = n.span
    char = char_of(t)

    def count(lo, hi=None):
        hi = lo if hi is None else hi
        if not lo <= len(args) <= hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            a.error("call-args", f"'{name}' takes {want} argument(s), {len(args)} given", sp)

    def text(k):
        x = args[k]
        if _char(x.type):
            return x
        return a.convert(x, t, n.args[k].span)

    def size(k, default):
        if k < len(args):
            return a.convert(args[k], SIZE, n.args[k].span)
        return ir.Const(sp, SIZE, default)

    def changed(value):         # the member changes the string: assign its new value
        return assign(sp, a.lvalue(obj, n.func.span), value)

    if name in ("size", "length"):
        count(0)
        return ir.LibCall(sp, SIZE, "len", None, (obj,))
    if name == "empty":
        count(0)
        return ir.Binary(sp, ir.BOOL, "==", ir.LibCall(sp, SIZE, "len", None, (obj,)), ir.Const(sp, SIZE, 0))
    if name in ("c_str", "data"):
        count(0)
        return _as_c_string(obj, t)
    if name == "substr":
        count(0, 2)
        return ir.LibCall(sp, t, "str_substr", None, (obj, size(0, 0), size(1, NPOS)))
    if name in ("find", "rfind", "find_first_of", "find_last_of"):
        count(1, 2)
        runtime = "str_" + name
        return ir.LibCall(sp, SIZE, runtime, None, (obj, text(0), size(1, 0 if name in ("find", "find_first_of")
                                                                            else NPOS)))
    if name == "compare":
        count(1)
        return ir.LibCall(sp, ir.INT, "str_compare", None, (obj, text(0)))
    if name == "at":
        count(1)
        return ir.LibCall(sp, char, "str_at", None, (obj, size(0, 0)))
    if name in ("front", "back"):
        count(0)
        last = ir.Binary(sp, SIZE, "-", ir.LibCall(sp, SIZE, "len", None, (obj,)), ir.Const(sp, SIZE, 1))
        return ir.ElementRef(sp, char, obj, (ir.Const(sp, SIZE, 0) if name == "front" else last,))
    if name in ("append", "push_back"):
        count(1)
        if name == "push_back" and not _char(args[0].type):
            a.error("call-args", f"'push_back' takes a character, not '{args[0].type}'", sp)
        return changed(ir.LibCall(sp, t, "+", obj, (text(0),)))
    if name == "pop_back":
        count(0)
        last = ir.Binary(sp, SIZE, "-", ir.LibCall(sp, SIZE, "len", None, (obj,)), ir.Const(sp, SIZE, 1))
        return changed(ir.LibCall(sp, t, "str_resize", None, (obj, last)))
    if name == "clear":
        count(0)
        return changed(ir.StringConst(sp, t, ""))
    if name == "erase":
        count(0, 2)
        return changed(ir.LibCall(sp, t, "str_erase", None, (obj, size(0, 0), size(1, NPOS))))
    if name == "insert":
        count(2)
        return changed(ir.LibCall(sp, t, "str_insert", None, (obj, size(0, 0), text(1))))
    if name == "replace":
        count(3)
        return changed(ir.LibCall(sp, t, "str_replace", None, (obj, size(0, 0), size(1, 0), text(2))))
    if name == "resize":
        count(1, 2)
        fill = (a.convert(args[1], char, n.args[1].span),) if len(args) > 1 else ()
        return changed(ir.LibCall(sp, t, "str_resize", None, (obj, size(0, 0)) + fill))
    if name == "assign":
        count(1)
        return changed(a.convert(args[0], t, n.args[0].span))
    if name in ("begin", "end", "cbegin", "cend") and any(n is x for x in getattr(a, "string_range_args", ())):
        count(0)
        return ir.LibCall(sp, iterator_type(t), "str_" + name.lstrip("c"), None, (obj,))
    a.unsupported(f"'std::string::{name}' is", n.func.span,
                  help="a string's begin() and end() are translated as the two arguments of "
                       "std::string(s.begin(), s.end()) or std::wstring(s.begin(), s.end())"
                  if name in ("begin", "end", "cbegin", "cend") else None)


def _as_c_string(obj: ir.Expr, t: ir.StdString) -> ir.Expr:
    """`s.c_str()`: the same text as a C string (the Python value is the same `str`)."""
    return ir.Convert(obj.span, ir.String(t.wide), obj, True)


def free_function(a, name: str, args: list, n: A.Call) -> ir.Expr:
    """`std::to_string(x)`, `std::stoi(s)`, `std::stof(s)`, ..."""
    _host_only(a, n.span)
    if name in ("to_string", "to_wstring"):
        if len(args) != 1 or not isinstance(args[0].type, ir.Scalar):
            a.error("call-args", f"'{name}' takes one arithmetic argument", n.span)
        t = args[0].type
        if t.name in ("bool", "char", "signed char", "unsigned char", "short", "unsigned short", "wchar_t"):
            t = ir.INT                  # the integer promotions pick the int overload
        value = a.convert(args[0], t, n.args[0].span)
        return ir.LibCall(n.span, ir.StdString(name == "to_wstring"), "to_string", None,
                          (value, ir.StringConst(n.span, ir.String(), t.name)))
    if not 1 <= len(args) <= 3 or not is_text(args[0].type):
        a.error("call-args", f"'{name}' takes a string", n.span)
    if len(args) > 1:
        if not (isinstance(args[1], ir.Const) and args[1].value is None):
            a.unsupported(f"'{name}' with a position argument ('idx') is", n.args[1].span,
                          help="pass nullptr or leave it out")
    rest = ()
    if len(args) == 3:
        if CONVERSIONS[name].is_float:
            a.error("call-args", f"'{name}' takes no base", n.args[2].span)
        rest = (a.convert(args[2], ir.INT, n.args[2].span),)
    return ir.LibCall(n.span, CONVERSIONS[name], name, None, (args[0],) + rest)


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _named_type(a, t: A.TypeName) -> ir.Type | None:
    if t.name in ("string", "wstring"):
        return ir.StdString(t.name == "wstring") if t.namespace in ((), ("std",)) else ir.Library(t.name)
    return None


AREA = Area("std::string, std::wstring", types=names("string wstring"), named_type=_named_type,
            owns=lambda t: isinstance(t, ir.StdString), construct=construct, method=method)
