"""Exceptions on the host: `throw`, `try`/`catch`, and the standard exception classes.

The standard classes (`std::exception` and its `<stdexcept>` family, C++ AMP's
`runtime_exception`) are `ir.Library` types whose runtime classes are amppy.runtime.stdexcept's
(`std::runtime_error` is `std_runtime_error`); a handler for a class catches the classes derived
from it, as in C++.  Any other thrown value (`throw 42;`, `throw "text";`) travels in a
`cpp_exception` that carries the value and its C++ type, and `catch (int e)` takes it by type.
"""
from __future__ import annotations

from .. import ast as A
from .. import ir
from .context import SemaError
from .scope import Scope

#: C++ class -> runtime class
CLASSES = {
    "exception": "std_exception", "logic_error": "std_logic_error", "invalid_argument": "std_invalid_argument",
    "domain_error": "std_domain_error", "length_error": "std_length_error", "out_of_range": "std_out_of_range",
    "runtime_error": "std_runtime_error", "range_error": "std_range_error", "overflow_error": "std_overflow_error",
    "underflow_error": "std_underflow_error", "bad_alloc": "std_bad_alloc",
    "runtime_exception": "runtime_exception",
}
#: classes constructed with a message (the others take none)
WITH_MESSAGE = set(CLASSES) - {"exception", "bad_alloc"}


def is_class(t: ir.Type) -> bool:
    return isinstance(t, ir.Library) and t.name in CLASSES


def runtime_class(t: ir.Library) -> str:
    return CLASSES[t.name]


def construct(a, t: ir.Library, args: list, span, spans) -> ir.Expr:
    """`std::runtime_error(text)`, `std::exception()`."""
    if a.in_amp():
        a.error("amp-restrict", f"'{t}' cannot be used in restrict(amp) code", span)
    if t.name in WITH_MESSAGE:
        if t.name == "runtime_exception" and len(args) == 2:
            args = args[:1]                 # (message, HRESULT): the code is not kept
        if len(args) != 1:
            a.error("ctor-args", f"'std::{t.name}' is constructed from a message", span)
        msg = args[0]
        if not isinstance(msg.type, (ir.String, ir.StdString)):
            a.error("ctor-args", f"'std::{t.name}' is constructed from a message, not '{msg.type}'", spans[0])
        return ir.LibCall(span, t, CLASSES[t.name], None, (msg,))
    if args:
        a.error("ctor-args", f"'std::{t.name}' takes no arguments", span)
    return ir.LibCall(span, t, CLASSES[t.name], None, ())


def what(a, obj: ir.Expr, name: str, args: list, n: A.Call) -> ir.Expr:
    if name == "what" and not args:
        return ir.LibCall(n.span, ir.String(), "what", obj, ())
    a.error("no-member", f"no member function '{name}' in 'std::{obj.type}'", n.func.span)


def throw(a, n: A.Throw) -> ir.Stmt:
    if a.in_amp():
        a.error("amp-restrict", "'throw' is not allowed in restrict(amp) code", n.span)
    if n.operand is None:
        if not a.handling:
            a.sink.warning("rethrow-outside-handler", "'throw;' outside a catch handler ends the program", n.span)
        return ir.Throw(n.span, None)
    v = a.expr(n.operand)
    if not (is_class(v.type) or isinstance(v.type, (ir.Scalar, ir.String, ir.StdString))):
        a.unsupported(f"throwing a value of type '{v.type}' is", n.operand.span)
    return ir.Throw(n.span, v)


def try_stmt(a, s: A.Try) -> ir.Stmt:
    if a.in_amp():
        a.error("amp-restrict", "'try' is not allowed in restrict(amp) code", s.span)
    body = a.block(s.body)
    handlers = []
    for param, block in s.handlers:
        saved = a.scope
        a.scope = Scope(a.scope, "block")
        a.handling += 1
        try:
            t, sym = None, None
            if param is not None:
                t = a.resolve_type(param.type)
                if not (is_class(t) or isinstance(t, (ir.Scalar, ir.String, ir.StdString))):
                    a.unsupported(f"catching a value of type '{t}' is", param.span)
                if param.name is not None:
                    sym = ir.Symbol(param.name, a.fn.py.fresh(param.name, a.scope), t, "local", param.span)
                    a.scope.define(param.name, sym)
            handlers.append((t, sym, a.block(block, new_scope=False)))
        except SemaError:
            pass
        finally:
            a.handling -= 1
            a.scope = saved
    return ir.Try(s.span, body, tuple(handlers))
