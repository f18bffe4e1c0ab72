"""`concurrency::accelerator` and `accelerator_view` in sema: the constants naming devices
(`accelerator::default_accelerator`, `cpu_accelerator`, `direct3d_warp`, `direct3d_ref`),
`accelerator::get_all()` / `set_default()`, the properties and their `get_` functions,
`create_view`, `wait`, `flush`, `create_marker`, comparisons.  The runtime's `amppy.runtime.accelerators`
answers them from the device the program runs on."""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from .area import Area, names

ACCELERATOR = ir.Library("accelerator")
VIEW = ir.Library("accelerator_view")
WSTRING = ir.StdString(True)
SIZE = ir.Scalar("size_t")
UINT = ir.Scalar("unsigned int")

#: the device-naming constants (C++ AMP's `static const wchar_t[]`)
PATHS = ("default_accelerator", "cpu_accelerator", "direct3d_warp", "direct3d_ref")
#: properties: name -> type (each also as `get_<name>()`)
PROPERTIES = {
    ACCELERATOR: {"description": WSTRING, "device_path": WSTRING, "version": UINT, "dedicated_memory": SIZE,
                  "supports_double_precision": ir.BOOL, "supports_limited_double_precision": ir.BOOL,
                  "supports_cpu_shared_memory": ir.BOOL, "is_debug": ir.BOOL, "is_emulated": ir.BOOL,
                  "has_display": ir.BOOL, "default_view": VIEW, "default_cpu_access_type": ir.INT},
    VIEW: {"accelerator": ACCELERATOR, "is_debug": ir.BOOL, "version": UINT,
           "queuing_mode": ir.INT},
}


def involved(t: ir.Type) -> bool:
    return t in (ACCELERATOR, VIEW)


def _library(name: str, t: ir.Type, span) -> ir.Expr:
    """`accelerator::cpu_accelerator`, `accelerator::get_all`: a name of the runtime's class."""
    return ir.Var(span, t, ir.Symbol(name, f"accelerator.{name}", t, "library", span))


def static_name(a, n: A.Name) -> ir.Expr:
    if n.name in PATHS:
        return _library(n.name, WSTRING, n.span)
    a.error("no-member", f"no member named '{n.name}' in 'concurrency::accelerator'", n.span)


def static_call(a, f: A.Name, n: A.Call) -> ir.Expr:
    """`accelerator::get_all()`, `accelerator::set_default(path)`."""
    args = [a.expr(x) for x in n.args]
    if a.in_amp():
        a.error("amp-restrict", f"'accelerator::{f.name}' cannot be called in restrict(amp) code", n.span)
    if f.name == "get_all" and not args:
        return ir.LibCall(n.span, ir.Vector(ACCELERATOR), "accelerator.get_all", None, ())
    if f.name == "set_default" and len(args) == 1:
        return ir.LibCall(n.span, ir.BOOL, "accelerator.set_default", None,
                          (a.convert(args[0], WSTRING, n.args[0].span),))
    if f.name in ("get_all", "set_default"):
        a.error("call-args", f"wrong number of arguments to 'accelerator::{f.name}'", n.span)
    a.error("no-member", f"no member named '{f.name}' in 'concurrency::accelerator'", f.span)


def construct(a, t: ir.Type, args: list, spans: list, span) -> ir.Expr:
    """`accelerator acc;`, `accelerator acc(accelerator::cpu_accelerator)`, `accelerator(L"...")`;
    an `accelerator_view` is copied from another (C++ AMP has no other constructor)."""
    if t == ACCELERATOR:
        if len(args) > 1:
            a.error("ctor-args", "'accelerator' takes a device path", span)
        if args and args[0].type == ACCELERATOR:
            return args[0]
        conv = tuple(a.convert(x, WSTRING, s) for x, s in zip(args, spans))
        return ir.LibCall(span, ACCELERATOR, "accelerator", None, conv)
    if len(args) != 1 or args[0].type != VIEW:
        a.error("ctor-args", "an 'accelerator_view' is made by an accelerator ('acc.default_view', "
                "'acc.create_view()') or copied from another view", span)
    return args[0]


def member(a, base: ir.Expr, n: A.Member) -> ir.Expr | None:
    if base.type not in PROPERTIES:             # `p->member` of a pointer to one
        a.unsupported(f"'->' on a pointer to '{base.type.elem}' is", n.span, help="use the object itself")
    props = PROPERTIES[base.type]
    if n.name in props:
        return ir.LibAttr(n.span, props[n.name], base, n.name)
    return None                             # a member function: `method` completes it


def method(a, obj: ir.Expr, name: str, args: list, n: A.Call) -> ir.Expr:
    t = obj.type
    props = PROPERTIES[t]
    if a.in_amp():
        a.error("amp-restrict", f"'{t.name}::{name}' cannot be called in restrict(amp) code", n.span)
    if name.startswith("get_") and name[4:] in props and not args:
        return ir.LibAttr(n.span, props[name[4:]], obj, name[4:])
    if t == ACCELERATOR and name == "create_view":
        if len(args) > 1:
            a.error("call-args", "'create_view' takes at most a queuing mode", n.span)
        return ir.LibCall(n.span, VIEW, "create_view", obj, tuple(a.convert(x, ir.INT, n.span) for x in args))
    if t == ACCELERATOR and name == "set_default_cpu_access_type":
        if len(args) != 1:
            a.error("call-args", "'set_default_cpu_access_type' takes an access_type", n.span)
        return ir.LibCall(n.span, ir.BOOL, name, obj, (a.convert(args[0], ir.INT, n.args[0].span),))
    if t == VIEW and name in ("wait", "flush") and not args:
        return ir.LibCall(n.span, ir.Void(), name, obj, ())
    if t == VIEW and name == "create_marker" and not args:     # ready when the work queued so far is done
        return ir.LibCall(n.span, ir.Library("completion_future"), name, obj, ())
    a.error("no-member", f"no member function '{name}' in 'concurrency::{t.name}'", n.func.span)


def compare(a, op: str, left: ir.Expr, right: ir.Expr, span) -> ir.Expr | None:
    """`acc == other`, `view != acc.default_view`."""
    if op in ("==", "!=") and involved(left.type) and left.type == right.type:
        return ir.LibCall(span, ir.BOOL, op, left, (right,))
    return None


def placed(a, array: ir.Expr, args: list, spans: list, span) -> ir.Expr:
    """`array<T, N> a(e, ..., view)`, `(e, ..., view, associated_view)` (a staging array),
    `(e, ..., view, access_type)`: the array made, then given its place."""
    if len(args) > 2 or len(args) == 2 and args[1].type != VIEW and not (
            isinstance(args[1].type, ir.Scalar) and args[1].type.is_int):
        a.error("ctor-args", "an array takes an accelerator_view, then an associated accelerator_view or "
                "an access_type", span)
    if a.in_amp():
        a.error("amp-restrict", "an array cannot be made in restrict(amp) code", span)
    return ir.LibCall(span, array.type, "placed", array, tuple(args))


# ---- the library area (sema/areas.py) ---------------------------------------------------------
AREA = Area("accelerator, accelerator_view", types=names("accelerator accelerator_view"),
            named_type=lambda a, t: ir.Library(t.name) if t.name in ("accelerator", "accelerator_view") else None,
            owns=involved, construct=lambda a, t, args, span, spans: construct(a, t, list(args), spans, span),
            method=method, static_call=lambda a, owner, f, n: static_call(a, f, n) if owner == "accelerator" else None)
