"""The standard library's other containers on the host (`ir.Container`, runtime/stdcontainers.py):
`std::map`, `multimap`, `set`, `multiset`, `unordered_map`, `unordered_multimap`, `unordered_set`,
`unordered_multiset`, `list`, `forward_list`, `deque`, `queue`, `stack`, `priority_queue`.

Their elements are values (copied in, `m[k]` inserts a value-initialised one); their iterators are
`ir.Iterator`s over the container's `value_type` (a map's is `std::pair<K, V>`), which `*it`,
`it->first`, `++it`, `--it`, `std::next`/`std::prev`/`std::distance` and `==`/`!=` work on (only a
deque's take `it + n`).  A set's, map's or priority_queue's comparator is its third template
argument: `std::less`/`std::greater<T>` or a function object class of the program.

`ir.Construct` of a container: when the type has a comparator (`t.compare`), `args[0]` is the
comparator object and the rest is where the elements come from: nothing, `(first, last)`
iterators or pointers, `(n[, value])` for a list or deque, a braced list (a C array).
"""
from __future__ import annotations

from dataclasses import replace

from .. import ir
from ..parse import ast as A
from .area import Area, names
from .algorithms import FUNCTION_OBJECTS
from . import containers as VEC
from . import utility as U

SIZE_T = ir.Scalar("size_t")
KINDS = tuple(ir.CONTAINER_KINDS)
_MAPS = ("map", "multimap", "unordered_map", "unordered_multimap")
_SEQUENCES = ("list", "forward_list", "deque")
_ADAPTORS = ("queue", "stack", "priority_queue")


def value_type(a, t: ir.Container, span) -> ir.Type:
    """What the container holds: a map's `std::pair<K, V>`, the others' element."""
    return U.pair_type(a, t.key, t.mapped, span) if t.mapped is not None else t.key


def iterator(a, t: ir.Container, span, reverse: bool = False) -> ir.Iterator:
    return ir.Iterator(value_type(a, t, span), reverse, str(t), t.iterators or "forward")


def member_type(a, t: ir.Container, name: str, span) -> ir.Type | None:
    """`std::map<K, V>::iterator`, `::value_type`, `::key_type`, `::mapped_type`, `::size_type`, ..."""
    if t.kind == "deque":
        return {"iterator": ir.Iterator(t.key), "const_iterator": ir.Iterator(t.key), "value_type": t.key,
                "size_type": SIZE_T, "reference": t.key, "const_reference": t.key}.get(name)
    members = {"value_type": value_type(a, t, span), "key_type": t.key, "size_type": SIZE_T,
               "difference_type": ir.Scalar("long long"), "reference": value_type(a, t, span),
               "const_reference": value_type(a, t, span)}
    if t.mapped is not None:
        members["mapped_type"] = t.mapped
    if t.kind not in _ADAPTORS:
        members["iterator"] = members["const_iterator"] = iterator(a, t, span)
        if t.iterators == "bidirectional":
            members["reverse_iterator"] = members["const_reverse_iterator"] = iterator(a, t, span, reverse=True)
    return members.get(name)


# ---- types -------------------------------------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    kind = t.name
    if kind not in ir.CONTAINER_KINDS or t.namespace not in ((), ("std",)):
        return None
    args = list(t.args)
    if kind in _MAPS:
        a.nargs(t, 2, 5)
        key, mapped = a.type_arg(args[0], t), a.type_arg(args[1], t)
        compare_at = 2
    else:
        a.nargs(t, 1, 5 if kind.startswith("unordered") else 3)
        key, mapped = a.type_arg(args[0], t), None
        compare_at = 2 if kind == "priority_queue" else 1
    for x in (key, mapped):
        if x is not None and isinstance(x, (ir.CArray, ir.Void, ir.ArrayView, ir.AmpArray)) or x == ir.Library("auto"):
            a.unsupported(f"a 'std::{kind}' of '{x}' is", t.span,
                          help="amppy's containers hold numbers, strings, classes, pairs and other containers")
    compare, compare_name = None, ""
    if kind.startswith("unordered") and len(args) > compare_at:
        given = args[compare_at]            # a hash of the program's: not translated yet
        if not (isinstance(given, A.TypeName) and given.name == "hash"):
            a.unsupported(f"a hash function object for 'std::{kind}' is", given.span)
    elif kind in ("map", "multimap", "set", "multiset", "priority_queue") and len(args) > compare_at:
        compare, compare_name = _comparator(a, args[compare_at], key, t)
    if kind in ("queue", "stack", "priority_queue") and len(args) > 1:
        a.type_arg(args[1], t)              # the underlying container: amppy's adaptors need none
    return ir.Container(kind, key, mapped, compare, compare_name)


def _comparator(a, x, key: ir.Type, t: A.TypeName) -> tuple:
    """(its type, its C++ name) of a comparator template argument; (None, "") for `std::less<K>`."""
    if isinstance(x, A.TypeName) and x.name in FUNCTION_OBJECTS and x.namespace in ((), ("std",)):
        if x.name == "less":
            return None, ""
        ct = a.type_arg(x, t)
        return ct, f"std::{x.name}<{ct.params[0] if ct.params and ct.params[0] != ir.Library('auto') else ''}>"
    ct = a.type_arg(x, t)
    if isinstance(ct, ir.StructType) and ct.name in a.structs and "operator()" in a.structs[ct.name].members:
        return ct, ct.name
    a.unsupported(f"'{ct}' as the comparator of 'std::{t.name}' is", x.span,
                  help="amppy takes std::less, std::greater<T> or a function object class with operator()")


# ---- construction ------------------------------------------------------------------------------
def comparator_value(a, t: ir.Container, span) -> ir.Expr:
    """The comparator object a container of type `t` is made with."""
    if isinstance(t.compare, ir.StructType):
        return ir.Construct(span, t.compare, ())
    name = t.compare_name.split("<")[0].removeprefix("std::")
    py = FUNCTION_OBJECTS[name]
    return ir.Var(span, t.compare, ir.Symbol(py, py, t.compare, "library", span))


def construct(a, t: ir.Container, args: tuple, span, spans) -> ir.Expr:
    if a.fn is not None and a.in_amp():
        a.error("amp-restrict", f"'{t}' cannot be used in restrict(amp) code", span)
    first = (comparator_value(a, t, span),) if t.compare is not None else ()
    if len(args) == 1 and args[0].type == t:
        return ir.Copy(span, t, args[0])
    if not args:
        return ir.Construct(span, t, first)
    if len(args) == 2 and all(isinstance(x.type, (ir.Iterator, ir.Pointer)) for x in args):
        return ir.Construct(span, t, first + args)      # (first, last)
    if len(args) == 1 and isinstance(args[0], ir.Construct) and isinstance(args[0].type, ir.CArray):
        elems = tuple(a.convert(x, value_type(a, t, span), span) for x in args[0].args)
        return ir.Construct(span, t, first + (ir.Construct(span, ir.CArray(value_type(a, t, span), (len(elems),)),
                                                           elems),))
    if t.kind in _SEQUENCES and 1 <= len(args) <= 2:     # (n[, value])
        rest = (a.convert(args[1], t.key, spans[1]),) if len(args) > 1 else ()
        return ir.Construct(span, t, (a.convert(args[0], SIZE_T, spans[0]),) + rest)
    a.error("ctor-args", f"no matching constructor for initialization of '{t}'", span)


# ---- member functions --------------------------------------------------------------------------
def method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    t: ir.Container = obj.type
    sp = n.span
    if a.in_amp():
        a.error("amp-restrict", f"'{t}' cannot be used in restrict(amp) code", sp)

    count = VEC.arity_check(a, name, args, sp)

    def conv(i, to):
        return a.convert(args[i], to, n.args[i].span)

    def call(rt, py=None, values=()):
        return ir.LibCall(sp, rt, py or name, obj, tuple(values))

    def position(i):
        if not (isinstance(args[i].type, ir.Iterator) and args[i].type.container == str(t)):
            a.error("type-mismatch", f"'{name}' needs an iterator of '{t}' here, not '{args[i].type}'",
                    n.args[i].span)
        return args[i]

    def no_member():
        a.error("no-member", f"no member named '{name}' in '{t}'", n.func.span)

    vt = value_type(a, t, sp)
    it = iterator(a, t, sp)
    if name in ("size", "max_size"):
        count(0)
        return call(SIZE_T)
    if name == "empty":
        count(0)
        return call(ir.BOOL)
    if name == "swap":
        count(1)
        if args[0].type != t:
            a.error("type-mismatch", f"cannot swap '{t}' with '{args[0].type}'", n.args[0].span)
        return call(ir.Void(), values=(a.lvalue(args[0], n.args[0].span),))
    if t.kind == "deque" and name not in ("push_front", "pop_front", "emplace_front"):
        return VEC.method(a, as_vector(obj), name, args, n)     # a vector's members, and its iterators
    if t.kind == "deque":
        count(len(args) and 1)
        return call(ir.Void(), name.replace("emplace", "push"), tuple(conv(i, t.key) for i in range(len(args))))
    if t.kind in _ADAPTORS:
        return _adaptor_method(a, obj, name, args, n, count, conv, call, no_member)
    if name == "clear":
        count(0)
        return call(ir.Void())
    if name in ("begin", "end", "cbegin", "cend"):
        count(0)
        return call(it, name.lstrip("c"))
    if name in ("rbegin", "rend", "crbegin", "crend") and t.iterators == "bidirectional":
        count(0)
        return call(iterator(a, t, sp, reverse=True), name.lstrip("c"))
    if t.kind in ("list", "forward_list"):
        return _list_method(a, obj, name, args, n, count, conv, call, position, no_member, it)
    return _associative_method(a, obj, name, args, n, count, conv, call, position, no_member, it, vt)


def _adaptor_method(a, obj, name, args, n, count, conv, call, no_member) -> ir.Expr:
    t: ir.Container = obj.type
    if name in ("push", "emplace"):
        count(1)
        return call(ir.Void(), "push", (conv(0, t.key),))
    if name == "pop":
        count(0)
        return call(ir.Void())
    if name == "top" and t.kind != "queue" or name in ("front", "back") and t.kind == "queue":
        count(0)
        return call(t.key)
    no_member()


def _list_method(a, obj, name, args, n, count, conv, call, position, no_member, it) -> ir.Expr:
    t: ir.Container = obj.type
    forward = t.kind == "forward_list"
    if name in ("front",) or name == "back" and not forward:
        count(0)
        return call(t.key)
    if name in ("push_front", "emplace_front") or name in ("push_back", "emplace_back") and not forward:
        count(1)
        return call(ir.Void(), name.replace("emplace", "push"), (conv(0, t.key),))
    if name == "pop_front" or name == "pop_back" and not forward:
        count(0)
        return call(ir.Void())
    if name == "resize":
        count(1, 2)
        return call(ir.Void(), values=(conv(0, SIZE_T),) + ((conv(1, t.key),) if len(args) > 1 else ()))
    if name == "assign":
        count(2)
        if isinstance(args[0].type, ir.Iterator):
            return call(ir.Void(), "assign_range", (args[0], args[1]))
        return call(ir.Void(), "assign_n", (conv(0, SIZE_T), conv(1, t.key)))
    if name in ("insert", "emplace") and not forward or name in ("insert_after", "emplace_after") and forward:
        count(2, 3)
        pos = position(0)
        if len(args) == 2:
            rest = (conv(1, t.key),)
        elif isinstance(args[1].type, ir.Iterator):
            rest = (args[1], args[2])
        else:
            rest = (conv(1, SIZE_T), conv(2, t.key))
        return call(it, name.replace("emplace", "insert"), (pos,) + rest)
    if name == "erase" and not forward or name == "erase_after" and forward:
        count(1, 2)
        return call(it, values=tuple(position(i) for i in range(len(args))))
    if name == "before_begin" and forward:
        count(0)
        return call(it)
    if name == "remove":
        count(1)
        return call(SIZE_T, values=(conv(0, t.key),))
    if name in ("remove_if", "unique", "sort", "merge"):
        from .lambdas import callable_arg
        if name == "merge":
            count(1, 2)
            if args[0].type != t:
                a.error("type-mismatch", f"cannot merge '{args[0].type}' into '{t}'", n.args[0].span)
            other = (a.lvalue(args[0], n.args[0].span),)
            extra = (callable_arg(a, n.args[1], (t.key, t.key)),) if len(args) > 1 else ()
            return call(ir.Void(), values=other + extra)
        if name == "remove_if":
            count(1)
            return call(SIZE_T, values=(callable_arg(a, n.args[0], (t.key,)),))
        count(0, 1)
        return call(ir.Void(), values=tuple(callable_arg(a, x, (t.key, t.key)) for x in n.args))
    if name == "reverse":
        count(0)
        return call(ir.Void())
    if name == "splice" and not forward:
        count(2, 4)
        if args[1].type != t:
            a.error("type-mismatch", f"cannot splice '{args[1].type}' into '{t}'", n.args[1].span)
        return call(ir.Void(), values=(position(0), a.lvalue(args[1], n.args[1].span))
                    + tuple(position(i) for i in range(2, len(args))))
    no_member()


def _associative_method(a, obj, name, args, n, count, conv, call, position, no_member, it, vt) -> ir.Expr:
    t: ir.Container = obj.type
    multi = t.kind.startswith(("multi", "unordered_multi"))
    if name in ("find", "lower_bound", "upper_bound") and (t.ordered or name == "find"):
        count(1)
        return call(it, values=(conv(0, t.key),))
    if name in ("count", "contains"):
        count(1)
        return call(SIZE_T if name == "count" else ir.BOOL, values=(conv(0, t.key),))
    if name == "equal_range":
        count(1)
        pair = U.pair_type(a, it, it, n.span)
        return call(pair, values=(conv(0, t.key), _class_of(pair, n.span)))
    if name in ("insert", "emplace", "emplace_hint"):
        if name == "insert" and len(args) == 2 and isinstance(args[0].type, ir.Iterator) \
                and args[1].type == args[0].type:
            return call(ir.Void(), values=(args[0], args[1]))             # insert(first, last)
        hint = ()
        if name == "emplace_hint" or name == "insert" and len(args) == 2:
            hint, args = (position(0),), args[1:]
        if name in ("emplace", "emplace_hint") and t.mapped is not None and len(args) == 2:
            value = ir.Construct(n.span, vt, (a.convert(args[0], t.key, n.args[-2].span),
                                              a.convert(args[1], t.mapped, n.args[-1].span)))
        elif len(args) == 1:
            value = a.convert(args[0], vt, n.args[-1].span)
        else:
            a.error("call-args", f"'{name}' takes one value of '{t}'", n.span)
        if hint or multi:
            return call(it, "insert", hint + (value,))
        pair = U.pair_type(a, it, ir.BOOL, n.span)          # pair<iterator, bool>
        return ir.LibCall(n.span, pair, "insert_unique", obj, (value, _class_of(pair, n.span)))
    if name == "erase":
        count(1, 2)
        if isinstance(args[0].type, ir.Iterator):
            return call(it, values=tuple(position(i) for i in range(len(args))))
        count(1)
        return call(SIZE_T, values=(conv(0, t.key),))
    if name == "at" and t.mapped is not None and not multi:
        count(1)
        return ir.ElementRef(n.span, t.mapped, obj, (ir.LibCall(n.span, t.key, "checked_key", obj,
                                                                (conv(0, t.key),)),))
    if name in ("bucket_count", "load_factor", "max_load_factor", "reserve", "rehash") and not t.ordered:
        count(0, 1)
        rt = {"bucket_count": SIZE_T, "load_factor": ir.FLOAT, "max_load_factor": ir.FLOAT}.get(name, ir.Void())
        return call(rt, values=tuple(conv(0, SIZE_T) for _ in args))
    no_member()


def _class_of(t: ir.StructType, span) -> ir.Expr:
    """A struct's class as a value (the runtime makes the pair a member function returns)."""
    return ir.Var(span, t, ir.Symbol(t.py, t.py, t, "library", span))


def as_vector(e: ir.Expr) -> ir.Expr:
    """A deque as the vector it is at run time (runtime `std_deque` is a `vector`): its elements,
    iterators and members are a vector's."""
    return replace(e, type=ir.Vector(e.type.key))


def subscript(a, base: ir.Expr, idx: ir.Expr, n) -> ir.Expr:
    """`m[k]` of a map (inserting a value-initialised one when `k` is missing), `d[i]` of a deque."""
    t: ir.Container = base.type
    if t.kind == "deque":
        return ir.ElementRef(n.span, t.key, as_vector(base), (a.convert(idx, SIZE_T, n.index.span),))
    if t.kind not in ("map", "unordered_map"):
        a.error("type-mismatch", f"type '{t}' does not provide a subscript operator", n.span)
    return ir.ElementRef(n.span, t.mapped, base, (a.convert(idx, t.key, n.index.span),))


AREA = Area("standard containers (map, set, list, deque, queue, ...)", templates=names(" ".join(KINDS)),
            template_type=_template_type, owns=lambda t: isinstance(t, ir.Container), construct=construct,
            method=method)
