"""Pointers in kernels and restrict(amp) functions (amppy.runtime.pointers).

A pointer to numbers is `Pointer(base, offset)`: `base` the 1-D memory of the object it points
into, `offset` its element.  sema/memory.py makes the IR (the host's pointer operations, plus
`&x` of a local or tile_static number as `address`); this mixin spells it for the kernel
dialects of both targets:

    &x (local)          Pointer(x, 0)                 x lives in a one-element array: x[0]
    &a[i][j]            element_pointer2(a, i, j)     a C array, tile_static array, array_view
    &a[i].f, &p->f      Pointer(field_span(b, "f"), k)   the field of each record of b (p's base)
    a (C array)         array_pointer(a)
    *p, p[i]            p.base[p.offset], p.base[p.offset + i]
    p + k, p++          Pointer(p.base, p.offset + k)
    p == q, p < q       pointer_address(p) == pointer_address(q)
    p - q               pointer_diff(p, q)
    (T*)p               reinterpret_pointer(p, T)     the bytes p points at seen as Ts
    NULL                null_pointer(int32)
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import KernelCodegenError
from .pyexprs import P_ADD, P_ATOM, P_CMP

_COMPARE = {"ptr_equal": "==", "ptr_not_equal": "!=", "ptr_compare": None}


class PointerValues:
    """Mixin of KernelExprEmitter: the pointer LibCalls, `*p`/`p[i]`, null, addressed locals."""

    def pointer_call(self, e: ir.LibCall):
        """The spelling of a pointer LibCall, or None when `e` is not one."""
        n = e.name
        if n == "address":                          # `&x`: x's one-element array
            v = e.args[0]
            self.use(v.sym.py_name)
            return f"Pointer({v.sym.py_name}, 0)", P_ATOM
        if n == "element_address":
            base, idx = e.args[0], self.pointer_indices(e.args[1:])
            fn = {1: "element_pointer", 2: "element_pointer2", 3: "element_pointer3"}.get(len(idx))
            if fn is None:
                raise KernelCodegenError(f"a pointer into a {len(idx)}-dimensional array is not supported "
                                         "in kernels yet", e.span)
            self.names_used.add(fn)
            return f"{fn}({', '.join([self.element_base(base)] + idx)})", P_ATOM
        if n == "field_address":                    # `&a[i].f`: the field's span over the records
            base, off = self.pointer_parts(e.args[0])
            self.names_used.update(("Pointer", "field_span"))
            return f"Pointer(field_span({base}, {e.args[1].value!r}), {off})", P_ATOM
        if n == "flat":
            self.names_used.add("array_pointer")
            return f"array_pointer({self.element_base(e.args[0])})", P_ATOM
        if n == "ptr_add":
            p, k = e.args
            base, off = self.pointer_parts(p)
            self.names_used.add("Pointer")
            return f"Pointer({base}, {self.pointer_offset(off, k)})", P_ATOM
        if n == "ptr_reinterpret":                  # `(T*)p`: p's memory seen as Ts
            self.names_used.add("reinterpret_pointer")
            return f"reinterpret_pointer({self.expr(e.args[0])}, {self.elem_dtype(e.type, e.span)})", P_ATOM
        if n == "ptr_diff":
            self.names_used.add("pointer_diff")
            return f"pointer_diff({self.expr(e.args[0])}, {self.expr(e.args[1])})", P_ATOM
        if n in _COMPARE:
            op = _COMPARE[n] or e.args[2].value
            left, right = (self.pointer_address(x) for x in e.args[:2])
            return f"{left} {op} {right}", P_CMP
        return None

    def pointer_address(self, p: ir.Expr) -> str:
        if isinstance(p, ir.Const) and p.value is None:
            return "0"                              # null
        self.names_used.add("pointer_address")
        return f"pointer_address({self.expr(p)})"

    def pointer_indices(self, indices) -> list[str]:
        """An element's subscripts as separate texts (an index<N> value spread)."""
        if len(indices) == 1 and isinstance(indices[0].type, ir.Index):
            return [self.expr(self.component(indices[0], d)) for d in range(indices[0].type.rank)]
        return [self.expr(i) for i in indices]

    def pointer_parts(self, p: ir.Expr) -> tuple[str, str]:
        """(base, offset) texts of pointer `p`, evaluated once (a temporary unless a name)."""
        if isinstance(p, ir.LibCall) and p.name == "ptr_add":       # (p + 1) + 2: p's parts, 1 + 2
            base, off = self.pointer_parts(p.args[0])
            return base, self.pointer_offset(off, p.args[1])
        text = self.expr(p, P_ATOM)
        if not text.isidentifier():
            name = self.fresh("pointer")
            self.hoist([f"{name} = {text}"], "a pointer", p.span)
            text = name
        return f"{text}.base", f"{text}.offset"

    def pointer_offset(self, off: str, k: ir.Expr) -> str:
        if isinstance(k, ir.Const) and k.value == 0:
            return off
        if isinstance(k, ir.Unary) and k.op == "-":
            return f"{off} - {self.expr(k.operand, P_ADD + 1)}"
        return f"{off} + {self.expr(k, P_ADD + 1)}"

    def pointer_element(self, e: ir.ElementRef) -> str:
        """`*p` / `p[i]`: the element of the pointer's base."""
        base, off = self.pointer_parts(e.base)
        return f"{base}[{self.pointer_offset(off, e.indices[0])}]"

    #: the module-level record type of a struct (set by the kernel writers), for null pointers to it
    record_of = None

    def elem_dtype(self, t: ir.Pointer, span=None) -> str:
        """What the runtime's pointer helpers take for the element type of pointer type `t`."""
        if isinstance(t.elem, ir.StructType) and self.record_of is not None:
            return self.record_of(t.elem)
        if isinstance(t.elem, ir.Scalar):
            return self.scalar_type(t.elem)
        raise KernelCodegenError(f"a '{t}' is not supported here yet", span)

    def null_pointer(self, t: ir.Pointer, span=None) -> str:
        elem = self.elem_dtype(t, span)
        self.names_used.add("null_pointer")
        return f"null_pointer({elem})"

    def addressed_decl(self, s: ir.VarDecl, out: list[str], pad: str, value: str | None = None) -> None:
        """A local (or parameter, whose value is `value`) whose address is taken: a one-element
        array of the thread's own."""
        name = s.sym.py_name
        self.use(name)
        out.append(f"{pad}{name} = {self.local_array(ir.CArray(s.sym.type, (1,)), s.span)}"
                   f"  # '{s.sym.name}' has its address taken")
        if isinstance(s.sym.type, ir.StructType):       # a struct: its record, field by field
            leaves = self.struct_leaves(s.sym.type, s.span)
            targets = [f"{name}[0].{'.'.join(p)}" for p, _ in leaves]
            if s.init is not None and not (isinstance(s.init, ir.Construct) and not s.init.args):
                out.extend(pad + line for line in self.struct_store(targets, s.init))
            elif self.zero_local_arrays:        # (a struct parameter's address is not taken: sema)
                out.extend(f"{pad}{t} = {self.const(0, lt)[0]}" for t, (_, lt) in zip(targets, leaves))
            return
        init = value if value is not None else \
            self.expr(s.init) if s.init is not None else self.const(0, s.sym.type)[0]
        out.append(f"{pad}{name}[0] = {init}")
