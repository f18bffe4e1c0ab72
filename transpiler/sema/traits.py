"""<type_traits> as real code uses it in templates: the `::type` of the transforming traits
(`typename std::remove_const<typename std::remove_reference<T>::type>::type`) and the `::value`
of the type predicates (`std::is_same<T, float>::value`), computed at compile time on amppy's
types.  amppy's types carry no `const`/reference/`volatile` qualifier (sema keeps those on the
declaration), so removing one is the type itself."""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from .area import Area, names

#: traits whose `::type` is their one argument (the qualifiers they remove are not types here)
IDENTITY = frozenset("remove_const remove_volatile remove_cv remove_reference remove_cvref "
                     "add_const add_volatile add_cv add_lvalue_reference add_rvalue_reference".split())
TYPE_TRAITS = IDENTITY | {"decay", "remove_pointer", "add_pointer", "conditional", "enable_if",
                          "remove_extent", "make_unsigned", "make_signed", "result_of", "invoke_result"}
PREDICATES = frozenset("is_same is_integral is_floating_point is_arithmetic is_signed is_unsigned "
                       "is_pointer is_void is_array is_class".split())

_UNSIGNED = {"char": "unsigned char", "signed char": "unsigned char", "short": "unsigned short",
             "int": "unsigned int", "long": "unsigned long", "long long": "unsigned long long"}


def _arg(a, t: A.TypeName, k: int) -> ir.Type:
    if k >= len(t.args or ()):
        a.error("template-args", f"too few template arguments for 'std::{t.name}'", t.span)
    return a.type_arg(t.args[k], t)


def member_type(a, t: A.TypeName, member: str, span) -> ir.Type:
    """`std::<trait><...>::type`."""
    if member != "type":
        a.error("no-member", f"no type named '{member}' in 'std::{t.name}'", span)
    name = t.name
    if name in IDENTITY:
        return _arg(a, t, 0)
    if name == "decay":
        x = _arg(a, t, 0)
        return ir.Pointer(x.elem) if isinstance(x, ir.CArray) and len(x.dims) == 1 else x
    if name == "remove_pointer":
        x = _arg(a, t, 0)
        return x.elem if isinstance(x, ir.Pointer) else x
    if name == "add_pointer":
        return ir.Pointer(_arg(a, t, 0))
    if name == "remove_extent":
        x = _arg(a, t, 0)
        if isinstance(x, ir.CArray):
            return x.elem if len(x.dims) == 1 else ir.CArray(x.elem, x.dims[1:])
        return x
    if name == "conditional":
        return _arg(a, t, 1) if a.const_int(t.args[0], "condition") else _arg(a, t, 2)
    if name == "enable_if":
        if not a.const_int(t.args[0], "condition"):
            a.error("no-member", "no type named 'type' in 'std::enable_if<false>'", span,
                    help="amppy instantiates templates without SFINAE: this use needs the condition true")
        return _arg(a, t, 1) if len(t.args) > 1 else ir.Void()
    if name in ("result_of", "invoke_result"):
        return _call_result(a, t)
    x = _arg(a, t, 0)                           # make_unsigned, make_signed
    if not (isinstance(x, ir.Scalar) and not x.is_float and x.name != "bool"):
        a.error("type-mismatch", f"'std::{name}' needs an integer type, not '{x}'", t.span)
    if name == "make_unsigned":
        return ir.Scalar(_UNSIGNED.get(x.name, x.name))
    back = {v: k for k, v in _UNSIGNED.items() if k != "signed char"}
    return ir.Scalar(back.get(x.name, x.name))


def _call_result(a, t: A.TypeName) -> ir.Type:
    """`std::result_of<F(Args...)>::type`, `std::invoke_result<F, Args...>::type`: what calling a
    function of type F returns (F a pointer or reference to a function, as `decltype(&f)` is)."""
    args = t.args or ()
    if t.name == "result_of":
        if len(args) != 1 or not isinstance(args[0], A.FunctionType):
            a.error("template-args", "'std::result_of' takes one function type, 'std::result_of<F(Args...)>'",
                    t.span, help="write the callable and its arguments as a function type, or use "
                                 "'std::invoke_result<F, Args...>'")
        f = a.resolve_type(args[0].ret)
    else:
        f = _arg(a, t, 0)
    if isinstance(f, ir.Function):         # a function, a pointer to one, a std::function
        return f.ret
    a.unsupported(f"'std::{t.name}' of '{f}' (not a function type) is", t.span)


def value(a, t: A.TypeName, member: str, span) -> ir.Expr:
    """`std::is_same<T, float>::value`: a `bool` constant."""
    if member != "value":
        a.error("no-member", f"no member named '{member}' in 'std::{t.name}'", span)
    x = _arg(a, t, 0)
    name = t.name
    if name == "is_same":
        v = x == _arg(a, t, 1)
    elif name == "is_integral":
        v = isinstance(x, ir.Scalar) and not x.is_float
    elif name == "is_floating_point":
        v = isinstance(x, ir.Scalar) and x.is_float
    elif name == "is_arithmetic":
        v = isinstance(x, ir.Scalar)
    elif name == "is_signed":
        v = isinstance(x, ir.Scalar) and (x.is_float or not x.name.startswith("unsigned") and
                                          x.name not in ("bool", "size_t"))
    elif name == "is_unsigned":
        v = isinstance(x, ir.Scalar) and not x.is_float and (x.name.startswith("unsigned") or
                                                             x.name in ("bool", "size_t"))
    elif name == "is_pointer":
        v = isinstance(x, (ir.Pointer, ir.String))
    elif name == "is_void":
        v = isinstance(x, ir.Void)
    elif name == "is_array":
        v = isinstance(x, ir.CArray)
    else:                                       # is_class
        v = isinstance(x, ir.StructType)
    return ir.Const(span, ir.BOOL, bool(v))


# ---- the library area (sema/areas.py) ---------------------------------------------------------
AREA = Area("<type_traits>", templates=names("""
    declval is_convertible is_same enable_if remove_reference remove_const decay conditional
    integral_constant is_integral is_floating_point is_arithmetic
    remove_volatile remove_cv remove_cvref add_const add_volatile add_cv add_lvalue_reference
    add_rvalue_reference remove_pointer add_pointer remove_extent make_unsigned make_signed
    is_signed is_unsigned is_pointer is_void is_array is_class result_of invoke_result"""))


def iterator_base(a, base: A.TypeName, sd: ir.StructDef) -> None:
    """`struct It : std::iterator<Category, T, Distance, Pointer, Reference>`: an empty base
    (deprecated in C++17) that gives the class its five member types; the category's tag is
    kept only as a name."""
    args = list(base.args or ())
    if len(args) < 2:
        a.error("template-args", "'std::iterator' takes a category and a value type", base.span)
    value = a.resolve_type(args[1])
    sd.member_types["value_type"] = value
    sd.member_types["difference_type"] = a.resolve_type(args[2]) if len(args) > 2 else ir.Scalar("long long")
    sd.member_types["pointer"] = a.resolve_type(args[3]) if len(args) > 3 else ir.Pointer(value)
    sd.member_types["reference"] = a.resolve_type(args[4]) if len(args) > 4 else value
    if len(args) <= 4:                              # (its default is `T&`)
        sd.reference_types["reference"] = A.ReferenceType(base.span, args[1], False)
    elif isinstance(args[4], A.ReferenceType):
        sd.reference_types["reference"] = args[4]
