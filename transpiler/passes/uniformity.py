"""Tile-uniformity analysis of a kernel.

Input: an `ir.Kernel`.  Output: a `Uniformity` telling which expressions, local
variables and control statements have the same value / take the same path in
every thread of a tile.

    u = analyse(kernel)
    u.is_uniform(expr)                 # bool
    u.thread_dependent_reason(expr)    # Span of what makes it thread-dependent, or None
    u.explain(expr)                    # (Span, "depends on t_idx.local") or None
    u.control_reason(stmt)             # for If/For/While/DoWhile/Switch: None when every thread
                                       #   of a tile takes the same path, else (Span, text)
    u.var_reason(sym)                  # None for a uniform local variable

Uniform values depend only on constants, captured scalars, `tile`/`tile_origin`
indices and uniform variables.  A local variable is uniform when every
assignment to it is uniform and none is under thread-dependent control flow
(a thread-dependent condition, or a loop a thread can leave early through a
thread-dependent `break`/`continue`/`return`).  An element read is uniform only
when its indices are uniform and no thread of the kernel writes that array.
A read of tile_static memory at a uniform address is uniform: C++ AMP makes a
read of a location another thread writes in the same barrier interval a data
race, so in a race-free program every thread of the tile reads the same value
(`if (local == 0) n = ...; barrier; for (i < n) {... barrier ...}` is valid);
racy programs are reported by the race checks (passes/races.py, --check races).
Everything else (atomics, `global`/`local` indices) is thread-dependent.

`ControlFlowVisitor` walks a kernel's statements with the control statements around each
(the barrier and race checks use it).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import ir




def written_memory(node) -> set:
    """Root symbols of memory the code writes (elements, fields, atomics, arrays passed to calls)."""
    out = set()
    for n in ir.walk(node):
        tgt = None
        if isinstance(n, (ir.Assign, ir.IncDec)):
            tgt = n.target
        elif isinstance(n, ir.AtomicCall):
            tgt = n.target
            if n.name == "atomic_compare_exchange" and not isinstance(n.args[0], ir.Var):
                out.add(ir.root_symbol(n.args[0]))          # its expected value is written too
        elif isinstance(n, ir.MathCall):
            out.update(ir.root_symbol(o) for o in n.outs if not isinstance(o, ir.Var))
        elif isinstance(n, ir.StreamIn):
            for t in n.targets:
                if not isinstance(t, ir.Var):
                    out.add(ir.root_symbol(t))
        elif isinstance(n, ir.Call):
            for a in n.args:
                if isinstance(a.type, (ir.ArrayView, ir.AmpArray, ir.CArray, ir.Pointer, ir.StructType)):
                    out.add(ir.root_symbol(a))
        if tgt is not None and not isinstance(tgt, ir.Var):
            out.add(ir.root_symbol(tgt))
    for n in ir.walk(node):
        if isinstance(n, ir.TileStatic):
            out.add(n.sym)
    out.discard(None)
    return out


@dataclass
class Uniformity:
    kernel: ir.Kernel
    written: set = field(default_factory=set)
    varying: frozenset | None = None                # dimensions whose local/global index differs (None: all)
    _var: dict = field(default_factory=dict)        # local Symbol -> (Span, text) when thread-dependent
    _control: dict = field(default_factory=dict)    # id(stmt) -> (Span, text) when divergent
    _stmts: dict = field(default_factory=dict)      # id(stmt) -> stmt (keeps ids alive)
    #: with `varying` only: index<N> locals made once from components (`index<2> li = t.local;`,
    #: never assigned after), each component's reason: `li[1]` is shared by threads that differ
    #: only along dimension 0 even though `li` as a whole is not
    _components: dict = field(default_factory=dict)

    # ------------------------------------------------------------- queries
    def is_uniform(self, e: ir.Expr) -> bool:
        return self.explain(e) is None

    def thread_dependent_reason(self, e: ir.Expr):
        r = self.explain(e)
        return r[0] if r else None

    def var_reason(self, sym: ir.Symbol):
        return self._var.get(sym)

    def is_uniform_var(self, sym: ir.Symbol) -> bool:
        return self._var_explain(sym, None) is None

    def control_reason(self, stmt: ir.Stmt):
        """None when `stmt`'s branch/loop decisions are the same in every thread of a tile."""
        return self._control.get(id(stmt))

    def explain(self, e: ir.Expr):
        """(Span, reason text) of the first thread-dependent part of `e`, or None."""
        return _Explain(self).visit(e)

    def _var_explain(self, sym, span):
        if sym is self.kernel.index:
            return (span or sym.span), f"depends on the thread index '{sym.name}'"
        if "tile_static" in sym.storage:
            return None                                   # one location per tile: see the module docstring
        r = self._var.get(sym)
        if r is None:
            return None
        return r


class _Explain(ir.Visitor):
    """`Uniformity.explain`: (Span, reason) of the first thread-dependent part of an expression,
    or None.  Every expression kind is decided (tests/test_ir.py): a new one that reads the
    thread's index or memory others write must not pass for uniform by default."""

    complete = ir.Expr

    def __init__(self, u: Uniformity):
        self.u = u

    def generic_visit(self, e):
        """The first thread-dependent operand's reason."""
        for c in ir.children(e):
            if isinstance(c, ir.Expr):
                r = self.visit(c)
                if r:
                    return r
        return None

    #: uniform when their operands are
    visit_Convert = visit_Unary = visit_Binary = visit_Conditional = visit_MakeIndex = generic_visit
    visit_ExtentOf = visit_Section = visit_Construct = visit_Copy = generic_visit
    visit_MathCall = visit_LibCall = visit_LibAttr = visit_Invoke = visit_Lambda = generic_visit
    visit_StreamOut = visit_Manipulator = generic_visit

    def visit_IndexComponent(self, e: ir.IndexComponent):
        """Uniform when its operand is, or (coarsening's analysis) when that component of an index
        local made from components is."""
        parts = self.u._components.get(e.base.sym) if isinstance(e.base, ir.Var) else None
        if parts is not None and 0 <= e.dim < len(parts):
            return parts[e.dim]
        return self.generic_visit(e)

    def visit_Const(self, e):
        return None

    visit_StringConst = visit_Const

    def visit_ThreadIndex(self, e: ir.ThreadIndex):
        if self.u.kernel.tile_dims is not None and e.which in ("tile", "tile_origin"):
            return None
        if self.u.varying is not None and e.dim not in self.u.varying:
            return None                 # the same in the threads asked about (lower/coarsen.py)
        return e.span, f"depends on the thread's {e.which} index"

    def visit_Var(self, e: ir.Var):
        return self.u._var_explain(e.sym, e.span)

    def visit_ElementRef(self, e: ir.ElementRef):
        r = self.generic_visit(e)
        if r:
            return r
        root = ir.root_symbol(e)
        if root is not None and "tile_static" in root.storage:
            return None                                   # uniform address, see the module docstring
        if root in self.u.written or root is None:
            name = root.name if root is not None else "?"
            return e.span, f"reads memory that threads of this kernel write ('{name}')"
        return None

    def visit_FieldRef(self, e: ir.FieldRef):
        if e.field == "extent" and isinstance(e.base.type, (ir.ArrayView, ir.AmpArray)):
            return self.visit(e.base)                     # an array's extent never changes
        if isinstance(e.base, ir.Var) and e.base.sym in self.u.written:
            return e.span, f"reads memory that threads of this kernel write ('{e.base.sym.name}')"
        return self.generic_visit(e)

    def visit_AtomicCall(self, e):
        return e.span, "an atomic operation or assignment differs per thread"

    visit_Assign = visit_IncDec = visit_StreamIn = visit_AtomicCall

    def visit_Call(self, e: ir.Call):
        r = self.generic_visit(e)
        if r:
            return r
        for a in e.args:
            if ir.root_symbol(a) in self.u.written:
                return a.span, "passes memory that threads of this kernel write"
        return None


class ControlFlowVisitor(ir.Visitor):
    """Visits a kernel body's statements in the order they run, keeping `self.enclosing`: the If,
    Switch and loop statements around the one visited (a For's init runs outside its loop, its
    steps inside).  Conditions are not entered; the expressions statements evaluate (expression
    statements, initializers of locals, For steps) go to `expr`, which does nothing here.
    passes/barriers.py and passes/races.py are made of it:

        class Stores(ControlFlowVisitor):
            def expr(self, e):
                if self.divergent() is None:      # every thread of the tile evaluates e
                    ...
    """

    def __init__(self, u: Uniformity):
        self.u = u
        self.enclosing: list[ir.Stmt] = []

    def divergent(self):
        """The outermost enclosing statement whose path differs between threads, or None."""
        return next((s for s in self.enclosing if self.u.control_reason(s) is not None), None)

    def expr(self, e: ir.Expr) -> None:
        pass

    #: every statement kind is decided here (tests/test_ir.py): one that holds statements must be
    #: entered, or the barriers inside it go unchecked
    complete = ir.Stmt

    def _leaf(self, s: ir.Stmt) -> None:
        pass

    #: no statements inside, no value every thread computes (a `return`'s value leaves the kernel);
    #: subclasses that care about one of them define it
    visit_Return = visit_Break = visit_Continue = visit_Barrier = visit_Fence = visit_TileStatic = _leaf
    #: never in a kernel that compiles (the kernel emitters refuse them: `NOT_IN_KERNELS`)
    visit_Delete = visit_Throw = visit_Try = visit_Scoped = visit_ParallelForEach = _leaf

    def visit_Block(self, b: ir.Block) -> None:
        for s in b.body:
            self.visit(s)

    def visit_ExprStmt(self, s: ir.ExprStmt) -> None:
        self.expr(s.expr)

    def visit_VarDecl(self, s: ir.VarDecl) -> None:
        if s.init is not None:
            self.expr(s.init)

    def visit_If(self, s: ir.If) -> None:
        self._inside(s, (s.then, s.else_))

    def visit_Switch(self, s: ir.Switch) -> None:
        self._inside(s, [body for _, body, _ in s.cases])

    def visit_While(self, s) -> None:
        self._inside(s, (s.body,))

    visit_DoWhile = visit_While

    def visit_For(self, s: ir.For) -> None:
        for i in s.init:
            self.visit(i)
        self._inside(s, (s.body,), s.step)

    def _inside(self, s: ir.Stmt, blocks, exprs=()) -> None:
        self.enclosing.append(s)
        for b in blocks:
            if b is not None:
                self.visit(b)
        for e in exprs:
            self.expr(e)
        self.enclosing.pop()


# ----------------------------------------------------------------- the analysis
class _Analyser(ir.Visitor):
    """One round of the fixpoint: which variables and control statements are thread-dependent.
    Every statement kind is decided (tests/test_ir.py): one that assigns variables or holds
    statements must not be passed over."""

    complete = ir.Stmt

    def __init__(self, u: Uniformity):
        self.u = u
        self.changed = False
        self.after_return = None        # reason once a thread-dependent `return` was passed
        self.loops: list[ir.Stmt] = []  # enclosing loops (innermost last)
        self.loop_ctx: list = []        # control context at each loop's entry

    def mark_var(self, sym, reason):
        if reason is not None and sym not in self.u._var:
            self.u._var[sym] = reason
            self.changed = True

    def mark_control(self, stmt, reason):
        if reason is not None and id(stmt) not in self.u._control:
            self.u._control[id(stmt)] = reason
            self.u._stmts[id(stmt)] = stmt
            self.changed = True

    def assign(self, e, ctx):
        if isinstance(e, (ir.Assign, ir.IncDec)) and ir.assigned_symbol(e.target) is not None:
            sym = ir.assigned_symbol(e.target)
            r = ctx
            if r is None and isinstance(e, ir.Assign):
                r = self.u.explain(e.value)
            self.mark_var(sym, r)

    def exprs(self, e, ctx):
        """Assignments nested in expressions (for-steps, expression statements), also through
        out parameters (`sincos(x, &s, &c)`) and atomic_compare_exchange's expected value."""
        for n in ir.walk(e):
            if isinstance(n, (ir.Assign, ir.IncDec)):
                self.assign(n, ctx)
            elif isinstance(n, ir.MathCall):
                for o in n.outs:
                    if isinstance(o, ir.Var):
                        self.mark_var(o.sym, ctx or self.u.explain(ir.MathCall(n.span, n.type, n.name, n.args)))
            elif isinstance(n, ir.Call):     # `flip(a, b)` of `void flip(int&, int&)`: a and b change
                for sym in (ir.assigned_symbol(x) for x, by_ref in zip(n.args, n.func.mutable_refs) if by_ref):
                    if sym is not None:
                        self.mark_var(sym, ctx or self.u.explain(n))
            elif isinstance(n, ir.AtomicCall) and n.name == "atomic_compare_exchange" and isinstance(n.args[0], ir.Var):
                self.mark_var(n.args[0].sym, (n.span, "an atomic operation differs per thread"))

    def block(self, stmts, ctx):
        for s in stmts:
            self.visit(s, ctx)

    def visit(self, s, ctx):
        """Learn from statement `s`, run under `ctx` (the reason its path differs between the
        threads of a tile, or None)."""
        if self.after_return is not None and ctx is None:
            ctx = self.after_return
        return super().visit(s, ctx)

    def visit_Block(self, s: ir.Block, ctx):
        self.block(s.body, ctx)

    def visit_VarDecl(self, s: ir.VarDecl, ctx):
        r = ctx
        if r is None and s.init is not None:
            r = self.u.explain(s.init)
        self.mark_var(s.sym, r)
        if s.init is not None:
            self.exprs(s.init, ctx)

    def visit_ExprStmt(self, s: ir.ExprStmt, ctx):
        self.exprs(s.expr, ctx)

    def visit_If(self, s: ir.If, ctx):
        c = ctx or self.u.explain(s.cond) or self.u.control_reason(s)
        if c is not None:
            self.mark_control(s, c)
        self.block(s.then.body, c)
        if s.else_ is not None:
            self.block(s.else_.body, c)

    def visit_Switch(self, s: ir.Switch, ctx):
        c = ctx or self.u.explain(s.cond)
        if c is not None:
            self.mark_control(s, c)
        for _, body, _ in s.cases:
            self.block(body.body, c)

    def visit_For(self, s, ctx):          # (and While, DoWhile)
        if isinstance(s, ir.For):
            for i in s.init:
                self.visit(i, ctx)
        own = self.u.control_reason(s)
        c = ctx or own or (self.u.explain(s.cond) if s.cond is not None else None)
        if c is not None:
            self.mark_control(s, c)
        self.loops.append(s)
        self.loop_ctx.append(ctx)
        self.block(s.body.body, c)
        if isinstance(s, ir.For):
            for st in s.step:
                self.exprs(st, c)
        self.loops.pop()
        self.loop_ctx.pop()

    visit_While = visit_DoWhile = visit_For

    def visit_Break(self, s, ctx):
        if ctx is not None and self.loops and self.loop_ctx[-1] is None:
            self.mark_control(self.loops[-1], (s.span, f"a thread-dependent '{'break' if isinstance(s, ir.Break) else 'continue'}' leaves the loop early in some threads"))

    visit_Continue = visit_Break

    def visit_Return(self, s: ir.Return, ctx):
        if ctx is not None:
            reason = (s.span, "some threads return early here")
            for lp, lc in zip(self.loops, self.loop_ctx):
                if lc is None:
                    self.mark_control(lp, reason)
            if self.after_return is None:
                self.after_return = reason

    def _nothing(self, s, ctx):
        pass

    #: assign no variable and hold no statements (a tile_static initializer is an error of its own)
    visit_TileStatic = visit_Barrier = visit_Fence = _nothing
    #: never in a kernel that compiles (the kernel emitters refuse them: `NOT_IN_KERNELS`)
    visit_Delete = visit_Throw = visit_Try = visit_Scoped = visit_ParallelForEach = _nothing


def analyse(kernel: ir.Kernel, varying: frozenset | None = None) -> Uniformity:
    """Compute the uniformity facts of `kernel` (a fixpoint over its body).  `varying`: the
    dimensions along which the threads compared differ (None: every thread of a tile;
    lower/coarsen.py asks about the threads that share one CUDA thread, and gets index locals'
    components apart)."""
    u = Uniformity(kernel, written=written_memory(kernel.body), varying=varying)
    made = []
    if varying is not None:
        assigned = ir.written_variables(kernel.body)
        made = [d for d in ir.walk(kernel.body) if isinstance(d, ir.VarDecl) and isinstance(d.init, ir.MakeIndex)
                and isinstance(d.sym.type, ir.Index) and d.sym not in assigned]
    for _ in range(100):
        before = dict(u._components)
        for d in made:                  # (recomputed each round: the variables they read are too)
            u._components[d.sym] = tuple(u.explain(c) for c in d.init.components)
        a = _Analyser(u)
        a.block(kernel.body.body, None)
        if not a.changed and u._components == before:
            break
    return u
