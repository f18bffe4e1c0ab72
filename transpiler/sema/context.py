"""What every part of `Analyser` shares: the abort signal, the error type, the function context.

`SemaError` unwinds the statement being analysed after an error was reported,
`ERROR_TYPE` marks a variable whose declaration failed, and `FnContext` is the
function (or kernel) being analysed: its name, return type, restrict set,
Python names and the functions it calls.
"""
from __future__ import annotations

from .. import ir
from .scope import PyNames


#: The type of a variable whose declaration had an error (uses are not reported again).
ERROR_TYPE = ir.Library("<error>")


class SemaError(Exception):
    """Abort analysis of the current statement after a reported error."""


class FnContext:
    """What sema knows about the function (or kernel) being analysed."""

    def __init__(self, name: str, ret: ir.Type, restrict: tuple[str, ...], module_names: set[str], kernel=None):
        self.name = name
        self.ret = ret
        self.restrict = restrict
        self.kernel = kernel              # _KernelCtx inside a parallel_for_each lambda
        self.py = PyNames(module=module_names)
        self.calls: list[ir.Symbol] = []
        self.py_base: str = ""                    # the function's Python name (its kernels' names)
        self.functor_fields: dict = {}            # a function object's kernel: field -> capture
        self.functor: str | None = None           # ... and the name of that object's class
        self.this: ir.Symbol | None = None        # a member function's object
        self.ctor_this: ir.Symbol | None = None   # a constructor's object (what it returns)
        self.const_method = False                 # a const member function (its `*this` is const)
        self.deduced_at = None                    # the return that deduced an `auto` return type
        self.ret_ref = False                      # it returns a reference (`T& f()`): no copy on return
        self.body = None                          # its body (AST): what its static locals go through
        self.unchecked: dict = {}                 # param symbol id -> its type's C3581 problems, reported
                                                  # at its first use (a class template's instance)
