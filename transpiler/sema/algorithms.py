"""<algorithm>, <numeric> and <functional>: the algorithms over a vector iterator range
(`std::sort(v.begin(), v.end())`, `std::accumulate`, ...) and the function objects
(`std::greater<int>()`), which the runtime implements under `std_`-prefixed names."""
from __future__ import annotations

from ..parse import ast as A
from .. import ir
from . import lambdas, memory, utility
from .area import Area, names


#: <algorithm>/<numeric> over a vector iterator range `(first, last, ...)`: name -> the kinds of
#: the arguments after the range (one tuple per overload) and the result.  Kinds: "v" a value of
#: the element type, "p1"/"p2" a function of one/two elements, "g" a function of none, "it" the
#: start of a second range, "out" an output iterator, "init" an initial value (its type is the
#: result's, as C++ deduces it).  Results: "void", "iter", "bool", "count", "init".
RANGE_ALGORITHMS = {
    "fill": ((("v",), "void"),), "iota": ((("v",), "void"),), "reverse": (((), "void"),),
    "sort": (((), "void"), (("p2",), "void")), "stable_sort": (((), "void"), (("p2",), "void")),
    "count": ((("v",), "count"),), "count_if": ((("p1",), "count"),),
    "accumulate": ((("init",), "init"), (("init", "op"), "init")), "inner_product": ((("it", "init"), "init"),),
    "parallel_reduce": ((("init", "op"), "init"),),      # (the PPL's: a reduction in order gives its result)
    "find": ((("v",), "iter"),), "find_if": ((("p1",), "iter"),),
    "all_of": ((("p1",), "bool"),), "any_of": ((("p1",), "bool"),), "none_of": ((("p1",), "bool"),),
    "for_each": ((("p1",), "void"),), "generate": ((("g",), "void"),),
    "min_element": (((), "iter"), (("p2",), "iter")), "max_element": (((), "iter"), (("p2",), "iter")),
    "copy": ((("out",), "iter"),), "equal": ((("it",), "bool"),), "replace": ((("v", "v"), "void"),),
    "remove_if": ((("p1",), "iter"),), "remove": ((("v",), "iter"),),
    "mismatch": ((("it",), "pair"), (("it", "p2"), "pair")),
    "transform": ((("out", "p1"), "iter"), (("it", "out", "p2"), "iter")),
}
#: the algorithms that visit the range one element after another (runtime `_each`): they also go
#: over a reverse range (`v.rbegin()`, `v.rend()`)
IN_ORDER = frozenset({"for_each", "count", "count_if", "all_of", "any_of", "none_of", "accumulate", "generate",
                      "parallel_reduce"})
#: the runtime function of an overload when it is not `std_<name>`
_RUNTIME = {("sort", 1): "std_sort_by", ("stable_sort", 0): "std_sort", ("stable_sort", 1): "std_sort_by",
            ("transform", 1): "std_transform2", ("accumulate", 1): "std_accumulate_by",
            ("parallel_reduce", 0): "std_accumulate_by"}
#: the standard function objects: `std::greater<int>()` -> a runtime function of two values
FUNCTION_OBJECTS = {"less": "std_less", "greater": "std_greater", "less_equal": "std_less_equal",
                    "greater_equal": "std_greater_equal", "equal_to": "std_equal_to",
                    "not_equal_to": "std_not_equal_to", "plus": "std_plus", "minus": "std_minus",
                    "multiplies": "std_multiplies"}
#: the function objects of arithmetic: their result is a value of their type, not a bool
ARITHMETIC_OBJECTS = frozenset({"plus", "minus", "multiplies"})


def range_algorithm(a, name: str, n: A.Call, first: ir.Expr | None = None, ppl: bool = False) -> ir.Expr:
    """`std::sort(v.begin(), v.end())`, `std::count_if(v.begin(), v.end(), [](int x) {...})`, ...
    (`first`: the first argument, already analysed; `ppl`: the PPL's `parallel_for_each(first, last,
    f)`, which may run the calls in any order and at once: amppy runs them in order)."""
    std = "'concurrency::parallel_for_each'" if ppl else f"'std::{name}'"
    if a.in_amp():
        a.error("amp-restrict", f"call to {std}, which is not restrict(amp), from restrict(amp) code", n.span)
    if name == "fill_n":
        return _fill_n(a, n)
    overloads = RANGE_ALGORITHMS[name]
    choice = next((k for k, (kinds, _) in enumerate(overloads) if len(kinds) == len(n.args) - 2), None)
    if choice is None or len(n.args) < 2:
        a.unsupported(f"{std} with {len(n.args)} arguments is", n.span,
                      "amppy translates it over a std::vector range: (v.begin(), v.end(), ...)")
    kinds, result = overloads[choice]
    first = first if first is not None else a.expr(n.args[0])
    last = a.expr(n.args[1])
    if name == "copy" and memory.is_data_pointer(first.type) and isinstance(first.type.elem, ir.Scalar):
        return _copy_pointers(a, first, last, n)
    if not (isinstance(first.type, ir.Iterator) and isinstance(last.type, ir.Iterator)):
        a.unsupported(f"{std} over '{first.type}' is", n.args[0].span,
                      "amppy translates it over a std::vector range: (v.begin(), v.end(), ...)")
    elem = first.type.elem
    if first.type != last.type:
        a.error("type-mismatch", f"{std}: the range's ends have different types, '{first.type}' and "
                                 f"'{last.type}'", n.args[1].span)
    if first.type.reverse and name not in IN_ORDER:
        a.unsupported(f"{std} over reverse iterators is", n.args[0].span,
                      help="amppy translates std::for_each, count, count_if, all_of, any_of, none_of, accumulate "
                           "and generate over reverse iterators")
    # numbers and strings compare and add as C++ does; other elements through a function
    by_function = all(k in ("p1", "p2", "g", "it", "out", "op") for k in kinds) and (kinds or name == "reverse")
    if not (isinstance(elem, ir.Scalar) or isinstance(elem, ir.StdString) and name in ("sort", "stable_sort")
            or isinstance(elem, (ir.StructType, ir.StdString, ir.Library)) and by_function
            or isinstance(elem, (ir.StructType, ir.StdString)) and name == "fill"):
        a.unsupported(f"{std} on elements of type '{elem}' is", n.span)
    args, acc = [first, last], None
    for kind, node in zip(kinds, n.args[2:]):
        if kind == "op":                    # `accumulate(b, e, init, op)`: op(sum so far, element)
            args.append(lambdas.callable_arg(a, node, (acc, elem)))
            args.append(args.pop(-2))       # (the type's name last, as std_accumulate takes it)
            continue
        if kind in ("p1", "p2", "g"):
            f = lambdas.callable_arg(a, node, (elem,) * {"p1": 1, "p2": 2, "g": 0}[kind], refs=name == "for_each")
            for p in ir.changed_refs(f):       # `[](float& x) { x *= 2; }`: binds to the element
                if p.type != elem:
                    a.error("type-mismatch", f"a '{p.type}&' parameter cannot bind to an element of type "
                                             f"'{elem}'", p.span, help=f"take it as '{elem}&' or by value")
            args.append(f)
            continue
        e = a.expr(node)
        if kind == "v":
            args.append(a.convert(e, elem, node.span))
        elif kind == "init":
            acc = e.type if isinstance(e.type, ir.Scalar) else ir.INT
            args += [a.convert(e, acc, node.span), ir.StringConst(node.span, ir.String(), acc.name)]
        else:                               # "it", "out": an iterator of a vector
            if name == "equal" and memory.is_data_pointer(e.type) and e.type.elem == elem:
                args.append(e)              # `std::equal(v.begin(), v.end(), av.data())`: a pointer is an iterator
                continue
            if not isinstance(e.type, ir.Iterator):
                a.error("type-mismatch", f"{std} needs an iterator here, not '{e.type}'", node.span)
            if e.type.reverse:
                a.unsupported(f"{std} with a reverse iterator here is", node.span)
            args.append(e)
    types = {"void": ir.Void(), "iter": ir.Iterator(elem), "bool": ir.BOOL, "count": ir.Scalar("long long"),
             "init": acc}
    if result == "pair":                    # std::mismatch: where the two ranges first differ
        types["pair"] = utility.pair_type(a, first.type, args[2].type, n.span)
    runtime = _RUNTIME.get((name, choice), f"std_{name}")
    if name == "for_each" and ir.changed_refs(args[2]):   # the element takes the parameter's new value
        runtime = "std_for_each_ref"
        args.append(ir.Const(n.span, ir.BOOL, not isinstance(args[2].type.ret, ir.Void)))
    return ir.LibCall(n.span, types[result], runtime, None, tuple(args))


def _copy_pointers(a, first: ir.Expr, last: ir.Expr, n: A.Call) -> ir.Expr:
    """`std::copy(first, last, out)` of pointers to numbers (C arrays, `v.data()`, `&v[i]`): the
    elements from first up to last, converted to out's type; the result points past the last one
    written."""
    out = a.expr(n.args[2])
    for e, x in ((last, n.args[1]), (out, n.args[2])):
        if not (memory.is_data_pointer(e.type) and isinstance(e.type.elem, ir.Scalar)):
            a.error("type-mismatch", f"'std::copy' of pointers needs pointers here, not '{e.type}'", x.span)
    if last.type != first.type:
        a.error("type-mismatch", f"'std::copy': the range's ends have different types, '{first.type}' and "
                                 f"'{last.type}'", n.args[1].span)
    return ir.LibCall(n.span, out.type, "std_copy_pointers", None, (first, last, out))


def std_copy(n: A.Call) -> bool:
    """`std::copy(first, last, out)` rather than `concurrency::copy(...)`: named std::, or three
    arguments of which the last is a vector's `begin()`."""
    ns = tuple(getattr(n.func, "namespace", ()))
    if ns[:1] == ("std",):
        return True
    out = n.args[-1] if len(n.args) == 3 else None
    return not ns and isinstance(out, A.Call) and isinstance(out.func, A.Member) and out.func.name == "begin"


def _fill_n(a, n: A.Call) -> ir.Expr:
    if len(n.args) != 3:
        a.error("call-args", f"'std::fill_n' takes 3 arguments, {len(n.args)} given", n.span)
    first = a.expr(n.args[0])
    if not isinstance(first.type, ir.Iterator) or not isinstance(first.type.elem, ir.Scalar) or first.type.reverse:
        a.unsupported("'std::fill_n' here is", n.span, "amppy translates it over a std::vector: (v.begin(), n, value)")
    count = a.convert(a.expr(n.args[1]), ir.Scalar("long long"), n.args[1].span)
    value = a.convert(a.expr(n.args[2]), first.type.elem, n.args[2].span)
    return ir.LibCall(n.span, first.type, "std_fill_n", None, (first, count, value))


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    if t.name in FUNCTION_OBJECTS:      # std::greater<int>: a function of two values
        a.nargs(t, 0, 1)
        elem = a.type_arg(t.args[0], t) if t.args else ir.Library("auto")
        return ir.Function(elem if t.name in ARITHMETIC_OBJECTS else ir.BOOL, (elem, elem))
    return None


AREA = Area("<algorithm>, <functional>", templates=names("""
    less greater less_equal greater_equal equal_to not_equal_to plus minus multiplies divides modulus
    negate logical_and logical_or logical_not bit_and bit_or bit_xor"""), template_type=_template_type)
