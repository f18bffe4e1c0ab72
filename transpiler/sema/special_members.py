"""The restriction of the special member functions C++ declares for a class (C++ AMP 1.2,
"implicitly declared special member functions"): a class's implicit default constructor, copy
constructor, copy assignment and destructor are restrict(cpu), restrict(amp) or both according
to the ones of its bases and members (and, for the constructors, its destructor).  The result
is their intersection; when it is empty, the function is deleted.

Making, copying, assigning or destroying such an object where its restriction does not allow
it is Visual Studio's C3930 (`[amp-restrict]`); a deleted one is C2512, C2558 or C2582.
"""
from __future__ import annotations

from .. import ir

#: the key of a class's constructor templates in `StructDef.member_templates`
CTOR_TEMPLATES = "<constructor templates>"


def has_constructors(sd: ir.StructDef) -> bool:
    """Whether the class declares constructors (ordinary ones or constructor templates)."""
    return bool(sd.ctors or sd.member_templates.get(CTOR_TEMPLATES))

BOTH = frozenset(("cpu", "amp"))
WHAT = {"default": "default constructor", "copy": "copy constructor", "assign": "copy assignment operator",
        "dtor": "destructor"}
DELETED = {"default": "no-default-ctor", "copy": "deleted-copy", "assign": "deleted-copy", "dtor": "no-default-ctor"}


def _declared(a, sd: ir.StructDef, kind: str) -> frozenset | None:
    """The restrictions of the class's own declared `kind` (the union over its overloads:
    `S() restrict(cpu)` and `S() restrict(amp)` make both), or None when C++ declares it."""
    own = ir.StructType(sd.name, sd.py_name)
    if kind == "dtor":
        return frozenset(sd.dtor.restrict_) if sd.dtor is not None else None
    if kind == "assign":
        syms = [s for s in sd.members.get("operator=", ()) if s.owner == sd.name and len(s.type.params) == 2
                and s.type.params[1] == own]
    else:
        if kind == "copy":
            syms = copy_constructors(sd)
        else:
            if sd.ctors and not any(_no_args(c) for c in sd.ctors):
                return frozenset()              # (other constructors only: none C++ would declare)
            syms = [c for c in sd.ctors if _no_args(c)]
    if not syms:
        return None
    return frozenset(r for s in syms for r in s.restrict_)


def copy_constructors(sd: ir.StructDef) -> list:
    """The class's own copy constructors (`S(const S&)`, other parameters defaulted)."""
    own = ir.StructType(sd.name, sd.py_name)
    return [c for c in sd.ctors if c.type.params and c.type.params[0] == own and
            all(d is not None for d in (c.defaults or (None,) * len(c.type.params))[1:])]


def _no_args(c: ir.Symbol) -> bool:
    defaults = c.defaults or (None,) * len(c.type.params)
    return all(d is not None for d in defaults)


def _parts(a, sd: ir.StructDef) -> list:
    """The classes whose special members a class's implicit ones call: its bases and the class
    types of its own members (a further base is held as one)."""
    inherited = {py for py, _ in a.structs[sd.base].fields} if sd.base and sd.base in a.structs else set()
    out = [sd.base] if sd.base else []
    for py, t in sd.fields:
        t = t.elem if isinstance(t, ir.CArray) else t
        if py not in inherited and isinstance(t, ir.StructType) and t.name in a.structs:
            out.append(t.name)
    return out


def restriction(a, name: str, kind: str, seen: frozenset = frozenset()) -> frozenset:
    """The restrictions that class `name`'s `kind` ("default", "copy", "assign", "dtor") has."""
    sd = a.structs.get(name)
    if sd is None or name in seen:
        return BOTH
    declared = _declared(a, sd, kind)
    if declared is not None:
        return declared
    seen = seen | {name}
    out = BOTH
    for part in _parts(a, sd):
        out &= restriction(a, part, kind, seen)
    if kind in ("default", "copy"):         # (a constructor's object must be destructible where it runs)
        out &= restriction(a, name, "dtor", seen - {name})
    return out


def check(a, t: ir.Type, kind: str, span) -> None:
    """The implicit `kind` of class `t` used here: its restriction allows the context."""
    t = t.elem if isinstance(t, ir.CArray) else t
    if not (isinstance(t, ir.StructType) and t.name in a.structs) or a.fn is None:
        return
    if _declared(a, a.structs[t.name], kind) is not None and kind != "default":
        return                              # (a declared one: its calls are checked as calls)
    if kind == "default" and a.structs[t.name].ctors:
        return
    have = restriction(a, t.name, kind)
    if not have:
        a.error(DELETED[kind], f"the {WHAT[kind]} of '{t.name}' is deleted: the restrictions of its bases' and "
                f"members' {WHAT[kind]}s have nothing in common", span)
        return
    context = {"amp"} if a.fn.kernel is not None else set(a.fn.restrict)
    missing = sorted(context - have)
    if missing:
        a.error("amp-restrict", f"the implicit {WHAT[kind]} of '{t.name}' is restrict({', '.join(sorted(have))}): "
                f"it cannot be used in restrict({missing[0]}) code", span,
                help=f"give '{t.name}' a {WHAT[kind]} of its own that is restrict({', '.join(sorted(context))})")
