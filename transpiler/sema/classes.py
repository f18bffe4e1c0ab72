"""Classes: member functions, constructors, operators (C++ classes and structs with code).

A member function is a function whose first parameter is the object, `this` (Python `self`):
by reference for an ordinary member function (its changes reach the caller's object), by
value for a `const` one.  A constructor is a function that makes the object and returns it:

    struct V {                                   def V_new_float_float(x, y):     (IR, as text)
        float x, y;                                  self = V()  (zeroed)
        V(float x_, float y_) : x(x_), y(y_) {}      self.x = x_;  self.y = y_
        float dot(const V& o) const {...}            return self
        V& operator+=(const V& o) {...}          def V_dot(self, o) ...
    };                                           def V_op_iadd(self&, o) ...

so one IR serves every target: the host emits a member function as a method of the struct's
Python class (`a.dot(b)`, a constructor as `V.new(...)`), the kernel targets as a function of
the struct's fields (`V_dot(a_x, a_y, b_x, b_y)`; a reference `this` comes back as results).

Inside a member function a field's bare name is `this->field`, and a member function's bare name
calls it on `this`.  `a + b` on a class calls `operator+` (a member, or a free function of two
parameters); `a += b`, `-a`, `a == b`, `a[i]` and `f(x)` on a functor likewise.  Constructors
run where C++ runs them: `V v(1, 2);`, `V v = V(1, 2);`, `V{1, 2}`, `V v;` (the default one),
and each member initializer in declaration order.  Overloaded member functions and
constructors go through `sema.overloads`.
"""
from __future__ import annotations

import re

from dataclasses import replace

from ..parse import ast as A
from .. import ir
from .hierarchy import derives, downcast, further_base, upcast  # noqa: F401  (CL.derives, CL.upcast, ...)
from ..ir.queries import is_lvalue
from ..names import OPERATORS, field_name, free_py_name  # noqa: F401  (CL.OPERATORS, CL.free_py_name)
from ..source import Span
from . import access, constness, functors
from . import local_classes as LC
from . import special_members as SM
from . import overloads as O
from . import properties as PR
from . import traits as TR
from . import templates as T
from .context import SemaError
from .scope import Scope
from .arithmetic import zero

class Member:
    """A field's bare name inside a member function: `x` is `this->x`."""

    def __init__(self, this: ir.Symbol, py: str, type: ir.Type, via: tuple = (), cxx: str = ""):
        self.this, self.py, self.type, self.cxx = this, py, type, cxx
        self.via = via                      # (field, type) of the parts it is reached through


class MemberFunctions:
    """A member function's bare name inside a member function: `f(...)` is `this->f(...)`."""

    def __init__(self, syms: list):
        self.syms = syms


def struct_type(sd: ir.StructDef) -> ir.StructType:
    return ir.StructType(sd.name, sd.py_name)


def _py_base(m: A.FunctionDef, operands: int) -> str:
    if m.kind == "ctor":
        return "new"
    if m.kind == "dtor":
        return "destroy"
    if m.kind == "conversion":              # `operator float`: to_float
        return "to_" + "_".join(w for w in re.split(r"\W+", m.name[len("operator "):]) if w)
    return free_py_name(m.name, operands)


# ---- declaring ----------------------------------------------------------------------------------
def static_member(a, sd: ir.StructDef, x: A.VarDecl, t: ir.Type) -> None:
    """`static int made;` in a class: one global variable, `made` inside the class and `S::made`
    outside; its value is set where the program defines it (`int S::made = 0;`), else zero."""
    sym = ir.Symbol(x.name, a.module_names.fresh(f"{sd.py_name}_{x.name}", a.globals), t, "global", x.name_span,
                    storage=("static",))
    sd.constants[x.name] = sym
    a.scope.define(x.name, sym)
    # (an array or view has no default constructor: the definition `array<int, 1> S::a(n);` makes it)
    init = zero(t, x.span) if isinstance(t, ir.Scalar) else \
        None if isinstance(t, (ir.Pointer, ir.String, ir.AmpArray, ir.ArrayView)) else a.construct(t, (), x.span, [])
    a.global_vars.append(ir.GlobalVar(sym, init))


def define_static_member(a, d: A.StaticMemberDef) -> None:
    """`int S::made = 0;`: the initial value of a static data member."""
    sd = a.structs.get(d.owner)
    sym = sd.constants.get(d.name) if sd is not None else None
    if sym is None or sym.kind != "global":
        a.error("no-member", f"no static data member '{d.name}' in '{d.owner}'", d.name_span)
    if d.init is None and d.ctor_args is None:
        return
    k = next(i for i, g in enumerate(a.global_vars) if g.sym is sym)
    if d.ctor_args is not None:             # `array<int, 1> S::a(n);`
        init = a.construct(sym.type, tuple(a.expr(x) for x in d.ctor_args), d.span, [x.span for x in d.ctor_args])
    else:
        init = a.init_list(sym.type, d.init) if isinstance(d.init, A.InitList) else \
            a.convert(a.expr(d.init), sym.type, d.init.span, copy=True)
    a.global_vars[k] = ir.GlobalVar(sym, init)


def declare_class_names(a, d: A.StructDef, sd: ir.StructDef) -> None:
    """A class's member types (`typedef`/`using`), enums, `static const` constants and
    `static_assert`s, in `a.scope` (the class's scope) as they come."""
    from .constfold import fold
    for x in list(d.others) + [f for f in d.fields if "static" in f.storage]:
        try:
            if isinstance(x, A.Typedef):
                sd.member_types[x.name] = a.resolve_type(x.type)
                if isinstance(x.type, A.ReferenceType):
                    sd.reference_types[x.name] = x.type
            elif isinstance(x, A.EnumDef):
                a.enum_def(x, owner=sd)
            elif isinstance(x, A.StaticAssert):
                a.static_assert(x)
            elif isinstance(x, A.VarDecl):
                const = isinstance(x.type, A.TypeName) and (x.type.const or "constexpr" in x.storage)
                t = a.resolve_type(x.type)
                if not (const and isinstance(t, ir.Scalar) and x.init is not None):
                    static_member(a, sd, x, t)      # one variable of the class (defined `T S::x = v;`)
                    continue
                value = fold(a.convert(a.expr(x.init), t, x.init.span))
                if value is None:
                    a.error("not-constant", f"'{x.name}' must be initialised with a constant", x.init.span)
                sym = ir.Symbol(x.name, a.module_names.fresh(f"{sd.py_name}_{x.name}", a.globals), t, "const",
                                x.name_span, const_value=value)
                sd.constants[x.name] = sym
                a.scope.define(x.name, sym)
                a.global_vars.append(ir.GlobalVar(sym, ir.Const(x.span, t, value)))
        except SemaError:
            pass


def inherit(a, d: A.StructDef, sd: ir.StructDef) -> None:
    """`struct B : public A`: A's fields come first (C++'s layout), A's member types, constants
    and member functions are B's too unless B declares the name (which hides them).  Further
    bases (`struct D : A, B`) are held as members of their class (`further_base`)."""
    sd.virtual_base = d.virtual_base
    _first_base(a, d, d.bases[0], sd)
    for name in d.bases[1:]:
        further_base(a, d, name, sd)


def _first_base(a, d: A.StructDef, name, sd: ir.StructDef) -> None:
    if isinstance(name, A.TypeName) and name.name == "iterator" and name.namespace in (("std",), ("", "std")):
        TR.iterator_base(a, name, sd)
        return
    if isinstance(name, A.TypeName):        # a template-id: `Base<int>`, `array_view<int>`
        t = a.resolve_type(name)
        if isinstance(t, (ir.ArrayView, ir.AmpArray)):
            sd.library_base = t             # held as a field (so no restrict(amp) type); its members are not yet
            sd.fields.append(("base_" + t.__class__.__name__.lower(), t))
            return
        if not isinstance(t, ir.StructType):
            a.unsupported(f"'{t}' as a base class is", name.span)
        name = t.name
        if sd in a.struct_order:            # after the base, which may just have been instantiated
            a.struct_order.remove(sd)
            a.struct_order.append(sd)
    base = a.structs.get(name)
    if base is None:
        a.error("unknown-type", f"unknown base class '{name}'", d.span)
    sd.base = name
    sd.fields.extend(base.fields)
    sd.member_types.update(base.member_types)
    sd.constants.update(base.constants)
    for cname, c in base.constants.items():
        a.scope.define(cname, c)


def check_object_type(a, t: ir.Type, span) -> None:
    """An object of a class amppy cannot make yet: one with a virtual base (whose layout and
    casts it does not model; restrict(amp) code rejects it, restrict_amp.py) or derived from a
    library class (`class J : public array_view<int>`)."""
    if isinstance(t, ir.CArray):
        t = t.elem
    sd = a.structs.get(t.name) if isinstance(t, ir.StructType) else None
    while sd is not None:
        if sd.virtual_base and not a.in_amp():
            a.unsupported(f"an object of class '{t.name}', which has a virtual base class, is", span)
        if sd.library_base is not None:
            a.unsupported(f"an object of class '{t.name}', derived from '{sd.library_base}', is", span)
        sd = a.structs.get(sd.base) if sd.base else None


def declare_members(a, d: A.StructDef, sd: ir.StructDef) -> None:
    """Declare the member functions of class `d` (their bodies are analysed after all
    declarations, as C++ analyses a class's member functions after the class)."""
    declared = {f for f, _ in sd.fields}     # (a field with an error is left out)
    inherited = dict(a.class_fields.get(sd.base, {})) if sd.base else {}
    own = {f.name: sd.hiding.get(f.name, field_name(f.name)) for f in d.fields}
    a.class_fields[sd.name] = inherited | {name: py for name, py in own.items() if py in declared}
    sd.cxx_fields = dict(a.class_fields[sd.name])
    for t in d.member_templates:            # instantiated at their calls (sema/templates.py)
        if "friend" in t.decl.storage:      # a friend template defined in the class: a free one
            from . import templates as T
            T.declare(a, replace(t, decl=replace(t.decl, storage=tuple(s for s in t.decl.storage
                                                                      if s != "friend"))))
            continue
        sd.member_templates.setdefault(SM.CTOR_TEMPLATES if t.decl.kind == "ctor" else t.decl.name, []).append(t)
    if sd.base and sd.base in a.structs:    # the base's member templates, unless hidden by one of ours
        for name, ts in a.structs[sd.base].member_templates.items():
            if name != SM.CTOR_TEMPLATES:   # (constructors are not inherited)
                sd.member_templates.setdefault(name, list(ts))
    for m in d.methods:
        try:
            if "friend" in m.storage:       # a friend defined in the class is a free function
                f = replace(m, storage=tuple(s for s in m.storage if s != "friend"))
                sym = a.declare_function(f)
                if f.body is not None:
                    a.pending_bodies.append((f, sym))
                continue
            sym = declare_member(a, sd, m)
            if "pure" in m.storage:
                a.defined.add(id(sym))      # `= 0`: the derived classes define it
            if m.body is not None and is_kernel_operator(sym):
                a.defined.add(id(sym))      # analysed as the kernel of each parallel_for_each
            elif m.body is not None:
                a.pending_bodies.append((m, sym))
        except SemaError:
            pass
    _check_dtor_restriction(a, sd)
    if sd.base:                             # the base's member functions, where not hidden
        base = a.structs[sd.base]
        for name, syms in base.members.items():
            if name not in sd.members:
                sd.members[name] = list(syms)
            elif any(s.virtual for s in syms):  # an override of a virtual function is virtual
                for s in sd.members[name]:
                    s.virtual = True
    own = {name for m in d.methods for name in [m.name]}
    for b in sd.extra_bases:                # a further base's, called on the part that holds it
        for name, syms in a.structs[b].members.items():
            if name in own and any(s.virtual for s in syms):
                a.unsupported(f"overriding the virtual function '{b}::{name}' of a second base class is", d.span)
            if name not in sd.members and not any(s.member in ("ctor", "dtor") for s in syms):
                sd.members[name] = list(syms)
        for name, ts in a.structs[b].member_templates.items():
            sd.member_templates.setdefault(name, list(ts))


def _signature(a, sd: ir.StructDef, m: A.FunctionDef):
    params = []
    for p in m.params:
        pt = a.resolve_type(p.type)
        if isinstance(pt, ir.Void) and p.name is None and len(m.params) == 1:
            continue
        params.append((p, pt))
    if m.kind == "ctor":
        ret = struct_type(sd)
    else:
        ret = a.resolve_type(m.return_type)
    return params, ret


def declare_member(a, sd: ir.StructDef, m: A.FunctionDef) -> ir.Symbol:
    m = a.with_spelled_references(m, sd)
    a.check_amp_signature(m)
    params, ret = _signature(a, sd, m)
    first = params[0][0].type if params else None
    if m.kind == "ctor" and params and params[0][1] == struct_type(sd) and isinstance(first, A.ReferenceType) and \
            isinstance(first.base, A.TypeName) and not first.rvalue:
        kinds = a.copy_ctor_kinds.setdefault(sd.name, set())
        kinds.add(first.base.const)
        if len(kinds) == 2:                 # `S(S&)` beside `S(const S&)`: amppy's types have no const
            a.unsupported(f"copy constructors of '{sd.name}' overloaded on a const and a non-const reference are",
                          m.name_span, help="keep one of them")
    static = "static" in m.storage
    member = m.kind if m.kind in ("ctor", "dtor") else ("static" if static else "method")
    this = (struct_type(sd),) if member in ("method", "dtor") else ()
    ftype = ir.Function(ret, this + tuple(pt for _, pt in params))
    restrict = LC.restriction(a, sd, m)
    group = sd.ctors if member == "ctor" else sd.members.setdefault(m.name, [])
    for prev in group:
        if prev.type == ftype and prev.restrict_ == restrict:
            a.error("redefinition", f"class member '{m.name}' cannot be redeclared", m.name_span)
        if prev.type.params == ftype.params and set(prev.restrict_) & set(restrict) and member != "ctor":
            a.error("redefinition", "functions that differ only in their return type cannot be overloaded",
                    m.name_span)
    if member == "dtor" and sd.dtor is not None:
        a.error("redefinition", f"destructor of '{sd.name}' cannot be redeclared", m.name_span)
    if m.name.startswith("operator") and m.name[len("operator"):] not in OPERATORS and m.kind != "conversion":
        a.unsupported(f"'{m.name}' is", m.name_span)
    if m.kind == "conversion" and static:
        a.error("bad-specifier", f"conversion function '{m.name}' cannot be static", m.name_span)
    base = _py_base(m, len(this) + len(params))
    if group:                               # an overload: named after its parameter types
        base += "_" + ("_".join(O.type_slug(pt) for _, pt in params) or "void")
    taken = {s.method_py for ss in sd.members.values() for s in ss} | {s.method_py for s in sd.ctors}
    method_py = field_name(base)
    while method_py in taken or method_py in sd_field_names(sd):
        method_py += "_"
    sym = ir.Symbol(m.name, a.module_names.fresh(f"{sd.py_name}_{method_py}", a.globals), ftype, "function",
                    m.name_span)
    sym.owner, sym.member, sym.method_py = sd.name, member, method_py
    sym.restrict_ = restrict
    sym.virtual = "virtual" in m.storage
    sym.explicit = "explicit" in m.storage
    sym.ret_ref = isinstance(m.return_type, A.ReferenceType)
    if sym.virtual and "amp" in restrict:
        a.error("amp-restrict", "a virtual function cannot be restrict(amp)", m.name_span,
                help="C++ AMP kernels call functions statically: drop 'virtual' or the amp restriction")
    defaults, refs, mutable = a.param_facts([p for p, _ in params])
    sym.defaults = (None,) * len(this) + defaults
    sym.ref_params = (True,) * len(this) + refs          # `this` is passed without a copy
    sym.mutable_refs = (False,) * len(this) + mutable
    if member == "dtor":
        sd.dtor = sym
    else:
        group.append(sym)
    a.member_decls[id(sym)] = m
    return sym


def _check_dtor_restriction(a, sd: ir.StructDef) -> None:
    """A destructor the class declares covers every restriction of its constructors: an object
    made in restrict(amp) code is destroyed there too (Visual Studio's C3933)."""
    if sd.dtor is None:
        return
    made = {r for c in sd.ctors for r in c.restrict_}
    if made - set(sd.dtor.restrict_):
        need = restriction_text(made | set(sd.dtor.restrict_))
        a.sink.error("amp-restrict", f"the destructor of '{sd.name}' must be {need} like its constructors, not "
                     f"{restriction_text(sd.dtor.restrict_)}", sd.dtor.span, help=f"declare it `~{sd.name}() {need}`")


def restriction_text(rs) -> str:
    """`restrict(cpu, amp)` as C++ spells it (cpu first)."""
    return f"restrict({', '.join(sorted(set(rs), key=lambda r: (r != 'cpu', r)))})"


def is_kernel_operator(sym: ir.Symbol) -> bool:
    """A function object's restrict(amp) `operator()(index<N>)` / `(tiled_index<...>)`: a kernel."""
    ps = sym.type.params
    return sym.name == "operator()" and sym.restrict_ == ("amp",) and len(ps) == 2 and \
        isinstance(ps[1], (ir.Index, ir.TiledIndex))


def sd_field_names(sd: ir.StructDef) -> set:
    return {f for f, _ in sd.fields}


def define_outside(a, d: A.FunctionDef) -> ir.Symbol:
    """`float V::dot(const V& o) const { ... }`: the member function it defines."""
    sd = a.structs.get(d.owner)
    if sd is None:
        a.unsupported(f"'{d.owner}::' (a namespace or an unknown class) is", d.name_span)
    group = sd.ctors if d.kind == "ctor" else ([sd.dtor] if d.kind == "dtor" and sd.dtor else
                                               sd.members.get(d.name, []))
    params, ret = _signature(a, sd, d)
    restrict = set(d.restrict or ("cpu",))
    mismatched = None
    for sym in group:
        decl = a.member_decls[id(sym)]
        ps = sym.type.params[1:] if sym.member in ("method", "dtor") else sym.type.params
        if tuple(pt for _, pt in params) == ps and (d.kind == "ctor" or ret == sym.type.ret) \
                and decl.const == d.const:
            if set(sym.restrict_) != restrict:
                mismatched = mismatched or sym      # (a restrict(cpu)/restrict(amp) overload may follow)
                continue
            if id(sym) in a.defined_members and a.definitions.get(id(sym), (a.unit,))[0] == a.unit:
                a.error("redefinition", f"redefinition of '{d.owner}::{d.name}'", d.name_span)
            if any(p.default is not None for p in d.params) and any(x is not None for x in sym.defaults):
                a.error("default-args", f"redefinition of the default arguments of '{d.name}'", d.name_span,
                        help="give default arguments in the declaration only")
            return sym
    if mismatched is not None:              # (Visual Studio's C3935)
        a.error("amp-restrict", f"the definition of '{d.owner}::{d.name}' is {restriction_text(restrict)}, its "
                f"declaration {restriction_text(mismatched.restrict_)}", d.name_span,
                help="give the definition the declaration's restriction specifiers")
    a.error("no-member", f"out-of-line definition of '{d.name}' does not match any declaration in '{d.owner}'",
            d.name_span)


# ---- bodies ---------------------------------------------------------------------------------------
def enter_body(a, d: A.FunctionDef, sym: ir.Symbol):
    """The scope of a member function's body (fields and member functions by bare name) and
    its `this`: a parameter, or a constructor's local object."""
    a.defined_members.add(id(sym))
    sd = a.structs[sym.owner]
    t = struct_type(sd)
    decl = a.member_decls[id(sym)]
    a.fn.py.taken.add("self")             # reserved: a C++ `self` is `self_`
    this = ir.Symbol("this", "self", t, "param" if sym.member != "ctor" else "local", d.span)
    a.fn.const_method = bool(decl.const or d.const)
    this.by_ref = not a.fn.const_method or constness.has_mutable(a, t)     # (... the mutable fields)
    outer = LC.enclosing(a, sd)
    scope = Scope(outer.scope if outer is not None else a.template_scope or a.globals,
                  "local-class" if outer is not None else "class")
    scope.where = outer.where if outer is not None else ""
    for name, c in sd.constants.items():
        scope.define(name, c)
    if sym.member != "static":
        for b, held in sd.extra_bases.items():      # a further base's fields, through the part holding it
            ht = dict(sd.fields)[held]
            for cxx, py in a.class_fields.get(b, {}).items():
                scope.define(cxx, Member(this, py, dict(a.structs[b].fields)[py], ((held, ht),), cxx))
        for cxx, py in a.class_fields[sd.name].items():
            scope.define(cxx, Member(this, py, dict(sd.fields)[py], cxx=cxx))
        for name, syms in sd.members.items():
            scope.define(name, MemberFunctions(syms))
        for name, prop in sd.properties.items():
            scope.define(name, PR.PropertyName(prop))
    else:
        for name, syms in sd.members.items():
            statics = [s for s in syms if s.member == "static"]
            if statics:
                scope.define(name, O.Overloads(name, statics))
    a.fn.this = this if sym.member != "static" else None
    return Scope(scope, "function"), this


def ctor_prologue(a, d: A.FunctionDef, sym: ir.Symbol, this: ir.Symbol) -> list:
    """A constructor's first statements: the object (zeroed, as amppy makes every struct),
    then each field from its member initializer, in declaration order as C++ does."""
    sd = a.structs[sym.owner]
    sp = d.span
    out = [ir.VarDecl(sp, this, ir.Construct(sp, this.type, ()))]
    inits = {}
    base_args = None
    for name, args, span in d.inits:
        if isinstance(name, A.TypeName):    # `: Base<T>(x)`, `: array_view<int>(n)`
            t = a.resolve_type(name)
            if sd.library_base is not None and t == sd.library_base:
                a.unsupported(f"initialising the base class '{t}' is", span)
            name = t.name if isinstance(t, ir.StructType) else str(t)
        if sd.base is not None and name == sd.base:
            base_args = (args, span)
            continue
        py = sd.extra_bases.get(name) or a.class_fields[sd.name].get(name)
        if py is None:
            a.error("no-member", f"member initializer '{name}' does not name a field of '{sd.name}'", span)
        if py in inits:
            a.error("redefinition", f"multiple initializations given for '{name}'", span)
        inits[py] = (args, span)
    for held in sd.extra_bases.values():    # a further base not named: its default constructor
        inits.setdefault(held, ((), sp))
    if sd.base is not None:                 # the base part first: its constructor, copied in
        base_t = struct_type(a.structs[sd.base])
        args, span = base_args if base_args is not None else ((), sp)
        value = a.construct(base_t, tuple(a.expr(x) for x in args), span, [x.span for x in args])
        part = ir.Symbol("base", a.fn.py.fresh(f"{a.structs[sd.base].py_name}_part", a.scope), base_t, "local", span)
        out.append(ir.VarDecl(span, part, value))
        for py, ft in a.structs[sd.base].fields:
            target = ir.FieldRef(span, ft, ir.Var(span, this.type, this), py, False)
            out.append(ir.ExprStmt(span, ir.Assign(span, ft, "=", target,
                                                   ir.FieldRef(span, ft, ir.Var(span, base_t, part), py, False), ft)))
    fields = dict(sd.fields)
    base_fields = {py for py, _ in a.structs[sd.base].fields} if sd.base else set()
    for py, ft in sd.fields:
        if py not in inits and py in sd.field_inits and py not in base_fields:   # `float x = 1;`
            target = ir.FieldRef(sp, ft, ir.Var(sp, this.type, this), py, False)
            out.append(ir.ExprStmt(sp, ir.Assign(sp, ft, "=", target, a.field_init(sd, py, ft, sp), ft)))
            continue
        if py not in inits:
            continue
        args, span = inits[py]
        target = ir.FieldRef(span, fields[py], ir.Var(span, this.type, this), py, False)
        values = tuple(a.expr(x) for x in args)
        if isinstance(ft, ir.Scalar) and len(values) == 1:
            value = a.convert(values[0], ft, span, narrowing=True)
        elif isinstance(ft, ir.Scalar) and not values:
            value = ir.Const(span, ft, 0.0 if ft.is_float else 0)
        else:
            value = a.construct(ft, values, span, [x.span for x in args])
        if isinstance(ft, ir.ArrayView) and "amp" not in sym.restrict_:
            value = ir.LibCall(span, ft, "held", value, ())     # the object holds the view (view_fields)
        out.append(ir.ExprStmt(span, ir.Assign(span, ft, "=", target, value, ft)))
    return out


def member_ref(a, m: Member, span: Span) -> ir.Expr:
    """A field's bare name: `this->field` (a base's private one is not the class's to use)."""
    functors.this_used(a, span)
    access.check_member(a, m.this.type, m.cxx, span)
    if a.fn is not None and a.fn.kernel is not None:
        a.error("amp-capture", "'this' cannot be captured into a restrict(amp) lambda", span,
                help="copy the member into a local variable before the parallel_for_each")
    obj = ir.Var(span, m.this.type, m.this)
    for held, ht in m.via:                  # (a further base's field: through the part holding it)
        obj = ir.FieldRef(span, ht, obj, held, False)
    return ir.FieldRef(span, m.type, obj, m.py, False)


def qualified_field(a, owner: str, name: str, span: Span) -> ir.Expr:
    """`A::i` inside a member function: the field `i` of the object's `A` part (which a field of
    the derived class named `i` hides)."""
    obj = this_value(a, span)
    base = struct_type(a.structs[owner])
    if obj.type != base:
        if not derives(a, obj.type, base):
            a.error("no-member", f"'{owner}::{name}' is not a member of '{obj.type}'", span)
        obj = upcast(a, obj, base)
    py = a.class_fields[owner][name]
    return ir.FieldRef(span, dict(a.structs[owner].fields)[py], obj, py, False)


def this_value(a, span: Span) -> ir.Expr:
    """`*this`, and the object of `this->x`."""
    this = getattr(a.fn, "this", None) if a.fn is not None else None
    functors.this_used(a, span)
    if a.fn is not None and a.fn.kernel is not None:
        a.error("amp-capture", "'this' cannot be captured into a restrict(amp) lambda", span)
    if this is None:
        a.error("bad-this", "invalid use of 'this' outside of a non-static member function", span)
    return ir.Var(span, this.type, this)


# ---- calls ------------------------------------------------------------------------------------------
def _args(a, n_args) -> list:
    return [a.expr(x) for x in n_args]


def finish(a, sym: ir.Symbol, obj: ir.Expr | None, args: list, arg_spans: list, span: Span) -> ir.Expr:
    """The call of member function `sym` on `obj` (None: a static one, or a constructor)."""
    pre = [obj] if sym.member in ("method", "dtor") else []
    return a.checked_call(sym, pre, args, arg_spans, span)


def method_call(a, obj: ir.Expr, name: str, args: list, n: A.Call) -> ir.Expr:
    sd = a.structs[obj.type.name]
    syms = sd.members.get(name)
    if name in sd.member_templates:         # `h.get<float>()`, `h.add(1.5)`: a member template
        from . import templates as T
        explicit = T.explicit_args(a, sd.member_templates[name][0], n.func.template_args, n.func) \
            if getattr(n.func, "template_args", None) else None
        sym = T.choose(a, sd.member_templates[name], explicit, args, n.span, f"{sd.name}::{name}", syms or [],
                       lambda d, env: T.instantiate_member(a, sd, d, env, n.span))
        return finish(a, sym, obj, args, [x.span for x in n.args], n.span)
    if not syms:
        a.error("no-member", f"no member function '{name}' in '{obj.type.name}'", n.func.span)
    sym = O.choose(a, syms, args, n.span, f"{obj.type.name}::{name}")
    return finish(a, sym, obj, args, [x.span for x in n.args], n.span)


def bare_call(a, mf: MemberFunctions, n: A.Call) -> ir.Expr:
    """`f(x)` inside a member function: `this->f(x)`."""
    args = _args(a, n.args)
    sym = O.choose(a, mf.syms, args, n.span, n.func.name)
    access.check_member(a, struct_type(a.class_stack[-1]) if a.class_stack else None, n.func.name, n.func.span)
    obj = None if sym.member == "static" else this_value(a, n.func.span)
    return finish(a, sym, obj, args, [x.span for x in n.args], n.span)


def static_call(a, sd: ir.StructDef, f: A.Name, n: A.Call) -> ir.Expr:
    """`S::f(x)`: a static member function (or, inside a member function, any member)."""
    syms = sd.members.get(f.name)
    if not syms:
        a.error("no-member", f"no member named '{f.name}' in '{sd.name}'", f.span)
    args = _args(a, n.args)
    sym = O.choose(a, syms, args, n.span, f"{sd.name}::{f.name}")
    access.check_member(a, ir.StructType(sd.name, sd.py_name), f.name, f.span)
    if sym.member != "static":
        this = a.fn.this if a.fn is not None else None
        if this is None or this.type.name != sd.name:
            a.error("bad-this", f"call to non-static member function '{sd.name}::{f.name}' without an object",
                    n.span)
        return finish(a, sym, ir.Var(f.span, this.type, this), args, [x.span for x in n.args], n.span)
    return finish(a, sym, None, args, [x.span for x in n.args], n.span)


def construct(a, t: ir.StructType, args: tuple, span: Span, spans: list) -> ir.Expr:
    """`V(1, 2)`, `V v(1, 2);`, `V v;`, `V{1, 2}`: the constructor C++ chooses."""
    sd = a.structs[t.name]
    if len(args) == 1 and args[0].type == t and (not SM.copy_constructors(sd) or not is_lvalue(args[0])):
        SM.check(a, t, "copy", span)                # the implicit copy constructor (or a temporary's move)
        return ir.Copy(span, t, args[0]) if is_lvalue(args[0]) else args[0]
    if not SM.has_constructors(sd):
        return None
    if sd.member_templates.get(SM.CTOR_TEMPLATES):      # `template <typename U> Box(const U& u)`
        return finish(a, T.constructor(a, sd, list(args), span), None, list(args), spans, span)
    if not args and not any(O.viable(a, s, [], None) is not None for s in sd.ctors):
        a.error("no-default-ctor", f"no default constructor for '{t.name}'", span,
                help=f"give the arguments of one of its constructors: {'; '.join(O.describe(s) for s in sd.ctors)}")
    sym = O.choose(a, sd.ctors, list(args), span, t.name)
    return finish(a, sym, None, list(args), spans, span)


def assignment(a, op: str, target: ir.Expr, value: ir.Expr, span: Span, spans: list) -> ir.Expr | None:
    """`a = b`, `a += b` of a class object: its operator function, or None (C++'s own `=`).  For
    `=` only the class's own `operator=` counts: the implicit one hides a base's."""
    t = target.type
    if isinstance(t, ir.StructType) and t.name in a.structs and (
            op != "=" or any(f.owner == t.name for f in a.structs[t.name].members.get("operator=", ()))):
        return operator(a, op, [target, value], span, spans)
    return None


def assigned_value(a, value: ir.Expr, t: ir.Type, span: Span) -> ir.Expr:
    """The value `a = value` stores: a copy (the implicit copy assignment's restriction checked)."""
    return a.convert(value, t, span, copy="assign")


def operator(a, op: str, operands: list, span: Span, spans: list) -> ir.Expr | None:
    """`a + b`, `-a`, `a += b`, `a[i]` with a class operand: the operator function, or None
    when no operand is a class with operators (the built-in operator applies)."""
    name = "operator" + op
    cands = []
    first = operands[0]
    if isinstance(first.type, ir.StructType) and first.type.name in a.structs:
        cands += [s for s in a.structs[first.type.name].members.get(name, ())]
    sym_free, _ = a.scope.lookup(name)
    free = O.symbols_of(sym_free)
    if name in a.function_templates:        # `template <int N> ostream& operator<<(ostream&, const extent<N>&)`
        free = free + T.instances(a, name, operands, span)
    if not cands and not free:
        return None
    args = list(operands)
    ctx = O.in_amp_context(a)
    found = []
    for s in cands:                         # a member: the first operand is its object (exact)
        r = O.viable(a, s, args[1:], ctx)
        if r is not None:
            found.append((s, [O.EXACT] + r))
    for s in free:
        r = O.viable(a, s, args, ctx)
        if r is not None:
            found.append((s, r))
    if not found:
        from .short_vectors import decays
        if decays(a, op, operands):
            return None                     # `n * 2.0f`: the built-in operator, on the norm's float
        given = ", ".join(str(x.type) for x in operands)
        a.error("no-matching-function", f"no viable overloaded '{op}' for operands of type ({given})", span,
                help="candidates: " + ("; ".join(O.describe(s) for s in cands + free) or "none"))
    sym = O.best(a, found, span, f"use of overloaded operator '{op}'")
    if sym.owner:
        return finish(a, sym, first, args[1:], spans[1:], span)
    return finish(a, sym, None, args, spans, span)


def check_amp_members(a, sd: ir.StructDef, span) -> None:
    """A class with restrict(amp) member functions holds only what amp code can: no reference
    or pointer member, no `concurrency::array` or texture by value (Visual Studio's C3581; an
    array member's copy is C3930, its copy constructor being restrict(cpu))."""
    names = {py: cpp for cpp, py in a.class_fields.get(sd.name, {}).items()}
    for py, t in sd.fields:
        what = ("a reference member" if py in sd.references else
                "a pointer member" if isinstance(t, ir.String) or isinstance(t, ir.Pointer) and not t.owner else
                f"a member of type '{t}'" if isinstance(t, ir.AmpArray) else None)
        if what:
            a.error("amp-restrict", f"class '{sd.name}' has {what} ('{names.get(py, py)}'), which its restrict(amp) member "
                                    "functions cannot hold", span,
                    help="hold an array_view by value instead: it is what restrict(amp) code passes data in")
