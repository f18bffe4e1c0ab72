"""Lifetimes: where C++ destroys objects, lowered to `ir.Scoped` cleanups.  A class object's
destructors (its own, then its bases') run where its block is left; an array_view held by a
local, a by-value parameter or a class member is released there, and the last view of a data
source synchronizes it (docs/architecture.md, "array_view lifetimes")."""

from __future__ import annotations


from dataclasses import replace

from .. import ir
from .classes import struct_type, upcast
from .hierarchy import lineage
from . import special_members as SM

from ..names import OPERATORS  # noqa: F401  (the one table: names.py)


def destructors(a, t: ir.Type) -> list:
    """The destructors that run user code when an object of class `t` dies: its own, then its
    bases', the last declared first (an empty `~S() {}` changes nothing)."""
    sd = a.structs.get(t.name) if isinstance(t, ir.StructType) else None
    if sd is None:
        return []
    out = []
    if sd.dtor is not None:
        decl = a.member_decls[id(sd.dtor)]
        if not (decl.body is not None and not decl.body.items):
            out.append(sd.dtor)
    for b in reversed(([sd.base] if sd.base else []) + list(sd.extra_bases)):     # (C++: bases last to first)
        out += destructors(a, struct_type(a.structs[b]))
    return out


def virtual_destructor(a, t: ir.Type) -> bool:
    """Class `t` or one of its bases declares a virtual destructor (a derived one may do work)."""
    return any(sd.dtor is not None and sd.dtor.virtual for sd in lineage(a, t))


def has_destructor(a, t: ir.Type) -> bool:
    return bool(destructors(a, t))


def destroyed_at_scope_end(a, stmts: list) -> list:
    """A block's statements with each object that has a destructor destroyed where the block
    is left, in reverse order of construction: the statements after its declaration become
    the body of a `Scoped` whose cleanup calls the destructor."""
    from . import ppl
    for k, s in enumerate(stmts):
        if isinstance(s, ir.VarDecl) and s.sym.type == ppl.SCOPED_LOCK and "static" not in s.sym.storage:
            sp = s.span                     # `critical_section::scoped_lock l(cs);`: unlocked at the block's end
            return stmts[:k + 1] + [ir.Scoped(sp, ir.Block(sp, tuple(destroyed_at_scope_end(a, stmts[k + 1:]))),
                                              ir.Block(sp, (ppl.release(sp, ir.Var(sp, s.sym.type, s.sym)),)))]
        if is_held_view(a, s) or is_vector_of_views(a, s):     # an array_view's data comes back when
            end = k + 1                                         # its last view dies; views declared
            while end < len(stmts) and (is_held_view(a, stmts[end]) or is_vector_of_views(a, stmts[end])):
                end += 1                                        # one after another share one `try`
            decls = [replace(d, init=ir.LibCall(d.span, d.sym.type, "held", d.init, ())) if is_held_view(a, d) else d
                     for d in stmts[k:end]]
            sp = s.span
            rest = ir.Block(sp, tuple(destroyed_at_scope_end(a, stmts[end:])))
            gone = tuple(view_destroyed(ir.Var(d.span, d.sym.type, d.sym)) for d in reversed(decls))
            return stmts[:k] + decls + [ir.Scoped(sp, rest, ir.Block(sp, gone))]
        if isinstance(s, ir.VarDecl) and "static" not in s.sym.storage and s.sym.kind == "local":
            SM.check(a, s.sym.type, "dtor", s.span)     # (an implicit destructor's restriction)
        if isinstance(s, ir.VarDecl) and "static" not in s.sym.storage and (
                has_destructor(a, s.sym.type) or view_fields(a, s.sym.type) and not a.in_amp()):
            if a.fn is not None and a.in_amp():
                a.sink.error("unsupported", "an object with a destructor in restrict(amp) code is not "
                             "supported yet", s.span)
                return stmts
            rest = destroyed_at_scope_end(a, stmts[k + 1:])
            sp = s.span
            calls = []
            for dtor in destructors(a, s.sym.type):     # the class's, then its bases'
                a.call_sites.append((dtor, sp, a.fn is not None and a.in_amp()))
                if a.fn is not None:
                    a.fn.calls.append(dtor)
                obj = upcast(a, ir.Var(sp, s.sym.type, s.sym), struct_type(a.structs[dtor.owner]))
                calls.append(ir.ExprStmt(sp, ir.Call(sp, ir.Void(), dtor, (obj,))))
            obj = ir.Var(sp, s.sym.type, s.sym)
            calls += [view_destroyed(ir.FieldRef(sp, ft, obj, py, False)) for py, ft in view_fields(a, s.sym.type)]
            body = ir.Block(sp, tuple(rest))
            return stmts[:k + 1] + [ir.Scoped(sp, body, ir.Block(sp, tuple(calls)))]
    return stmts


def view_fields(a, t: ir.Type) -> list:
    """The array_view members of class `t` ((python name, type)): its constructors hold them,
    and they are destroyed with the object, after its destructors ran."""
    sd = a.structs.get(t.name) if isinstance(t, ir.StructType) else None
    return [(py, ft) for py, ft in sd.fields if isinstance(ft, ir.ArrayView)] if sd is not None else []


def is_held_view(a, s) -> bool:
    """`s` declares a host local that holds an array_view (not a reference to one, not static)."""
    return isinstance(s, ir.VarDecl) and isinstance(s.sym.type, ir.ArrayView) and s.init is not None and \
        not s.sym.by_ref and "static" not in s.sym.storage and not (a.fn is not None and a.in_amp())


def is_vector_of_views(a, s) -> bool:
    """`s` declares a host local `std::vector<array_view<...>>`: its views die with it."""
    return isinstance(s, ir.VarDecl) and isinstance(s.sym.type, ir.Vector) and \
        isinstance(s.sym.type.elem, ir.ArrayView) and not s.sym.by_ref and "static" not in s.sym.storage and \
        not (a.fn is not None and a.in_amp())


def views_held_by_params(body: ir.Block, params: list) -> ir.Block:
    """A host function's body with each array_view parameter taken by value held while it runs
    and destroyed when it returns (the callee's copy is one more view of the caller's data)."""
    views = [p for p in params if isinstance(p.type, ir.ArrayView)]
    if not views:
        return body
    sp = body.span
    held = tuple(ir.ExprStmt(sp, ir.LibCall(sp, p.type, "held", ir.Var(sp, p.type, p), ())) for p in views)
    gone = tuple(view_destroyed(ir.Var(sp, p.type, p)) for p in reversed(views))
    return ir.Block(sp, held + (ir.Scoped(sp, body, ir.Block(sp, gone)),))


def view_destroyed(view: ir.Expr) -> ir.Stmt:
    """`~array_view()` of the view a local or by-value parameter held (runtime `array_view.destroy`)."""
    return ir.ExprStmt(view.span, ir.LibCall(view.span, ir.Void(), "destroy", view, ()))
