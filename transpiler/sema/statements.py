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
from .context import SemaError
from ..ir.queries import is_lvalue, negate
from . import exceptions as E
from . import lambdas as LM
from .lambdas import AUTO
from . import strings as S
from . import streams as ST
from . import lifetimes as LT
from . import local_classes as LC
from .scope import Alias, Scope
from .arithmetic import promote


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
        return ir.Block(c.span, tuple(LT.destroyed_at_scope_end(self, out)))

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
        if isinstance(s, A.LocalFunctionDecl):      # its types are checked; it declares, no code
            self.resolve_type(s.decl.return_type)
            for p in s.decl.params:
                self.resolve_type(p.type)
            return []
        if isinstance(s, A.DecltypeStmt):
            self.decltype(s.expr, s.span)   # (checked, never run: no code)
            return []
        self.unsupported("this kind of statement is", s.span)

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
            if isinstance(rt, ir.Container) and rt.kind in ("queue", "stack", "priority_queue"):
                self.error("type-mismatch", f"'{rt}' has no begin() and end(): a range-based for loop cannot "
                                            "go over it", s.range.span)
            if not isinstance(rt, (ir.Vector, ir.CArray, ir.StdString, ir.Container)):
                self.unsupported(f"a range-based for loop over '{rt}' is", s.range.span,
                                 help="amppy loops over a std::vector, a C array, a std::string or a standard "
                                      "container")
            if not is_lvalue(rng):          # a temporary: the loop runs over its one value
                values = f"{s.var.name}_values"
                tmp = ir.Symbol(values, self.fn.py.fresh(values, self.scope), rt, "local", s.range.span)
                out.append(ir.VarDecl(s.range.span, tmp, rng))
                rng = ir.Var(s.range.span, rt, tmp)
            if isinstance(rt, ir.Container):
                out.append(self.range_for_iterators(s, rng))
                return out
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
            if isinstance(rt, ir.StdString) and isinstance(s.var.type, A.ReferenceType) and \
                    not (isinstance(s.var.type.base, A.TypeName) and s.var.type.base.const):
                self.unsupported("a non-const reference to a character of a std::string is", s.var.span)
            first = self.loop_variable(s, element)
            body = self.as_block(s.body)
            body = ir.Block(body.span, first + body.body)
            out.append(ir.For(sp, (ir.VarDecl(sp, i, ir.Const(sp, size_t, 0)),),
                              ir.Binary(sp, ir.BOOL, "<", iv, count), (ir.IncDec(sp, size_t, "++", True, iv),), body))
            return out
        finally:
            self.scope = saved

    def loop_variable(self, s: A.RangeFor, element: ir.Expr) -> tuple:
        """A range-for's variable for one element: `T& x` names the element itself (nothing to
        declare), `T x`/`auto x` is a copy declared at the top of the body (the statements returned)."""
        t = self.resolve_type(s.var.type)
        if isinstance(t, ir.Library) and t.name == "auto":
            t = element.type
        if isinstance(s.var.type, A.ReferenceType):
            if t != element.type:
                self.error("type-mismatch", f"cannot bind a '{s.var.type}' reference to an element of type "
                                            f"'{element.type}'", s.var.span)
            const = isinstance(s.var.type.base, A.TypeName) and s.var.type.base.const
            self.scope.define(s.var.name, Alias(element, s.var.name if const else None))
            return ()
        x = ir.Symbol(s.var.name, self.fn.py.fresh(s.var.name, self.scope), t, "local", s.var.name_span)
        self.scope.define(s.var.name, x)
        return (ir.VarDecl(s.var.span, x, self.convert(element, t, s.range.span, copy=True)),)

    def range_for_iterators(self, s: A.RangeFor, rng: ir.Expr) -> ir.Stmt:
        """`for (T x : c)` over a map, set, list, ...: C++'s own expansion, an iterator from
        `c.begin()` to `c.end()` (`auto __it = c.begin(); __it != c.end(); ++__it`, `T x = *__it`)."""
        from .std_containers import iterator
        rt: ir.Container = rng.type
        sp = s.span
        it_t = iterator(self, rt, sp)
        it = ir.Symbol("it", self.fn.py.fresh(f"{s.var.name}_it", self.scope), it_t, "local", s.var.name_span)
        iv = ir.Var(sp, it_t, it)
        element = ir.ElementRef(sp, it_t.elem, iv, (ir.Const(sp, ir.INT, 0),))
        first = self.loop_variable(s, element)
        body = self.as_block(s.body)
        body = ir.Block(body.span, first + body.body)
        end = ir.LibCall(sp, it_t, "end", rng, ())
        return ir.For(sp, (ir.VarDecl(sp, it, ir.LibCall(sp, it_t, "begin", rng, ())),),
                      ir.LibCall(sp, ir.BOOL, "!=", iv, (end,)), (ir.IncDec(sp, it_t, "++", True, iv),), body)

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
            if self.in_amp():                   # (Visual C++'s C3930: no restrict(amp) operator delete)
                self.error("amp-restrict", "'operator delete' cannot be called in restrict(amp) code", node.span,
                           help="restrict(amp) code has no heap: use locals, or arrays made on the host")
            target = self.expr(node.operand)
            if not isinstance(target.type, ir.Pointer):
                self.error("type-mismatch", f"cannot delete expression of type '{target.type}'", node.span)
            if isinstance(target.type.elem, ir.StructType) and not target.type.owner and not self.in_amp() and (
                    LT.has_destructor(self, target.type.elem) or LT.virtual_destructor(self, target.type.elem)):
                # its destructors run first (a virtual one: the object's class's)
                for d in LT.destructors(self, target.type.elem):
                    self.call_sites.append((d, node.span, False))
                    self.fn.calls.append(d)
                gone = ir.LibCall(node.span, ir.Void(), "destroy_object", None, (target,))
                return [ir.ExprStmt(node.span, gone), ir.Delete(node.span, target)]
            return [ir.Delete(node.span, target)]
        if isinstance(node, A.Throw):
            return [E.throw(self, node)]
        return [ir.ExprStmt(node.span, self.discarded(node))]


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




def _outlives_return(v: ir.Expr, this: ir.Symbol | None) -> bool:
    """A struct or vector lvalue that lives on after the function returns (`*this`, a member, a
    global, a static local, what a reference parameter names, an element): returning it by value
    copies it.  A plain local or by-value parameter ends with the function, so it is returned as it is."""
    if not (isinstance(v.type, (ir.StructType, ir.Vector, ir.Container)) and is_lvalue(v)):
        return False
    if isinstance(v, ir.Var):
        sym = v.sym
        return sym is this or sym.const_ref or not (sym.kind in ("local", "param") and not sym.by_ref and
                                                    "static" not in sym.storage)
    return True
