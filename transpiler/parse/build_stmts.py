"""AST builders for statements.

One method per grammar rule (see `amppy.parse.build_base`): the rule's position
and children in, an `amppy.parse.ast` statement out.  `amppy.parse.builders.ToAst`
combines these with the declaration and expression builders.
"""
from __future__ import annotations

from . import ast as A
from .build_base import TOKENS, BuilderBase, Decl, Marker


class StmtBuilders(BuilderBase):
    """The builders of the statement rules."""

    def compound(self, meta, ch):
        items = []
        for c in ch:
            if isinstance(c, list):
                items.extend(c)
            elif isinstance(c, Marker) and c.kind == "declarations":   # `int a = 1, f(int);`
                items.extend(A.LocalFunctionDecl(x.span, x) if isinstance(x, A.FunctionDef) else x
                             for x in c.value)
            elif c is not None:
                items.append(c)
        return A.Compound(self.sp(meta), tuple(items))

    def decltype_stmt(self, meta, ch):
        return A.DecltypeStmt(self.sp(meta), next(c for c in ch if not isinstance(c, TOKENS)))

    def expr_stmt(self, meta, ch):
        return A.ExprStmt(self.sp(meta), ch[0] if ch else None)

    def condition_decl(self, meta, ch):
        """`T x = e` in `if (...)`, `switch (...)`: a declaration whose variable is the condition."""
        init = ("{}", ch[-1]) if isinstance(ch[-1], A.InitList) else ("=", ch[-1])
        decl = self.declaration(meta, [*ch[:-2], (ch[-2], init, self.sp(meta))])
        return Marker("condition_decl", decl, self.sp(meta))

    def _declared_condition(self, span, cond, make):
        """`if (T x = e) s`: `{ T x = e; if (x) s }` (x lives as long as the statement); `make(cond)`
        builds the statement."""
        if not (isinstance(cond, Marker) and cond.kind == "condition_decl"):
            return make(cond)
        decl = cond.value
        var = decl.decls[0]
        return A.Compound(span, (decl, make(A.Name(var.name_span, var.name, ()))))

    def if_stmt(self, meta, ch):
        parts = [c for c in ch if not isinstance(c, TOKENS)]
        return self._declared_condition(self.sp(meta), parts[0], lambda cond: A.If(
            self.sp(meta), cond, parts[1], parts[2] if len(parts) > 2 else None))

    def while_stmt(self, meta, ch):
        if isinstance(ch[1], Marker):       # `while (T x = e) s`: `while (true) { T x = e; if (!x) break; s }`
            sp, decl = self.sp(meta), ch[1].value
            var = decl.decls[0]
            stop = A.If(sp, A.Unary(sp, "!", A.Name(var.name_span, var.name, ())), A.Break(sp), None)
            return A.While(sp, A.BoolLit(sp, True), A.Compound(sp, (decl, stop, ch[2])))
        return A.While(self.sp(meta), ch[1], ch[2])

    def do_stmt(self, meta, ch):
        return A.DoWhile(self.sp(meta), ch[1], ch[3])

    def for_init(self, meta, ch):
        c = ch[0]
        return None if isinstance(c, A.ExprStmt) and c.expr is None else c

    def for_stmt(self, meta, ch):
        # FOR for_init [cond] [step] body: the grammar's `[x]` gives None for an absent part
        return A.For(self.sp(meta), ch[1], ch[2], ch[3], ch[4])

    def range_for(self, meta, ch):
        storage = tuple(c.value for c in ch if isinstance(c, Marker))
        base = next(c for c in ch if isinstance(c, A.TypeName))
        d = next(c for c in ch if isinstance(c, Decl))
        var = A.VarDecl(d.span, d.name, d.span, d.wrap(base), storage, None, None)
        return A.RangeFor(self.sp(meta), var, ch[-2], ch[-1])

    def switch_stmt(self, meta, ch):
        return self._declared_condition(self.sp(meta), ch[1], lambda cond: A.Switch(self.sp(meta), cond, ch[2]))

    def case_label(self, meta, ch):
        return A.Case(self.sp(meta), ch[1])

    def default_label(self, meta, ch):
        return A.Case(self.sp(meta), None)

    def return_stmt(self, meta, ch):
        return A.Return(self.sp(meta), ch[1] if len(ch) > 1 else None)

    def break_stmt(self, meta, ch):
        return A.Break(self.sp(meta))

    def continue_stmt(self, meta, ch):
        return A.Continue(self.sp(meta))

    def goto_stmt(self, meta, ch):
        return A.Goto(self.sp(meta), ch[1].value)

    def labeled_stmt(self, meta, ch):
        return A.Label(self.sp(meta), ch[0].value, ch[1])

    def try_stmt(self, meta, ch):
        return A.Try(self.sp(meta), ch[1], tuple(ch[2:]))

    def handler(self, meta, ch):
        p = ch[1] if isinstance(ch[1], A.Param) else None
        return (p, ch[-1])
