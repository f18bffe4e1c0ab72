"""Struct values in kernels and restrict(amp) functions, on both kernel targets.

A struct local is held as one Python local per field (what compilers call scalar replacement),
so neither Numba target needs record objects for it and copies are plain assignments:

    P p = {i[0], 1.5f};      ->  p_a = g0
                                 p_b = float32(1.5)
    P q = p;  q.a += 10;     ->  q_a = p_a;  q_b = p_b;  q_a = np.int32(q_a + 10)
    av[i] = q;               ->  av[g0].a = q_a;  av[g0].b = q_b
    P r = make(k);           ->  r_a, r_b = make(k)       (a struct result is a tuple)
    float total(P p)         ->  def total(p_a, p_b)      (a struct parameter is its fields)

Struct values that live in memory (array_view and array elements, tile_static variables,
captured structs) stay numba records and are read and written field by field.  Nested structs
flatten into their leaves (`q.p.a` -> `q_p_a`); a struct with an array member is reported.
C++ value semantics hold: every copy copies, a callee's changes to its parameter stay in it.

A struct passed by (non-const) reference, and the object of a member function that changes it,
comes back: the function returns its fields after its result, and the call assigns them back.

    void bump(P& p, int k)   ->  def bump(p_a, p_b, k): ... return p_a, p_b
    bump(q, 2);              ->  q_a, q_b = bump(q_a, q_b, 2)
    c += a;  (a member)      ->  _r, _r2, c_x, c_y = V_op_iadd(c_x, c_y, a_x, a_y)

A struct-valued call inside a larger expression is evaluated into temporaries on a line of its
own just before the statement (`hoisted`), in evaluation order.
"""
from __future__ import annotations

import math

from .. import ir
from .kernel_ir import array_initializer


class StructValues:
    """Mixin of `KernelExprEmitter`: the struct-valued parts of kernel code."""

    # ------------------------------------------------------------------ layout
    def struct_leaves(self, t: ir.StructType, span) -> list[tuple[tuple[str, ...], ir.Type]]:
        """(attribute path, scalar type) of every leaf field of `t`, in declaration order."""
        defs = {s.name: s for s in (self.program.structs if self.program is not None else [])}
        out = []
        for fname, ft in defs[t.name].fields:
            if isinstance(ft, ir.StructType):
                out += [((fname,) + p, lt) for p, lt in self.struct_leaves(ft, span)]
            elif isinstance(ft, (ir.Scalar, ir.Index, ir.Extent)):     # (an index: one tuple)
                out.append(((fname,), ft))
            else:
                raise self.error(f"a struct with a member of type '{ft}' ('{t}') as a value in kernel "
                                 "code is not supported yet", span)
        return out

    def leaf_zero(self, t: ir.Type) -> str:
        """A leaf's value before anything is stored (an index or extent member: all zeros)."""
        if isinstance(t, (ir.Index, ir.Extent)):
            return f"({', '.join(['0'] * t.rank)}{',' if t.rank == 1 else ''})"
        return self.const(0, t)[0]

    def declare_struct(self, sym: ir.Symbol) -> list[str]:
        """One fresh local name per leaf of the struct variable `sym`."""
        names = [self.fresh(f"{sym.py_name}_{'_'.join(path)}")
                 for path, _ in self.struct_leaves(sym.type, sym.span)]
        self.struct_vars[sym] = names
        return names

    def value_names(self, sym: ir.Symbol) -> list[str]:
        """The Python locals holding `sym` (one per leaf for a struct local)."""
        names = self.struct_vars.get(sym)
        if names is None:
            return [self.var_ref(sym)]
        for n in names:
            self.use(n)
        return names

    # ------------------------------------------------------------------ reading and writing
    def _local_leaves(self, e: ir.Expr):
        """Names of the leaves of `e` when it is (a struct field of) a struct local, else None."""
        path = []
        while isinstance(e, ir.FieldRef) and not e.arrow:
            path.append(e.field)
            e = e.base
        if not (isinstance(e, ir.Var) and e.sym in self.struct_vars):
            return None
        path.reverse()
        names = self.value_names(e.sym)
        leaves = self.struct_leaves(e.sym.type, e.span)
        return [n for n, (p, _) in zip(names, leaves) if p[:len(path)] == tuple(path)]

    def leaf_values(self, e: ir.Expr) -> list[str]:
        """The value of every leaf of the struct-valued expression `e`."""
        if isinstance(e, ir.Copy):
            return self.leaf_values(e.operand)
        if isinstance(e, ir.Convert):               # a derived object's base part: its first fields
            return self.leaf_values(e.operand)[:len(self.struct_leaves(e.type, e.span))]
        if isinstance(e, ir.Call):                  # a struct result: into temporaries first
            return self.hoist_call(e)
        if isinstance(e, ir.LibCall):               # a sampled texel: the tuple of its leaves
            names = [self.fresh(f"{e.name}_{'_'.join(p)}") for p, _ in self.struct_leaves(e.type, e.span)]
            self.hoist(self.unpack(names, self.expr(e), declared=True), f"'{e.name}'", e.span)
            return names
        local = self._local_leaves(e)
        if local is not None:
            return local
        leaves = self.struct_leaves(e.type, e.span)
        if isinstance(e, ir.Construct):
            return self._construct_leaves(e.type, list(e.args), e.span)
        if isinstance(e, (ir.Var, ir.ElementRef, ir.FieldRef)):   # a record in memory
            base = self.expr(e, 14)
            return [f"{base}.{'.'.join(p)}" for p, _ in leaves]
        raise self.error(f"{ir.describe(e)} as a struct value here is not supported in kernels; "
                         "store it in a variable first", e.span)

    def _construct_leaves(self, t: ir.StructType, args, span) -> list[str]:
        defs = {s.name: s for s in self.program.structs}
        out = []
        for k, (_, ft) in enumerate(defs[t.name].fields):
            arg = args[k] if k < len(args) else None
            if isinstance(ft, ir.StructType):
                out += (self.leaf_values(arg) if arg is not None and not isinstance(arg, ir.Construct)
                        else self._construct_leaves(ft, list(arg.args) if arg is not None else [], span))
            else:
                out.append(self.expr(arg) if arg is not None else self.leaf_zero(ft))
        return out

    def leaf_targets(self, e: ir.Expr) -> list[str]:
        """Where every leaf of the struct lvalue `e` is stored."""
        if isinstance(e, ir.Convert):               # a derived object's base part
            return self.leaf_targets(e.operand)[:len(self.struct_leaves(e.type, e.span))]
        local = self._local_leaves(e)
        if local is not None:
            return local
        base = self.lvalue(e, "w")
        return [f"{base}.{'.'.join(p)}" for p, _ in self.struct_leaves(e.type, e.span)]

    def struct_store(self, targets: list[str], value: ir.Expr, declared: bool = False) -> list[str]:
        """Lines storing the struct value `value` into `targets` (one per leaf)."""
        inner = value.operand if isinstance(value, ir.Copy) else value
        if isinstance(inner, ir.Call) and not self.writebacks(inner):   # a struct result is a tuple
            return self.unpack(targets, self.plain_call(inner), declared)
        values = self.leaf_values(value)
        if all(t.isidentifier() for t in targets) and len(targets) > 1:
            return [f"{', '.join(targets)} = {', '.join(values)}"]
        return [f"{t} = {v}" for t, v in zip(targets, values)]

    # ------------------------------------------------------------------ statements
    def struct_decl(self, s: ir.VarDecl, out: list[str], pad: str) -> None:
        names = self.declare_struct(s.sym)
        if not names:                           # a class without data members: nothing to hold
            if isinstance(s.init, ir.Call):     # (its constructor may still do something)
                out.extend(pad + line for line in self.call_statement(s.init))
            else:
                out.append(f"{pad}pass  # '{s.sym.name}' has no data members")
            return
        if s.init is None or (isinstance(s.init, ir.Construct) and not s.init.args):
            zeros = [self.leaf_zero(t) for _, t in self.struct_leaves(s.sym.type, s.span)]
            out.append(f"{pad}{', '.join(names)} = {', '.join(zeros)}")
            return
        out.extend(pad + line for line in self.struct_store(names, s.init, declared=True))

    def struct_array_init(self, s: ir.VarDecl, target: str, out: list[str], pad: str) -> None:
        """The elements of a C array of structs (`P a[3] = {{1, 2}};`, `C cs[4];` of a class with a
        default constructor: one call per element, in a loop), the others zero."""
        t = s.sym.type
        leaves = self.struct_leaves(t.elem, s.span)
        items = array_initializer(s.init)
        made = next(iter(items.values()), None)
        each = len(items) == math.prod(t.dims) and all(v is made for v in items.values())
        if each or self.zero_local_arrays:      # a loop nest over the elements
            idx = [self.fresh(f"{s.sym.py_name}_i") for _ in t.dims]
            for d, (i, n) in enumerate(zip(idx, t.dims)):
                note = "  # each element made by its default constructor" if each and d == 0 else ""
                out.append(f"{pad}{self.indent_unit * d}for {i} in range({n}):{note}")
            inner = pad + self.indent_unit * len(t.dims)
            targets = [f"{target}[{', '.join(idx)}].{'.'.join(p)}" for p, _ in leaves]
            if each:
                out.extend(inner + line for line in self.struct_store(targets, made))
                return
            out.extend(f"{inner}{x} = {self.const(0, lt)[0]}" for x, (_, lt) in zip(targets, leaves))
        for position, value in items.items():
            at = f"{target}[{', '.join(map(str, position))}]"
            out.extend(pad + line for line in self.struct_store([f"{at}.{'.'.join(p)}" for p, _ in leaves], value))

    def struct_assign(self, e: ir.Assign) -> list[str]:
        return self.struct_store(self.leaf_targets(e.target), e.value)

    def struct_args(self, args) -> list[str]:
        """Call arguments with every struct argument spread into its leaves."""
        out = []
        for a in args:
            if isinstance(a.type, ir.StructType):
                out += self.leaf_values(a)
            else:
                out.append(self.expr(a))
        return out

    #: a tuple result is unpacked through a temporary (`r = f(...)`, `a = r[0]`, `b = r[1]`):
    #: Numba's parallel loops reject `a, b = f(...)` when `a` holds the loop index (CPU target)
    unpack_through_temp = False

    def unpack(self, targets: list[str], call: str, declared: bool = False) -> list[str]:
        """Lines assigning the tuple `call` to `targets` (`declared`: new variables)."""
        if len(targets) == 1:                       # one value comes back as itself, not a tuple
            return [f"{targets[0]} = {call}"]
        if not self.unpack_through_temp or declared or \
                not any(t.isidentifier() and t not in self.temp_names for t in targets):
            # new names and memory (a[i], r.x) alias nothing
            return [f"{', '.join(targets)} = {call}"]
        tmp = self.fresh("result")
        return [f"{tmp} = {call}"] + [f"{t} = {tmp}[{i}]" for i, t in enumerate(targets)]

    # ------------------------------------------------------------------ reference parameters (refs.py)
    #: kernels pass a struct as its fields, a pointer and an index/extent as tuples: all come back like a changed number
    writeback_types = (ir.Scalar, ir.StructType, ir.Pointer, ir.Index, ir.Extent)

    def writeback_targets(self, call: ir.Call) -> list[str]:
        out = []
        for a in self.writebacks(call):
            inner = a.operand if isinstance(a, ir.Copy) else a
            if not isinstance(a.type, ir.StructType):
                out.append(self.writeback_lvalue(inner))
            elif isinstance(inner, (ir.Var, ir.FieldRef, ir.ElementRef, ir.Convert)):
                out += self.leaf_targets(inner)
            elif isinstance(inner, ir.Conditional):
                raise self.not_here("a conditional of objects ('c ? s : t') passed to a reference parameter "
                                    "the function changes", inner.span, help="choose the object in an if statement")
            else:                               # a temporary object: its changes are dropped
                out += [self.fresh("_dropped") for _ in self.struct_leaves(a.type, a.span)]
        return out

    def result_names(self, call: ir.Call) -> list[str]:
        t = call.type
        if isinstance(t, ir.StructType):
            names = [self.fresh(f"{t.py}_{'_'.join(p)}") for p, _ in self.struct_leaves(t, call.span)]
        else:
            names = super().result_names(call)
        self.temp_names |= set(names)
        return names

    def struct_field_of_call(self, e: ir.FieldRef):
        """`make(1).a`: the leaf of a struct returned by a call (a tuple), or None."""
        path, base = [], e
        while isinstance(base, ir.FieldRef):
            path.append(base.field)
            base = base.base
        if not isinstance(base, (ir.Call, ir.LibCall)) or not isinstance(base.type, ir.StructType):
            return None
        path.reverse()
        leaves = self.struct_leaves(base.type, base.span)
        k = next(i for i, (p, _) in enumerate(leaves) if p == tuple(path))
        if isinstance(base, ir.LibCall):            # `tv.sample(s, c).x`: a sampled texel's leaves
            return self.leaf_values(base)[k]
        if self.writebacks(base):
            return self.hoist_call(base)[k]
        if len(leaves) == 1:                        # one value comes back as itself, not a tuple
            return self.plain_call(base)
        return f"{self.plain_call(base)}[{k}]"
