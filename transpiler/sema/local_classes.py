"""Local classes: a class defined inside a function body (or a kernel's lambda).

    parallel_for_each(e.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        tile_static int ts[4];
        struct Cell {
            void put(int i, int x) { ts[i] = x; }     // restrict(amp), like the kernel
        };
        Cell().put(t.local[0], 1);
    });

Its member functions are analysed where the class ends (C++ sees only the names declared before
it), in a scope under the enclosing block's: they see its types, enumerators, constants,
`static` and `tile_static` variables, but using one of its automatic variables is the C++ error.
A member function declared without restriction specifiers has the enclosing function's (the
C++ AMP rule that makes `void put(...)` above callable from the kernel).  A member function that
uses the kernel's `tile_static` data is put into the kernel at each call on both targets
(`passes/tile_functions.py`).
"""
from __future__ import annotations

import dataclasses

from ..parse import ast as A
from .. import ir
from .context import SemaError
from .scope import Scope


class Enclosing:
    """What a local class's member functions take from the function that defines the class."""

    def __init__(self, scope: Scope, restrict: tuple, where: str):
        self.scope, self.restrict, self.where = scope, restrict, where    # where: "function 'f'"


def define(a, d: A.StructDef) -> None:
    """`struct S {...};` as a statement: the class, then its member functions' bodies."""
    if d.member_templates:                  # reported; the class is declared without them
        a.sink.error("bad-specifier", "templates cannot be declared inside of a local class",
                     d.member_templates[0].span)
        d = dataclasses.replace(d, member_templates=())
    other = a.local_structs.get(d.name)
    if d.name in a.structs and (other is None or other.scope is not a.scope):
        a.unsupported(f"a local class named like another class of the program ('{d.name}') is", d.span,
                      help="amppy keeps one class of each name: rename one of them")
    where = "lambda expression" if a.fn.kernel is not None else f"function '{a.fn.name}'"
    a.local_classes[id(d)] = Enclosing(a.scope, tuple(a.fn.restrict), where)
    pending, a.pending_bodies = a.pending_bodies, []
    try:
        a.top_decl(d)
        bodies = a.pending_bodies
    finally:
        a.pending_bodies = pending
    for m, sym in bodies:
        with a.suspended():
            try:
                a.function_body(m, sym)
            except SemaError:
                pass


def enclosing(a, sd: ir.StructDef) -> Enclosing | None:
    """The function around local class `sd` (None for a class of namespace scope)."""
    return a.local_structs.get(sd.name)


def restriction(a, sd: ir.StructDef, m: A.FunctionDef) -> tuple:
    """A member function's restriction: its own, else the enclosing function's for a local class."""
    if m.restrict:
        return m.restrict
    outer = enclosing(a, sd)
    return outer.restrict if outer is not None else ("cpu",)


def check_use(a, sym: ir.Symbol, scope: Scope, span) -> None:
    """A name a local class's member function finds in the enclosing function: an automatic
    variable of it is an error (a `tile_static`, `static` or constant one is not)."""
    if sym.kind not in ("local", "param", "capture", "index") or "tile_static" in sym.storage or "static" in sym.storage:
        return
    if sym.const_value is not None:         # a constant: its value, no use of the variable
        return
    s = a.scope
    while s is not None and s is not scope:
        if s.kind == "local-class":
            a.error("local-class-capture",
                    f"reference to local variable '{sym.name}' declared in enclosing {s.where}",
                    span, help="a local class cannot use the automatic variables of the function around it; "
                    "pass the value to the member function")
        s = s.parent
