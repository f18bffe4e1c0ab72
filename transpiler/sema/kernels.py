"""Kernels: `parallel_for_each(domain, lambda)` -> `ir.Kernel` + `ir.ParallelForEach`.

`Kernels` is the part of `Analyser` for statement-level calls (parallel_for_each
and tile barriers), the kernel lambda's index parameter and thread index, the
variables it captures from the enclosing function, and unique kernel names.
"""
from __future__ import annotations

import dataclasses

from ..parse import ast as A
from .. import ir
from ..cxx.amp_types import class_problems
from ..cxx.amp_rules import shape_problems
from ..source import Span
from ..diagnostics import Note
from . import algorithms
from . import library as L
from . import utility as U
from . import fnptr as FP
from .context import FnContext
from ..ir.queries import is_lvalue
from .scope import Scope, python_name


class _KernelCtx:
    """What sema knows about the parallel_for_each lambda being analysed (`FnContext.kernel`)."""

    def __init__(self, lam: A.Lambda, outer_scope: Scope, outer_fn: FnContext, index_sym: ir.Symbol,
                 tile_dims, rank: int):
        self.lam = lam
        self.outer_scope = outer_scope
        self.outer_fn = outer_fn
        self.index_sym = index_sym
        self.tile_dims = tile_dims
        self.rank = rank
        self.captures: dict[int, ir.Capture] = {}     # id(outer symbol) -> capture
        self.default = "=" if any(c.kind == "=" for c in lam.captures) else (
            "&" if any(c.kind == "&" for c in lam.captures) else None)
        self.by_ref = {c.name for c in lam.captures if c.kind == "&name"}
        self.by_val = {c.name for c in lam.captures if c.kind == "name"}


class Kernels:
    # ---- calls that are statements -------------------------------------------------------------
    def statement_call(self, n: A.Call):
        """Calls that are statements of their own: parallel_for_each, barriers."""
        f = n.func
        if isinstance(f, A.Name) and f.name == "parallel_for_each" and self.scope.lookup(f.name)[0] is None:
            return self.parallel_for_each(n)
        if isinstance(f, A.Name) and f.name == "swap" and (f.namespace == ("std",) or not f.namespace and
                                                           self.scope.lookup(f.name)[0] is None):
            return U.swap(self, n)
        if isinstance(f, A.Name) and f.name in L.FENCES and self.scope.lookup(f.name)[0] is None:
            return self.fence(n, f)
        if isinstance(f, A.Member) and f.name in L.BARRIERS:
            base = f.base
            if isinstance(base, A.Member) and base.name == "barrier":
                idx = self.expr(base.base)
                if not self._is_tiled_index(idx, base.base):
                    self.error("amp-barrier-context", "barrier of something that is not a tiled_index", base.span)
                if n.args:
                    self.error("ctor-args", f"'{f.name}' takes no arguments", n.span)
                if not self.in_amp():       # tile_barrier's waits are restrict(amp) (Visual Studio's C3930)
                    self.error("amp-restrict", f"call to 'tile_barrier::{f.name}', which is restrict(amp), from "
                               "restrict(cpu) code", n.span, help="wait on the barrier in restrict(amp) code only")
                return [ir.Barrier(n.span, L.BARRIERS[f.name])]
        return None

    def tiles_given(self, n: A.Construct):
        """`parallel_for_each<D0, D1>(e, kernel)` (parsed as a template-id called): the tile sizes
        as template arguments, so the extent converts to `tiled_extent<D0, D1>` (its constructor
        from an extent is not explicit) -- the launch of `e.tile<D0, D1>()`.  Else `n` itself."""
        t = n.type
        if not (isinstance(t, A.TypeName) and t.name == "parallel_for_each" and t.args and len(n.args) in (2, 3)
                and self.scope.lookup(t.name)[0] is None):
            return n
        args = list(n.args)
        e = args[-2]
        args[-2] = A.Call(e.span, A.Member(e.span, e, "tile", False, t.args), ())
        return A.Call(n.span, A.Name(t.span, t.name, ()), tuple(args))

    def fence(self, n: A.Call, f: A.Name) -> list[ir.Stmt]:
        """`all_memory_fence(t.barrier)`: the argument is the kernel's tile barrier."""
        if len(n.args) != 1:
            self.error("call-args", f"'{f.name}' takes the tile barrier: {f.name}(t.barrier)", n.span)
        arg = n.args[0]
        if not (isinstance(arg, A.Member) and arg.name == "barrier" and self.fn is not None
                and self.in_amp() and self._is_tiled_index(self.expr(arg.base), arg.base)):
            self.error("amp-barrier-context", f"'{f.name}' takes the tile barrier of a tiled kernel's index "
                       f"(t.barrier)", arg.span)
        return [ir.Fence(n.span, L.FENCES[f.name])]

    def _is_tiled_index(self, e, node) -> bool:
        """The kernel's own tiled index, or a tiled_index value (a restrict(amp) function's parameter)."""
        if isinstance(e.type, ir.TiledIndex):
            return True
        return isinstance(e, ir.MakeIndex) and self.fn.kernel is not None and self.fn.kernel.tile_dims is not None

    # ---- parallel_for_each ---------------------------------------------------------------------
    def parallel_for_each(self, n: A.Call) -> list[ir.Stmt]:
        first = self.expr(n.args[0]) if len(n.args) == 3 else None
        if first is not None and isinstance(first.type, ir.Iterator):      # the PPL's, over a range
            return [ir.ExprStmt(n.span, algorithms.range_algorithm(self, "for_each", n, first=first, ppl=True))]
        view = self._on_view(n, first)
        stmts = self._parallel_for_each(n)
        if view is None:
            return stmts
        return [dataclasses.replace(s, view=view) if isinstance(s, ir.ParallelForEach) else s for s in stmts]

    def _on_view(self, n: A.Call, view: ir.Expr | None) -> ir.Expr | None:
        """`parallel_for_each(view, e, k)`: the launch runs on the view's accelerator, in its queue
        (C++ AMP's "CPU accelerator" runs no kernels: a runtime_exception, as in C++ AMP)."""
        if view is None:
            return None
        if view.type != ir.Library("accelerator_view"):
            self.error("type-mismatch", f"the first argument of parallel_for_each with three arguments must be "
                       f"an 'accelerator_view', not '{view.type}'", n.args[0].span,
                       help="pass 'acc.default_view' for an accelerator 'acc'")
        return view

    def _parallel_for_each(self, n: A.Call) -> list[ir.Stmt]:
        domain, lam, rank, tiles = self._compute_domain(n)
        closure = self.scope.lookup(lam.name)[0] if isinstance(lam, A.Name) and not lam.namespace else None
        if isinstance(closure, ir.Symbol) and closure.closure is not None:      # a restrict(amp) lambda stored in a variable
            kernel, values, pt = closure.closure
            self._check_index_type(pt, rank, tiles, lam.span)
            return [ir.ParallelForEach(n.span, domain, kernel, values)]
        if not isinstance(lam, A.Lambda):
            return self.functor_kernel(n, domain, lam, rank, tiles)
        return [self.kernel_launch(n, domain, lam, rank, tiles)]

    def functor_kernel(self, n: A.Call, domain: ir.Expr, arg, rank: int, tiles) -> list[ir.Stmt]:
        """`parallel_for_each(e, Multiply(a, b, c))`: a function object's restrict(amp)
        `operator()` is the kernel.  The object is made once (a local of the launching
        function) and its fields are the kernel's captures, by value as C++ AMP copies it."""
        obj = self.expr(arg)
        t = obj.type
        calls = self.structs[t.name].members.get("operator()", []) if isinstance(t, ir.StructType) and \
            t.name in self.structs else []
        amp = [s for s in calls if "amp" in s.restrict_ and len(s.type.params) == 2]
        if not amp:
            self.error("pfe-lambda", f"the kernel must be a lambda or a function object with a restrict(amp) "
                       f"'operator()' taking one index, not '{t}'", arg.span)
        op = amp[0]
        d = self.member_bodies.get(id(op)) or self.member_decls[id(op)]
        if d.body is None:
            self.error("undefined-function", f"'{t.name}::operator()' is declared but never defined", arg.span)
        sp = n.span
        temp = ir.Symbol("functor", self.fn.py.fresh(f"{t.py}_functor", self.scope), t, "local", arg.span)
        decl = ir.VarDecl(sp, temp, obj if not is_lvalue(obj) else ir.Copy(sp, t, obj))
        lam = A.Lambda(d.span, (A.Capture(d.span, "=", None),), d.params, self.member_decls[id(op)].restrict,
                       d.restrict_span, False, None, d.body)
        fields = [(cxx, py, dict(self.structs[t.name].fields)[py]) for cxx, py in self.class_fields[t.name].items()]
        return [decl, self.kernel_launch(n, domain, lam, rank, tiles, functor=(temp, fields))]

    def kernel_launch(self, n: A.Call, domain, lam: A.Lambda, rank: int, tiles, functor=None) -> ir.Stmt:
        kernel, cap_args = self.make_kernel(n.span, lam, rank, tiles, functor)
        return ir.ParallelForEach(n.span, domain, kernel, cap_args)

    def make_kernel(self, sp: Span, lam: A.Lambda, rank: int, tiles, functor=None) -> tuple:
        """The kernel of lambda `lam` (or of a function object) and the values of its captures."""
        p, pt = self._kernel_param(lam, rank, tiles)
        outer_fn, outer_scope = self.fn, self.scope
        name = self.kernel_name(functor[0].type.py if functor is not None else outer_fn.py_base or outer_fn.name)
        kfn = FnContext(name, ir.Void(), ("amp",), self.module_names.taken)
        index_sym = ir.Symbol(p.name or "idx", kfn.py.fresh(p.name or "idx", outer_scope), pt, "index", p.span)
        kctx = _KernelCtx(lam, outer_scope, outer_fn, index_sym, tiles, rank)
        kfn.kernel = kctx
        kscope = Scope(outer_scope if functor is None else Scope(self.template_scope or self.globals, "block"),
                       "kernel")
        field_of = {}                       # a functor's fields: its captures
        if functor is not None:
            temp, fields = functor
            for cxx, py, ft in fields:
                inner = ir.Symbol(cxx, kfn.py.fresh(cxx, kscope), ft, "capture", temp.span)
                kscope.define(cxx, inner)
                field_of[id(inner)] = py
                kfn.functor_fields[py] = inner
        if p.name:
            kscope.define(p.name, index_sym)
        self.fn, self.scope = kfn, kscope
        depth = len(self.class_stack)
        if functor is not None and functor[0].type.name in self.structs:
            kfn.functor = functor[0].type.name
            self.class_stack.append(self.structs[kfn.functor])      # (its operator()'s access)
        try:
            body = self.block(lam.body, new_scope=False)
        finally:
            self.fn, self.scope = outer_fn, outer_scope
            del self.class_stack[depth:]
        caps = list(kctx.captures.values())
        cap_args = tuple(ir.Var(sp, c.outer.type, c.outer) for c in caps)
        if functor is not None:             # every field the body uses, read from the object
            used = [x.sym for x in ir.walk(body) if isinstance(x, ir.Var) and id(x.sym) in field_of]
            used = list({id(u): u for u in used}.values())
            caps = [ir.Capture(u, u, False) for u in used]
            cap_args = tuple(ir.FieldRef(sp, u.type, ir.Var(sp, temp.type, temp), field_of[id(u)], False)
                             for u in used)
        kernel = ir.Kernel(name, lam.span, sp, rank, tiles, index_sym, caps, body)
        kernel.calls = list(kfn.calls)
        self.kernels.append(kernel)
        return kernel, cap_args

    def kernel_closure(self, v: A.VarDecl) -> list[ir.Stmt]:
        """`auto k = [=](index<1> i) restrict(amp) {...};` launched later by parallel_for_each(e, k):
        the closure object C++ makes here.  Its kernel is made now, and the values it captures by
        copy are copied now (locals named after the closure), as C++ copies them into the object."""
        lam = v.init
        if len(lam.params) != 1:
            self.error("pfe-lambda", "the kernel lambda takes exactly one index parameter", lam.span)
        pt = self.resolve_type(lam.params[0].type)
        if isinstance(pt, ir.TiledIndex):
            rank, tiles = len(pt.dims), pt.dims
        elif isinstance(pt, ir.Index):
            rank, tiles = pt.rank, None
        else:
            self.unsupported(f"a restrict(amp) lambda taking '{pt}' outside parallel_for_each is", lam.span)
        kernel, cap_args = self.make_kernel(v.span, lam, rank, tiles)
        out, values = [], []
        for c, x in zip(kernel.captures, cap_args):
            if c.by_ref:
                values.append(x)
                continue
            copy = ir.Symbol(f"{v.name}_{c.outer.name}", self.fn.py.fresh(f"{v.name}_{c.outer.name}", self.scope),
                             x.type, "local", v.name_span)
            out.append(ir.VarDecl(v.span, copy, self.convert(x, x.type, v.span, copy=True)))
            values.append(ir.Var(v.span, x.type, copy))
        sym = ir.Symbol(v.name, v.name, ir.Library("lambda"), "closure", v.name_span,
                        closure=(kernel, tuple(values), pt))
        self.scope.define(v.name, sym)
        return out

    def _compute_domain(self, n: A.Call) -> tuple:
        """The call's checked arguments: (domain expression, kernel lambda, rank, tile dims or None)."""
        if self.fn is None or self.fn.kernel is not None or self.in_amp():
            self.error("amp-restrict", "parallel_for_each can only be called from CPU code", n.span)
        args = n.args[1:] if len(n.args) == 3 else n.args     # (the accelerator_view: `_on_view`)
        if len(args) != 2:
            self.error("pfe-args", "parallel_for_each takes a compute domain and a lambda", n.span)
        domain = self.expr(args[0])
        lam = args[1]
        dt = domain.type
        if isinstance(dt, ir.Extent):
            rank, tiles = dt.rank, None
        elif isinstance(dt, ir.TiledExtent):
            rank, tiles = len(dt.dims), dt.dims
        else:
            self.error("pfe-domain", f"the compute domain must be an extent or a tiled_extent, not '{dt}'",
                       args[0].span)
        return domain, lam, rank, tiles

    def _kernel_param(self, lam: A.Lambda, rank: int, tiles) -> tuple:
        """The lambda's checked index parameter: (its AST, its type: index<rank> or tiled_index<tiles>)."""
        if "amp" not in lam.restrict:
            self.error("amp-restrict", "the lambda passed to parallel_for_each must be restrict(amp)",
                       lam.restrict_span or lam.span, help="add restrict(amp) after the parameter list")
        if len(lam.params) != 1:
            self.error("pfe-lambda", "the kernel lambda takes exactly one index parameter", lam.span)
        p = lam.params[0]
        pt = self.resolve_type(p.type)
        self._check_index_type(pt, rank, tiles, p.span)
        return p, pt

    def _check_index_type(self, pt: ir.Type, rank: int, tiles, span) -> None:
        """A kernel's index parameter type `pt` fits the compute domain (rank, tile dims or None)."""
        if tiles is not None:
            if not isinstance(pt, ir.TiledIndex):
                self.error("amp-tiled-index-mismatch",
                           f"a tiled compute domain needs a 'tiled_index<{', '.join(map(str, tiles))}>' parameter, not '{pt}'",
                           span)
            if pt.dims != tiles and not shape_problems(tiles):   # a bad tile shape: the shape's own error
                self.error("amp-tiled-index-mismatch",
                           f"'{pt}' does not match the compute domain's tile shape <{', '.join(map(str, tiles))}>",
                           span, help=f"declare the parameter as tiled_index<{', '.join(map(str, tiles))}>")
        elif not isinstance(pt, ir.Index) or pt.rank != rank:
            self.error("pfe-lambda", f"the kernel parameter must be 'index<{rank}>', not '{pt}'", span)

    def kernel_name(self, fn_name: str) -> str:
        """`main_kernel`, `main_kernel2`, ...: user names of this shape are mangled (amppy.names)."""
        base = f"{python_name(fn_name)}_kernel"
        name, i = base, 2
        while name in self.kernel_names:
            name, i = f"{base}{i}", i + 1
        self.kernel_names.add(name)
        return name

    # ---- captures and the thread index ---------------------------------------------------------
    def _in_kernel_scope(self, scope: Scope) -> bool:
        s = self.scope
        while s is not None:
            if s is scope:
                return True
            if s.kind == "kernel":
                return s is scope
            s = s.parent
        return False

    def capture(self, outer: ir.Symbol, span: Span, name: str | None = None) -> ir.Symbol:
        """The kernel's symbol of `outer` (`name`: the reference that names it in the capture list)."""
        k = self.fn.kernel
        cap = k.captures.get(id(outer))
        if cap is not None:
            return cap.inner
        name = name or outer.name
        by_ref = name in k.by_ref or (k.default == "&" and name not in k.by_val)
        if not by_ref and name not in k.by_val and k.default is None:
            self.error("amp-capture", f"variable '{name}' cannot be implicitly captured in a lambda with no capture-default",
                       span, help=f"add '{name}' or '=' to the capture list")
        self.check_capture(name, outer.type, by_ref, span, k.lam)
        inner = ir.Symbol(name, self.fn.py.fresh(name, self.scope), outer.type, "capture", outer.span,
                          const_value=outer.const_value)
        k.captures[id(outer)] = ir.Capture(outer, inner, by_ref)
        return inner

    def check_capture(self, name: str, t: ir.Type, by_ref: bool, used: Span, lam: A.Lambda) -> None:
        """C++ AMP's rules on what a restrict(amp) lambda captures, and how (Visual Studio's
        C3590, C3596, C3597): for kernels, and for amp lambdas elsewhere (sema/lambdas.py).
        Reported where Visual C++ reports them, at the lambda's closing brace (its opening one in
        an instance of a template), with a note where the lambda uses the capture."""
        at = lam.body.span if self.instantiations or lam.end is None else lam.end
        notes = (Note(f"'{name}' is captured here", used),)

        def error(message: str, help: str | None = None):
            self.error("amp-capture", message, at, help, notes)
        if isinstance(t, ir.AmpArray) and not by_ref:
            kind = "concurrency::graphics::texture" if isinstance(t, ir.Texture) else "concurrency::array"
            error(f"{kind} '{name}' must be captured by reference",
                  help=f"capture it as '&{name}' (arrays live in accelerator memory)")
        if isinstance(t, (ir.Pointer, ir.String)):
            error(f"pointer '{name}' cannot be captured into a restrict(amp) lambda",
                  help="wrap the data in an array_view and capture that")
        if FP.held_by(self, t):                 # (Visual Studio's C3581)
            error(f"'{name}' of type '{t}' holds a function pointer, which restrict(amp) code does not allow")
        if isinstance(t, (ir.Vector, ir.Container)):
            error(f"{'std::vector' if isinstance(t, ir.Vector) else str(t)} '{name}' cannot be used in a "
                  "restrict(amp) lambda", help="wrap it in an array_view and capture the view")
        if by_ref and isinstance(t, ir.Scalar):
            error(f"scalar '{name}' can only be captured by value in a restrict(amp) lambda")
        if isinstance(t, ir.StructType) and t.name in self.structs:
            for msg, help, _ in class_problems(t, self.structs)[:1]:     # (Visual Studio's C3596/C3581)
                error(f"'{name}' cannot be captured into a restrict(amp) lambda: {msg}", help=help)
        if not isinstance(t, (ir.Scalar, ir.ArrayView, ir.AmpArray, ir.StructType, ir.Extent, ir.Index,
                              ir.TiledExtent)):
            error(f"'{name}' of type '{t}' cannot be captured into a restrict(amp) lambda")

    def thread_index_value(self, span: Span) -> ir.Expr:
        k = self.fn.kernel
        return ir.MakeIndex(span, ir.Index(k.rank), tuple(
            ir.ThreadIndex(span, ir.INT, "global", d) for d in range(k.rank)))
