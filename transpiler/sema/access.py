"""C++'s member access control: a private member is usable only inside its class (its member
functions, the lambdas and kernels in them, its member initialisers) and by its friends; a
protected one also inside the classes derived from it.  C++ AMP compilers report a use elsewhere
(C2248 "cannot access private member declared in class"), so amppy does: code that uses a private
member from outside is not valid C++, whatever it would compute.

The parser records each class's member names with their most open access (a name declared public
anywhere in the class, an overload for instance, counts as public) and its friends' names
(`friend class X;`, friend functions declared or defined in the class).  A friend is recognised by
its name alone (any function or class of that name): a program with two functions of one name of
which only one is the friend is accepted where C++ rejects the other's use (never the other way
round).  Constructors are checked when one the class declares is called (not copies: the implicit
copy constructor is public), with the most open access of the class's constructors; `C::f()`
like `obj.f()`; a member's bare name in a member function (`x`, `f()`) too: a base's private
member is not the derived class's to use.  Not checked yet (accepted, as before): static data
members (`C::x`), and the access a base class specifier (`class D : private B`) gives.
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import Note
from . import hierarchy as H


def _template_name(name: str) -> str:
    """`It<int>` -> `It` (a class template's instance is its template's friend or class)."""
    return name.split("<", 1)[0].strip()


def _context(a) -> tuple[set, str | None]:
    """The classes whose members the code being analysed may use (its class, while a member
    function, a member initialiser or a kernel in one is analysed), and the enclosing function's
    name (a kernel's: the function that launches it)."""
    classes = {sd.name for sd in a.class_stack}
    fn = a.fn
    while fn is not None and fn.kernel is not None:
        fn = fn.kernel.outer_fn
    return classes, (fn.name if fn is not None else None)


def _granted(a, decl: ir.StructDef, level: str, classes: set, function: str | None) -> bool:
    if decl.name in classes or any(c in a.local_structs for c in classes):
        return True                     # its own class (a local class: its function's access)
    if level == "protected" and any(H.base_path(a, c, decl.name) is not None for c in classes):
        return True
    friends = decl.friends
    if not friends:
        return False
    if function is not None and (function in friends or _template_name(function) in friends):
        return True
    return any(c in friends or _template_name(c) in friends for c in classes)


def check_constructor(a, t: ir.StructType, span) -> None:
    """`T x(args)`, `T(args)`, `new T(args)`, a base part: a constructor the class declares.  (Copies
    are not checked: the implicit copy constructor is public whatever the declared ones are.)"""
    decl = a.structs.get(t.name)
    level = decl.access.get(_template_name(t.name)) if decl is not None else None
    if level not in ("private", "protected"):
        return
    classes, function = _context(a)
    if not _granted(a, decl, level, classes, function):
        _report(a, f"calling a {level} constructor of class '{decl.name}'", span, decl, level,
                ("constructor", span))


def check_member(a, t: ir.StructType | None, name: str, span) -> None:
    """`obj.name`, `ptr->name` (a data member or a member function) of class `t`; also a member's
    bare name in a member function of `t` (a base's private member is not `t`'s to use)."""
    if t is None or not name:
        return
    decl = next((sd for sd in H.lineage(a, t) if name in sd.access), None)
    if decl is None:
        return
    level = decl.access[name]
    if level == "public":
        return
    classes, function = _context(a)
    if _granted(a, decl, level, classes, function):
        return
    where = f" of '{decl.name}'" if decl.name == t.name else f" of '{decl.name}', a base of '{t.name}'"
    _report(a, f"'{name}' is a {level} member{where}", span, decl, level, (name, span))


def _report(a, message: str, span, decl: ir.StructDef, level: str, key) -> None:
    if key in a.access_reported:        # (an expression some passes analyse twice: reported once)
        return
    a.access_reported.add(key)
    notes = [Note(f"in instantiation of '{inst}' requested here", at) for inst, at in reversed(a.instantiations)]
    # (reported, and the analysis goes on: the expression's meaning is known, as clang's is)
    a.sink.error("access", message, span,
                 help=f"use it inside '{decl.name}'" + (" or a class derived from it" if level == "protected" else "")
                 + f", or make it public (or the code using it a friend of '{decl.name}')", notes=notes)
