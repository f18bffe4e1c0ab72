"""`<limits>` and `<utility>` on the host: `std::numeric_limits<T>`, `std::swap`.

`numeric_limits<T>::max()` and friends are constants of T (MSVC's values: `long` is 32-bit,
`long double` is `double`); they fold where they are used, like the `<cfloat>`/`<climits>`
macros.  The member functions are not restrict(amp) in the Microsoft library, so a kernel
that calls one is rejected as Visual Studio rejects it; the data members (`digits`, ...)
are constants anywhere.
"""
from __future__ import annotations

import re

import numpy as np

from ..parse import ast as A
from .. import ir
from ..ir.queries import is_lvalue
from .area import Area, names
from . import traits


def _float_limits(t: ir.Scalar) -> dict:
    info = np.finfo(np.float32 if t.name == "float" else np.float64)
    return {"max": float(info.max), "min": float(info.smallest_normal), "lowest": float(-info.max),
            "epsilon": float(info.eps), "infinity": float("inf"), "quiet_NaN": float("nan"),
            "signaling_NaN": float("nan"), "denorm_min": float(info.smallest_subnormal),
            "round_error": 0.5}


def _int_limits(t: ir.Scalar) -> dict:
    size = ir.SCALARS[t.name][1] * 8
    if t.name == "bool":
        return {"max": True, "min": False, "lowest": False}
    signed = not t.is_unsigned and t.name not in ("wchar_t",)
    lo, hi = (-(1 << (size - 1)), (1 << (size - 1)) - 1) if signed else (0, (1 << size) - 1)
    return {"max": hi, "min": lo, "lowest": lo, "epsilon": 0, "round_error": 0, "infinity": 0,
            "quiet_NaN": 0, "signaling_NaN": 0, "denorm_min": 0}


def _data_members(t: ir.Scalar) -> dict:
    """The static data members: name -> (type, value)."""
    if t.is_float:
        digits = 24 if t.name == "float" else 53
        return {"digits": (ir.INT, digits), "digits10": (ir.INT, 6 if digits == 24 else 15),
                "max_digits10": (ir.INT, 9 if digits == 24 else 17), "is_signed": (ir.BOOL, True),
                "is_integer": (ir.BOOL, False), "is_exact": (ir.BOOL, False), "has_infinity": (ir.BOOL, True),
                "has_quiet_NaN": (ir.BOOL, True), "is_specialized": (ir.BOOL, True), "radix": (ir.INT, 2),
                "max_exponent": (ir.INT, 128 if digits == 24 else 1024),
                "min_exponent": (ir.INT, -125 if digits == 24 else -1021),
                "max_exponent10": (ir.INT, 38 if digits == 24 else 308),
                "min_exponent10": (ir.INT, -37 if digits == 24 else -307)}
    size = ir.SCALARS[t.name][1] * 8
    signed = not t.is_unsigned and t.name not in ("bool", "wchar_t")
    digits = 1 if t.name == "bool" else size - (1 if signed else 0)
    return {"digits": (ir.INT, digits), "digits10": (ir.INT, int(digits * 0.30102999566398120)),
            "is_signed": (ir.BOOL, signed), "is_integer": (ir.BOOL, True), "is_exact": (ir.BOOL, True),
            "has_infinity": (ir.BOOL, False), "has_quiet_NaN": (ir.BOOL, False),
            "is_specialized": (ir.BOOL, True), "radix": (ir.INT, 2), "max_digits10": (ir.INT, 0),
            "is_modulo": (ir.BOOL, not signed)}


def _limits_type(a, t: A.TypeName) -> ir.Scalar:
    if not t.args or len(t.args) != 1:
        a.error("template-args", "'std::numeric_limits' takes one type argument", t.span)
    arg = a.type_arg(t.args[0], t)
    if not isinstance(arg, ir.Scalar):
        a.unsupported(f"'std::numeric_limits<{arg}>' is", t.span)
    return arg


def static_member(a, n: A.StaticMember) -> ir.Expr:
    """`std::numeric_limits<int>::digits` (a data member)."""
    t = n.type
    if isinstance(t, A.TypeName) and t.name == "numeric_limits":
        st = _limits_type(a, t)
        members = _data_members(st)
        if n.name in members:
            mt, v = members[n.name]
            return ir.Const(n.span, mt, v)
        if n.name in _float_limits(ir.FLOAT):
            a.error("not-callable", f"'std::numeric_limits<{st}>::{n.name}' is a function: call it", n.span,
                    help=f"write std::numeric_limits<{st}>::{n.name}()")
        a.error("no-member", f"no member named '{n.name}' in 'std::numeric_limits<{st}>'", n.span)
    if isinstance(t, A.TypeName) and t.name in traits.PREDICATES and t.namespace in ((), ("std",)):
        return traits.value(a, t, n.name, n.span)       # `std::is_same<T, float>::value`
    if isinstance(t, A.TypeName) and t.name in AMP_RANKED:
        made = amp_constant(a.resolve_type(t), n.name, n.span)      # `extent<2>::rank`
        if made is not None:
            return made
        a.error("no-member", f"no member named '{n.name}' in '{a.resolve_type(t)}'", n.span)
    a.unsupported(f"'{getattr(t, 'name', t)}::{n.name}' is", n.span)


#: C++ AMP's class templates with a static `rank` (and tiled ones with `tile_dim0`...)
AMP_RANKED = frozenset({"extent", "index", "array", "array_view", "tiled_extent", "tiled_index",
                        "texture", "texture_view"})


def amp_constant(t: ir.Type, name: str, span) -> ir.Expr | None:
    """`extent<N>::rank`, `array<T, N>::rank`, `tiled_extent<D0, D1>::tile_dim0`: the constants
    C++ AMP's types declare (`static const int rank = N;`), or None."""
    dims = t.dims if isinstance(t, (ir.TiledExtent, ir.TiledIndex)) else None
    rank = len(dims) if dims is not None else \
        t.rank if isinstance(t, (ir.Extent, ir.Index, ir.AmpArray, ir.ArrayView)) else None
    if name == "rank" and rank is not None:
        return ir.Const(span, ir.INT, rank)
    if dims is not None and name in ("tile_dim0", "tile_dim1", "tile_dim2"):
        k = int(name[-1])
        if k < len(dims):
            return ir.Const(span, ir.INT, dims[k])
    return None


def static_call(a, f: A.StaticMember, n: A.Call) -> ir.Expr:
    """`std::numeric_limits<float>::max()`: a constant of the type."""
    t = f.type
    if isinstance(t, A.TypeName) and t.name in a.class_templates:     # `Test<1, float>::run(x)`
        st = a.resolve_type(t)
        return a.class_static_call(a.structs[st.name], A.Name(f.span, f.name, (st.name,)), n)
    if not (isinstance(t, A.TypeName) and t.name == "numeric_limits"):
        a.unsupported(f"'{getattr(t, 'name', t)}::{f.name}' is", f.span)
    st = _limits_type(a, t)
    values = _float_limits(st) if st.is_float else _int_limits(st)
    if f.name not in values:
        if f.name in _data_members(st):
            a.error("not-callable", f"'std::numeric_limits<{st}>::{f.name}' is not a function", n.span)
        a.error("no-member", f"no member named '{f.name}' in 'std::numeric_limits<{st}>'", f.span)
    if n.args:
        a.error("call-args", f"'std::numeric_limits<{st}>::{f.name}' takes no arguments", n.span)
    if a.in_amp():
        a.error("amp-restrict", f"call to 'std::numeric_limits<{st}>::{f.name}', which is not restrict(amp), "
                                f"from restrict(amp) code", n.span,
                help="use the <cfloat>/<climits> constant (FLT_MAX, INT_MAX, ...)")
    return ir.Const(n.span, st, values[f.name])


def swap(a, n: A.Call) -> list[ir.Stmt]:
    """`std::swap(x, y)`: the two values trade places (a statement)."""
    if a.in_amp():
        a.error("amp-restrict", "call to 'std::swap', which is not restrict(amp), from restrict(amp) code", n.span)
    if len(n.args) != 2:
        a.error("call-args", f"'std::swap' takes 2 arguments, {len(n.args)} given", n.span)
    x, y = (a.lvalue(a.expr(e), e.span) for e in n.args)
    if x.type != y.type:
        a.error("type-mismatch", f"'std::swap' of '{x.type}' and '{y.type}'", n.span)
    t = x.type
    if isinstance(t, (ir.Vector, ir.Container)):
        return [ir.ExprStmt(n.span, ir.LibCall(n.span, ir.Void(), "swap", x, (y,)))]
    views = isinstance(t, (ir.ArrayView, ir.AmpArray))
    if views and not all(isinstance(e, ir.Var) and (not e.sym.by_ref or e.sym.rebound) for e in (x, y)):
        a.unsupported(f"'std::swap' of '{t}' other than two local variables is", n.span)
    if not isinstance(t, (ir.Scalar, ir.StdString, ir.Pointer, ir.String)) and not views:
        a.unsupported(f"'std::swap' of '{t}' is", n.span)
    tmp = ir.Symbol("tmp", a.fn.py.fresh("tmp", a.scope), t, "local", n.span)
    return [ir.VarDecl(n.span, tmp, x),
            ir.ExprStmt(n.span, ir.Assign(n.span, t, "=", x, y, t)),
            ir.ExprStmt(n.span, ir.Assign(n.span, t, "=", y, ir.Var(n.span, t, tmp), t))]


# ---- std::pair ---------------------------------------------------------------------------------

def pair_type(a, first: ir.Type, second: ir.Type, span) -> ir.StructType:
    """`std::pair<A, B>`: a struct with the fields `first` and `second`, made once per pair of
    types (its Python class is named after them: `pair_int_float`)."""
    return _value_struct(a, "pair", [("first", first), ("second", second)], span)


def tuple_type(a, types: list, span) -> ir.StructType:
    """`std::tuple<A, B, C>`: a struct with one field a value (`e0`, `e1`, ...: C++ names them only
    by position, `std::get<1>(t)`), made once per list of types (`tuple_int_float_bool`)."""
    return _value_struct(a, "tuple", [(f"e{k}", t) for k, t in enumerate(types)], span)


def is_tuple(t: ir.Type) -> bool:
    return isinstance(t, ir.StructType) and t.name.startswith("std::tuple<")


def _value_struct(a, kind: str, fields: list, span) -> ir.StructType:
    """The struct of a `std::pair` or `std::tuple` of the fields' types."""
    types = [t for _, t in fields]
    for t in types:
        if isinstance(t, (ir.CArray, ir.Void)) or t == ir.Library("auto"):
            a.unsupported(f"'std::{kind}' of '{t}' is", span, help=f"amppy makes {kind}s of values: numbers, "
                          "classes, strings, smart pointers, iterators")
    name = f"std::{kind}<{', '.join(map(str, types))}>"
    if name not in a.structs:
        sd = ir.StructDef(name, list(fields), span)
        sd.host_only = not all(isinstance(t, ir.Scalar) or isinstance(t, ir.StructType) and t.name in a.structs
                               and not a.structs[t.name].host_only for t in types)   # (a Python object)
        if sd.host_only:                # (value-initialised: `std::pair<std::string, int> p;`)
            sd.defaults = [(f, a.member_default(t, span)) for f, t in fields]
        words = "_".join(re.sub(r"\W+", "_", str(t).replace("std::", "")).strip("_") for t in types)
        sd.py_name = a.module_names.fresh(f"{kind}_{words}", a.globals)
        a.structs[name] = sd
        # in a class being defined (`struct S { std::pair<int, float> p; };`): the pair's class goes
        # before the outermost one, which names it (unless the pair holds one of those classes)
        at = [k for k, c in enumerate(a.struct_order) if a.class_stack and c is a.class_stack[0]]
        inside = {c.name for c in a.class_stack}
        if at and not any(isinstance(t, ir.StructType) and t.name in inside for t in types):
            a.struct_order.insert(at[0], sd)
        else:
            a.struct_order.append(sd)
    return ir.StructType(name, a.structs[name].py_name)


def is_pair(t: ir.Type) -> bool:
    return isinstance(t, ir.StructType) and t.name.startswith("std::pair<")


def construct_pair(a, t: ir.StructType, args: tuple, span, spans) -> ir.Expr:
    """`std::pair<int, float> p(1, 2.5f)`, `std::tuple<int, char, bool> t(1, 'a', true)`."""
    fields = a.struct_fields(t)
    if len(args) != len(fields):
        what = "a pair is made from its two values" if is_pair(t) else f"this tuple is made from its {len(fields)} values"
        a.error("ctor-args", f"no matching constructor for initialization of '{t}'", span, help=what)
    return ir.Construct(span, t, tuple(a.convert(x, ft, s) for x, (_, ft), s in zip(args, fields, spans)))


def convert_pair(a, e: ir.Expr, t: ir.StructType, span) -> ir.Expr | None:
    """`std::pair<shared_ptr<Base>, int> p = std::make_pair(make_shared<D>(), 1);`: a pair made from a
    pair of other types, each value converted (pair's converting constructor); None if not pairs."""
    if not (is_pair(e.type) and is_pair(t)):
        return None
    targets = [ft for _, ft in a.struct_fields(t)]
    if isinstance(e, ir.Construct) and len(e.args) == 2:
        values = e.args                     # (each value made once)
    else:
        if not is_lvalue(e):
            a.unsupported(f"converting '{e.type}' to '{t}' from a value that is not a variable is", span)
        values = tuple(ir.FieldRef(span, ft, e, name, False) for name, ft in a.struct_fields(e.type))
    return ir.Construct(span, t, tuple(a.convert(x, ft, span) for x, ft in zip(values, targets)))


def make_pair(a, n: A.Call) -> ir.Expr:
    """`std::make_pair(x, y)`: a pair of the values' (decayed) types."""
    if a.in_amp():
        a.error("amp-restrict", "call to 'std::make_pair', which is not restrict(amp), from restrict(amp) code",
                n.span)
    if len(n.args) != 2:
        a.error("call-args", f"'std::make_pair' takes 2 arguments, {len(n.args)} given", n.span)
    args = [a.expr(x) for x in n.args]
    t = pair_type(a, args[0].type, args[1].type, n.span)
    return ir.Construct(n.span, t, tuple(a.convert(x, x.type, s.span, copy=True) for x, s in zip(args, n.args)))


def make_tuple(a, n: A.Call) -> ir.Expr:
    """`std::make_tuple(x, y, ...)`: a tuple of the values' (decayed) types."""
    if a.in_amp():
        a.error("amp-restrict", "call to 'std::make_tuple', which is not restrict(amp), from restrict(amp) code",
                n.span)
    args = [a.expr(x) for x in n.args]
    t = tuple_type(a, [x.type for x in args], n.span)
    return ir.Construct(n.span, t, tuple(a.convert(x, x.type, s.span, copy=True) for x, s in zip(args, n.args)))


def get(a, k: int, value: ir.Expr, span) -> ir.Expr:
    """`std::get<k>(t)` of a tuple or a pair: its k-th value (a reference to it: `std::get<0>(t) = 5`)."""
    if not (is_tuple(value.type) or is_pair(value.type)):
        a.error("no-matching-function", f"no matching function for call to 'get<{k}>({value.type})'", span,
                help="amppy translates std::get of a std::tuple or a std::pair")
    fields = a.struct_fields(value.type)
    if not 0 <= k < len(fields):
        a.error("template-args", f"index {k} of 'std::get' is out of range for '{value.type}' "
                f"({len(fields)} elements)", span)
    name, t = fields[k]
    return ir.FieldRef(span, t, value, name, False)


def compare_pairs(a, op: str, x: ir.Expr, y: ir.Expr, span) -> ir.Expr:
    """`p == q` (both fields equal), `p < q` (by `first`, then by `second`), ..."""
    if op in ("==", "!="):
        return ir.LibCall(span, ir.BOOL, op, x, (y,))
    if op in (">", "<="):                   # p > q is q < p; p <= q is !(q < p)
        less = compare_pairs(a, "<", y, x, span)
        return less if op == ">" else ir.Unary(span, ir.BOOL, "!", less)
    if op == ">=":
        return ir.Unary(span, ir.BOOL, "!", compare_pairs(a, "<", x, y, span))
    if not (is_lvalue(x) and is_lvalue(y)):
        a.unsupported("ordering pairs that are not variables or elements is", span)
    (f, ft), (s, st) = a.struct_fields(x.type)

    def field(e, name, t):
        return ir.FieldRef(span, t, e, name, False)

    def lt(p, q, name, t):
        return ir.Binary(span, ir.BOOL, "<", field(p, name, t), field(q, name, t))
    return ir.Binary(span, ir.BOOL, "||", lt(x, y, f, ft), ir.Binary(
        span, ir.BOOL, "&&", ir.Unary(span, ir.BOOL, "!", lt(y, x, f, ft)), lt(x, y, s, st)))


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    if t.name == "pair":
        a.nargs(t, 2, 2)
        return pair_type(a, a.type_arg(t.args[0], t), a.type_arg(t.args[1], t), t.span)
    if t.name == "tuple":
        return tuple_type(a, [a.type_arg(x, t) for x in t.args], t.span)
    return None


AREA = Area("<utility>, <tuple>, <limits> (pair, tuple, numeric_limits)", templates=names("pair tuple numeric_limits"),
            template_type=_template_type)
