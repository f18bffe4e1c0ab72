"""`<sstream>` and `<fstream>` on the host: string streams and file streams.

A stream object is `ir.Library("<class>")` and the runtime's class of that name
(`amppy.runtime.sstream`).  `<<` and `>>` on one are the same `ir.StreamOut` / `ir.StreamIn` as
on `std::cout` / `std::cin`, naming the stream object, so formatting and reading are the
runtime's one implementation.  A read used as a condition (`while (in >> x)`,
`while (std::getline(in, line))`) is lowered by `Statements.condition_with_reads` to the read
followed by a test of the stream, which is what C++ evaluates.
"""
from __future__ import annotations

from .. import ir
from .area import Area, names
from ..source import Span

#: stream classes: name -> (can write, can read, is a file stream)
CLASSES = {"ostringstream": (True, False, False), "istringstream": (False, True, False),
           "stringstream": (True, True, False), "wostringstream": (True, False, False),
           "wistringstream": (False, True, False), "wstringstream": (True, True, False),
           "ofstream": (True, False, True), "ifstream": (False, True, True), "fstream": (True, True, True)}
#: ... and the console streams (`std::cout`, `std::cin`), which have no `str()` and no file
KINDS = {**CLASSES, "ostream": (True, False, False), "istream": (False, True, False)}
#: `std::ios::app` and friends (libstdc++'s values, as the runtime's `ios`)
OPEN_MODES = {"app": 1, "ate": 2, "binary": 4, "in": 8, "out": 16, "trunc": 32}
#: `std::ios::fixed | std::ios::showpoint` and friends: libstdc++'s `fmtflags` (amppy.runtime.cppio.FMTFLAGS)
FORMAT_FLAGS = {"boolalpha": 1, "dec": 2, "fixed": 4, "hex": 8, "internal": 16, "left": 32, "oct": 64,
                "right": 128, "scientific": 256, "showbase": 512, "showpoint": 1024, "showpos": 2048,
                "skipws": 4096, "unitbuf": 8192, "uppercase": 16384,
                "adjustfield": 32 | 128 | 16, "basefield": 2 | 8 | 64, "floatfield": 4 | 256}
_LONG = ir.Scalar("long")
_STATE = {"good": ir.BOOL, "fail": ir.BOOL, "eof": ir.BOOL, "bad": ir.BOOL}


def is_stream(t: ir.Type) -> bool:
    """A string or file stream type (objects the program declares)."""
    return isinstance(t, ir.Library) and t.name in CLASSES


def writable(t: ir.Type) -> bool:
    return isinstance(t, ir.Library) and t.name in KINDS and KINDS[t.name][0]


def readable(t: ir.Type) -> bool:
    return isinstance(t, ir.Library) and t.name in KINDS and KINDS[t.name][1]


def stream_of(e: ir.Expr) -> ir.Expr:
    """The stream object an expression names: `std::cin` is a `StreamIn` with nothing read yet."""
    if isinstance(e, ir.StreamIn) and not e.targets or isinstance(e, ir.StreamOut) and not e.items:
        return e.stream
    return e


def _text_arg(a, e: ir.Expr, span, what: str) -> ir.Expr:
    if isinstance(e.type, (ir.String, ir.StdString)):
        return e
    a.error("ctor-args", f"{what} is a string, not '{e.type}'", span)


def _mode_arg(a, e: ir.Expr, span) -> ir.Expr:
    if isinstance(e.type, ir.Scalar) and e.type.is_int:
        return a.convert(e, ir.INT, span)
    a.error("ctor-args", f"an open mode is a combination of std::ios flags, not '{e.type}'", span)


def construct(a, t: ir.Library, args: tuple, span, spans) -> ir.Expr:
    """`std::stringstream ss;`, `std::istringstream in("1 2 3")`, `std::ifstream f("data.txt")`,
    `std::ofstream out(path, std::ios::app)`."""
    if a.in_amp():
        a.error("amp-restrict", f"'std::{t.name}' cannot be used in restrict(amp) code", span)
    if len(args) > 2:
        a.error("ctor-args", f"no matching constructor for initialization of 'std::{t.name}'", span)
    conv = []
    for i, (x, s) in enumerate(zip(args, spans)):
        if i == 0 and not (isinstance(x.type, ir.Scalar) and not CLASSES[t.name][2]):
            conv.append(_text_arg(a, x, s, "a file name" if CLASSES[t.name][2] else "the initial text"))
        else:
            conv.append(_mode_arg(a, x, s))
    if len(conv) == 1 and isinstance(conv[0].type, ir.Scalar):     # `ostringstream os(std::ios::ate)`
        conv.insert(0, ir.StringConst(span, ir.String(), ""))
    return ir.LibCall(span, t, t.name, None, tuple(conv))


def open_mode(name: str, span) -> ir.Expr | None:
    """`std::ios::app`, `std::ios_base::out`, `std::ios::fixed`: the flag's value, or None."""
    if name in OPEN_MODES:
        return ir.Const(span, ir.INT, OPEN_MODES[name])
    if name in FORMAT_FLAGS:
        return ir.Const(span, ir.INT, FORMAT_FLAGS[name])
    return None


def method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    """A member function of a stream object, `std::cout` or `std::cin`."""
    t: ir.Library = obj.type
    sp = n.span
    file = KINDS[t.name][2]
    string = t.name in CLASSES and not file

    def count(lo, hi=None):
        hi = lo if hi is None else hi
        if not lo <= len(args) <= hi:
            a.error("call-args", f"'{name}' takes {lo if lo == hi else f'{lo} to {hi}'} argument(s), "
                                 f"{len(args)} given", sp)

    if name in _STATE and t.name != "ostream":
        count(0)
        return ir.LibCall(sp, ir.BOOL, name, obj, ())
    if name == "clear" and t.name != "ostream":
        count(0)
        return ir.LibCall(sp, ir.Void(), "clear", obj, ())
    if name == "str" and string:
        count(0, 1)
        if args:
            return ir.LibCall(sp, ir.Void(), "str", obj, (_text_arg(a, args[0], n.args[0].span, "the new text"),))
        return ir.LibCall(sp, ir.StdString(t.name.startswith("w")), "str", obj, ())
    if file and name == "is_open":
        count(0)
        return ir.LibCall(sp, ir.BOOL, "is_open", obj, ())
    if file and name == "close":
        count(0)
        return ir.LibCall(sp, ir.Void(), "close", obj, ())
    if file and name == "open":
        count(1, 2)
        conv = [_text_arg(a, args[0], n.args[0].span, "a file name")]
        if len(args) > 1:
            conv.append(_mode_arg(a, args[1], n.args[1].span))
        return ir.LibCall(sp, ir.Void(), "open", obj, tuple(conv))
    if name == "flush" and writable(t):
        count(0)
        return ir.LibCall(sp, ir.Void(), "flush", obj, ())
    if name in ("precision", "width") and writable(t):
        count(0, 1)
        return ir.LibCall(sp, ir.Scalar("long long"), name, obj,
                          tuple(a.convert(x, ir.INT, s.span) for x, s in zip(args, n.args)))
    if name in ("setf", "unsetf", "flags") and writable(t):     # `os.setf(std::ios::fixed, std::ios::floatfield)`
        count(*{"setf": (1, 2), "unsetf": (1, 1), "flags": (0, 1)}[name])
        conv = tuple(a.convert(x, ir.INT, s.span) for x, s in zip(args, n.args))
        return ir.LibCall(sp, ir.Void() if name == "unsetf" else ir.INT, name, obj, conv)
    if name == "get" or name == "peek" and t.name != "istream":
        if readable(t):
            count(0)
            return ir.LibCall(sp, ir.INT, name, obj, ())
    if name == "ignore" and readable(t):
        count(0, 2)
        conv = [a.convert(args[0], ir.Scalar("long long"), n.args[0].span)] if args else []
        if len(args) > 1:       # a character or a character code: the runtime takes either
            if not isinstance(args[1].type, ir.Scalar):
                a.error("call-args", f"'ignore' stops at a character, not '{args[1].type}'", n.args[1].span)
            conv.append(args[1])
        return ir.LibCall(sp, ir.Void(), "ignore", obj, tuple(conv))
    if name == "iword":         # `os.iword(k)`: the stream's `long&` of index k, 0 until written
        count(1)
        words = ir.LibCall(sp, ir.Container("map", ir.INT, _LONG), "iwords", obj, ())
        return ir.ElementRef(sp, _LONG, words, (a.convert(args[0], ir.INT, n.args[0].span),))
    if name in ("seekg", "seekp", "tellg", "tellp", "rdbuf", "read", "write", "put", "unget", "putback",
                "gcount", "exceptions", "rdstate", "setstate", "imbue", "getline", "swap", "pword",
                "register_callback", "tie", "copyfmt", "getloc", "fill"):
        a.unsupported(f"'std::{t.name}::{name}' is", n.func.span)
    a.error("no-member", f"no member named '{name}' in 'std::{t.name}'", n.func.span)


def _static_call(a, owner: str, f, n) -> ir.Expr | None:
    """`std::ios_base::xalloc()`: the next free index of the streams' `iword` (0, 1, ...: the
    Microsoft library counts from 0)."""
    if owner not in ("ios_base", "ios"):
        return None
    if f.name != "xalloc":
        a.unsupported(f"'std::{owner}::{f.name}' is", f.span)
    if n.args:
        a.error("call-args", "'std::ios_base::xalloc' takes no arguments", n.span)
    if a.in_amp():
        a.error("amp-restrict", "call to 'std::ios_base::xalloc', which is not restrict(amp), from restrict(amp) code", n.span)
    return ir.LibCall(n.span, ir.INT, "ios_xalloc", None, ())


def state_test(stream: ir.Expr, span) -> ir.Expr:
    """What `if (stream)` tests: that no read or write has failed (`!fail()`)."""
    return ir.Unary(span, ir.BOOL, "!", ir.LibCall(span, ir.BOOL, "fail", stream, ()))


def closed_at_scope_end(stmts: list, span) -> list[ir.Stmt]:
    """The file streams a nested block declares are closed where the block ends, as their
    destructors close them in C++ (so the file is complete for whoever reads it next).  A
    block that ends in `return`/`break`/`continue`/`throw` leaves it to Python: the stream
    object goes away, and closes, when nothing refers to it."""
    if stmts and isinstance(stmts[-1], (ir.Return, ir.Break, ir.Continue, ir.Throw)):
        return []
    last = stmts[-1].span if stmts and stmts[-1].span is not None else span
    end = Span.point(last.file, last.end_line, last.end_col)        # where the block's statements end
    return [ir.ExprStmt(end, ir.LibCall(end, ir.Void(), "close", ir.Var(end, d.sym.type, d.sym), ()))
            for d in stmts if isinstance(d, ir.VarDecl) and is_stream(d.sym.type) and CLASSES[d.sym.type.name][2]]


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _named_type(a, t) -> ir.Type | None:
    """`std::ostream&` (any output stream, as a parameter), `std::ostringstream`, ..."""
    return ir.Library(t.name) if t.name in KINDS and t.namespace in ((), ("std",)) else None


def _construct(a, t: ir.Type, args: tuple, span, spans) -> ir.Expr:
    if not is_stream(t):
        a.unsupported(f"constructing '{t}' is", span)
    return construct(a, t, args, span, spans)


AREA = Area("<iostream>, <sstream>, <fstream>", types=names("""ostream istream stringstream ostringstream
                                                              istringstream wstringstream ifstream ofstream fstream"""),
            named_type=_named_type, owns=lambda t: readable(t) or writable(t), construct=_construct,
            method=lambda a, obj, name, args, n: method(a, stream_of(obj), name, args, n), static_call=_static_call)
