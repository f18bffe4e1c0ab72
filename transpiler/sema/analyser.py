"""Semantic analysis: AST -> typed IR.

Resolves names and types, inserts every implicit conversion, folds constant
template arguments, tracks restrict contexts, and turns each
`parallel_for_each(domain, lambda)` into an `ir.Kernel` (with its captures)
plus an `ir.ParallelForEach` launch in host code.  Library constructs (streams,
std::vector, array_view, extent, the Win32 console API, math functions) become
dedicated IR nodes; their tables live in `sema.library`.
"""
from __future__ import annotations

from .. import ast as A
from .. import ir
from ..diagnostics import DiagnosticSink
from ..source import Span
from . import library as L
from ..cxxtypes import round_value, wrap_value
from ..names import field_name
from .scope import PyNames, Scope, python_name
from .types import LIBRARY_STRUCTS, OPAQUE_LIBRARY, SCALAR_ALIASES, common_type, promote


#: The type of a variable whose declaration had an error (uses are not reported again).
ERROR_TYPE = ir.Library("<error>")


class SemaError(Exception):
    """Abort analysis of the current statement after a reported error."""


class _Fn:
    """What sema knows about the function (or kernel) being analysed."""

    def __init__(self, name: str, ret: ir.Type, restrict: tuple[str, ...], module_names: set[str], kernel=None):
        self.name = name
        self.ret = ret
        self.restrict = restrict
        self.kernel = kernel              # _KernelCtx inside a parallel_for_each lambda
        self.py = PyNames(module=module_names)
        self.calls: list[ir.Symbol] = []


class _KernelCtx:
    def __init__(self, lam: A.Lambda, outer_scope: Scope, outer_fn: _Fn, index_sym: ir.Symbol,
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


class Analyser:
    def __init__(self, pp, sink: DiagnosticSink):
        self.pp = pp
        self.sink = sink
        self.globals = Scope(None, "global")
        self.structs: dict[str, ir.StructDef] = {}
        self.struct_order: list[ir.StructDef] = []
        self.global_vars: list[ir.GlobalVar] = []
        self.functions: list[ir.FunctionDef] = []
        self.fn_defs: dict[int, ir.FunctionDef] = {}     # id(symbol) -> definition
        self.kernels: list[ir.Kernel] = []
        self.typedefs: dict[str, ir.Type] = {}
        self.fn = None
        self.scope = self.globals
        self.main = None
        self.main_params = 0
        self.module_names = PyNames()
        self.kernel_names: set[str] = set()

    # ---- errors -------------------------------------------------------------------------------
    def error(self, code: str, message: str, span: Span, help: str | None = None):
        self.sink.error(code, message, span, help=help)
        raise SemaError()

    def unsupported(self, what: str, span: Span, help: str | None = None):
        self.error("unsupported", f"{what} not supported yet", span, help)

    # ---- entry ---------------------------------------------------------------------------------
    def run(self, tu: A.TranslationUnit) -> ir.Program:
        # Pass 1: structs, typedefs, enums, function signatures, globals (in order).
        bodies = []
        for d in tu.decls:
            try:
                if isinstance(d, A.FunctionDef):
                    sym = self.declare_function(d)
                    if d.body is not None:
                        bodies.append((d, sym))
                else:
                    self.top_decl(d)
            except SemaError:
                pass
        # Pass 2: function bodies.
        for d, sym in bodies:
            try:
                self.function_body(d, sym)
            except SemaError:
                pass
        self.link_kernel_functions()
        return ir.Program(self.pp.main_file, self.struct_order, self.global_vars, self.functions,
                          self.kernels, self.main, self.main_params)

    # ---- types ---------------------------------------------------------------------------------
    def resolve_type(self, t: A.TypeRef) -> ir.Type:
        if isinstance(t, A.PointerType):
            base = self.resolve_type(t.base)
            if isinstance(base, ir.Scalar) and base.name == "char":
                return ir.String()
            return ir.Pointer(base)
        if isinstance(t, A.ReferenceType):
            return self.resolve_type(t.base)
        if isinstance(t, A.ArrayType):
            elem = self.resolve_type(t.base)
            if t.size is None:
                return ir.Pointer(elem)
            n = self.const_int(t.size, "array size")
            if n < 1:
                self.error("bad-array-size", f"array size must be positive, not {n}", t.size.span)
            if isinstance(elem, ir.CArray):
                return ir.CArray(elem.elem, (n,) + elem.dims)
            return ir.CArray(elem, (n,))
        name = t.name
        if t.args is None:
            if name in ir.SCALARS:
                return ir.Scalar(name)
            if name == "void":
                return ir.Void()
            if name == "auto":
                return ir.Library("auto")
            if name in SCALAR_ALIASES:
                return ir.Scalar(SCALAR_ALIASES[name])
            if name in self.typedefs:
                return self.typedefs[name]
            if name in self.structs:
                return ir.StructType(name, self.structs[name].py_name)
            if name in LIBRARY_STRUCTS:
                return ir.StructType(name)
            if name in OPAQUE_LIBRARY:
                return ir.Library(name)
            if name in ("extent", "index", "array_view", "array", "tiled_index", "tiled_extent", "vector"):
                self.error("missing-template-args", f"'{name}' needs template arguments", t.span)
            self.error("unknown-type", f"unknown type name '{name}'", t.span)
        args = t.args
        if name == "vector":
            self._nargs(t, 1, 2)
            return ir.Vector(self.type_arg(args[0], t))
        if name in ("array_view", "array"):
            self._nargs(t, 1, 2)
            elem_ast = args[0]
            elem = self.type_arg(elem_ast, t)
            rank = self.const_int(args[1], "rank") if len(args) > 1 else 1
            if not 1 <= rank <= 3:
                self.unsupported(f"rank {rank}", t.span, "amppy supports ranks 1 to 3")
            const = isinstance(elem_ast, A.TypeName) and elem_ast.const
            if name == "array_view":
                return ir.ArrayView(elem, rank, const)
            return ir.AmpArray(elem, rank)
        if name in ("extent", "index"):
            self._nargs(t, 1, 1)
            rank = self.const_int(args[0], "rank")
            if not 1 <= rank <= 3:
                self.unsupported(f"rank {rank}", t.span, "amppy supports ranks 1 to 3")
            return ir.Extent(rank) if name == "extent" else ir.Index(rank)
        if name in ("tiled_index", "tiled_extent"):
            dims = tuple(self.const_int(a, "tile size") for a in args)
            return ir.TiledIndex(dims) if name == "tiled_index" else ir.TiledExtent(dims)
        self.unsupported(f"the template '{name}' is", t.span)

    def _nargs(self, t: A.TypeName, lo: int, hi: int):
        if not lo <= len(t.args) <= hi:
            self.error("template-args", f"wrong number of template arguments for '{t.name}'", t.span)

    def type_arg(self, a, t) -> ir.Type:
        if isinstance(a, A.TypeName) or isinstance(a, (A.PointerType, A.ReferenceType)):
            return self.resolve_type(a)
        if isinstance(a, A.Name):
            return self.resolve_type(A.TypeName(a.span, a.name, a.namespace, None, False, False, None))
        self.error("template-args", f"expected a type as template argument of '{t.name}'", a.span)

    def const_int(self, node, what: str) -> int:
        """Fold a constant integer expression (template arguments, array sizes)."""
        if isinstance(node, A.TypeName):
            self.error("not-constant", f"expected a constant {what}, found a type", node.span)
        e = self.expr(node)
        v = fold(e)
        if v is None or isinstance(v, float):
            self.error("amp-tile-shape" if what == "tile size" else "not-constant",
                       f"{what} must be a compile-time constant", node.span,
                       help="use a literal, a #define or a 'static const int' initialised with a constant")
        return int(v)

    # ---- top level -----------------------------------------------------------------------------
    def top_decl(self, d) -> None:
        if isinstance(d, A.StructDef):
            self.struct_def(d)
        elif isinstance(d, A.Typedef):
            self.typedefs[d.name] = self.resolve_type(d.type)
        elif isinstance(d, A.EnumDef):
            self.enum_def(d)
        elif isinstance(d, A.UsingNamespace):
            if d.name not in ("concurrency", "Concurrency", "std", "concurrency::fast_math",
                              "concurrency::precise_math", "fast_math", "precise_math",
                              "concurrency::graphics"):
                self.unsupported(f"namespace '{d.name}' is", d.span)
        elif isinstance(d, A.DeclStmt):
            for v in d.decls:
                try:
                    self.global_var(v)
                except SemaError:
                    pass
        elif isinstance(d, A.Unsupported):
            pass                            # reported by the parser
        elif isinstance(d, A.Compound):     # several typedefs in one declaration
            for x in d.items:
                self.top_decl(x)

    def struct_def(self, d: A.StructDef) -> None:
        if d.kind == "union":
            self.unsupported("unions are", d.span)
        if d.name in self.structs:
            self.error("redefinition", f"redefinition of '{d.name}'", d.span)
        fields = []
        for f in d.fields:
            if "static" in f.storage:
                self.unsupported("static data members are", f.span)
            t = self.resolve_type(f.type)
            if isinstance(t, ir.StructType) and t.name == d.name:
                self.error("incomplete-type", f"field '{f.name}' has incomplete type '{d.name}'", f.span)
            if not isinstance(t, (ir.Scalar, ir.StructType, ir.CArray)):
                self.unsupported(f"a field of type '{t}' is", f.span)
            if f.init is not None:
                self.unsupported("default member initializers are", f.init.span)
            fields.append((field_name(f.name), t))
        sd = ir.StructDef(d.name, fields, d.span)
        sd.py_name = self.module_names.fresh(d.name, self.globals)
        self.structs[d.name] = sd
        self.struct_order.append(sd)

    def enum_def(self, d: A.EnumDef) -> None:
        value = 0
        for name, expr, span in d.enumerators:
            if expr is not None:
                value = self.const_int(expr, "enumerator value")
            sym = ir.Symbol(name, python_name(name), ir.INT, "const", span, const_value=value)
            self.globals.define(name, sym)
            self.global_vars.append(ir.GlobalVar(sym, ir.Const(span, ir.INT, value)))
            value += 1
        if d.name:
            self.typedefs[d.name] = ir.INT

    def global_var(self, v: A.VarDecl) -> None:
        t = self.auto_type(self.resolve_type(self.sized_type(v)), v)
        const = isinstance(v.type, A.TypeName) and v.type.const
        kind = "const" if const else "global"
        sym = ir.Symbol(v.name, self.module_names.fresh(v.name, self.globals), t, kind, v.name_span,
                        storage=v.storage)
        init = self.initializer(sym, v) if (v.init is not None or v.ctor_args is not None) else None
        if init is None and isinstance(t, ir.Scalar):
            init = ir.Const(v.span, t, 0.0 if t.is_float else (False if t.name == "bool" else 0))
        if const and init is not None:
            sym.const_value = fold(init)
        self.globals.define(v.name, sym)
        self.global_vars.append(ir.GlobalVar(sym, init))

    def declare_function(self, d: A.FunctionDef) -> ir.Symbol:
        prev, _ = self.globals.lookup(d.name)
        ret = self.resolve_type(d.return_type)
        params = []
        for p in d.params:
            pt = self.resolve_type(p.type)
            if isinstance(pt, ir.Void) and p.name is None and len(d.params) == 1:
                continue
            params.append(pt)
        ftype = ir.Function(ret, tuple(params))
        restrict = d.restrict or ("cpu",)
        if isinstance(prev, ir.Symbol) and prev.kind == "function":
            if prev.type == ftype:
                prev.restrict_ = restrict
                return prev                 # prototype, then definition
            self.unsupported("function overloading is", d.name_span,
                             help="give the overloads different names")
        py = self.module_names.fresh(d.name, self.globals)
        sym = ir.Symbol(d.name, py, ftype, "function", d.name_span)
        sym.restrict_ = restrict
        # which parameters the call passes without a copy: non-const references, and arrays
        # (`void f(int a[3])` is `void f(int* a)` in C++: the callee writes the caller's array)
        sym.ref_params = tuple(isinstance(p.type, A.ArrayType) or isinstance(p.type, A.ReferenceType) and not (
            isinstance(p.type.base, A.TypeName) and p.type.base.const)
            for p in d.params if not (p.name is None and isinstance(self.resolve_type(p.type), ir.Void)))
        self.globals.define(d.name, sym)
        if d.name in ("main", "_tmain", "wmain"):
            if self.main is None:
                self.main = sym
                self.main_params = len(params)
        return sym

    def function_body(self, d: A.FunctionDef, sym: ir.Symbol) -> None:
        ftype: ir.Function = sym.type
        restrict = d.restrict or ("cpu",)
        self.fn = _Fn(d.name, ftype.ret, restrict, self.module_names.taken)
        self.fn.py.taken |= {"np"}
        self.scope = Scope(self.globals, "function")
        params = []
        ptypes = list(ftype.params)
        i = 0
        for p in d.params:
            pt = self.resolve_type(p.type)
            if isinstance(pt, ir.Void) and p.name is None:
                continue
            name = p.name or f"arg{i}"
            ps = ir.Symbol(name, self.fn.py.fresh(name, self.scope), ptypes[i], "param", p.span)
            ps.by_ref = isinstance(p.type, A.ReferenceType) and not (
                isinstance(p.type.base, A.TypeName) and p.type.base.const)
            if ps.by_ref and isinstance(ps.type, ir.Scalar):
                # Python passes numbers by value: writes to `a` would not reach the caller.
                self.sink.error("unsupported", f"passing '{ps.type}' by non-const reference not supported yet",
                                p.span, help="return the new value instead, or pass a struct or array_view")
            self.scope.define(name, ps)
            params.append(ps)
            i += 1
        body = self.block(d.body, new_scope=False)
        fd = ir.FunctionDef(sym, params, ftype.ret, restrict, body, d.span)
        fd.calls = list(self.fn.calls)
        self.fn_defs[id(sym)] = fd
        self.functions.append(fd)
        self.fn = None
        self.scope = self.globals

    def link_kernel_functions(self) -> None:
        """Each kernel lists the restrict(amp) functions it calls, transitively."""
        for k in self.kernels:
            seen, order = set(), []
            stack = list(reversed(k.calls))
            while stack:
                s = stack.pop()
                if id(s) in seen:
                    continue
                seen.add(id(s))
                fd = self.fn_defs.get(id(s))
                if fd is None:
                    continue
                order.append(fd)
                stack.extend(reversed(fd.calls))
            k.functions = order

    # ---- statements ----------------------------------------------------------------------------
    def block(self, c: A.Compound, new_scope: bool = True) -> ir.Block:
        saved = self.scope
        if new_scope:
            self.scope = Scope(self.scope, "block")
        out = []
        try:
            items = list(c.items)
            for s in items:
                try:
                    out.extend(self.stmt(s))
                except SemaError:
                    pass
        finally:
            self.scope = saved
        return ir.Block(c.span, tuple(out))

    def as_block(self, s) -> ir.Block:
        if isinstance(s, A.Compound):
            return self.block(s)
        saved = self.scope
        self.scope = Scope(self.scope, "block")
        try:
            return ir.Block(s.span, tuple(self.stmt(s)))
        finally:
            self.scope = saved

    def stmt(self, s) -> list[ir.Stmt]:
        if isinstance(s, A.Compound):
            return [self.block(s)]
        if isinstance(s, A.DeclStmt):
            return [d for i, v in enumerate(s.decls) for d in self.local_var(v, s.span if i == 0 else None)]
        if isinstance(s, A.ExprStmt):
            if s.expr is None:
                return []
            return self.expr_stmt(s.expr)
        if isinstance(s, A.If):
            cond = self.condition(s.cond)
            then = self.as_block(s.then)
            else_ = self.as_block(s.else_) if s.else_ is not None else None
            return [ir.If(s.span, cond, then, else_)]
        if isinstance(s, A.While):
            return [ir.While(s.span, self.condition(s.cond), self.as_block(s.body))]
        if isinstance(s, A.DoWhile):
            body = self.as_block(s.body)
            return [ir.DoWhile(s.span, body, self.condition(s.cond))]
        if isinstance(s, A.For):
            saved = self.scope
            self.scope = Scope(self.scope, "block")
            try:
                init = tuple(self.stmt(s.init)) if s.init is not None else ()
                cond = self.condition(s.cond) if s.cond is not None else None
                step = tuple(self.side_effects(s.step)) if s.step is not None else ()
                body = self.as_block(s.body)
            finally:
                self.scope = saved
            return [ir.For(s.span, init, cond, step, body)]
        if isinstance(s, A.RangeFor):
            self.unsupported("range-based for loops are", s.span,
                             help="write an index loop: for (size_t i = 0; i < v.size(); i++)")
        if isinstance(s, A.Switch):
            return [self.switch(s)]
        if isinstance(s, A.Case):
            self.error("case-outside-switch", "'case' label not within a switch statement", s.span)
        if isinstance(s, A.Return):
            return [self.return_stmt(s)]
        if isinstance(s, A.Break):
            return [ir.Break(s.span)]
        if isinstance(s, A.Continue):
            return [ir.Continue(s.span)]
        if isinstance(s, A.Goto):
            self.error("amp-restrict" if self.in_amp() else "unsupported",
                       "'goto' is not allowed in restrict(amp) code" if self.in_amp()
                       else "'goto' not supported yet", s.span)
        if isinstance(s, A.Label):
            if self.in_amp():
                return self.stmt(s.stmt)
            self.unsupported("labels are", s.span)
        if isinstance(s, A.Try):
            if self.in_amp():
                self.error("amp-restrict", "'try' is not allowed in restrict(amp) code", s.span)
            self.unsupported("exception handling (try/catch) is", s.span)
        if isinstance(s, (A.StructDef, A.EnumDef, A.Typedef, A.UsingNamespace)):
            self.top_decl(s)
            return []
        if isinstance(s, A.Unsupported):
            return []
        self.unsupported(f"the statement '{type(s).__name__}' is", s.span)

    def in_amp(self) -> bool:
        """In a kernel or a restrict(amp) / restrict(cpu, amp) function (both sets of rules apply)."""
        return self.fn is not None and ("amp" in self.fn.restrict or self.fn.kernel is not None)

    def return_stmt(self, s: A.Return) -> ir.Stmt:
        ret = self.fn.ret
        if s.value is None:
            if not isinstance(ret, ir.Void) and self.fn.kernel is None and self.fn.name not in ("main", "_tmain", "wmain"):
                self.error("return-value", f"non-void function '{self.fn.name}' should return a value", s.span)
            return ir.Return(s.span, None)
        v = self.expr(s.value)
        if isinstance(ret, ir.Void):
            self.error("return-value", f"void function '{self.fn.name}' should not return a value", s.value.span)
        return ir.Return(s.span, self.convert(v, ret, s.value.span))

    def switch(self, s: A.Switch) -> ir.Switch:
        cond = self.expr(s.cond)
        if not (isinstance(cond.type, ir.Scalar) and not cond.type.is_float):
            self.error("switch-type", "switch condition must have integer type", s.cond.span)
        cond = self.convert(cond, promote(cond.type), s.cond.span)
        if not isinstance(s.body, A.Compound):
            self.unsupported("a switch without braces is", s.body.span)
        groups: list[tuple[list, list, Span]] = []
        saved = self.scope
        self.scope = Scope(self.scope, "block")
        try:
            for item in s.body.items:
                if isinstance(item, A.Case):
                    if groups and not groups[-1][1]:
                        groups[-1][0].append(item)
                    else:
                        groups.append(([item], [], item.span))
                else:
                    if not groups:
                        self.error("switch-body", "statement before the first case label", item.span)
                    groups[-1][1].append(item)
            cases = []
            for labels, stmts, span in groups:
                values = []
                for lab in labels:
                    if lab.value is None:       # `default:` (with any labels beside it)
                        values = []
                        break
                    values.append(self.convert(self.expr(lab.value), cond.type, lab.value.span))
                body_stmts = []
                for st in stmts:
                    try:
                        body_stmts.extend(self.stmt(st))
                    except SemaError:
                        pass
                ends = bool(body_stmts) and isinstance(body_stmts[-1], (ir.Break, ir.Return, ir.Continue))
                if body_stmts and isinstance(body_stmts[-1], ir.Break):
                    body_stmts = body_stmts[:-1]
                for st in body_stmts:
                    for n in ir.walk(st):
                        if isinstance(n, ir.Break) and not _inside_loop(st, n):
                            self.unsupported("'break' inside a nested statement of a switch case is", n.span)
                cases.append((tuple(values), ir.Block(span, tuple(body_stmts)), not ends))
        finally:
            self.scope = saved
        if cases:
            v, b, _ = cases[-1]
            cases[-1] = (v, b, False)
        return ir.Switch(s.span, cond, tuple(cases))

    # ---- declarations --------------------------------------------------------------------------
    def sized_type(self, v: A.VarDecl) -> A.TypeRef:
        """`int a[] = {1, 2, 3};` declares `int a[3]`: the size comes from the initializer."""
        t = v.type
        if isinstance(t, A.ArrayType) and t.size is None:
            if isinstance(v.init, A.InitList):
                n = A.IntLit(v.init.span, len(v.init.items), str(len(v.init.items)), False, 0)
                return A.ArrayType(t.span, t.base, n)
            if isinstance(v.init, A.StringLit):
                self.unsupported("character arrays initialised from strings are", v.span)
            self.error("array-size", f"array '{v.name}' needs a size or an initializer", v.name_span)
        return t

    def auto_type(self, t: ir.Type, v: A.VarDecl) -> ir.Type:
        if isinstance(t, ir.Library) and t.name == "auto":
            if v.init is None or isinstance(v.init, A.InitList):
                self.error("auto-init", "declaration of 'auto' variable needs an initializer", v.span)
            return self.expr(v.init).type
        return t

    def local_var(self, v: A.VarDecl, decl_span: Span | None = None) -> list[ir.Stmt]:
        try:
            t = self.auto_type(self.resolve_type(self.sized_type(v)), v)
        except SemaError:
            # Declare the name anyway so later uses don't add "undeclared" errors.
            self.scope.define(v.name, ir.Symbol(v.name, v.name, ERROR_TYPE, "local", v.name_span))
            raise
        if isinstance(t, ir.Void):
            self.error("void-variable", f"variable '{v.name}' has incomplete type 'void'", v.span)
        if isinstance(v.type, A.ReferenceType):
            self.unsupported("local reference variables are", v.span, help="use the value or a pointer")
        if "static" in v.storage and self.in_amp():     # reported, but declared (no follow-on errors)
            self.sink.error("amp-restrict", "static variables are not allowed in restrict(amp) code", v.span)
        if "tile_static" in v.storage:
            return [self.tile_static(v, t, decl_span.to(v.span) if decl_span else v.span)]
        const = isinstance(v.type, A.TypeName) and v.type.const
        sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "local", v.name_span,
                        storage=v.storage)
        try:
            init = self.initializer(sym, v)
        except SemaError:
            self.scope.define(v.name, sym)      # declared anyway: no follow-on 'undeclared' errors
            raise
        if const and init is not None:
            sym.const_value = fold(init)
        self.scope.define(v.name, sym)
        return [ir.VarDecl(v.span, sym, init)]

    def tile_static(self, v: A.VarDecl, t: ir.Type, span: Span) -> ir.Stmt:
        k = self.fn.kernel
        if k is None or k.tile_dims is None:    # reported, but declared (no follow-on errors)
            self.sink.error("amp-tile-static-context",
                            f"tile_static variable '{v.name}' is only allowed in a tiled parallel_for_each kernel",
                            v.span, help="declare it inside a lambda whose parameter is a tiled_index")
        if not isinstance(t, (ir.Scalar, ir.CArray, ir.StructType)):
            self.error("amp-tile-static-type", f"tile_static variable of type '{t}' is not supported", v.span)
        sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "local", v.name_span,
                        storage=v.storage)
        self.scope.define(v.name, sym)
        init = None
        if v.init is not None or v.ctor_args is not None:
            init = self.initializer(sym, v)
        return ir.TileStatic(span, sym, init)

    def initializer(self, sym: ir.Symbol, v: A.VarDecl):
        t = sym.type
        span = v.span
        if v.ctor_args is not None:
            args = tuple(self.expr(a) for a in v.ctor_args)
            return self.construct(t, args, span, [a.span for a in v.ctor_args])
        if v.init is None:
            if isinstance(t, (ir.Scalar, ir.Pointer, ir.String)):
                return None
            if isinstance(t, ir.CArray):
                return ir.Construct(span, t, ())
            if isinstance(t, (ir.StructType, ir.Vector, ir.Extent, ir.Index)):
                return self.construct(t, (), span, [])
            if isinstance(t, (ir.ArrayView, ir.AmpArray)):
                self.error("no-default-ctor", f"'{t}' has no default constructor", span)
            return None
        if isinstance(v.init, A.InitList):
            return self.init_list(t, v.init)
        e = self.expr(v.init)
        if isinstance(t, (ir.Extent, ir.Index, ir.ArrayView, ir.AmpArray, ir.Vector, ir.TiledExtent)) and \
                not _same_kind(e.type, t):
            return self.construct(t, (e,), span, [v.init.span])
        return self.convert(e, t, v.init.span, copy=True)

    def init_list(self, t: ir.Type, il: A.InitList) -> ir.Expr:
        if isinstance(t, ir.Scalar):
            if len(il.items) > 1:
                self.error("init-list", "excess elements in scalar initializer", il.items[1].span)
            if not il.items:
                return ir.Const(il.span, t, 0.0 if t.is_float else 0)
            return self.convert(self.expr(il.items[0]), t, il.items[0].span, narrowing=True)
        if isinstance(t, ir.StructType):
            fields = self.struct_fields(t)
            if len(il.items) > len(fields):
                self.error("init-list", f"excess elements in initializer of '{t.name}'", il.items[len(fields)].span)
            args = []
            for (_, ftype), item in zip(fields, il.items):
                if isinstance(item, A.InitList):
                    args.append(self.init_list(ftype, item))
                else:
                    args.append(self.convert(self.expr(item), ftype, item.span, copy=True))
            return ir.Construct(il.span, t, tuple(args))
        if isinstance(t, ir.CArray):
            n = t.dims[0]
            sub = ir.CArray(t.elem, t.dims[1:]) if len(t.dims) > 1 else t.elem
            if len(il.items) > n:
                self.error("init-list", "excess elements in array initializer", il.items[n].span)
            items = []
            for item in il.items:
                if isinstance(item, A.InitList):
                    items.append(self.init_list(sub, item))
                elif isinstance(sub, ir.CArray):
                    self.unsupported("brace elision in array initializers is", item.span,
                                     help="put each row in its own braces")
                else:
                    items.append(self.convert(self.expr(item), sub, item.span, narrowing=True))
            return ir.Construct(il.span, t, tuple(items))
        if isinstance(t, ir.Vector):
            items = tuple(self.convert(self.expr(i), t.elem, i.span, copy=True) if not isinstance(i, A.InitList)
                          else self.init_list(t.elem, i) for i in il.items)
            return ir.Construct(il.span, t, (ir.Construct(il.span, ir.CArray(t.elem, (len(items),)), items),))
        if isinstance(t, (ir.Extent, ir.Index)):
            return self.construct(t, tuple(self.expr(i) for i in il.items), il.span, [i.span for i in il.items])
        self.unsupported(f"brace initialisation of '{t}' is", il.span)

    def struct_fields(self, t: ir.StructType):
        if t.name in self.structs:
            return self.structs[t.name].fields
        return LIBRARY_STRUCTS[t.name]

    # ---- construction of library and struct values --------------------------------------------
    def construct(self, t: ir.Type, args: tuple, span: Span, spans: list) -> ir.Expr:
        if isinstance(t, ir.Scalar):
            if len(args) > 1:
                self.error("ctor-args", f"too many arguments to initialise '{t}'", span)
            if not args:
                return ir.Const(span, t, 0.0 if t.is_float else 0)
            return self.convert(args[0], t, span, explicit=True)
        if isinstance(t, (ir.Extent, ir.Index)):
            if len(args) == 1 and isinstance(args[0].type, (ir.Extent, ir.Index)):
                if args[0].type.rank != t.rank:
                    self.error("rank-mismatch", f"cannot initialise '{t}' from '{args[0].type}'", span)
                return args[0]
            if len(args) != t.rank and args:
                self.error("ctor-args", f"'{t}' needs {t.rank} components, got {len(args)}", span)
            comps = tuple(self.convert(a, ir.INT, s) for a, s in zip(args, spans)) or tuple(
                ir.Const(span, ir.INT, 0) for _ in range(t.rank))
            if isinstance(t, ir.Index):
                return ir.MakeIndex(span, t, comps)
            return ir.Construct(span, t, comps)
        if isinstance(t, ir.StructType):
            if args and len(args) == 1 and args[0].type == t:
                return ir.Copy(span, t, args[0]) if _is_lvalue(args[0]) else args[0]
            if args:
                self.unsupported(f"constructing '{t.name}' with arguments is", span,
                                 help="use aggregate initialisation with braces")
            return ir.Construct(span, t, ())
        if isinstance(t, ir.Vector):
            if len(args) == 1 and isinstance(args[0].type, ir.Vector):
                return ir.Copy(span, t, args[0])
            if len(args) == 1 and isinstance(args[0].type, ir.AmpArray):
                return ir.LibCall(span, t, "to_vector", args[0], ())
            if len(args) >= 1:
                n = self.convert(args[0], ir.Scalar("size_t"), spans[0])
                rest = (self.convert(args[1], t.elem, spans[1]),) if len(args) > 1 else ()
                if isinstance(args[0].type, ir.Iterator):
                    return ir.Construct(span, t, args)
                return ir.Construct(span, t, (n,) + rest)
            return ir.Construct(span, t, ())
        if isinstance(t, (ir.ArrayView, ir.AmpArray)):
            return self.construct_view(t, args, span, spans)
        if isinstance(t, ir.Pointer):
            self.unsupported("pointer variables are", span)
        self.unsupported(f"constructing '{t}' is", span)

    def construct_view(self, t, args, span, spans) -> ir.Expr:
        """array_view<T,N>(extent, src) / (e0[, e1[, e2]], src) / (extent); array<T,N>(...)."""
        out = []
        dims = []
        for a, s in zip(args, spans):
            at = a.type
            if isinstance(at, ir.Extent):
                if at.rank != t.rank:
                    self.error("rank-mismatch", f"'{t}' needs an extent<{t.rank}>, got '{at}'", s)
                out.append(a)
            elif isinstance(at, ir.Scalar) and at.is_int:
                dims.append(self.convert(a, ir.INT, s))
            elif isinstance(at, (ir.Vector, ir.CArray, ir.Pointer, ir.AmpArray, ir.ArrayView, ir.Iterator)):
                elem = getattr(at, "elem", None)
                if isinstance(at, ir.Iterator):
                    elem = at.elem
                if elem is not None and elem != t.elem and not (isinstance(at, ir.CArray)):
                    self.error("elem-mismatch", f"cannot make '{t}' over data of type '{elem}'", s)
                out.append(a)
            else:
                self.error("ctor-args", f"unexpected argument of type '{at}' for '{t}'", s)
        if dims:
            if len(dims) != t.rank:
                self.error("ctor-args", f"'{t}' needs {t.rank} extents, got {len(dims)}", span)
            out.insert(0, ir.Construct(span, ir.Extent(t.rank), tuple(dims)))
        if not out or not isinstance(out[0].type, ir.Extent):
            if isinstance(t, ir.ArrayView) and len(out) == 1 and t.rank == 1:
                pass                        # array_view<T>(vec): extent from the source's size
            elif len(out) == 1 and isinstance(out[0].type, (ir.AmpArray, ir.ArrayView)):
                pass                        # a view of an array
            else:
                self.error("ctor-args", f"'{t}' needs an extent", span)
        return ir.Construct(span, t, tuple(out))

    # ---- expressions: helpers ------------------------------------------------------------------
    def convert(self, e: ir.Expr, t: ir.Type, span: Span, explicit: bool = False, copy: bool = False,
                narrowing: bool = False) -> ir.Expr:
        src = e.type
        if src == t:
            if copy and _is_lvalue(e) and isinstance(t, (ir.StructType, ir.Vector, ir.CArray)):
                return ir.Copy(e.span, t, e)
            return e
        if isinstance(t, ir.Scalar) and isinstance(src, ir.Scalar):
            if isinstance(e, ir.Const) and not explicit:
                v = e.value
                if t.name == "bool":
                    return ir.Const(e.span, t, bool(v))
                if t.is_float:
                    return ir.Const(e.span, t, round_value(fold(e), t))
                if isinstance(v, str):
                    return ir.Convert(e.span, t, e, explicit)
                if t.name == "char":
                    return ir.Const(e.span, t, _char_value(int(v)))
                if isinstance(v, float):
                    return ir.Const(e.span, t, int(v))
                return ir.Const(e.span, t, _wrap_int(int(v), t))
            return ir.Convert(e.span, t, e, explicit)
        if isinstance(t, ir.Scalar) and t.name == "bool" and isinstance(src, (ir.Pointer, ir.String)):
            return ir.Convert(e.span, t, e, explicit)
        if isinstance(t, ir.ArrayView) and isinstance(src, ir.ArrayView) and src.elem == t.elem and src.rank == t.rank:
            return e                        # array_view<T> -> array_view<const T>
        if isinstance(t, ir.ArrayView) and isinstance(src, ir.AmpArray) and src.elem == t.elem and src.rank == t.rank:
            return ir.Construct(e.span, t, (e,))
        if isinstance(t, ir.Vector) and isinstance(src, ir.AmpArray) and src.elem == t.elem:
            return ir.LibCall(e.span, t, "to_vector", e, ())
        if isinstance(t, ir.String) and isinstance(src, ir.String):
            return e
        if isinstance(t, ir.Pointer) and isinstance(e, ir.Const) and e.value == 0:
            return ir.Const(e.span, t, None)
        if isinstance(t, ir.Pointer) and isinstance(src, ir.Pointer) and (t.elem == src.elem or isinstance(t.elem, ir.Void)):
            return e
        if isinstance(t, ir.Library) and isinstance(src, ir.Library) and t.name == src.name:
            return e
        if isinstance(t, ir.Library) and t.name == "auto":
            return e
        self.error("type-mismatch", f"cannot convert '{src}' to '{t}'", span)

    def condition(self, node) -> ir.Expr:
        e = self.expr(node)
        return self.to_bool(e, node.span)

    def to_bool(self, e: ir.Expr, span: Span) -> ir.Expr:
        if isinstance(e.type, ir.Scalar) or isinstance(e.type, (ir.Pointer, ir.String)):
            return self.convert(e, ir.BOOL, span)
        if isinstance(e.type, ir.Library) and e.type.name == "istream":
            return ir.LibCall(e.span, ir.BOOL, "good", e, ())
        self.error("type-mismatch", f"value of type '{e.type}' is not contextually convertible to 'bool'", span)

    def side_effects(self, node) -> list[ir.Expr]:
        """A for-step: comma expressions become several expressions."""
        if isinstance(node, A.Comma):
            return self.side_effects(node.left) + self.side_effects(node.right)
        return [self.expr(node)]

    def expr_stmt(self, node) -> list[ir.Stmt]:
        if isinstance(node, A.Comma):
            return self.expr_stmt(node.left) + self.expr_stmt(node.right)
        if isinstance(node, A.Call):
            special = self.statement_call(node)
            if special is not None:
                return special
        if isinstance(node, A.Delete):
            return [ir.Delete(node.span, self.expr(node.operand))]
        return [ir.ExprStmt(node.span, self.expr(node))]

    # ---- expressions ---------------------------------------------------------------------------
    def expr(self, n) -> ir.Expr:
        m = getattr(self, "e_" + type(n).__name__, None)
        if m is None:
            self.unsupported(f"the expression '{type(n).__name__}' is", n.span)
        return m(n)

    def e_IntLit(self, n: A.IntLit) -> ir.Expr:
        v = n.value
        if n.unsigned:
            t = ir.Scalar("unsigned long long") if n.long >= 2 or v > 0xFFFFFFFF else ir.UINT
        elif n.long >= 2:
            t = ir.Scalar("long long")
        elif v <= 0x7FFFFFFF:
            t = ir.INT
        elif v <= 0xFFFFFFFF and n.text.lower().startswith("0"):
            t = ir.UINT
        else:
            t = ir.Scalar("long long")
        return ir.Const(n.span, t, v)

    def e_FloatLit(self, n: A.FloatLit) -> ir.Expr:
        return ir.Const(n.span, ir.FLOAT if n.single else ir.DOUBLE, n.value)

    def e_CharLit(self, n: A.CharLit) -> ir.Expr:
        return ir.Const(n.span, ir.Scalar("wchar_t") if n.wide else ir.CHAR, n.value)

    def e_StringLit(self, n: A.StringLit) -> ir.Expr:
        # A literal is used as a C string (`const char*`): it ends at its first NUL, so
        # "a\0b" prints "a" wherever C++ would (cout, printf %s, std::string(...)).
        return ir.StringConst(n.span, ir.String(), n.value.split("\0", 1)[0])

    def e_BoolLit(self, n: A.BoolLit) -> ir.Expr:
        return ir.Const(n.span, ir.BOOL, n.value)

    def e_NullPtr(self, n) -> ir.Expr:
        return ir.Const(n.span, ir.Pointer(ir.Void()), None)

    def e_This(self, n) -> ir.Expr:
        if self.fn is not None and self.fn.kernel is not None:
            self.error("amp-capture", "'this' cannot be captured into a restrict(amp) lambda", n.span)
        self.unsupported("'this' is", n.span)

    def e_Name(self, n: A.Name) -> ir.Expr:
        name = n.name
        if n.namespace and n.namespace[-1] in ("std",) or not n.namespace:
            lib = L.library_name(name, n.span, n.namespace)
            local, _ = self.scope.lookup(name)
            if lib is not None and (local is None or n.namespace):   # std::x is the library's x
                return lib
        sym, scope = self.scope.lookup(name)
        if sym is None:
            if name == "NULL":
                return ir.Const(n.span, ir.Pointer(ir.Void()), None)
            if name in L.MATH_FUNCTIONS or name in L.FREE_FUNCTIONS:
                return ir.LibCall(n.span, ir.Library("function"), name, None, ())
            self.error("undeclared", f"use of undeclared identifier '{name}'", n.span)
        if isinstance(sym, ir.Symbol):
            return self.use_symbol(sym, scope, n.span)
        self.error("undeclared", f"'{name}' does not name a value", n.span)

    def use_symbol(self, sym: ir.Symbol, scope: Scope, span: Span) -> ir.Expr:
        if sym.type is ERROR_TYPE:
            raise SemaError()               # its declaration was already reported
        k = self.fn.kernel if self.fn is not None else None
        if sym.kind == "function":
            return ir.Var(span, sym.type, sym)
        if k is not None and sym is k.index_sym:
            return self.thread_index_value(span)
        if k is not None and sym.kind in ("local", "param", "capture") and not self._in_kernel_scope(scope):
            return ir.Var(span, sym.type, self.capture(sym, span))
        if sym.kind == "const" and sym.const_value is not None and isinstance(sym.type, ir.Scalar):
            return ir.Var(span, sym.type, sym)
        return ir.Var(span, sym.type, sym)

    def _in_kernel_scope(self, scope: Scope) -> bool:
        s = self.scope
        while s is not None:
            if s is scope:
                return True
            if s.kind == "kernel":
                return s is scope
            s = s.parent
        return False

    def capture(self, outer: ir.Symbol, span: Span) -> ir.Symbol:
        k = self.fn.kernel
        cap = k.captures.get(id(outer))
        if cap is not None:
            return cap.inner
        name = outer.name
        by_ref = name in k.by_ref or (k.default == "&" and name not in k.by_val)
        if not by_ref and name not in k.by_val and k.default is None:
            self.error("amp-capture", f"variable '{name}' cannot be implicitly captured in a lambda with no capture-default",
                       span, help=f"add '{name}' or '=' to the capture list")
        t = outer.type
        if isinstance(t, ir.AmpArray) and not by_ref:
            self.error("amp-capture", f"concurrency::array '{name}' must be captured by reference",
                       span, help=f"capture it as '&{name}' (arrays live in accelerator memory)")
        if isinstance(t, (ir.Pointer, ir.String)):
            self.error("amp-capture", f"pointer '{name}' cannot be captured into a restrict(amp) lambda", span,
                       help="wrap the data in an array_view and capture that")
        if isinstance(t, ir.Vector):
            self.error("amp-capture", f"std::vector '{name}' cannot be used in a restrict(amp) lambda", span,
                       help="wrap it in an array_view and capture the view")
        if by_ref and isinstance(t, ir.Scalar):
            self.error("amp-capture", f"scalar '{name}' can only be captured by value in a restrict(amp) lambda",
                       span)
        if not isinstance(t, (ir.Scalar, ir.ArrayView, ir.AmpArray, ir.StructType, ir.Extent, ir.Index,
                              ir.TiledExtent)):
            self.error("amp-capture", f"'{name}' of type '{t}' cannot be captured into a restrict(amp) lambda", span)
        inner = ir.Symbol(name, self.fn.py.fresh(name, self.scope), t, "capture", outer.span,
                          const_value=outer.const_value)
        k.captures[id(outer)] = ir.Capture(outer, inner, by_ref)
        return inner

    def thread_index_value(self, span: Span) -> ir.Expr:
        k = self.fn.kernel
        return ir.MakeIndex(span, ir.Index(k.rank), tuple(
            ir.ThreadIndex(span, ir.INT, "global", d) for d in range(k.rank)))

    def e_Unary(self, n: A.Unary) -> ir.Expr:
        if n.op in ("++", "--"):
            t = self.lvalue(self.expr(n.operand), n.operand.span)
            return ir.IncDec(n.span, t.type, n.op, True, t)
        if n.op == "&":
            self.unsupported("taking an address with '&' is", n.span)
        if n.op == "*":
            self.expr(n.operand)            # a pointer captured into a kernel is reported first
            self.unsupported("dereferencing pointers with '*' is", n.span)
        e = self.expr(n.operand)
        if n.op == "!":
            return ir.Unary(n.span, ir.BOOL, "!", self.to_bool(e, n.operand.span))
        if not isinstance(e.type, ir.Scalar):
            self.error("type-mismatch", f"invalid argument type '{e.type}' to unary '{n.op}'", n.span)
        t = promote(e.type)
        if n.op == "~" and t.is_float:
            self.error("type-mismatch", f"invalid argument type '{e.type}' to unary '~'", n.span)
        e = self.convert(e, t, n.span)
        if isinstance(e, ir.Const) and n.op == "-" and not isinstance(e.value, str):
            return ir.Const(n.span, t, _wrap_int(-e.value, t) if t.is_int else -e.value)
        return ir.Unary(n.span, t, n.op, e)

    def e_Postfix(self, n: A.Postfix) -> ir.Expr:
        t = self.lvalue(self.expr(n.operand), n.operand.span)
        return ir.IncDec(n.span, t.type, n.op, False, t)

    def lvalue(self, e: ir.Expr, span: Span) -> ir.Expr:
        if not _is_lvalue(e):
            self.error("not-assignable", "expression is not assignable", span)
        if isinstance(e, ir.Var) and e.sym.kind == "const":
            self.error("not-assignable", f"cannot assign to variable '{e.sym.name}' with const-qualified type", span)
        if isinstance(e, ir.Var) and e.sym.kind == "capture" and isinstance(e.type, ir.Scalar):
            k = self.fn.kernel
            if k is not None and not k.lam.mutable:
                self.error("not-assignable", "cannot assign to a variable captured by copy in a non-mutable lambda",
                           span)
        base = e
        while isinstance(base, (ir.FieldRef, ir.ElementRef)):
            base = base.base
        if isinstance(base, ir.Var) and isinstance(base.type, ir.ArrayView) and base.type.const:
            self.error("not-assignable", f"cannot assign through '{base.type}' (its elements are const)", span)
        return e

    def e_Binary(self, n: A.Binary) -> ir.Expr:
        op = n.op
        left = self.expr(n.left)
        if op == "<<" and isinstance(left, ir.StreamOut):
            return ir.StreamOut(n.span, left.type, left.stream, left.items + (self.stream_item(n.right),))
        if op == ">>" and isinstance(left, ir.StreamIn):
            target = self.lvalue(self.expr(n.right), n.right.span)
            return ir.StreamIn(n.span, left.type, left.targets + (target,))
        right = self.expr(n.right)
        if op in ("&&", "||"):
            return ir.Binary(n.span, ir.BOOL, op, self.to_bool(left, n.left.span), self.to_bool(right, n.right.span))
        if isinstance(left.type, ir.Iterator) and op in ("+", "-"):
            if isinstance(right.type, ir.Iterator):
                return ir.Binary(n.span, ir.Scalar("long long"), op, left, right)
            return ir.Binary(n.span, left.type, op, left, self.convert(right, ir.INT, n.right.span))
        if isinstance(left.type, (ir.Index, ir.Extent)) and isinstance(right.type, (ir.Index, ir.Extent)) \
                and op in ("+", "-", "==", "!="):
            return ir.LibCall(n.span, ir.BOOL if op in ("==", "!=") else left.type, op, left, (right,))
        if not (isinstance(left.type, ir.Scalar) and isinstance(right.type, ir.Scalar)):
            if op in ("==", "!=") and isinstance(left.type, ir.Pointer) and isinstance(right.type, ir.Pointer):
                return ir.Binary(n.span, ir.BOOL, op, left, right)
            self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')",
                       n.span)
        if op in ("<<", ">>"):
            lt = promote(left.type)
            if lt.is_float or right.type.is_float:
                self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')", n.span)
            return self.fold_binary(ir.Binary(n.span, lt, op, self.convert(left, lt, n.span),
                                              self.convert(right, promote(right.type), n.span)))
        ct = common_type(left.type, right.type)
        if op in ("%", "&", "|", "^") and ct.is_float:
            self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')", n.span)
        l2, r2 = self.convert(left, ct, n.left.span), self.convert(right, ct, n.right.span)
        if op in ("/", "%") and ct.is_int and isinstance(r2, ir.Const) and r2.value == 0:
            self.sink.warning("division-by-zero", f"{'division' if op == '/' else 'remainder'} by zero is undefined",
                              n.right.span)
        rt = ir.BOOL if op in ("==", "!=", "<", ">", "<=", ">=") else ct
        return self.fold_binary(ir.Binary(n.span, rt, op, l2, r2))

    def fold_binary(self, b: ir.Binary) -> ir.Expr:
        v = fold(b)
        if v is not None and isinstance(b.left, ir.Const) and isinstance(b.right, ir.Const):
            return ir.Const(b.span, b.type, v)
        return b

    def stream_item(self, node) -> ir.Expr:
        e = self.expr(node)
        if isinstance(e, ir.Manipulator):
            return e
        if isinstance(e, ir.LibCall) and e.name in L.MANIPULATORS:
            return ir.Manipulator(e.span, ir.Library("manipulator"), e.name, ())
        if isinstance(e.type, (ir.Scalar, ir.String)):
            return e
        self.error("type-mismatch", f"cannot write a value of type '{e.type}' to a stream", node.span)

    def e_Assign(self, n: A.Assign) -> ir.Expr:
        target = self.lvalue(self.expr(n.target), n.target.span)
        if isinstance(n.value, A.InitList):
            value = self.init_list(target.type, n.value)
            return ir.Assign(n.span, target.type, "=", target, value, target.type)
        value = self.expr(n.value)
        if n.op == "=":
            return ir.Assign(n.span, target.type, "=", target, self.convert(value, target.type, n.value.span, copy=True),
                             target.type)
        op = n.op[:-1]
        if op in ("+", "-") and isinstance(target.type, (ir.Index, ir.Extent)) and \
                isinstance(value.type, (ir.Index, ir.Extent)) and value.type.rank == target.type.rank:
            # index<N> += index<N>: the C++ AMP operator, as `target = target + value`
            total = ir.LibCall(n.span, target.type, op, target, (value,))
            return ir.Assign(n.span, target.type, "=", target, total, target.type)
        if not (isinstance(target.type, ir.Scalar) and isinstance(value.type, ir.Scalar)):
            self.error("type-mismatch", f"invalid operands to '{n.op}' ('{target.type}' and '{value.type}')", n.span)
        if op in ("<<", ">>"):
            ct = promote(target.type)
            value = self.convert(value, promote(value.type), n.value.span)
        else:
            ct = common_type(target.type, value.type)
            value = self.convert(value, ct, n.value.span)
        if op in ("%", "&", "|", "^", "<<", ">>") and ct.is_float:
            self.error("type-mismatch", f"invalid operands to '{n.op}'", n.span)
        return ir.Assign(n.span, target.type, op, target, value, ct)

    def e_Conditional(self, n: A.Conditional) -> ir.Expr:
        c = self.condition(n.cond)
        a, b = self.expr(n.then), self.expr(n.else_)
        if isinstance(a.type, ir.Scalar) and isinstance(b.type, ir.Scalar):
            t = common_type(a.type, b.type) if a.type != b.type else a.type
            if a.type.name == "bool" and b.type.name == "bool":
                t = ir.BOOL
            return ir.Conditional(n.span, t, c, self.convert(a, t, n.then.span), self.convert(b, t, n.else_.span))
        if a.type == b.type:
            return ir.Conditional(n.span, a.type, c, a, b)
        self.error("type-mismatch", f"incompatible operand types ('{a.type}' and '{b.type}')", n.span)

    def e_Comma(self, n: A.Comma) -> ir.Expr:
        self.unsupported("the comma operator here is", n.span)

    def e_Cast(self, n: A.Cast) -> ir.Expr:
        t = self.resolve_type(n.type)
        e = self.expr(n.operand)
        if isinstance(t, ir.Scalar) and isinstance(e.type, ir.Scalar):
            v = fold(e) if isinstance(e, ir.Const) else None
            if v is not None:               # (float)(2 * 2) -> 4.0f
                if t.name == "char":
                    return ir.Const(n.span, t, _char_value(int(v)))
                return ir.Const(n.span, t, round_value(v, t) if t.is_float else (bool(v) if t.name == "bool" else
                                                                         _wrap_int(int(v), t)))
            return ir.Convert(n.span, t, e, True)
        if isinstance(t, ir.Void):
            return ir.Convert(n.span, t, e, True)
        return self.convert(e, t, n.span, explicit=True)

    def e_Construct(self, n: A.Construct) -> ir.Expr:
        t = self.resolve_type(n.type)
        args = tuple(self.expr(a) for a in n.args)
        if n.brace and isinstance(t, ir.StructType):
            return self.init_list(t, A.InitList(n.span, n.args))
        return self.construct(t, args, n.span, [a.span for a in n.args])

    def e_SizeofType(self, n: A.SizeofType) -> ir.Expr:
        return ir.Const(n.span, ir.Scalar("size_t"), self.sizeof(self.resolve_type(n.type), n.span))

    def e_SizeofExpr(self, n: A.SizeofExpr) -> ir.Expr:
        e = self.expr(n.operand)
        return ir.Const(n.span, ir.Scalar("size_t"), self.sizeof(e.type, n.span))

    def sizeof(self, t: ir.Type, span: Span) -> int:
        if isinstance(t, ir.Scalar):
            return ir.SCALARS[t.name][1]
        if isinstance(t, ir.CArray):
            n = self.sizeof(t.elem, span)
            for d in t.dims:
                n *= d
            return n
        if isinstance(t, ir.StructType):
            import numpy as np
            from ..codegen.types import dtype_of
            return np.dtype(dtype_of(t, self.struct_fields)).itemsize
        if isinstance(t, (ir.Pointer, ir.String)):
            return 8
        self.unsupported(f"sizeof of '{t}' is", span)

    def e_New(self, n: A.New) -> ir.Expr:
        t = self.resolve_type(n.type)
        if n.array_size is not None:
            self.unsupported("'new[]' is", n.span, help="use std::vector")
        if not isinstance(t, ir.StructType):
            self.unsupported(f"'new' of '{t}' is", n.span)
        if n.args:
            self.unsupported("'new' with constructor arguments is", n.span)
        return ir.Construct(n.span, ir.Pointer(t), (), heap=True)

    def e_Delete(self, n: A.Delete) -> ir.Expr:
        self.unsupported("'delete' inside an expression is", n.span)

    def e_Throw(self, n: A.Throw) -> ir.Expr:
        if self.in_amp():
            self.error("amp-restrict", "'throw' is not allowed in restrict(amp) code", n.span)
        self.unsupported("'throw' is", n.span)

    def e_InitList(self, n: A.InitList) -> ir.Expr:
        self.unsupported("a braced list here is", n.span)

    def e_Lambda(self, n: A.Lambda) -> ir.Expr:
        self.unsupported("lambdas outside parallel_for_each are", n.span)

    def e_Member(self, n: A.Member) -> ir.Expr:
        base = self.expr(n.base)
        return L.member(self, base, n)

    def e_Subscript(self, n: A.Subscript) -> ir.Expr:
        base = self.expr(n.base)
        idx = self.expr(n.index)
        return L.subscript(self, base, idx, n)

    def e_Call(self, n: A.Call) -> ir.Expr:
        return L.call(self, n)

    def statement_call(self, n: A.Call):
        """Calls that are statements of their own: parallel_for_each, barriers."""
        f = n.func
        if isinstance(f, A.Name) and f.name == "parallel_for_each" and self.scope.lookup(f.name)[0] is None:
            return [self.parallel_for_each(n)]
        if isinstance(f, A.Member) and f.name in L.BARRIERS:
            base = f.base
            if isinstance(base, A.Member) and base.name == "barrier":
                idx = self.expr(base.base)
                if not self._is_tiled_index(idx, base.base):
                    self.error("amp-barrier-context", "barrier of something that is not a tiled_index", base.span)
                if n.args:
                    self.error("ctor-args", f"'{f.name}' takes no arguments", n.span)
                return [ir.Barrier(n.span, L.BARRIERS[f.name])]
        return None

    def _is_tiled_index(self, e, node) -> bool:
        return isinstance(e, ir.MakeIndex) and self.fn.kernel is not None and self.fn.kernel.tile_dims is not None

    # ---- parallel_for_each ---------------------------------------------------------------------
    def parallel_for_each(self, n: A.Call) -> ir.Stmt:
        if self.fn is None or self.fn.kernel is not None or self.in_amp():
            self.error("amp-restrict", "parallel_for_each can only be called from CPU code", n.span)
        args = n.args
        if len(args) == 3:
            self.unsupported("parallel_for_each with an accelerator_view is", args[0].span,
                             help="drop the accelerator_view argument; amppy picks the target with --target")
        if len(args) != 2:
            self.error("pfe-args", "parallel_for_each takes a compute domain and a lambda", n.span)
        domain = self.expr(args[0])
        lam = args[1]
        if not isinstance(lam, A.Lambda):
            self.unsupported("a kernel that is not a lambda written in the call is", lam.span,
                             help="write the lambda inside the parallel_for_each call")
        dt = domain.type
        if isinstance(dt, ir.Extent):
            rank, tiles = dt.rank, None
        elif isinstance(dt, ir.TiledExtent):
            rank, tiles = len(dt.dims), dt.dims
        else:
            self.error("pfe-domain", f"the compute domain must be an extent or a tiled_extent, not '{dt}'",
                       args[0].span)
        if "amp" not in lam.restrict:
            self.error("amp-restrict", "the lambda passed to parallel_for_each must be restrict(amp)",
                       lam.restrict_span or lam.span, help="add restrict(amp) after the parameter list")
        if len(lam.params) != 1:
            self.error("pfe-lambda", "the kernel lambda takes exactly one index parameter", lam.span)
        p = lam.params[0]
        pt = self.resolve_type(p.type)
        if tiles is not None:
            if not isinstance(pt, ir.TiledIndex):
                self.error("amp-tiled-index-mismatch",
                           f"a tiled compute domain needs a 'tiled_index<{', '.join(map(str, tiles))}>' parameter, not '{pt}'",
                           p.span)
            if pt.dims != tiles:
                self.error("amp-tiled-index-mismatch",
                           f"'{pt}' does not match the compute domain's tile shape <{', '.join(map(str, tiles))}>",
                           p.span, help=f"declare the parameter as tiled_index<{', '.join(map(str, tiles))}>")
        else:
            if not isinstance(pt, ir.Index) or pt.rank != rank:
                self.error("pfe-lambda", f"the kernel parameter must be 'index<{rank}>', not '{pt}'", p.span)
        outer_fn, outer_scope = self.fn, self.scope
        name = self.kernel_name(outer_fn.name)
        kfn = _Fn(name, ir.Void(), ("amp",), self.module_names.taken)
        index_sym = ir.Symbol(p.name or "idx", kfn.py.fresh(p.name or "idx", outer_scope), pt, "index", p.span)
        kctx = _KernelCtx(lam, outer_scope, outer_fn, index_sym, tiles, rank)
        kfn.kernel = kctx
        kscope = Scope(outer_scope, "kernel")
        if p.name:
            kscope.define(p.name, index_sym)
        self.fn, self.scope = kfn, kscope
        try:
            body = self.block(lam.body, new_scope=False)
        finally:
            self.fn, self.scope = outer_fn, outer_scope
        caps = list(kctx.captures.values())
        kernel = ir.Kernel(name, lam.span, n.span, rank, tiles, index_sym, caps, body)
        kernel.calls = list(kfn.calls)
        self.kernels.append(kernel)
        cap_args = tuple(ir.Var(n.span, c.outer.type, c.outer) for c in caps)
        return ir.ParallelForEach(n.span, domain, kernel, cap_args)

    def kernel_name(self, fn_name: str) -> str:
        """`main_kernel`, `main_kernel2`, ...: user names of this shape are mangled (amppy.names)."""
        base = f"{python_name(fn_name)}_kernel"
        name, i = base, 2
        while name in self.kernel_names:
            name, i = f"{base}{i}", i + 1
        self.kernel_names.add(name)
        return name


# ---- helpers ------------------------------------------------------------------------------------

def _is_lvalue(e: ir.Expr) -> bool:
    return isinstance(e, (ir.Var, ir.ElementRef, ir.FieldRef)) or (
        isinstance(e, ir.IndexComponent) and _is_lvalue(e.base))


def _same_kind(a: ir.Type, b: ir.Type) -> bool:
    return type(a) is type(b)


def _inside_loop(root, node) -> bool:
    for n in ir.walk(root):
        if isinstance(n, (ir.For, ir.While, ir.DoWhile, ir.Switch)) and n is not root:
            if any(x is node for x in ir.walk(n)):
                return True
    return False


def _wrap_int(v: int, t: ir.Scalar) -> int:
    return wrap_value(v, t)


def _char_value(v: int) -> str:
    """A `char` constant as host code holds it (a one-character str of the byte)."""
    return chr(v & 0xFF)


def fold(e: ir.Expr):
    """The compile-time value of an IR expression, or None."""
    if isinstance(e, ir.Const):
        if isinstance(e.value, str):
            return wrap_value(ord(e.value), ir.CHAR) if len(e.value) == 1 else None
        if isinstance(e.value, float) and isinstance(e.type, ir.Scalar):
            return round_value(e.value, e.type)
        return e.value
    if isinstance(e, ir.Var):
        return e.sym.const_value
    if isinstance(e, ir.Convert) and isinstance(e.type, ir.Scalar):
        v = fold(e.operand)
        if v is None:
            return None
        t = e.type
        if t.name == "bool":
            return bool(v)
        if t.is_float:
            return round_value(v, t)
        return _wrap_int(int(v), t)
    if isinstance(e, ir.Unary):
        v = fold(e.operand)
        if v is None:
            return None
        v = {"-": lambda: -v, "+": lambda: v, "!": lambda: not v, "~": lambda: ~v}[e.op]()
        if isinstance(e.type, ir.Scalar) and e.type.is_int and not isinstance(v, bool):
            v = _wrap_int(int(v), e.type)
        return v
    if isinstance(e, ir.Binary):
        a, b = fold(e.left), fold(e.right)
        if a is None or b is None:
            return None
        op = e.op
        try:
            if op == "/":
                if isinstance(a, float) or isinstance(b, float):
                    return a / b
                q = abs(a) // abs(b)
                return q if (a >= 0) == (b >= 0) else -q
            if op == "%":
                if isinstance(a, float) or isinstance(b, float):
                    return None
                r = abs(a) % abs(b)
                return r if a >= 0 else -r
        except ZeroDivisionError:
            return None
        ops = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "<<": lambda: a << b,
               ">>": lambda: a >> b, "&": lambda: a & b, "|": lambda: a | b, "^": lambda: a ^ b,
               "==": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b, ">": lambda: a > b,
               "<=": lambda: a <= b, ">=": lambda: a >= b, "&&": lambda: bool(a and b),
               "||": lambda: bool(a or b)}
        if op not in ops:
            return None
        v = ops[op]()
        if isinstance(e.type, ir.Scalar) and e.type.is_int and not isinstance(v, bool):
            v = _wrap_int(int(v), e.type)
        elif isinstance(e.type, ir.Scalar) and e.type.is_float and isinstance(v, float):
            v = round_value(v, e.type)
        return v
    if isinstance(e, ir.Conditional):
        c = fold(e.cond)
        if c is None:
            return None
        return fold(e.then) if c else fold(e.else_)
    return None
