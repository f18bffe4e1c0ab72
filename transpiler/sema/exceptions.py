"""Exceptions on the host: `throw`, `try`/`catch`, and the standard exception classes.

The standard classes (`std::exception` and its `<stdexcept>` family, C++ AMP's
`runtime_exception`) are `ir.Library` types whose runtime classes are amppy.runtime.stdexcept's
(`std::runtime_error` is `std_runtime_error`); a handler for a class catches the classes derived
from it, as in C++.  Any other thrown value (`throw 42;`, `throw "text";`) travels in a
`cpp_exception` that carries the value and its C++ type, and `catch (int e)` takes it by type.
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from .area import Area
from .context import SemaError
from .scope import Scope

#: C++ class -> runtime class
CLASSES = {
    "exception": "std_exception", "logic_error": "std_logic_error", "invalid_argument": "std_invalid_argument",
    "domain_error": "std_domain_error", "length_error": "std_length_error", "out_of_range": "std_out_of_range",
    "runtime_error": "std_runtime_error", "range_error": "std_range_error", "overflow_error": "std_overflow_error",
    "underflow_error": "std_underflow_error", "bad_alloc": "std_bad_alloc",
    "runtime_exception": "runtime_exception", "invalid_compute_domain": "invalid_compute_domain",
    "out_of_memory": "out_of_memory", "unsupported_feature": "unsupported_feature",
    "accelerator_view_removed": "accelerator_view_removed",
}
#: C++ AMP's exceptions: (message[, HRESULT]) constructors, `get_error_code()`
AMP = {"runtime_exception", "invalid_compute_domain", "out_of_memory", "unsupported_feature",
       "accelerator_view_removed"}
#: each class's base (std::exception is the root)
BASES = {"logic_error": "exception", "invalid_argument": "logic_error", "domain_error": "logic_error",
         "length_error": "logic_error", "out_of_range": "logic_error", "runtime_error": "exception",
         "range_error": "runtime_error", "overflow_error": "runtime_error", "underflow_error": "runtime_error",
         "bad_alloc": "exception", "runtime_exception": "exception",
         "invalid_compute_domain": "runtime_exception", "out_of_memory": "runtime_exception",
         "unsupported_feature": "runtime_exception", "accelerator_view_removed": "runtime_exception"}


def derives(src: ir.Type, dst: ir.Type) -> bool:
    """An object of exception class `src` is a `dst` (a reference to the base binds to it)."""
    if not (is_class(src) and is_class(dst)):
        return False
    name = src.name
    while name is not None and name != dst.name:
        name = BASES.get(name)
    return name is not None


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
        code = None
        if t.name in AMP and len(args) == 2:    # (message, HRESULT)
            code = a.convert(args[1], ir.Scalar("long"), spans[1])
            args = args[:1]
        if len(args) != 1:
            a.error("ctor-args", f"'{_qualified(t)}' is constructed from a message", span)
        msg = args[0]
        if not isinstance(msg.type, (ir.String, ir.StdString)):
            a.error("ctor-args", f"'{_qualified(t)}' is constructed from a message, not '{msg.type}'", spans[0])
        made = ir.LibCall(span, t, CLASSES[t.name], None, (msg,))
        return made if code is None else ir.LibCall(span, t, "with_code", made, (code,))
    if args:
        a.error("ctor-args", f"'std::{t.name}' takes no arguments", span)
    return ir.LibCall(span, t, CLASSES[t.name], None, ())


def _qualified(t: ir.Library) -> str:
    return f"concurrency::{t.name}" if t.name in AMP else f"std::{t.name}"


def what(a, obj: ir.Expr, name: str, args: list, n: A.Call) -> ir.Expr:
    if name == "what" and not args:
        return ir.LibCall(n.span, ir.String(), "what", obj, ())
    if name == "get_error_code" and not args and obj.type.name in AMP or \
            name == "get_view_removed_reason" and not args and obj.type.name == "accelerator_view_removed":
        return ir.LibCall(n.span, ir.Scalar("long"), name, obj, ())
    a.error("no-member", f"no member function '{name}' in '{_qualified(obj.type)}'", n.func.span)


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


# ---- the library area (sema/areas.py) ---------------------------------------------------------
AREA = Area("<exception>, <stdexcept>, C++ AMP's exceptions", types=frozenset(CLASSES),
            named_type=lambda a, t: ir.Library(t.name) if t.name in CLASSES else None,
            owns=is_class, construct=construct, method=what)
