"""The Parallel Patterns Library's locks and queue on the host: `concurrency::critical_section`
and its `scoped_lock` (`<ppl.h>`, `<concrt.h>`), `concurrent_queue<T>` (`<concurrent_queue.h>`).

amppy runs the PPL's parallel loops in order on one thread (sema/library.py: `parallel_for`,
`parallel_for_each` over a range), so a lock taken in an iteration is free again when the next one
starts; the lock still follows its C++ rules: a `critical_section` is not copyable, taking it twice
on one thread is `improper_lock` (it is not recursive), and a `scoped_lock` releases it where the
block that declared it is left, however it is left (its destructor: `destroyed_at_scope_end`).
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from .area import Area, names
from ..ir.queries import is_lvalue

CRITICAL_SECTION = ir.Library("critical_section")
SCOPED_LOCK = ir.Library("critical_section::scoped_lock")


def named_type(t: A.TypeName) -> ir.Type | None:
    """`critical_section`, `critical_section::scoped_lock` (also `concurrency::`-qualified)."""
    outer = t.namespace[-1:] if t.namespace else ()
    scope = (t.scope.name,) if t.scope is not None else ()
    if t.name == "critical_section" and outer in ((), ("concurrency",), ("Concurrency",)):
        return CRITICAL_SECTION
    if t.name == "scoped_lock" and "critical_section" in outer + scope:
        return SCOPED_LOCK
    return None


def involved(t: ir.Type) -> bool:
    return t in (CRITICAL_SECTION, SCOPED_LOCK) or isinstance(t, ir.ConcurrentQueue)


def queue_type(a, elem: ir.Type, span) -> ir.ConcurrentQueue:
    """`concurrent_queue<T>`: of classes (their values are copied in and out); `try_pop(T&)` of a
    number or string would need its argument written back, which amppy does not do yet."""
    if not isinstance(elem, ir.StructType):
        a.unsupported(f"'concurrent_queue<{elem}>' is", span,
                      help="amppy translates a concurrent_queue of classes (a struct, std::pair, ...)")
    return ir.ConcurrentQueue(elem)


def construct(a, t: ir.Type, args: list, spans: list, span) -> ir.Expr:
    if a.fn is not None and a.in_amp():
        a.error("amp-restrict", f"'{t}' cannot be used in restrict(amp) code", span)
    if isinstance(t, ir.ConcurrentQueue):
        if args:
            a.unsupported(f"making a '{t}' from arguments is", span, help="push the values one by one")
        return ir.LibCall(span, t, "concurrent_queue", None, ())
    if t == CRITICAL_SECTION:
        if args:
            what = "copied" if len(args) == 1 and args[0].type == CRITICAL_SECTION else "made from these arguments"
            a.error("deleted-copy" if what == "copied" else "ctor-args",
                    f"a 'critical_section' cannot be {what}", span,
                    help="share it by reference: critical_section& cs = ...")
        return ir.LibCall(span, CRITICAL_SECTION, "critical_section", None, ())
    if len(args) != 1 or args[0].type != CRITICAL_SECTION:
        a.error("ctor-args", "'critical_section::scoped_lock' is made from the 'critical_section' it locks", span)
    return ir.LibCall(span, SCOPED_LOCK, "critical_section_scoped_lock", None, (args[0],))


def method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    """`cs.lock()`, `cs.try_lock()`, `cs.try_lock_for(ms)`, `cs.unlock()`; a queue's `push(v)`,
    `try_pop(out)`, `empty()`, `unsafe_size()`, `clear()`."""
    if a.in_amp():
        a.error("amp-restrict", f"'{obj.type}::{name}' cannot be called in restrict(amp) code", n.span)
    if isinstance(obj.type, ir.ConcurrentQueue):
        return _queue_method(a, obj, name, args, n)
    if obj.type == CRITICAL_SECTION and name in ("lock", "unlock", "try_lock") and not args:
        return ir.LibCall(n.span, ir.BOOL if name == "try_lock" else ir.Void(), name, obj, ())
    if obj.type == CRITICAL_SECTION and name == "try_lock_for" and len(args) == 1:
        return ir.LibCall(n.span, ir.BOOL, name, obj, (a.convert(args[0], ir.UINT, n.args[0].span),))
    a.error("no-member", f"no member function '{name}' in '{obj.type}'", n.func.span)


def release(span, lock: ir.Expr) -> ir.Stmt:
    """What a `scoped_lock`'s destructor does: unlock its critical_section."""
    return ir.ExprStmt(span, ir.LibCall(span, ir.Void(), "release", lock, ()))


def _queue_method(a, q: ir.Expr, name: str, args: list, n) -> ir.Expr:
    elem, sp = q.type.elem, n.span
    arity = {"push": 1, "try_pop": 1, "empty": 0, "unsafe_size": 0, "clear": 0}
    if name not in arity:
        a.error("no-member", f"no member function '{name}' in '{q.type}'", n.func.span)
    if len(args) != arity[name]:
        a.error("call-args", f"'{q.type}::{name}' takes {arity[name]} argument{'s' * (arity[name] != 1)}", sp)
    if name == "push":                  # a copy goes in
        return ir.LibCall(sp, ir.Void(), "push", q, (a.convert(args[0], elem, n.args[0].span, copy=True),))
    if name == "try_pop":               # the front value, copied into `out`, if there is one
        out = args[0]
        if out.type != elem or not is_lvalue(out):
            a.error("type-mismatch", f"'try_pop' writes into a '{elem}&': '{out.type}' is not one", n.args[0].span)
        return ir.LibCall(sp, ir.BOOL, "try_pop", q, (out,))
    if name == "empty":
        return ir.LibCall(sp, ir.BOOL, "empty", q, ())
    if name == "unsafe_size":
        return ir.LibCall(sp, ir.Scalar("size_t"), "unsafe_size", q, ())
    return ir.LibCall(sp, ir.Void(), "clear", q, ())


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    if t.name == "concurrent_queue" and t.namespace in ((), ("concurrency",), ("Concurrency",)):
        a.nargs(t, 1, 1)
        return queue_type(a, a.type_arg(t.args[0], t), t.span)
    return None


AREA = Area("PPL (critical_section, concurrent_queue)", types=names("critical_section scoped_lock"),
            templates=names("concurrent_queue"), named_type=lambda a, t: named_type(t),
            template_type=_template_type, owns=involved,
            construct=lambda a, t, args, span, spans: construct(a, t, list(args), spans, span), method=method)
