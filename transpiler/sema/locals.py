"""Local declarations (a part of the `Analyser`): local variables, references, `static` and
`tile_static` locals, and their initialisers (default values, brace lists, constructor calls)."""

from __future__ import annotations

import dataclasses
import math


from ..parse import ast as A
from .. import ir
from ..source import Span
from . import constexpr as CX
from . import constness as CN
from .context import ERROR_TYPE, SemaError
from ..ir.queries import is_lvalue, is_lvalue_conditional, returns_reference
from .calls import reference_object
from .hierarchy import lineage
from . import ppl as PPL
from . import std_containers as SC
from . import random as R
from . import strings as S
from . import memory as M
from . import streams as ST
from . import classes as CL
from . import fnptr as FP
from . import accelerators as AC
from .scope import Alias
from .arithmetic import zero


class LocalDeclarations:
    # ---- declarations --------------------------------------------------------------------------
    def sized_type(self, v: A.VarDecl) -> A.TypeRef:
        """`int a[] = {1, 2, 3};` declares `int a[3]`: the size comes from the initializer."""
        t = v.type
        if isinstance(t, A.ArrayType) and isinstance(v.init, A.StringLit):     # `char s[16] = "abc";`
            self.unsupported("character arrays initialised from strings are", v.span,
                             help="use a std::string, or a `const char*` pointing at the literal")
        if isinstance(t, A.ArrayType) and t.size is None:
            if isinstance(v.init, A.InitList):
                n = A.IntLit(v.init.span, len(v.init.items), str(len(v.init.items)), False, 0)
                return A.ArrayType(t.span, t.base, n)
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
        spelled = self.spelled_reference(v.type)
        if spelled is not v.type:                   # `IntRef r = v;` of `typedef int& IntRef;`
            v = dataclasses.replace(v, type=spelled)
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
            try:
                return self.local_reference(v, t)   # (a reference to a function is the function)
            except SemaError:
                if v.name not in self.scope.names:
                    self.scope.define(v.name, ir.Symbol(v.name, v.name, ERROR_TYPE, "local", v.name_span))
                raise                               # (declared anyway: no "undeclared" at its uses)
        if "mutable" in v.storage:          # (Visual Studio's C2071; reported, and declared all the same)
            self.sink.error("bad-specifier", CN.MUTABLE_MISPLACED, v.span)
        if "static" in v.storage and self.in_amp():     # reported, but declared (no follow-on errors)
            self.sink.error("amp-restrict", "static variables are not allowed in restrict(amp) code", v.span)
        if "tile_static" in v.storage:
            return [self.tile_static(v, t, decl_span.to(v.span) if decl_span else v.span)]
        self.check_redefinition(v.name, v.name_span)
        if "static" in v.storage and not self.in_amp():
            return self.static_local(v, t)
        const = isinstance(v.type, A.TypeName) and (v.type.const or "constexpr" in v.storage)
        sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "local", v.name_span,
                        storage=v.storage, readonly=_const_declared(v.type), const_target=_const_target(v.type))
        try:
            init = self.initializer(sym, v)
        except SemaError:
            self.scope.define(v.name, sym)      # declared anyway: no follow-on 'undeclared' errors
            raise
        if const and init is not None:
            sym.const_value = CX.fold(self, init)
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
        by_call = returns_reference(e) and reference_object(self, t)      # `auto& a = obj.arr();`
        if returns_reference(e) and not by_call and not const:
            self.unsupported(f"a non-const reference to the '{e.type}' a function returns is", v.init.span,
                             help="use the function's result where the reference is used")
        elif not is_lvalue(e) and not by_call or isinstance(e, ir.Var) and e.sym.kind == "const":
            # a class temporary binds to a non-const reference in Visual C++ (warning C4239)
            if not const and not (ir.is_class_type(t) and ir.is_class_type(e.type)):
                self.error("ref-binding", f"non-const reference to '{t}' cannot bind to a temporary", v.init.span,
                           help="bind it to a variable, or make it const")
            sym = ir.Symbol(v.name, self.fn.py.fresh(v.name, self.scope), t, "const" if const else "local",
                            v.name_span)
            init = self.convert(e, t, v.init.span, copy=True)
            sym.const_value = CX.fold(self, init)
            self.scope.define(v.name, sym)
            return [ir.VarDecl(v.span, sym, init)]
        if e.type != t and not (isinstance(t, ir.StructType) and CL.derives(self, e.type, t)):
            self.error("ref-binding", f"a reference to '{t}' cannot bind to a value of type '{e.type}'", v.init.span)
        bound = CN.const_owner(self, e) if not const else None
        if bound is not None:               # a const variable, reference parameter, `*this` (or a part)
            self.error("ref-binding", f"a non-const reference to '{t}' cannot bind to {bound}, which is const",
                       v.init.span, help="make the reference const")
        if isinstance(t, (ir.AmpArray, ir.ArrayView)) and not isinstance(e, ir.Var) or by_call:
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
        if e.type != t and isinstance(t, ir.StructType) and _hides_fields(self, e.type):
            e = CL.upcast(self, e, t)       # `A& a = b;` of a class whose fields hide A's: A's part
        self.scope.define(v.name, Alias(e, v.name if const else None))
        return []

    def check_redefinition(self, name: str, span: Span) -> None:
        """`int x = 1; int x = 2;` in one block (or a local named like a parameter) is an error."""
        prev = self.scope.names.get(name)
        if isinstance(prev, Alias) or \
                isinstance(prev, ir.Symbol) and prev.kind in ("local", "param", "global") and prev.type != ERROR_TYPE:
            self.error("redefinition", f"redefinition of '{name}'", span,
                       help="give the second variable another name, or assign to the first")

    def static_local(self, v: A.VarDecl, t: ir.Type) -> list[ir.Stmt]:
        """`static int n = 0;` in a host function: one variable for all calls, initialised once.
        It lives at module level under a name that says whose it is (`counter_n`).  An
        initialiser that calls code or reads variables (`static int i = std::ios_base::xalloc();`)
        runs where C++ runs it: the first time control passes the declaration, behind a flag."""
        owner = self.fn.py_base or self.fn.name         # `f_8_2_r`: each template instance has its own
        const = isinstance(v.type, A.TypeName) and (v.type.const or "constexpr" in v.storage)     # (a constant, as a global const is)
        sym = ir.Symbol(v.name, self.module_names.unique(f"{owner}_{v.name}"), t, "const" if const else "global",
                        v.name_span, storage=v.storage)
        try:
            init = self.initializer(sym, v)
        except SemaError:
            self.scope.define(v.name, sym)  # (declared all the same: no "undeclared" at its uses)
            raise
        if init is not None and any(isinstance(x, ir.Var) and x.sym.kind != "library" or
                                    isinstance(x, (ir.Call, ir.Invoke, ir.LibCall)) for x in ir.walk(init)) \
                and CX.fold(self, init) is None:
            return self.static_local_on_first_pass(v, sym, init, const)
        if init is None and isinstance(t, ir.Scalar):
            init = zero(t, v.span)
        if const and init is not None:
            sym.const_value = CX.fold(self, init)
        self.global_vars.append(ir.GlobalVar(sym, init))
        self.scope.define(v.name, sym)
        return []

    def static_local_on_first_pass(self, v: A.VarDecl, sym: ir.Symbol, init: ir.Expr, const: bool) -> list[ir.Stmt]:
        """`if not f_i_ready: f_i = init; f_i_ready = True` where the declaration stands (C++'s
        rule for a static local's dynamic initialisation), the variable and its flag at module level."""
        sym.kind, sym.readonly = "global", sym.readonly or const
        ready = ir.Symbol(f"{v.name}_ready", self.module_names.unique(f"{sym.py_name}_ready"), ir.BOOL, "global",
                          v.name_span)
        sp = v.span
        self.global_vars.append(ir.GlobalVar(ready, ir.Const(sp, ir.BOOL, False)))
        self.global_vars.append(ir.GlobalVar(sym, zero(sym.type, sp) if isinstance(sym.type, ir.Scalar)
                                             else ir.Const(sp, ir.Pointer(ir.Void()), None)))
        self.scope.define(v.name, sym)
        first = (ir.ExprStmt(sp, ir.Assign(sp, sym.type, "=", ir.Var(sp, sym.type, sym), init, sym.type)),
                 ir.ExprStmt(sp, ir.Assign(sp, ir.BOOL, "=", ir.Var(sp, ir.BOOL, ready), ir.Const(sp, ir.BOOL, True), ir.BOOL)))
        return [ir.If(sp, ir.Unary(sp, ir.BOOL, "!", ir.Var(sp, ir.BOOL, ready)), ir.Block(sp, first), None)]

    def tile_static(self, v: A.VarDecl, t: ir.Type, span: Span) -> ir.Stmt:
        k = self.fn.kernel
        helper = k is None and set(self.fn.restrict) == {"amp"}     # a restrict(amp) function: C++ AMP allows it
        if (k is None or k.tile_dims is None) and not helper:
            from ..cxx.amp_rules import type_problems     # (a class amp code cannot hold: C3581 first)
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
        limit = 256 if self.fn is not None and "cpu" in self.fn.restrict else 1 << 16   # (the host writes each)
        if self.in_amp() and math.prod(t.dims) <= limit:     # (kernels call it in a loop nest: kernel_structs)
            def each(dims):
                if len(dims) == 1:
                    return (one,) * dims[0]
                return (ir.Construct(span, ir.CArray(elem, dims[1:]), each(dims[1:])),) * dims[0]
            return ir.Construct(span, t, each(t.dims))
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
            if isinstance(t, (ir.StructType, ir.Vector, ir.Container, ir.Extent, ir.Index, ir.StdString, ir.Duration)) or \
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
        if isinstance(t, (ir.Extent, ir.Index, ir.ArrayView, ir.AmpArray, ir.Vector, ir.Container, ir.TiledExtent)) and \
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
        if isinstance(t, ir.Container) and t.kind not in ("queue", "stack", "priority_queue"):
            vt = SC.value_type(self, t, il.span)        # `std::map<int, char> m = {{1, 'a'}, {2, 'b'}}`
            items = tuple(self.init_list(vt, i) if isinstance(i, A.InitList)
                          else self.convert(self.expr(i), vt, i.span, copy=True) for i in il.items)
            return self.construct(t, (ir.Construct(il.span, ir.CArray(vt, (len(items),)), items),), il.span, [il.span])
        self.unsupported(f"brace initialisation of '{t}' is", il.span)


def _same_kind(a: ir.Type, b: ir.Type) -> bool:
    return type(a) is type(b)


def _const_target(t) -> bool:
    """`const T* p`: a pointer through which C++ does not let the program write."""
    return isinstance(t, A.PointerType) and isinstance(t.base, A.TypeName) and t.base.const


def _const_declared(t) -> bool:
    """`const T x`, `const T a[N]`, `T* const p`: a variable C++ does not let be assigned."""
    while isinstance(t, A.ArrayType):
        t = t.base
    return isinstance(t, (A.TypeName, A.PointerType)) and t.const


def _hides_fields(a, t: ir.Type) -> bool:
    """Class `t` (or a class between it and its bases) has a field named like a base's."""
    return any(sd.hiding for sd in lineage(a, t))

