"""Reference parameters whose changes Python would not carry back: every dialect.

Python passes numbers and strings by value, and the kernel targets pass a struct as its fields,
so a function that changes such a parameter (`void bump(int& n)`, `void grow(P& p)` in a
kernel, a non-const member function's object) returns the new values after its result, and
each call assigns them back to the arguments:

    void swap2(int& a, int& b)   ->  def swap2(a, b): ... return a, b
    swap2(x, v[i]);              ->  x, v[i] = swap2(x, v[i])
    int r = f(n) + 1;            ->  f_result, n = f(n)          (a line of its own, before)
                                     r = f_result + 1

Which parameter types come back is the dialect's `writeback_types` (host: numbers,
`std::string`s and pointers, whose Python objects are immutable or rebound by `p = q`;
kernels: numbers, structs and pointers).  A call in a
larger expression is evaluated on a line of its own just before its statement (`hoisted`).  A
`while` or `for` condition that needs such lines (this, `while (!atomic_compare_exchange(...))`)
becomes `while True:`, the lines, and a `break` when the condition is false (`condition_first`);
a do-while tests its condition after them.
"""
from __future__ import annotations

from .. import ir
from .pyexprs import P_NOT


class ReferenceParams:
    """Mixin of the emitter core (`PyEmitter`)."""

    #: parameter types whose changes a function returns to its caller
    writeback_types: tuple = (ir.Scalar, ir.StdString, ir.Pointer)

    def function_defs(self) -> dict:
        if self._fdefs is None:
            self._fdefs = {id(f.sym): f for f in (self.program.functions if self.program is not None else [])}
        return self._fdefs

    def changed_params(self, f: ir.FunctionDef) -> list:
        return [p for p in f.params if p.by_ref and (isinstance(p.type, self.writeback_types) or p.rebound)]

    def writebacks(self, call: ir.Call) -> list:
        """The arguments of `call` that the callee changes and returns."""
        fd = self.function_defs().get(id(call.func))
        if fd is not None:
            changed = {id(p) for p in self.changed_params(fd)}
            out = [a for a, p in zip(call.args, fd.params) if id(p) in changed]
        else:                               # a pure virtual function: its overrides return what its
            out = [a for a, m in zip(call.args, call.func.mutable_refs)     # signature says they change
                   if m and isinstance(a.type, self.writeback_types)]
        roots = {id(ir.root_symbol(x)) for a in out for x in _arms(a.operand if isinstance(a, ir.Copy) else a)}
        for a in out:                       # `f(c ? x : y, c)`: c changes before it chooses
            a = a.operand if isinstance(a, ir.Copy) else a
            if isinstance(a, ir.Conditional) and any(isinstance(x, ir.Var) and id(x.sym) in roots
                                                     for x in ir.walk(a.cond)):
                raise self.not_here("a conditional whose condition the call changes, passed to a reference "
                                    "parameter,", a.span, help="compute the condition first")
        return out

    def writeback_targets(self, call: ir.Call) -> list[str]:
        """Where each returned value goes: the argument (an lvalue: sema checked it)."""
        return [self.writeback_lvalue(a.operand if isinstance(a, ir.Copy) else a) for a in self.writebacks(call)]

    #: lines that put returned values where a conditional argument chose (`after_call`)
    _after: list | None = None

    def writeback_lvalue(self, e: ir.Expr) -> str:
        """The target of one returned value.  For `c ? x : y` (C++'s lvalue conditional) a
        temporary, then `if c: x = tmp` / `else: y = tmp` after the call (`after_call`); `c` is
        evaluated again there, so it must read only what the call cannot change."""
        if not isinstance(e, ir.Conditional):
            if not ir.is_lvalue(e):         # a class temporary (Visual C++ binds it): its changes are dropped
                return self.fresh("dropped")
            return self.lvalue(e, "w")
        tmp = self.fresh("chosen")
        leaves = self.chosen_lvalues(e, [])
        lines = [f"{'if' if k == 0 else 'elif'} {' and '.join(conds)}: {target} = {tmp}"
                 for k, (conds, target) in enumerate(leaves[:-1])]
        self._after = (self._after or []) + lines + [f"else: {leaves[-1][1]} = {tmp}"]
        return tmp

    def chosen_lvalues(self, e: ir.Expr, conds: list) -> list:
        """(conditions, target) for each lvalue conditional `e` may choose, in order."""
        if not isinstance(e, ir.Conditional):
            return [(conds, self.lvalue(e, "w"))]
        if not _stable(e.cond):
            raise self.not_here("a conditional whose condition calls or changes something, passed to a reference "
                                "parameter the function changes,", e.span,
                                help="choose the variable in an if statement, or compute the condition first")
        cond = self.expr(e.cond, P_NOT + 1)
        return self.chosen_lvalues(e.then, conds + [cond]) + self.chosen_lvalues(e.else_, conds + [f"not {cond}"])

    def after_call(self) -> list[str]:
        lines, self._after = self._after or [], None
        return lines

    def result_names(self, call: ir.Call) -> list[str]:
        if isinstance(call.type, ir.Void):
            return []
        return [self.fresh(f"{call.func.method_py or call.func.py_name}_result")]

    def unpack(self, targets: list[str], call: str, declared: bool = False) -> list[str]:
        """Lines assigning the values `call` returns to `targets`."""
        return [f"{', '.join(targets)} = {call}"]

    def plain_call(self, e: ir.Call) -> str:
        """The call itself (the dialect's spelling: `f(x)`, `obj.method(x)`, `S.new(x)`)."""
        return f"{self.callee(e.func)}({', '.join(self.call_args(e.args))})"

    def hoist_call(self, call: ir.Call) -> list[str]:
        """Evaluate `call` on a line of its own before the statement; its result's names."""
        names = self.result_names(call)
        self.hoist(self.unpack(names + self.writeback_targets(call), self.plain_call(call)) + self.after_call(),
                   f"a call of '{call.func.name}' that changes a reference argument", call.span)
        return names

    def call_statement(self, call: ir.Call) -> list[str]:
        """A call as a statement: its changed reference arguments assigned back."""
        targets = self.writeback_targets(call)
        if not targets:
            return [self.plain_call(call)]
        return self.unpack(self.result_names(call) + targets, self.plain_call(call)) + self.after_call()

    def returned(self, values: list[str]) -> str:
        """What a `return` gives back: the result, then the changed reference parameters."""
        names = values + self.writeback
        return "return " + ", ".join(names) if names else "return"

    def with_lines(self, emit) -> tuple[str, list[str]]:
        """`emit()`'s text, and the lines it needs before it (hoisted), kept apart."""
        saved, self.hoisted = self.hoisted, []
        try:
            return emit(), self.hoisted
        finally:
            self.hoisted = saved

    def condition_first(self, cond: ir.Expr, out: list[str], depth: int) -> str | None:
        """The text of a loop's condition; or, for one that needs lines of its own, None after
        writing `while True:`, those lines, and a `break` when the condition is false."""
        text, lines = self.with_lines(lambda: self.expr(cond))
        if not lines:
            return text
        pad, one = self.indent_unit * depth, self.indent_unit
        out.append(f"{pad}while True:")
        out.extend(pad + one + line for line in lines)
        out.append(f"{pad}{one}if {negated(text)}:")
        out.append(f"{pad}{one * 2}break")
        return None

    def end_of_function(self, f: ir.FunctionDef, out: list[str]) -> None:
        """A void function that changes reference parameters returns them at its end too."""
        if self.writeback and isinstance(f.ret, ir.Void) and not out[-1].lstrip().startswith("return"):
            out.append(self.indent_unit + self.returned([]))


def negated(cond: str) -> str:
    """`not (cond)`; `x` for `not x` (a loop that retries a compare-and-exchange)."""
    if cond.startswith("not ") and cond[4:].isidentifier():
        return cond[4:]
    return f"not ({cond})"


#: pointer operations (sema/memory.py) that only compute an address
_PURE_POINTER_CALLS = ("address", "element_address", "field_address", "flat")


def _stable(cond: ir.Expr) -> bool:
    """`cond` reads only variables and constants (so the call cannot change it, being given no
    reference to them): it may be evaluated again after the call."""
    for x in ir.walk(cond):
        if isinstance(x, ir.Var) and (x.sym.by_ref or x.sym.addressed or "tile_static" in x.sym.storage or
                                      x.sym.kind == "global"):
            return False
        if isinstance(x, ir.LibCall) and (x.name in _PURE_POINTER_CALLS or x.name.startswith("ptr_")):
            continue                        # `p == &x[1]`
        if not isinstance(x, (ir.Var, ir.Const, ir.Unary, ir.Binary, ir.Convert, ir.IndexComponent, ir.ThreadIndex)):
            return False
    return True


def _arms(e: ir.Expr) -> list:
    """The lvalues a (possibly conditional) reference argument may be."""
    return _arms(e.then) + _arms(e.else_) if isinstance(e, ir.Conditional) else [e]
