"""Inlining the `restrict(amp)` functions that use their caller's tile: an IR -> IR rewrite
that a check and the targets share (so it lives here, below `lower/` and `codegen/`).

C++ AMP lets a function called from a tiled kernel wait on the tile barrier (`t.barrier.wait()`
with the kernel's `tiled_index` passed in) and declare `tile_static` data.  The CUDA target
compiles such a function as a device function.  The CPU target runs a tile's threads one barrier
region at a time inside the kernel (`lower/barrier_regions.py`), so a barrier must be in the
kernel's own statements: `codegen/cpu.py` has this module put the function's body there, at each
call, before the lowering.  `passes/barriers.py` checks the same inlined kernel, so that a
barrier inside `g(t)` is judged under the control flow around the call and inside `g`; and
`codegen/cuda.py` inlines only a local class's member function that uses its kernel's
`tile_static` data (`uses_outer_tile_static`).  It is no entry of `passes.PASSES`.

Input: a tiled kernel whose `functions` include some that contain a `Barrier` or `TileStatic`
(or call such a function: those are inlined too, so the barrier reaches the kernel).
Output: a copy of the kernel whose body has each call of those functions replaced by

    <the parameters as fresh locals = the arguments>   (the tiled_index, references and views:
                                                         the argument itself, substituted)
    <the function's statements, its locals renamed>
    <the call's result: the declaration or assignment it was part of>

and whose `functions` no longer list them.  A call must be a statement of its own, a variable's
initialiser or the right side of `=`, and the function may `return` only as its last statement
(`KernelCodegenError` at the call or the return otherwise: `check` reports it as it reports
every CPU-target limit).
"""
from __future__ import annotations

import dataclasses

from .. import ir
from ..diagnostics import KernelCodegenError


def uses_tile(f: ir.FunctionDef) -> bool:
    return any(isinstance(x, (ir.Barrier, ir.TileStatic)) for x in ir.walk(f.body)) or uses_outer_tile_static(f)


def uses_outer_tile_static(f: ir.FunctionDef) -> bool:
    """`f` uses tile_static data it does not declare: a member function of a local class that
    reaches its kernel's (or enclosing function's) `tile_static` variable (sema/local_classes.py)."""
    declared = {id(x.sym) for x in ir.walk(f.body) if isinstance(x, ir.TileStatic)}
    return any(isinstance(x, ir.Var) and "tile_static" in x.sym.storage and id(x.sym) not in declared
               for x in ir.walk(f.body))


def _tile_functions(functions: list, test=uses_tile) -> dict:
    """id(symbol) -> function, for the functions that wait on the barrier or declare tile_static
    data (those that pass `test`), and those that call one of them (`h` calling `g(t)` that waits
    is inlined with it)."""
    found = {id(f.sym): f for f in functions if test(f)}
    grew = True
    while grew:
        grew = False
        for f in functions:
            if id(f.sym) not in found and any(isinstance(x, ir.Call) and id(x.func) in found
                                              for x in ir.walk(f.body)):
                found[id(f.sym)] = f
                grew = True
    return found


def inline(kernel: ir.Kernel, test=uses_tile) -> ir.Kernel:
    """The kernel with the functions that pass `test` (and their callers) put in at their calls:
    on the CPU target those that use the tile; on CUDA, whose device functions may wait and
    declare shared memory, only those that use their caller's tile_static data
    (`uses_outer_tile_static`)."""
    tile_fns = _tile_functions(kernel.functions, test)
    if not tile_fns:
        return kernel
    taken = {x.sym.py_name for x in ir.walk(kernel.body) if isinstance(x, (ir.Var, ir.VarDecl, ir.TileStatic))}
    taken |= {c.inner.py_name for c in kernel.captures}
    why = "waits on the tile barrier or declares tile_static data: on the cpu target" if test is uses_tile \
        else "uses its caller's tile_static data:"
    body = _Inliner(tile_fns, taken, why).visit(kernel.body)
    return dataclasses.replace(kernel, body=body,
                               functions=[f for f in kernel.functions if id(f.sym) not in tile_fns])


def _as_list(s) -> list:
    return s if isinstance(s, list) else [s]


class _Inliner(ir.Transformer):
    """Statements in, statements out: a call of a tile function (a statement of its own, an
    initialiser, the right side of `=`) becomes the function's statements; the tile calls
    elsewhere in a statement's expression are hoisted to variables first (`_Hoist`).
    Expressions are not visited: the statement holding one decides."""

    def __init__(self, tile_fns: dict, taken: set, why: str):
        self.tile_fns = tile_fns
        self.why = why
        self.taken = taken
        self.depth = 0                      # functions being put in, one inside another
        self.outer = {}                     # the substitution of the function being put in (its
                                            # tile_static data, which its local classes use)

    def visit(self, node):
        return super().visit(node) if isinstance(node, ir.Stmt) else node

    #: a compound statement `{ ... }`: its statements, each put in (maybe as several)
    visit_Block = ir.Transformer.generic_visit

    def generic_visit(self, s: ir.Stmt):
        pre, s = self.hoisted(s)
        if pre:
            return [x for p in pre for x in _as_list(self.visit(p))] + _as_list(self.visit(s))
        call, make = self.call_form(s)
        if call is not None:
            return self.expand(call, make)
        self.no_call_inside(s)
        return super().generic_visit(s)     # (the blocks and statements inside it)

    def call_form(self, s: ir.Stmt):
        """(the call of a tile function, how to make the statement from its result) or (None, None)."""
        if isinstance(s, ir.ExprStmt) and self.is_tile_call(s.expr):
            return s.expr, lambda value: [ir.ExprStmt(s.span, value)] if value is not None else []
        if isinstance(s, ir.VarDecl) and s.init is not None and self.is_tile_call(s.init):
            return s.init, lambda value: [dataclasses.replace(s, init=value)]
        if isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Assign) and s.expr.op == "=" and \
                self.is_tile_call(s.expr.value):
            return s.expr.value, lambda value: [ir.ExprStmt(s.span, dataclasses.replace(s.expr, value=value))]
        return None, None

    #: the expression of a statement whose calls may come first
    HOISTED = {ir.ExprStmt: "expr", ir.VarDecl: "init", ir.Return: "value", ir.If: "cond"}

    def hoisted(self, s: ir.Stmt) -> tuple[list, ir.Stmt]:
        """The calls of tile functions inside the expression of statement `s` (`r = f(i) + 1;`),
        each as a variable declared before it (`f_result = f(i);  r = f_result + 1;`), and `s`
        using those variables.  A call that `?:`, `&&` or `||` may skip stays where it is."""
        field = self.HOISTED.get(type(s))
        e = getattr(s, field) if field else None
        if e is None:
            return [], s
        h = _Hoist(self)
        e = h.top(e)
        return h.pre, (dataclasses.replace(s, **{field: e}) if h.pre else s)

    def is_tile_call(self, e) -> bool:
        return isinstance(e, ir.Call) and id(e.func) in self.tile_fns

    def no_call_inside(self, s: ir.Stmt) -> None:
        for name in type(s).children:
            v = getattr(s, name)
            exprs = [v] if isinstance(v, ir.Expr) else [x for x in v if isinstance(x, ir.Expr)] \
                if isinstance(v, tuple) else []
            for e in exprs:
                for x in ir.walk(e):
                    if self.is_tile_call(x):
                        raise KernelCodegenError(
                            f"'{x.func.name}' {self.why} its call must be a statement of its own, a "
                            "variable's initialiser or the right side of '='", x.span)

    def expand(self, call: ir.Call, make) -> list[ir.Stmt]:
        f = self.tile_fns[id(call.func)]
        if self.depth > 16:
            raise KernelCodegenError(f"'{f.sym.name}' calls itself through functions that wait on the tile "
                                     "barrier", call.span)
        subst, out = dict(self.outer), []
        refs = f.sym.ref_params or (False,) * len(f.params)
        for p, arg, by_ref in zip(f.params, call.args, refs):
            if by_ref or p.by_ref or isinstance(p.type, (ir.TiledIndex, ir.ArrayView, ir.AmpArray)):
                subst[id(p)] = arg                  # the caller's object itself
            else:
                local = self.fresh(p, f)
                subst[id(p)] = ir.Var(p.span, p.type, local)
                out.append(ir.VarDecl(call.span, local, arg))
        for x in ir.walk(f.body):                   # the function's locals, renamed for the kernel
            if isinstance(x, (ir.VarDecl, ir.TileStatic)) and id(x.sym) not in subst:
                subst[id(x.sym)] = ir.Var(x.sym.span, x.sym.type, self.fresh(x.sym, f))
        body = list(f.body.body)
        result = None
        if body and isinstance(body[-1], ir.Return):
            result = body.pop().value
        for x in ir.walk(ir.Block(f.body.span, tuple(body))):
            if isinstance(x, ir.Return):
                raise KernelCodegenError(f"'{f.sym.name}' {self.why} it can return only at its end", x.span)
        renamed = _Renamer(subst)
        inner = [renamed.visit(s) for s in body]
        saved, self.outer = self.outer, subst
        self.depth += 1
        try:
            out += self.visit(ir.Block(f.body.span, tuple(inner))).body
            for st in make(renamed.visit(result) if result is not None else None):
                out += _as_list(self.visit(st))     # (the result may call another: `return g(i) * 2;`)
        finally:
            self.outer = saved
            self.depth -= 1
        return out

    def fresh(self, sym: ir.Symbol, f: ir.FunctionDef) -> ir.Symbol:
        base = f"{sym.py_name}_{f.sym.py_name}"
        name, k = base, 1
        while name in self.taken:
            k += 1
            name = f"{base}{k}"
        self.taken.add(name)
        return dataclasses.replace(sym, py_name=name, kind="local")


def _evaluated(e: ir.Expr):
    """The fields of `e` that are evaluated whenever `e` is (None: all of them)."""
    if isinstance(e, ir.Conditional):
        return ("cond",)                    # (the arm not taken is not evaluated)
    if isinstance(e, ir.Binary) and e.op in ("&&", "||"):
        return ("left",)
    return None


class _Hoist(ir.Transformer):
    """An expression with each call of a tile function in it that always runs replaced by a
    variable declared before the statement (`pre`: `f_result = f(i);`)."""

    def __init__(self, inliner: _Inliner):
        self.inliner = inliner
        self.pre: list[ir.Stmt] = []

    def visit(self, node):
        return super().visit(node) if isinstance(node, ir.Expr) else node

    def top(self, e: ir.Expr) -> ir.Expr:
        """`e`, the whole expression of a statement: the calls inside it hoisted, not `e` itself
        (nor the value of `x = f(i)`: it is put in as it is)."""
        if isinstance(e, ir.Assign) and e.op == "=":
            e = super().generic_visit(e, fields=("target",))
            value = self.top(e.value)
            return e if value is e.value else dataclasses.replace(e, value=value)
        return super().generic_visit(e, fields=_evaluated(e))

    def generic_visit(self, e: ir.Expr) -> ir.Expr:
        e = super().generic_visit(e, fields=_evaluated(e))
        if not self.inliner.is_tile_call(e) or isinstance(e.type, ir.Void):
            return e
        taken = self.inliner.taken
        name = f"{e.func.py_name}_result"
        k = 1
        while name in taken:
            k += 1
            name = f"{e.func.py_name}_result{k}"
        taken.add(name)
        tmp = ir.Symbol(f"{e.func.name}_result", name, e.type, "local", e.span)
        self.pre.append(ir.VarDecl(e.span, tmp, e))
        return ir.Var(e.span, e.type, tmp)


class _Renamer(ir.Transformer):
    """Copies of IR with symbols replaced by expressions (`subst`: id(Symbol) -> Expr)."""

    def __init__(self, subst: dict):
        self.subst = subst

    def sym(self, s: ir.Symbol) -> ir.Symbol:
        e = self.subst.get(id(s))
        return e.sym if isinstance(e, ir.Var) else s

    def visit_Var(self, n: ir.Var):
        return self.subst.get(id(n.sym), n)

    def visit_IndexComponent(self, n: ir.IndexComponent):
        base = self.visit(n.base)
        if isinstance(base, ir.Construct) and isinstance(base.type, ir.TiledIndex):
            return base.args[n.dim]             # `t.local[0]` of the kernel's own index
        return dataclasses.replace(n, base=base) if base is not n.base else n

    def visit_ParallelForEach(self, n: ir.ParallelForEach):
        return n

    def visit_VarDecl(self, n):
        out = self.generic_visit(n)
        return dataclasses.replace(out, sym=self.sym(n.sym)) if id(n.sym) in self.subst else out

    visit_TileStatic = visit_VarDecl
