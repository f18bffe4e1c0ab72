"""C++ AMP's short vectors in sema: what `<amp_short_vectors.h>`'s classes do beyond C++ classes.

The header's classes are C++ (`amppy/cxx/short_vectors.py` makes their text); sema translates them
as the program's own.  This module adds what C++ AMP gives them through Microsoft's
`__declspec(property)` members and conversion operators, which amppy's C++ has not:

* members: `v.r`/`g`/`b`/`a` are the fields `x`/`y`/`z`/`w`; a swizzle `v.zyx`, `v.bgr` reads
  `v.get_zyx()`; `v.xy = e` calls `v.set_xy(e)` (`v.xy += e`: `v.set_xy(v.get_xy() + e)`);
  `get_`/`set_` member functions are defined the first time the program uses them
  (`short_vectors.member_text`), so the module holds only the ones it calls.  A swizzle with a
  repeated component (`v.xx`) is no member, as in C++ AMP, and so is a norm's stored float;
* `norm` and `unorm` convert to `float` where C++ AMP's `operator float()` does: to initialise or
  pass a number (`sema/conversions.py`), and as an operand of a built-in operator (`n * 2.0f` is
  a float, `-u` of a unorm too) when no operator of the header takes the operands;
* Python names: the classes keep their C++ names (`float_4`, not `float_4_`: no C++ name can
  mangle to a name ending in a digit other than 1) and the header's free operators are named
  after their class (`float_4_add`, not `op_add_float_4_float_4`).
"""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from ..cxx import short_vectors as H
from .area import Area, names

_REF = tuple(f"ref_{c}" for c in H.XYZW + H.RGBA)


# ---- which names are the header's ------------------------------------------------------------------
def from_header(a, t: ir.Type) -> bool:
    """Is `t` a class of the header (not a class of the program that happens to share a name)?"""
    if not isinstance(t, ir.StructType) or t.name not in H.CLASSES and t.name != "sampler":
        return False
    sd = a.structs.get(t.name)
    return sd is not None and sd.span.file == H.HEADER


def class_py_name(a, name: str) -> str | None:
    """The Python name of a class the header defines: its C++ name (taken at module level)."""
    if name not in H.CLASSES:
        return None
    a.module_names.taken.add(name)
    return name


def function_py_name(a, d: A.FunctionDef, params: list) -> str | None:
    """The Python name of one of the header's free operators: `float_4_add`, `norm_lt`."""
    if d.name_span.file != H.HEADER or not d.name.startswith("operator") or not params or \
            not isinstance(params[0], ir.StructType):
        return None
    word = H.OP_WORDS.get(d.name[len("operator"):])
    return f"{params[0].name}_{word}" if word else None


# ---- norm and unorm as float -----------------------------------------------------------------------
def scalar_of(a, t: ir.Type) -> ir.Scalar | None:
    """`float` for the header's `norm` and `unorm` (what their `operator float()` gives), the type of
    a program class's one implicit conversion function to a number, else None."""
    if from_header(a, t) and H.CLASSES.get(t.name, (None, 0))[1] == 1:
        return ir.FLOAT
    if isinstance(t, ir.StructType):
        syms = a.number_conversion(t)
        return syms[0].type.ret if syms is not None else None
    return None


def as_scalar(a, e: ir.Expr) -> ir.Expr | None:
    """A norm/unorm value as its float, a program class's value as its conversion function's
    number; None for any other value."""
    if scalar_of(a, e.type) is None:
        return None
    if not from_header(a, e.type):
        return a.as_number(e)
    return ir.FieldRef(e.span, ir.FLOAT, e, "value", False)


def decay(a, e: ir.Expr) -> ir.Expr:
    """`e`, or its float if it is a norm/unorm (an operand of a built-in operator)."""
    f = as_scalar(a, e)
    return e if f is None else f


def decays(a, op: str, operands: list) -> bool:
    """No operator of the program takes `operands`: does a norm/unorm among them make a built-in
    `op` apply to its float?  (Not for assignments: C++ converts no left operand of `=`, `+=`...)"""
    if op in ("++", "--", "[]", "()") or op.endswith("=") and op not in ("==", "!=", "<=", ">="):
        return False
    return any(scalar_of(a, x.type) is not None for x in operands)


# ---- members -------------------------------------------------------------------------------------------
def member(a, base: ir.Expr, n: A.Member) -> ir.Expr | None:
    """`base.name` on a class of the header, where it is not a plain field access (None: it is)."""
    t = base.type
    if n.arrow or not from_header(a, t) or n.span.file == H.HEADER:
        return None                         # (the header's own code reads its fields)
    if t.name == "sampler":                 # C++ AMP's read-only properties: the getters
        if n.name in ("filter_mode", "address_mode", "border_color"):
            return _call(a, base, "get_" + n.name, [], n)
        return None
    kind, size = H.CLASSES[t.name]
    name = n.name
    if size == 1:
        a.error("no-member", f"no member named '{name}' in '{t.name}'", n.span,
                help=f"a {t.name} converts to float: use it as a number")
    sw = H.swizzle(name, size)
    if sw is not None and len(sw) == 1:                 # v.r is v.x
        return ir.FieldRef(n.span, dict(a.struct_fields(t))[sw], base, sw, False)
    if sw is not None:
        call = _call(a, base, "get_" + sw, [], n)
        a.swizzle_reads[id(call)] = call
        return call
    if H.member_text(t.name, name) is not None:
        _ensure(a, t.name, name)            # `v.get_zyx()`: made now, called by the caller
        return None
    if name in _REF:
        a.unsupported(f"'{name}()' (a reference to one component) is", n.span,
                      help=f"use the component itself: '.{name[4:]}'")
    if H.repeated_swizzle(name, size):
        a.error("no-member", f"no member named '{name}' in '{t.name}'", n.span,
                help=f"C++ AMP swizzles name each component once; build the vector: "
                     f"{H.vector_of(kind, len(name))}({', '.join('v.' + c for c in name)})")
    return None


def assign(a, n: A.Assign, target: ir.Expr) -> ir.Expr | None:
    """`v.xy = e` / `v.xy += e`, `target` being the analysed `v.xy`: the setter's call."""
    if a.swizzle_reads.get(id(target)) is not target:
        base = target
        while isinstance(base, ir.FieldRef):
            base = base.base
        if base is not target and a.swizzle_reads.get(id(base)) is base:   # `v.xy.x = 1`
            a.error("not-assignable", "a component of a swizzle is a copy, not assignable", n.target.span,
                    help="assign the component itself (`v.x = 1`) or the whole swizzle (`v.xy = float_2(1, v.y)`)")
        return None
    obj = a.lvalue(target.args[0], n.target.span)
    sw = target.func.name[len("get_"):]
    if isinstance(n.value, A.InitList):
        value = a.init_list(target.type, n.value)
    else:
        value = a.expr(n.value)
    if n.op != "=":
        value = a.class_operator(n.op[:-1], [target, value], n.span, [n.target.span, n.value.span])
        if value is None:
            a.error("type-mismatch", f"invalid operands to '{n.op}'", n.span)
    return _call(a, obj, "set_" + sw, [value], n)


def _call(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    sym = _ensure(a, obj.type.name, name)
    return a.call_member(sym, obj, args, [n.span] * len(args), n.span)


def _ensure(a, cls: str, name: str) -> ir.Symbol:
    """Member function `name` of the header's class `cls`, defined (declared and analysed) the
    first time it is used; its text goes at the end of the header's shown text."""
    sd = a.structs[cls]
    syms = sd.members.get(name)
    if syms:
        return syms[0]
    from ..parse.parser import parse
    from ..diagnostics import DiagnosticSink
    from ..preprocess.linemap import PreprocessedSource
    text = H.member_text(cls, name)
    kind, size = H.VECTORS[cls]
    shown = a.pp.sources.get(H.HEADER)
    lines = shown.text.count("\n") if shown is not None else 0
    forward = " ".join(f"class {H.vector_of(kind, k)};" for k in range(2, 5))
    line = f"{forward} class {cls} {{ public: {text} }};"
    a.pp.sources.add(H.HEADER, (shown.text if shown is not None else "") + line + "\n")
    pp = PreprocessedSource(line + "\n", H.HEADER, a.pp.sources, [(H.HEADER, lines + 1)], [None])
    m = parse(pp, DiagnosticSink(), library=a.library_names()).decls[-1].methods[0]     # (the header's text parses)
    a.class_stack.append(sd)
    try:
        sym = a.declare_member(sd, m)
    finally:
        a.class_stack.pop()
    with a.suspended():
        a.function_body(m, sym)
    return sym


# ---- the library area (sema/areas.py) ---------------------------------------------------------
#: the header's classes are the program's (`amppy.cxx.short_vectors` writes them); the lexer knows
#: their names before the header's text is read
AREA = Area("<amp_short_vectors.h>", types=names("""norm unorm int_2 int_3 int_4 uint_2 uint_3 uint_4 float_2 float_3
                                                   float_4 double_2 double_3 double_4"""))
