"""Statements: AST statements, local declarations and initializers -> IR statements.

`Statements` is the part of `Analyser` for blocks and their scopes, control flow
(if, loops, switch, return), local and tile_static variables, initializers and
braced init lists, and the construction of struct and library values
(extent, index, std::vector, array_view, array).
"""
from __future__ import annotations

import dataclasses

from ..parse import ast as A
from .. import ir
from ..source import Span
from .constfold import fold
from .context import ERROR_TYPE, SemaError
from ..ir.queries import is_lvalue, is_lvalue_conditional, negate, value_owner
from . import exceptions as E
from . import lambdas as LM
from .lambdas import AUTO
from . import ppl as PPL
from . import random as R
from . import strings as S
from . import memory as M
from . import views as V
from . import streams as ST
from . import utility as U
from . import classes as CL
from . import local_classes as LC
from . import fnptr as FP
from . import accelerators as AC
from . import tiling as TL
from .scope import Alias, Scope
from . import areas
from .arithmetic import promote, zero


class Statements:
    # ---- statements ----------------------------------------------------------------------------
    def block(self, c: A.Compound, new_scope: bool = True) -> ir.Block:
        saved = self.scope
        if new_scope:
            self.scope = Scope(self.scope, "block")
        out = []
        rest = self.rest_of_block
        try:
            items = list(c.items)
            for k, s in enumerate(items):
                self.rest_of_block = items[k + 1:]      # (what a local reference must not see change)
                try:
                    out.extend(self.stmt(s))
                except SemaError:
                    pass
        finally:
            self.scope = saved
            self.rest_of_block = rest
        if new_scope:
            out += ST.closed_at_scope_end(out, c.span)
        return ir.Block(c.span, tuple(CL.destroyed_at_scope_end(self, out)))

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
            reads, cond = self.condition_with_reads(s.cond)
            then = self.as_block(s.then)
            else_ = self.as_block(s.else_) if s.else_ is not None else None
            return reads + [ir.If(s.span, cond, then, else_)]
        if isinstance(s, A.While):
            reads, cond = self.condition_with_reads(s.cond)
            body = self.as_block(s.body)
            if reads:       # `while (in >> x)`: read, stop when the read failed, then the body
                stop = ir.If(s.span, negate(cond, s.span), ir.Block(s.span, (ir.Break(s.span),)), None)
                body = ir.Block(body.span, tuple(reads) + (stop,) + body.body)
                cond = ir.Const(s.span, ir.BOOL, True)
            return [ir.While(s.span, cond, body)]
        if isinstance(s, A.DoWhile):
            body = self.as_block(s.body)
            return [ir.DoWhile(s.span, body, self.condition(s.cond))]
        if isinstance(s, A.For):
            return [self.for_stmt(s)]
        if isinstance(s, A.RangeFor):
            return self.range_for(s)
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
            return [E.try_stmt(self, s)]
        if isinstance(s, A.StructDef):
            LC.define(self, s)
            return []
        if isinstance(s, (A.StructDef, A.EnumDef, A.Typedef, A.UsingNamespace, A.UsingDeclaration, A.StaticAssert)):
            self.top_decl(s)
            return []
        if isinstance(s, A.Unsupported):
            return []
        if isinstance(s, A.DecltypeStmt):
            self.decltype(s.expr, s.span)   # (checked, never run: no code)
            return []
        self.unsupported(f"the statement '{type(s).__name__}' is", s.span)

    def for_stmt(self, s: A.For) -> ir.For:
        """The init statement's variables live in a scope of their own, around the body's."""
        saved = self.scope
        self.scope = Scope(self.scope, "block")
        try:
            init = tuple(self.stmt(s.init)) if s.init is not None else ()
            cond = self.condition(s.cond) if s.cond is not None else None
            step = tuple(self.side_effects(s.step)) if s.step is not None else ()
            body = self.as_block(s.body)
        finally:
            self.scope = saved
        return ir.For(s.span, init, cond, step, body)

    def range_for(self, s: A.RangeFor) -> list[ir.Stmt]:
        """`for (T x : range) body` is the index loop C++ defines it as, over a std::vector, a
        C array or a std::string: `for (i = 0; i < size; i++) { T x = range[i]; body }`.  With
        `T& x`, `x` names the element itself (writes reach the container)."""
        saved = self.scope
        self.scope = Scope(self.scope, "block")
        try:
            out: list[ir.Stmt] = []
            rng = self.expr(s.range)
            rt = rng.type
            if not isinstance(rt, (ir.Vector, ir.CArray, ir.StdString)):
                self.unsupported(f"a range-based for loop over '{rt}' is", s.range.span,
                                 help="amppy loops over a std::vector, a C array or a std::string")
            if not is_lvalue(rng):          # a temporary: the loop runs over its one value
                values = f"{s.var.name}_values"
                tmp = ir.Symbol(values, self.fn.py.fresh(values, self.scope), rt, "local", s.range.span)
                out.append(ir.VarDecl(s.range.span, tmp, rng))
                rng = ir.Var(s.range.span, rt, tmp)
            sp = s.span
            size_t = ir.Scalar("size_t")
            i = ir.Symbol("i", self.fn.py.fresh(f"{s.var.name}_index", self.scope), size_t, "local", s.var.name_span)
            iv = ir.Var(sp, size_t, i)
            if isinstance(rt, ir.CArray):
                count = ir.Const(sp, size_t, rt.dims[0])
            elif isinstance(rt, ir.StdString):
                count = ir.LibCall(sp, size_t, "len", None, (rng,))
            else:
                count = ir.LibCall(sp, size_t, "size", rng, ())
            if isinstance(rt, ir.StdString):
                element = S.subscript(self, rng, iv, sp, s.range.span)
            else:
                element = _element_of(rng, iv, sp)
            by_ref = isinstance(s.var.type, A.ReferenceType)
            t = self.resolve_type(s.var.type)
            if isinstance(t, ir.Library) and t.name == "auto":
                t = element.type
            if by_ref:
                if t != element.type:
                    self.error("type-mismatch", f"cannot bind a '{s.var.type}' reference to an element of type "
                                                f"'{element.type}'", s.var.span)
                if isinstance(rt, ir.StdString) and not (isinstance(s.var.type.base, A.TypeName)
                                                         and s.var.type.base.const):
                    self.unsupported("a non-const reference to a character of a std::string is", s.var.span)
                self.scope.define(s.var.name, Alias(element))
                first = ()
            else:
                x = ir.Symbol(s.var.name, self.fn.py.fresh(s.var.name, self.scope), t, "local", s.var.name_span)
                self.scope.define(s.var.name, x)
                first = (ir.VarDecl(s.var.span, x, self.convert(element, t, s.range.span, copy=True)),)
            body = self.as_block(s.body)
            body = ir.Block(body.span, first + body.body)
            out.append(ir.For(sp, (ir.VarDecl(sp, i, ir.Const(sp, size_t, 0)),),
                              ir.Binary(sp, ir.BOOL, "<", iv, count), (ir.IncDec(sp, size_t, "++", True, iv),), body))
            return out
        finally:
            self.scope = saved

    def return_stmt(self, s: A.Return) -> ir.Stmt:
        ret = self.fn.ret
        if ret == AUTO:                         # a lambda's (or `auto f()`'s) return type: its returns'
            v = None if s.value is None else self.expr(s.value)
            self.fn.ret = ir.Void() if v is None else v.type
            self.fn.deduced_at = s.span
            return ir.Return(s.span, v)
        if self.fn.deduced_at is not None:      # every return deduces the same type
            t = ir.Void() if s.value is None else self.expr(s.value).type
            if t != ret:
                self.error("auto-return", f"'auto' in return type deduced as '{t}' here but deduced as "
                           f"'{ret}' in earlier return statement", s.span)
        if self.fn.ctor_this is not None:       # a constructor returns its object
            if s.value is not None:
                self.error("return-value", "constructor cannot return a value", s.value.span)
            return ir.Return(s.span, ir.Var(s.span, ret, self.fn.ctor_this))
        if s.value is None:
            if not isinstance(ret, ir.Void) and self.fn.kernel is None and self.fn.name not in ("main", "_tmain", "wmain"):
                self.error("return-value", f"non-void function '{self.fn.name}' should return a value", s.span)
            return ir.Return(s.span, None)
        v = self.expr(s.value)
        if isinstance(ret, ir.Void):
            self.error("return-value", f"void function '{self.fn.name}' should not return a value", s.value.span)
        v = self.convert(v, ret, s.value.span)
        if not self.fn.ret_ref and not isinstance(v, ir.Copy) and _outlives_return(v, self.fn.this):
            v = ir.Copy(v.span, v.type, v)      # `return m_start;` returns a copy of the member
        return ir.Return(s.span, v)

    def switch(self, s: A.Switch) -> ir.Switch:
        cond = self.expr(s.cond)
        if not (isinstance(cond.type, ir.Scalar) and not cond.type.is_float):
            self.error("switch-type", "switch condition must have integer type", s.cond.span)
        cond = self.convert(cond, promote(cond.type), s.cond.span)
        if not isinstance(s.body, A.Compound):
            self.unsupported("a switch without braces is", s.body.span)
        saved = self.scope
        self.scope = Scope(self.scope, "block")
        try:
            cases = [self._switch_case(cond.type, labels, stmts, span)
                     for labels, stmts, span in self._case_groups(s.body)]
        finally:
            self.scope = saved
        if cases:
            v, b, _ = cases[-1]
            cases[-1] = (v, b, False)
        return ir.Switch(s.span, cond, tuple(cases))

    def _case_groups(self, body: A.Compound) -> list[tuple[list, list, Span]]:
        """A switch body as (its case labels, the statements after them, the first label's span)."""
        groups: list[tuple[list, list, Span]] = []
        for item in body.items:
            if isinstance(item, A.Case):
                if groups and not groups[-1][1]:
                    groups[-1][0].append(item)
                else:
                    groups.append(([item], [], item.span))
            else:
                if not groups:
                    self.error("switch-body", "statement before the first case label", item.span)
                groups[-1][1].append(item)
        return groups

    def _switch_case(self, cond_type: ir.Type, labels: list, stmts: list, span: Span) -> tuple:
        """One case group: (its label values, empty for `default`; its body without the closing
        break; whether it falls through to the next group)."""
        values = []
        for lab in labels:
            if lab.value is None:       # `default:` (with any labels beside it)
                values = []
                break
            values.append(self.convert(self.expr(lab.value), cond_type, lab.value.span))
        body_stmts = []
        for st in stmts:
            try:
                body_stmts.extend(self.stmt(st))
            except SemaError:
                pass
        ends = bool(body_stmts) and isinstance(body_stmts[-1], (ir.Break, ir.Return, ir.Continue))
        if ends and any(ir.has_jump(st, ir.Break) for st in body_stmts[:-1]):
            body_stmts = _without_breaks(body_stmts)     # `if (c) { ...; break; } ...; break;`
        if body_stmts and isinstance(body_stmts[-1], ir.Break):
            body_stmts = body_stmts[:-1]
        for st in body_stmts:
            for n in ir.walk(st):
                if isinstance(n, ir.Break) and not _inside_loop(st, n):
                    self.unsupported("'break' inside a nested statement of a switch case is", n.span)
        return tuple(values), ir.Block(span, tuple(body_stmts)), not ends

    def condition_with_reads(self, node) -> tuple[list[ir.Stmt], ir.Expr]:
        """A condition that may read: `in >> x` and `std::getline(in, s)` are statements of their
        own, and the condition is the test of the stream they leave (`!in.fail()`)."""
        e = self.expr(node)
        if isinstance(e, ir.StreamIn) and e.targets:
            return [ir.ExprStmt(e.span, e)], ST.state_test(e.stream, e.span)
        if isinstance(e, ir.Assign) and isinstance(e.value, ir.LibCall) and e.value.name == "getline":
            return [ir.ExprStmt(e.span, e)], ST.state_test(e.value.args[0], e.span)
        return [], self.to_bool(e, node.span)

    def side_effects(self, node) -> list[ir.Expr]:
        """A for-step: comma expressions become several expressions."""
        if isinstance(node, A.Comma):
            return self.side_effects(node.left) + self.side_effects(node.right)
        return [self.discarded(node)]

    def discarded(self, node) -> ir.Expr:
        """An expression whose value is not used (`p++;`, a for-step)."""
        self.discarding = isinstance(node, A.Postfix)
        try:
            return self.expr(node)
        finally:
            self.discarding = False

    def expr_stmt(self, node) -> list[ir.Stmt]:
        if isinstance(node, A.Comma):
            return self.expr_stmt(node.left) + self.expr_stmt(node.right)
        if isinstance(node, A.Lambda) and (self.in_amp() or "amp" in (node.restrict or ())):
            LM.dropped(self, node)              # `[=] {...};`: made and dropped, nothing runs
            return []
        if isinstance(node, A.Construct):
            node = self.tiles_given(node)
        if isinstance(node, A.Call):
            special = self.statement_call(node)
            if special is not None:
                return special
        if isinstance(node, A.Delete):
            target = self.expr(node.operand)
            if not isinstance(target.type, ir.Pointer):
                self.error("type-mismatch", f"cannot delete expression of type '{target.type}'", node.span)
            return [ir.Delete(node.span, target)]
        if isinstance(node, A.Throw):
            return [E.throw(self, node)]
        return [ir.ExprStmt(node.span, self.discarded(node))]

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
            e = self.expr(v.init)
            self.deduced = (v.init, e)          # `initializer` takes it (no second analysis)
            return e.type
        return t

    def local_var(self, v: A.VarDecl, decl_span: Span | None = None) -> list[ir.Stmt]:
        if self.in_amp():
            self.check_amp_volatile(v.type, v.name_span)
        if isinstance(v.init, A.Lambda) and "amp" in v.init.restrict and "cpu" not in v.init.restrict \
                and isinstance(v.type, A.TypeName) and v.type.name == "auto" and not self.in_amp():
            return self.kernel_closure(v)
        try:
            t = self.auto_type(self.resolve_type(self.sized_type(v)), v)
            if "tile_static" not in v.storage:
                CL.check_object_type(self, t, v.span)
        except SemaError:
            # Declare the name anyway so later uses don't add "undeclared" errors.
            self.scope.define(v.name, ir.Symbol(v.name, v.name, ERROR_TYPE, "local", v.name_span))
            raise
        if isinstance(t, ir.Void):
            self.error("void-variable", f"variable '{v.name}' has incomplete type 'void'", v.span)
        if isinstance(v.type, A.ReferenceType) and not isinstance(t, ir.FunctionPointer):
            return self.local_reference(v, t)       # (a reference to a function is the function)
        if "static" in v.storage and self.in_amp():     # reported, but declared (no follow-on errors)
            self.sink.error("amp-restrict", "static variables are not allowed in restrict(amp) code", v.span)
        if "tile_static" in v.storage:
            return [self.tile_static(v, t, decl_span.to(v.span) if decl_span else v.span)]
        self.check_redefinition(v.name, v.name_span)
        if "static" in v.storage and not self.in_amp():
            return self.static_local(v, t)
        const = isinstance(v.type, A.TypeName) and v.type.const
        sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "local", v.name_span,
                        storage=v.storage, readonly=_const_declared(v.type), const_target=_const_target(v.type))
        try:
            init = self.initializer(sym, v)
        except SemaError:
            self.scope.define(v.name, sym)      # declared anyway: no follow-on 'undeclared' errors
            raise
        if const and init is not None:
            sym.const_value = fold(init)
        self.scope.define(v.name, sym)
        if isinstance(t, ir.CArray) and isinstance(t.elem, ir.ArrayView) and self.in_amp():
            M.amp_local_array(self, t, init, v.span)
        return [ir.VarDecl(v.span, sym, init)]

    def local_reference(self, v: A.VarDecl, t: ir.Type) -> list[ir.Stmt]:
        """`float& x = a[i];`: the name stands for the element (every use is `a[i]`), so the
        variables naming it must not change while it is in scope; `const T& x = a + b;` is a
        constant local (C++ extends the temporary's life)."""
        const = isinstance(v.type.base, A.TypeName) and v.type.base.const
        if v.init is None or isinstance(v.init, A.InitList):
            self.error("ref-binding", f"declaration of reference variable '{v.name}' requires an initializer", v.span)
        self.check_redefinition(v.name, v.name_span)
        e = self.expr(v.init)
        if is_lvalue_conditional(e):
            self.unsupported(f"reference variable '{v.name}' bound to a conditional ('c ? x : y') is", v.init.span,
                             help="bind it in each branch of an if statement, or use a pointer")
        if not is_lvalue(e) or isinstance(e, ir.Var) and e.sym.kind == "const":
            if not const:
                self.error("ref-binding", f"non-const reference to '{t}' cannot bind to a temporary", v.init.span,
                           help="bind it to a variable, or make it const")
            sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "const" if const else "local",
                            v.name_span)
            init = self.convert(e, t, v.init.span, copy=True)
            sym.const_value = fold(init)
            self.scope.define(v.name, sym)
            return [ir.VarDecl(v.span, sym, init)]
        if e.type != t and not (isinstance(t, ir.StructType) and CL.derives(self, e.type, t)):
            self.error("ref-binding", f"a reference to '{t}' cannot bind to a value of type '{e.type}'", v.init.span)
        owner = value_owner(e)
        if not const and owner is not None and owner.sym.readonly:
            self.error("ref-binding", f"a non-const reference to '{t}' cannot bind to the const variable "
                       f"'{owner.sym.name}'", v.init.span, help="make the reference const")
        if isinstance(t, (ir.AmpArray, ir.ArrayView)) and not isinstance(e, ir.Var):
            # `array<float, 2>& a = arrays[i];`: a name for that object (Python names objects), so
            # a kernel can capture it; assigning `a` as a whole would rebind the name instead
            if v.name in A.assigned_names(tuple(self.rest_of_block)):
                self.unsupported(f"assigning to the reference '{v.name}' to an element is", v.span,
                                 help="assign through the element: arrays[i] = ...")
            sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "local", v.name_span)
            self.scope.define(v.name, sym)
            return [ir.VarDecl(v.span, sym, e)]
        used = {x.sym.name for x in ir.walk(e) if isinstance(x, ir.Var)}
        changed = used & A.assigned_names(tuple(self.rest_of_block))
        if changed - {x.sym.name for x in ir.walk(e) if isinstance(x, ir.Var) and x is e}:
            self.unsupported(f"a reference to an element whose position ('{sorted(changed)[0]}') changes while "
                             "the reference lives is", v.span, help="use the element through its index")
        self.scope.define(v.name, Alias(e))
        return []

    def check_redefinition(self, name: str, span: Span) -> None:
        """`int x = 1; int x = 2;` in one block (or a local named like a parameter) is an error."""
        prev = self.scope.names.get(name)
        if isinstance(prev, ir.Symbol) and prev.kind in ("local", "param", "global") and prev.type != ERROR_TYPE:
            self.error("redefinition", f"redefinition of '{name}'", span,
                       help="give the second variable another name, or assign to the first")

    def static_local(self, v: A.VarDecl, t: ir.Type) -> list[ir.Stmt]:
        """`static int n = 0;` in a host function: one variable for all calls, initialised once.
        It lives at module level under a name that says whose it is (`counter_n`)."""
        owner = self.fn.py_base or self.fn.name         # `f_8_2_r`: each template instance has its own
        const = isinstance(v.type, A.TypeName) and v.type.const     # (a constant, as a global const is)
        sym = ir.Symbol(v.name, self.module_names.unique(f"{owner}_{v.name}"), t, "const" if const else "global",
                        v.name_span, storage=v.storage)
        init = self.initializer(sym, v)
        if init is not None and any(isinstance(x, ir.Var) and x.sym.kind != "library" or
                                    isinstance(x, (ir.Call, ir.Invoke)) for x in ir.walk(init)):
            self.unsupported("a static local initialised from variables or function calls is", v.span,
                             help="initialise it with a constant and assign it on the first call")
        if init is None and isinstance(t, ir.Scalar):
            init = zero(t, v.span)
        if const and init is not None:
            sym.const_value = fold(init)
        self.global_vars.append(ir.GlobalVar(sym, init))
        self.scope.define(v.name, sym)
        return []

    def tile_static(self, v: A.VarDecl, t: ir.Type, span: Span) -> ir.Stmt:
        k = self.fn.kernel
        helper = k is None and set(self.fn.restrict) == {"amp"}     # a restrict(amp) function: C++ AMP allows it
        if (k is None or k.tile_dims is None) and not helper:
            from ..passes.restrict_amp import type_problems     # (a class amp code cannot hold: C3581 first)
            for at, msg, hint, _ in type_problems(t, v.span, self.structs)[:1]:
                self.sink.error("amp-restrict", msg, at, help=hint)  # reported, but declared (no follow-on errors)
            self.sink.error("amp-tile-static-context",
                            f"tile_static variable '{v.name}' is only allowed in a tiled parallel_for_each kernel",
                            v.span, help="declare it inside a lambda whose parameter is a tiled_index")
        elem = t.elem if isinstance(t, ir.CArray) else t
        if not isinstance(elem, (ir.Scalar, ir.StructType)):    # (an array_view, a texture_view: C3584)
            self.error("amp-tile-static-type", f"tile_static variable of type '{t}' is not supported", v.span)
        if isinstance(elem, ir.StructType) and elem.name in self.structs and self.structs[elem.name].host_only:
            self.error("amp-tile-static-type", f"tile_static variable of class '{elem.name}', which has members "
                       "restrict(amp) code cannot hold (pointers, references, containers), is not allowed",
                       v.span)
        sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "local", v.name_span,
                        storage=v.storage)
        self.scope.define(v.name, sym)
        init = None
        if v.init is not None or v.ctor_args is not None:
            init = self.initializer(sym, v)
        return ir.TileStatic(span, sym, init)

    def default_array(self, t: ir.CArray, span) -> ir.Expr:
        """`T a[n];`: zeros, or for a class with constructors each element made by its default
        constructor (called, as C++ does, once per element; its restriction checked)."""
        elem = t.elem
        if not (isinstance(elem, ir.StructType) and elem.name in self.structs and self.structs[elem.name].ctors):
            return ir.Construct(span, t, ())
        one = self.construct(elem, (), span, [])
        if self.in_amp():
            return ir.Construct(span, t, ())
        if len(t.dims) > 1 or t.dims[0] > 256:
            self.unsupported(f"an array '{t}' of a class with constructors (more than 256 elements, or of "
                             "several dimensions) is", span, help="use a std::vector of the class")
        return ir.Construct(span, t, (one,) * t.dims[0])

    def initializer(self, sym: ir.Symbol, v: A.VarDecl):
        t = sym.type
        span = v.span
        if v.ctor_args is not None:
            with S.range_arguments(self, t, v.ctor_args):
                args = tuple(self.expr(a) for a in v.ctor_args)
            return self.construct(t, args, span, [a.span for a in v.ctor_args])
        if v.init is None:
            if isinstance(t, (ir.Scalar, ir.Pointer, ir.String)) or FP.uninitialised(self, t, v):
                return None
            if isinstance(t, ir.CArray):
                return self.default_array(t, span)
            if isinstance(t, (ir.StructType, ir.Vector, ir.Extent, ir.Index, ir.StdString, ir.Duration)) or \
                    R.is_random(t) or ST.is_stream(t):
                return self.construct(t, (), span, [])
            if isinstance(t, (ir.ArrayView, ir.AmpArray)):
                self.error("no-default-ctor", f"'{t}' has no default constructor", span)
            if AC.involved(t):
                return AC.construct(self, t, [], [], span)
            if PPL.involved(t):
                return PPL.construct(self, t, [], [], span)
            return None
        if isinstance(v.init, A.InitList):
            return self.init_list(t, v.init)
        deduced, self.deduced = self.deduced, None
        e = deduced[1] if deduced is not None and deduced[0] is v.init else \
            FP.chosen(self, v.init, t) or self.expr(v.init)
        if isinstance(t, (ir.Extent, ir.Index, ir.ArrayView, ir.AmpArray, ir.Vector, ir.TiledExtent)) and \
                not _same_kind(e.type, t):
            return self.construct(t, (e,), span, [v.init.span])
        return self.convert(e, t, v.init.span, copy=True)

    def field_defaults(self, t: ir.StructType, start: int, span) -> tuple:
        """The values of fields `start`.. of a struct made without them: their default member
        initializers (`float x = 1;`), zero before the last one that has one, none after it."""
        sd = self.structs.get(t.name)
        if sd is None or not sd.field_inits or sd.host_only:    # (a host class's __init__ sets them)
            return ()
        fields = sd.fields[start:]
        last = max((k for k, (py, _) in enumerate(fields) if py in sd.field_inits), default=-1)
        out = []
        for py, ft in fields[:last + 1]:
            if py in sd.field_inits:
                out.append(self.field_init(sd, py, ft, span))
            elif isinstance(ft, ir.Scalar):
                out.append(zero(ft, span))
            else:
                out.append(self.construct(ft, (), span, []))
        return tuple(out)

    def init_list(self, t: ir.Type, il: A.InitList) -> ir.Expr:
        if isinstance(t, ir.Scalar):
            if len(il.items) > 1:
                self.error("init-list", "excess elements in scalar initializer", il.items[1].span)
            if not il.items:
                return ir.Const(il.span, t, 0.0 if t.is_float else 0)
            return self.convert(self.expr(il.items[0]), t, il.items[0].span, narrowing=True)
        if isinstance(t, ir.StructType) and t.name in self.structs and self.structs[t.name].ctors:
            return CL.construct(self, t, tuple(self.expr(i) for i in il.items), il.span, [i.span for i in il.items])
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
            return ir.Construct(il.span, t, tuple(args) + self.field_defaults(t, len(args), il.span))
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
            if t.size is not None and len(il.items) > t.size:
                self.error("init-list", f"too many initializers for '{t}'", il.items[t.size].span)
            items = tuple(self.convert(self.expr(i), t.elem, i.span, copy=True) if not isinstance(i, A.InitList)
                          else self.init_list(t.elem, i) for i in il.items)
            return ir.Construct(il.span, t, (ir.Construct(il.span, ir.CArray(t.elem, (len(items),)), items),))
        if isinstance(t, (ir.Extent, ir.Index)):
            return self.construct(t, tuple(self.expr(i) for i in il.items), il.span, [i.span for i in il.items])
        self.unsupported(f"brace initialisation of '{t}' is", il.span)

    # ---- construction of library and struct values --------------------------------------------
    def construct(self, t: ir.Type, args: tuple, span: Span, spans: list) -> ir.Expr:
        area = areas.owner(t)
        if area is not None and area.construct is not None:     # a library class
            return area.construct(self, t, args, span, spans)
        if isinstance(t, ir.Scalar):
            if len(args) > 1:
                self.error("ctor-args", f"too many arguments to initialise '{t}'", span)
            if not args:
                return ir.Const(span, t, 0.0 if t.is_float else 0)
            return self.convert(args[0], t, span, explicit=True)
        if isinstance(t, ir.TiledExtent):
            return TL.construct(self, t, args, span, spans)
        if isinstance(t, ir.Extent) and len(args) == 1 and isinstance(args[0].type, ir.TiledExtent):
            return self.convert(args[0], t, spans[0])       # a tiled_extent is an extent
        if isinstance(t, (ir.Extent, ir.Index)) and len(args) > 3:        # (Visual Studio's C2661)
            self.error("ctor-args", f"'{t}' has no constructor from {len(args)} components: C++ AMP's take "
                       "1 to 3", span, help=f"make it from an array: int c[] = {{...}}; {t} x(c);")
        if isinstance(t, (ir.Extent, ir.Index)) and len(args) == 1 and isinstance(args[0].type, ir.CArray):
            arr = args[0]                   # `extent<4> e(dims)`: the components from an int array
            if not (isinstance(arr.type.elem, ir.Scalar) and arr.type.elem.is_int) or len(arr.type.dims) != 1 \
                    or arr.type.dims[0] < t.rank:
                self.error("ctor-args", f"'{t}' is made from an array of at least {t.rank} ints, not '{arr.type}'",
                           spans[0])
            args = tuple(ir.ElementRef(spans[0], arr.type.elem, arr, (ir.Const(spans[0], ir.INT, k),))
                         for k in range(t.rank))
            spans = [spans[0]] * t.rank
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
        if isinstance(t, ir.StructType) and t.name in self.structs and self.structs[t.name].ctors:
            return CL.construct(self, t, args, span, spans)
        if isinstance(t, ir.StructType):
            if args and len(args) == 1 and args[0].type == t:
                return ir.Copy(span, t, args[0]) if is_lvalue(args[0]) else args[0]
            if args and U.is_pair(t):
                return U.construct_pair(self, t, args, span, spans)
            if args:
                self.unsupported(f"constructing '{t.name}' with arguments is", span,
                                 help="use aggregate initialisation with braces")
            return ir.Construct(span, t, self.field_defaults(t, 0, span))
        if isinstance(t, (ir.ArrayView, ir.AmpArray)):
            k = next((i for i, a in enumerate(args) if a.type == AC.VIEW), None)
            if k is not None and type(t) is ir.AmpArray:    # array(..., view[, associated | access_type])
                array = self.construct_view(t, args[:k], span, spans[:k])
                return AC.placed(self, array, list(args[k:]), spans[k:], span)
            return self.construct_view(t, args, span, spans)
        if isinstance(t, ir.Pointer):
            self.unsupported("pointer variables are", span)
        self.unsupported(f"constructing '{t}' is", span)

    def construct_view(self, t, args, span, spans) -> ir.Expr:
        """array_view<T,N>(extent, src) / (e0[, e1[, e2]], src) / (extent); array<T,N>(...);
        texture<T,N>(...) as array; texture_view<T,N>(texture)."""
        of_texture = [a for a in args if isinstance(a.type, (ir.Texture, ir.TextureView))]
        if isinstance(t, ir.TextureView) and (len(args) != 1 or not of_texture) or \
                type(t) is ir.ArrayView and of_texture:
            shown = ", ".join(str(a.type) for a in args)
            self.error("ctor-args", f"no constructor of '{t}' takes ({shown})", span,
                       help="a texture_view is made from a texture; a texture's data is read through "
                            "a texture_view or the texture itself, not an array_view" if args else None)
        if isinstance(t, ir.Texture):
            made = V.texture_construct(self, t, list(args), list(spans), span)
            if made is not None:
                return made
        out = []
        dims = []
        for a, s in zip(args, spans):
            at = a.type
            if isinstance(at, ir.TiledExtent):          # a tiled_extent is an extent (its base class)
                a = self.convert(a, ir.Extent(len(at.dims)), s)
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
                owner = ir.root_symbol(a)
                if type(t) is ir.ArrayView and not t.const and isinstance(at, ir.Pointer) and owner is not None \
                        and owner.const_target:                               # (Visual Studio's C2228)
                    self.error("type-mismatch", f"cannot make '{t}' over '{owner.name}', a pointer to const data", s,
                               help=f"declare it array_view<const {t.elem}, {t.rank}>")
                if isinstance(at, (ir.AmpArray, ir.ArrayView)) and at.rank != t.rank:    # (C2664)
                    self.error("rank-mismatch", f"cannot make '{t}' from '{at}': the ranks differ", s,
                               help="use view_as<N>() to view the data with another rank")
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
        if isinstance(t, ir.ArrayView) and type(t) is ir.ArrayView and len(out) == 1 and \
                isinstance(out[0].type, ir.ArrayView) and out[0].type.const and not t.const:
            self.error("type-mismatch", f"cannot make '{t}' from '{out[0].type}': it would drop 'const'", span,
                       help=f"declare it array_view<const {t.elem}, {t.rank}>")     # (Visual Studio's C2664)
        if type(t) is ir.ArrayView and len(out) == 1 and isinstance(out[0].type, ir.Extent) and self.in_amp():
            self.error("amp-restrict", f"'{t}' without a data source cannot be made in restrict(amp) code", span,
                       help="make the view on the host and capture it")    # (its constructor is restrict(cpu): C3930)
        V.oversized_source(self, t, out, span)
        return ir.Construct(span, t, tuple(out))


def _element_of(rng: ir.Expr, i: ir.Expr, span: Span) -> ir.ElementRef:
    """Element `i` of a vector or C array; of a row `m[r]` of a C array, `m[r, i]` (one access
    with all its indices, as `library.subscript` makes them)."""
    t = rng.type
    if isinstance(t, ir.Vector):
        return ir.ElementRef(span, t.elem, rng, (i,))
    if isinstance(rng, ir.ElementRef) and isinstance(rng.base.type, ir.CArray) and \
            len(rng.indices) < len(rng.base.type.dims):
        rng, indices = rng.base, rng.indices + (i,)
    else:
        indices = (i,)
    dims = rng.type.dims
    return ir.ElementRef(span, t.elem if len(indices) == len(dims) else ir.CArray(t.elem, dims[len(indices):]),
                         rng, indices)


def _same_kind(a: ir.Type, b: ir.Type) -> bool:
    return type(a) is type(b)


def _inside_loop(root, node) -> bool:
    for n in ir.walk(root):
        if isinstance(n, (ir.For, ir.While, ir.DoWhile, ir.Switch)) and n is not root:
            if any(x is node for x in ir.walk(n)):
                return True
    return False



def _without_breaks(stmts: list) -> list:
    """A switch case's statements (ending in a jump) with each `break` of the switch nested in
    an `if` or a block gone: what follows the `if` moves into both its branches, each cut at its
    own first `break`, so every path does what it did, and the case ends where a `break` stood."""
    out = []
    for i, st in enumerate(stmts):
        if isinstance(st, ir.Break):
            return out
        if not (isinstance(st, (ir.Block, ir.If)) and ir.has_jump(st, ir.Break)):
            out.append(st)
            continue
        rest = list(stmts[i + 1:])              # (cut again at the first break of each path)
        if isinstance(st, ir.Block):
            return out + _without_breaks(list(st.body) + rest)
        then = ir.Block(st.then.span, tuple(_without_breaks(_stmts_of(st.then) + rest)))
        else_ = ir.Block(st.span, tuple(_without_breaks(_stmts_of(st.else_) + rest)))
        return out + [dataclasses.replace(st, then=then, else_=else_)]
    return out


def _stmts_of(st) -> list:
    if st is None:
        return []
    return list(st.body) if isinstance(st, ir.Block) else [st]


def _const_target(t) -> bool:
    """`const T* p`: a pointer through which C++ does not let the program write."""
    return isinstance(t, A.PointerType) and isinstance(t.base, A.TypeName) and t.base.const


def _const_declared(t) -> bool:
    """`const T x`, `const T a[N]`, `T* const p`: a variable C++ does not let be assigned."""
    while isinstance(t, A.ArrayType):
        t = t.base
    return isinstance(t, (A.TypeName, A.PointerType)) and t.const


def _outlives_return(v: ir.Expr, this: ir.Symbol | None) -> bool:
    """A struct or vector lvalue that lives on after the function returns (`*this`, a member, a
    global, a static local, what a reference parameter names, an element): returning it by value
    copies it.  A plain local or by-value parameter ends with the function, so it is returned as it is."""
    if not (isinstance(v.type, (ir.StructType, ir.Vector)) and is_lvalue(v)):
        return False
    if isinstance(v, ir.Var):
        sym = v.sym
        return sym is this or not (sym.kind in ("local", "param") and not sym.by_ref and "static" not in sym.storage)
    return True
