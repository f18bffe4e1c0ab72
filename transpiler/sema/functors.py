"""A function object as the kernel (`parallel_for_each(e, Multiply(a, b, c))`): its kernel holds
the object's fields one by one (`FnContext.functor_fields`, sema/kernels.py), so what needs the
object itself, valid C++ AMP, is reported as not supported yet at its place: a call of one of
its member functions, `this` other than `this->field`.
"""
from __future__ import annotations

from ..source import Span


def member_named(a, name: str, span: Span) -> None:
    """A function object's kernel naming a member function of its class (`f(x)` in its
    `operator()`): valid C++ AMP that amppy does not translate yet (the kernel holds the object's
    fields one by one, not the object a member function takes)."""
    sd = a.structs.get(a.fn.functor) if a.fn is not None and a.fn.functor else None
    if sd is not None and (name in sd.members or name in sd.member_templates):
        a.unsupported(f"calling the member function '{name}' of the function object '{sd.name}' in its kernel is",
                      span, help="make it a free restrict(amp) function that takes the fields it uses")


def this_used(a, span: Span) -> None:
    """`this` in a function object's kernel (the fields' `this->field` never comes here)."""
    if a.fn is not None and a.fn.functor:
        a.unsupported(f"'this' in the kernel of the function object '{a.fn.functor}', other than "
                      "'this->field', is", span, help="name the fields (this->field) the kernel uses")
