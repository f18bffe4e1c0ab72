"""What sema knows about the C++ AMP and standard library: names, members, calls.

Each function here takes the `Analyser` (for errors, conversions and nested
expressions) and returns IR.  The runtime (`amppy.runtime`) implements the
host side under the same C++ names.
"""
from __future__ import annotations

import dataclasses

from ..parse import ast as A
from .. import ir
from ..ir.queries import has_side_effects, is_lvalue
from ..cxx.mathfuncs import NAMES
from ..cxx import win32
from ..names import field_name
from ..sema import (accelerators, amp_math, classes, lambdas, memory,
               overloads, random, std_containers, streams, strings, templates, tiling, utility, views)
from . import access, areas, functors
from .area import not_yet
from .algorithms import RANGE_ALGORITHMS, range_algorithm, std_copy
from .constfold import fold
from .scope import Alias
from .arithmetic import promote

OSTREAMS = {"cout": "cout", "cerr": "cerr", "clog": "clog", "wcout": "wcout"}
MANIPULATORS = {"endl", "flush", "ends", "fixed", "scientific", "defaultfloat", "left", "right",
                "internal", "boolalpha", "noboolalpha", "showpoint", "noshowpoint", "showpos",
                "noshowpos", "hex", "dec", "oct", "uppercase", "nouppercase"}
MANIPULATORS_WITH_ARGS = {"setw", "setprecision", "setfill"}
BARRIERS = {"wait": "all", "wait_with_all_memory_fence": "all",
            "wait_with_global_memory_fence": "global",
            "wait_with_tile_static_memory_fence": "tile_static"}
#: C++ AMP's free fence functions: `all_memory_fence(t.barrier)` orders memory, waits for no one
FENCES = {"all_memory_fence": "all", "global_memory_fence": "global",
          "tile_static_memory_fence": "tile_static"}

#: math functions sema knows (the table, with every target's spelling, is amppy.cxx.mathfuncs)
MATH_FUNCTIONS = NAMES

#: host-only free functions: name -> result type
FREE_FUNCTIONS = {
    "printf": ir.INT, "fprintf": ir.INT, "puts": ir.INT, "putchar": ir.INT, "getchar": ir.INT,
    "fflush": ir.INT, "system": ir.INT, "exit": ir.Void(), "remove": ir.INT,
    "rand": ir.INT, "srand": ir.Void(), "time": ir.Scalar("long long"), "clock": ir.Scalar("long"),
    "atoi": ir.INT, "atol": ir.Scalar("long"), "atoll": ir.Scalar("long long"), "atof": ir.DOUBLE,
} | win32.FUNCTIONS
#: Win32 calls that fill a struct through its address: `QueryPerformanceCounter(&t)`, `GetSystemInfo(&si)`
COUNTER_CALLS = win32.FILLING_CALLS
CONSTANTS = {"STD_OUTPUT_HANDLE": ir.Scalar("unsigned long"), "STD_INPUT_HANDLE": ir.Scalar("unsigned long"),
             "STD_ERROR_HANDLE": ir.Scalar("unsigned long"), "FOREGROUND_BLUE": ir.INT,
             "FOREGROUND_GREEN": ir.INT, "FOREGROUND_RED": ir.INT, "FOREGROUND_INTENSITY": ir.INT,
             "BACKGROUND_BLUE": ir.INT, "BACKGROUND_GREEN": ir.INT, "BACKGROUND_RED": ir.INT,
             "BACKGROUND_INTENSITY": ir.INT, "stdout": ir.Library("FILE"), "stderr": ir.Library("FILE"),
             "EOF": ir.INT, "queuing_mode_immediate": ir.INT, "queuing_mode_automatic": ir.INT,
             "access_type_none": ir.INT, "access_type_read": ir.INT, "access_type_write": ir.INT,
             "access_type_read_write": ir.INT, "access_type_auto": ir.INT}


def library_name(name: str, span, namespace) -> ir.Expr | None:
    if name in OSTREAMS:
        t = ir.Library("ostream")
        return ir.StreamOut(span, t, ir.Var(span, t, ir.Symbol(name, OSTREAMS[name], t, "library", span)), ())
    if name == "cin":
        t = ir.Library("istream")
        return ir.StreamIn(span, t, ir.Var(span, t, ir.Symbol(name, name, t, "library", span)), ())
    if name in MANIPULATORS:
        return ir.Manipulator(span, ir.Library("manipulator"), name, ())
    if name in CONSTANTS:
        return ir.Var(span, CONSTANTS[name], ir.Symbol(name, name, CONSTANTS[name], "library", span))
    return None


# ---- members ---------------------------------------------------------------------------------

#: the properties of Visual C++'s `array` and `array_view` (`__declspec(property(get=...))`)
VIEW_PROPERTIES = {"accelerator_view": "get_accelerator_view",
                   "associated_accelerator_view": "get_associated_accelerator_view",
                   "cpu_access_type": "get_cpu_access_type"}


def member(a, base: ir.Expr, n: A.Member) -> ir.Expr:
    t = base.type
    name = n.name
    k = a.fn.kernel if a.fn is not None else None
    if isinstance(base, ir.MakeIndex) and k is not None and isinstance(k.index_sym.type, ir.TiledIndex) \
            and is_thread_index(base):
        if name in ("global", "local", "tile", "tile_origin"):
            return ir.MakeIndex(n.span, ir.Index(k.rank), tuple(
                ir.ThreadIndex(n.span, ir.INT, name, d) for d in range(k.rank)))
        if name == "barrier":
            a.error("amp-barrier-context", "'barrier' can only be used to call wait()", n.span,
                    help="write t_idx.barrier.wait();")
        e = tiling.static_member(a, ir.TiledIndex(k.tile_dims), name, n.span)
        if e is not None:
            return e
        if name == "get_tile_extent":
            return ir.LibCall(n.span, ir.Library("method"), name, base, None)     # completed by `call`
        a.error("no-member", f"no member named '{name}' in 'tiled_index'", n.span)
    if isinstance(t, ir.TiledIndex) and not n.arrow:
        if name == "get_tile_extent":
            return ir.LibCall(n.span, ir.Library("method"), name, base, None)
        return tiling.index_member(a, base, name, n.span)
    if isinstance(t, ir.TiledExtent) and not n.arrow:
        e = tiling.static_member(a, t, name, n.span)
        if e is not None:
            return e
    if n.arrow and isinstance(t, ir.Iterator):     # `it->field`: a member of the element
        base, t = ir.ElementRef(n.span, t.elem, base, (ir.Const(n.span, ir.INT, 0),)), t.elem
        n = A.Member(n.span, n.base, n.name, False, n.template_args)
    if n.arrow:
        if not isinstance(t, ir.Pointer):
            a.error("type-mismatch", f"member reference type '{t}' is not a pointer", n.span)
        t = t.elem
    if isinstance(t, ir.StructType) and name.startswith("operator") and not name.isidentifier():
        if t.name in a.structs and name in a.structs[t.name].members:    # `a.operator[](i)`, `this->operator()(x)`
            return ir.LibCall(n.span, ir.Library("method"), name, base, None)   # completed by `call`
        a.error("no-member", f"no member named '{name}' in '{t.name}'", n.span)
    if isinstance(t, ir.StructType):
        access.check_member(a, t, name, n.span)
        fields = dict(a.struct_fields(t, n.span))
        py = a.class_fields.get(t.name, {}).get(name) or field_name(name)     # (a field hiding a base's)
        if py not in fields and t.name in a.structs and (name in a.structs[t.name].members or
                                                         name in a.structs[t.name].member_templates):
            return ir.LibCall(n.span, ir.Library("method"), name, base, None)   # completed by `call`
        if py not in fields:
            through = _anonymous_member(a, t, py, n.span)
            if through is not None:         # a member of an anonymous struct or union member
                for hidden, ht in through:
                    base = ir.FieldRef(n.span, ht, base, hidden, n.arrow)
                    n = A.Member(n.span, n.base, n.name, False, n.template_args)
                return ir.FieldRef(n.span, dict(a.struct_fields(ht, n.span))[py], base, py, False)
            a.error("no-member", f"no member named '{name}' in '{t.name}'", n.span)
        return ir.FieldRef(n.span, fields[py], base, py, n.arrow)
    if isinstance(t, (ir.ArrayView, ir.AmpArray)) and name == "extent":
        return ir.LibAttr(n.span, ir.Extent(t.rank), base, "extent")
    if isinstance(t, (ir.ArrayView, ir.AmpArray)) and not isinstance(t, (ir.Texture, ir.TextureView)) and \
            name in VIEW_PROPERTIES and not n.arrow:     # Visual C++'s properties: `arr.accelerator_view`
        from . import views
        if isinstance(t, ir.ArrayView):
            a.error("no-member", f"no member named '{name}' in '{t}'", n.span)
        return views.method(a, base, VIEW_PROPERTIES[name], [], A.Call(n.span, n, ()))
    if isinstance(t, ir.Extent) and name == "tile" and n.template_args is not None:
        dims = tuple(a.const_int(x, "tile size") for x in n.template_args)
        return ir.LibCall(n.span, ir.Library("tile-method"), "tile", base,
                          tuple(ir.Const(x.span, ir.INT, d) for x, d in zip(n.template_args, dims)))
    if isinstance(t, (ir.Index, ir.Extent, ir.ArrayView, ir.AmpArray)) and name == "rank":
        return ir.Const(n.span, ir.INT, t.rank)
    if accelerators.involved(t):
        e = accelerators.member(a, base, n)
        if e is not None:
            return e
    # a method: returned as an unbound LibCall that `call` completes
    if a.callee is not n and not isinstance(t, ir.Pointer):     # `arr.x`: no such member (C2039)
        a.error("no-member", f"'{name}' is not a data member of '{t}'", n.span, help="a method is called with '()'")
    return ir.LibCall(n.span, ir.Library("method"), name, base, None)


def _anonymous_member(a, t: ir.StructType, py: str, span) -> list | None:
    """The hidden fields ((name, type), outermost first) that lead from class `t` to field `py`
    of one of its anonymous struct or union members; None when there is none."""
    sd = a.structs.get(t.name)
    for hidden in (sd.hidden if sd is not None else ()):
        ht = dict(a.struct_fields(t, span))[hidden]
        if py in dict(a.struct_fields(ht, span)):
            return [(hidden, ht)]
        deeper = _anonymous_member(a, ht, py, span)
        if deeper is not None:
            return [(hidden, ht)] + deeper
    return None


def is_thread_index(e: ir.MakeIndex) -> bool:
    return all(isinstance(c, ir.ThreadIndex) and c.which == "global" and c.dim == i
               for i, c in enumerate(e.components))


# ---- subscripts ------------------------------------------------------------------------------

def subscript(a, base: ir.Expr, idx: ir.Expr, n: A.Subscript) -> ir.Expr:
    t = base.type
    if isinstance(t, ir.TiledExtent):           # `te[d]`: its extent's
        base = tiling.as_extent(base)
        t = base.type
    if isinstance(t, (ir.Index, ir.Extent)):
        i = a.convert(idx, ir.INT, n.index.span)
        v = fold(i)

        def component(k: int) -> ir.Expr:
            if isinstance(base, ir.MakeIndex):
                return base.components[k]
            if isinstance(base, ir.Construct) and isinstance(t, ir.Extent):
                return base.args[k]
            if isinstance(base, ir.LibAttr) and base.name == "extent" and a.fn is not None and a.fn.kernel is not None \
                    and isinstance(base.obj.type, (ir.ArrayView, ir.AmpArray)):
                return ir.ExtentOf(n.span, ir.INT, base.obj, k)
            return ir.IndexComponent(n.span, ir.INT, base, k)
        if v is not None:
            if not 0 <= v < t.rank:
                a.error("index-range", f"index {v} is out of range for '{t}'", n.index.span)
            return component(v)
        if not has_side_effects(base) and not has_side_effects(i):
            # `e[i]` read with a run-time i: the component chosen by comparing (the index and the
            # subscript have no side effects, so each is evaluated as often as the choice needs)
            out = component(t.rank - 1)
            for k in reversed(range(t.rank - 1)):
                out = ir.Conditional(n.span, ir.INT, ir.Binary(n.span, ir.BOOL, "==", i, ir.Const(n.span, ir.INT, k)),
                                     component(k), out)
            a.index_choices[id(out)] = out
            return out
        a.unsupported("indexing an index with a non-constant subscript is", n.index.span)
    if isinstance(t, (ir.ArrayView, ir.AmpArray)):
        views.texel_read(a, t, n.span)                 # (a texel is a value: `tex[i]` reads it)
        if isinstance(idx.type, ir.TiledIndex):        # `av[t]`: its global index
            idx = tiling.index_member(a, idx, "global", n.index.span)
        if isinstance(idx.type, (ir.Index,)):
            if idx.type.rank != t.rank:
                a.error("rank-mismatch", f"'{t}' is indexed with '{idx.type}'", n.index.span)
            return ir.ElementRef(n.span, t.elem, base, views.components(idx))
        if isinstance(idx.type, ir.Scalar) and idx.type.is_int:
            i = a.convert(idx, ir.INT, n.index.span)
            if isinstance(base, ir.ElementRef) and isinstance(base.type, ir.ArrayView) and \
                    views.is_view(base.base.type):
                # `av[i][j]` of a rank>1 view: one element reference (the projection is not made)
                rest = base.base.type.rank - len(base.indices) - 1
                rt = t.elem if rest == 0 else views.view_of(t, rank=rest)
                return ir.ElementRef(n.span, rt, base.base, base.indices + (i,))
            if t.rank == 1:
                return ir.ElementRef(n.span, t.elem, base, (i,))
            # av[i] of a rank>1 view: a projection, an array_view<T, N-1>
            return ir.ElementRef(n.span, views.view_of(t, rank=t.rank - 1), base, (i,))
        a.error("type-mismatch", f"'{t}' cannot be indexed with '{idx.type}'", n.index.span)
    if isinstance(t, ir.Container):
        return std_containers.subscript(a, base, idx, n)
    if isinstance(t, ir.Vector):
        return ir.ElementRef(n.span, t.elem, base, (a.convert(idx, ir.INT, n.index.span),))
    if isinstance(t, ir.StdString):
        return strings.subscript(a, base, idx, n.span, n.index.span)
    if isinstance(t, ir.CArray):
        # a[i][j] on a C array is one ElementRef with all indices (rows are not values of their own)
        i = a.convert(idx, ir.INT, n.index.span)
        if isinstance(base, ir.ElementRef) and isinstance(base.base.type, ir.CArray) and \
                len(base.indices) < len(base.base.type.dims):
            array, indices = base.base, base.indices + (i,)
        else:
            array, indices = base, (i,)
        full = array.type.dims
        rt = t.elem if len(indices) == len(full) else ir.CArray(t.elem, full[len(indices):])
        return ir.ElementRef(n.span, rt, array, indices)
    if isinstance(t, ir.Pointer) and isinstance(t.elem, ir.String) and not a.in_amp():
        # `argv[1]`: main's `char* argv[]` is the list of the program's arguments
        return ir.ElementRef(n.span, t.elem, base, (a.convert(idx, ir.INT, n.index.span),))
    if isinstance(t, ir.Pointer) and (not a.in_amp() or memory.movable(a, t)):
        return memory.subscript(a, base, idx, n)
    if isinstance(t, (ir.Pointer, ir.String)):
        a.unsupported("indexing a pointer is", n.span, help="use an array, std::vector or array_view")
    a.error("type-mismatch", f"subscripted value of type '{t}' is not an array", n.span)


# ---- calls -----------------------------------------------------------------------------------

#: the operators a program may call by name for the library's types (`operator+(idx, ext)`)
OPERATOR_CALLS = frozenset("+ - * / % == != < > <= >=".split())


def call(a, n: A.Call) -> ir.Expr:
    f = n.func
    if lambdas.lifts(a, n):
        return lambdas.lifted_call(a, n)
    if isinstance(f, A.StaticMember):
        return utility.static_call(a, f, n)
    if isinstance(f, A.Name) and f.namespace:
        e = areas.static_call(a, f.namespace[-1], f, n)     # `accelerator::get_all()`, `steady_clock::now()`
        if e is not None:
            return e
        if f.namespace[-1] in a.structs:
            return classes.static_call(a, a.structs[f.namespace[-1]], f, n)
    if isinstance(f, A.Name) and f.name.startswith("operator") and len(n.args) in (1, 2) and \
            a.scope.lookup(f.name)[0] is None and f.name not in a.function_templates and \
            f.name[len("operator"):] in OPERATOR_CALLS:     # `operator+(ia, ib)` of the library's: `ia + ib`
        op = f.name[len("operator"):]
        return a.expr(A.Binary(n.span, op, *n.args) if len(n.args) == 2 else A.Unary(n.span, op, n.args[0]))
    if isinstance(f, A.Name) and not (f.namespace and f.namespace[-1] not in ("std", "concurrency", "Concurrency",
                                                                           "fast_math", "precise_math", "direct3d")):
        sym, _ = a.scope.lookup(f.name)
        if f.name in a.function_templates and not f.namespace and not isinstance(sym, (ir.Symbol, Alias)) \
                or f.name in a.function_templates and isinstance(sym, (ir.Symbol, overloads.Overloads)) \
                and getattr(sym, "kind", "function") == "function":
            regular = overloads.symbols_of(sym)
            args = [a.expr(x) for x in n.args]
            return templates.call(a, f.name, None, args, [x.span for x in n.args], n.span, regular)
        if isinstance(sym, classes.MemberFunctions) and not f.namespace:
            return classes.bare_call(a, sym, n)
        this = a.fn.this if a.fn is not None else None
        if sym is None and this is not None and not f.namespace and this.type.name in a.structs and \
                f.name in a.structs[this.type.name].member_templates:      # `helper(x)`: this->helper<...>(x)
            return classes.method_call(a, classes.this_value(a, f.span), f.name, [a.expr(x) for x in n.args], n)
        if isinstance(sym, overloads.Overloads) and not f.namespace:
            args = [a.expr(x) for x in n.args]
            chosen = overloads.choose(a, sym.syms, args, n.span, f.name)
            if chosen.owner:
                return classes.finish(a, chosen, None, args, [x.span for x in n.args], n.span)
            return a.checked_call(chosen, [], args, [x.span for x in n.args], n.span)
        # `std::setw(...)` is the library's even where the program has its own `setw`
        if sym is None or not isinstance(sym, (ir.Symbol, Alias, classes.Member)) or f.namespace:
            return free_call(a, f.name, n)      # (a field `m_view(i, j)` is called below)
    if isinstance(f, A.Name) and not f.namespace and not a.in_amp() and \
            getattr(a.scope.lookup(f.name)[0], "closure", None) is not None:
        a.error("amp-restrict", f"call to the restrict(amp) lambda '{f.name}' from CPU code", n.span,
                help="pass it to parallel_for_each, or declare it restrict(cpu, amp)")
    saved, a.callee = a.callee, f           # (`v.get_extent().size()`: a call inside the callee's base)
    try:
        callee = a.expr(f)
    finally:
        a.callee = saved
    if isinstance(callee, ir.Var) and callee.sym.kind == "function":
        return a.user_call(callee.sym, n)
    if isinstance(callee.type, ir.Function):
        return lambdas.invoke(a, callee, n)
    if random.is_random(callee.type):
        return random.call(a, callee, n)
    if isinstance(callee, ir.LibCall) and callee.args is None:
        return method_call(a, callee.obj, callee.name, n)
    if isinstance(callee, ir.LibCall) and isinstance(callee.type, ir.Library) and callee.type.name == "tile-method":
        if n.args:
            a.error("ctor-args", "tile<...>() takes no arguments", n.span)
        dims = tuple(x.value for x in callee.args)
        for i, d in enumerate(dims):            # (amp.h's static_assert, before any use of the result)
            if d < 1:
                a.error("amp-tile-shape", f"tile dimension {i} is {d}, but every tile dimension must be at least 1",
                        n.span, help="use a positive tile size that divides the extent")
        return ir.LibCall(n.span, ir.TiledExtent(dims), "tile", callee.obj, callee.args)
    t = callee.type
    if isinstance(t, (ir.ArrayView, ir.AmpArray)):
        args = [a.expr(x) for x in n.args]
        if len(args) == 1 and isinstance(args[0].type, ir.Index):
            return ir.ElementRef(n.span, t.elem, callee, views.components(args[0]))
        if len(args) != t.rank:
            a.error("rank-mismatch", f"'{t}' needs {t.rank} subscripts, got {len(args)}", n.span)
        return ir.ElementRef(n.span, t.elem, callee, tuple(a.convert(x, ir.INT, s.span) for x, s in zip(args, n.args)))
    if isinstance(callee, ir.Manipulator):
        a.error("type-mismatch", f"'{callee.name}' is not a function", n.span)
    if isinstance(t, ir.StructType) and t.name in a.structs:     # a functor: `operator()`
        args = [a.expr(x) for x in n.args]
        e = classes.operator(a, "()", [callee] + args, n.span, [n.func.span] + [x.span for x in n.args])
        if e is not None:
            return e
    a.error("not-callable", f"called object of type '{t}' is not a function", n.span)


#: C++ AMP atomic functions: name -> number of arguments after the destination pointer
#: (atomic_compare_exchange(&dest, &expected, value): the address of the expected value, then one)
ATOMICS = {"atomic_fetch_add": 1, "atomic_fetch_sub": 1, "atomic_fetch_inc": 0, "atomic_fetch_dec": 0,
           "atomic_exchange": 1, "atomic_fetch_max": 1, "atomic_fetch_min": 1, "atomic_fetch_and": 1,
           "atomic_fetch_or": 1, "atomic_fetch_xor": 1, "atomic_compare_exchange": 2}


#: `std::begin(c)`, `end(c)`, ... (C++11's free functions, also found by argument-dependent lookup)
ITERATOR_FUNCTIONS = frozenset({"begin", "end", "cbegin", "cend", "rbegin", "rend", "crbegin", "crend"})


def begin_end(a, name: str, n: A.Call) -> ir.Expr:
    """`begin(v)`: a container's own `v.begin()` (a C array's pointers are not translated yet)."""
    c = a.expr(n.args[0])
    if not isinstance(c.type, (ir.Vector, ir.StdString)):
        a.unsupported(f"'std::{name}' of '{c.type}' is", n.span,
                      help=f"amppy translates std::{name} of a std::vector or std::string")
    return a.expr(A.Call(n.span, A.Member(n.func.span, n.args[0], name, False, None), ()))


def step_iterator(a, name: str, n: A.Call) -> ir.Expr:
    """`std::next(it[, k])`, `std::prev(it[, k])` (an iterator k steps on, or back), `std::advance(it, k)`
    (moves `it` itself): of any container's iterators, one step at a time where they are not random-access."""
    it = a.expr(n.args[0])
    if not isinstance(it.type, ir.Iterator):
        a.unsupported(f"'std::{name}' of '{it.type}' is", n.span, help=f"amppy translates std::{name} of iterators")
    k = a.convert(a.expr(n.args[1]), ir.Scalar("long long"), n.args[1].span) if len(n.args) > 1 else \
        ir.Const(n.span, ir.Scalar("long long"), 1)
    if name == "advance":
        if len(n.args) != 2:
            a.error("call-args", "'std::advance' takes an iterator and a distance", n.span)
        target = a.lvalue(it, n.args[0].span)
        return ir.Assign(n.span, it.type, "=", target, ir.Binary(n.span, it.type, "+", target, k), it.type)
    if name == "prev" or it.type.access == "forward" and name == "prev":
        if it.type.access == "forward":
            a.error("no-matching-function", f"'std::prev' needs a bidirectional iterator, not '{it.type}'", n.span)
        return ir.Binary(n.span, it.type, "-", it, k)
    return ir.Binary(n.span, it.type, "+", it, k)


def parallel_for(a, n: A.Call) -> ir.Expr:
    """The PPL's `parallel_for(first, last[, step], f)`: `f(i)` for i from first while below last.
    The PPL may run the calls in any order and at once; amppy runs them in order, one of those."""
    if a.in_amp():
        a.error("amp-restrict", "call to 'concurrency::parallel_for', which is not restrict(amp), from "
                                "restrict(amp) code", n.span)
    bounds = [a.expr(x) for x in n.args[:-1]]
    idx = bounds[0].type
    for e, x in zip(bounds, n.args):
        if not (isinstance(e.type, ir.Scalar) and e.type.is_int):
            a.error("type-mismatch", f"'concurrency::parallel_for' needs integer bounds, not '{e.type}'", x.span)
        if e.type != idx:           # (one template parameter deduced from every bound)
            a.error("type-mismatch", f"'concurrency::parallel_for': its bounds have the types '{idx}' and "
                                     f"'{e.type}'; they must be the same", x.span,
                    help=f"convert them to one type, e.g. {idx.name}(...)")
    if len(bounds) == 3 and isinstance(bounds[2], ir.Const) and bounds[2].value is not None and bounds[2].value < 1:
        a.error("call-args", "'concurrency::parallel_for' needs a positive step", n.args[2].span)
    f = lambdas.callable_arg(a, n.args[-1], (idx,))
    step = bounds[2] if len(bounds) == 3 else ir.Const(n.span, idx, 1)
    return ir.LibCall(n.span, ir.Void(), "ppl_parallel_for", None, (bounds[0], bounds[1], step, f))


def getline(a, args, n: A.Call) -> ir.Expr:
    """`std::getline(stream, s)`, as a statement: `s` gets the next line."""
    if a.in_amp():
        a.error("amp-restrict", "call to 'std::getline', which is not restrict(amp), from restrict(amp) code", n.span)
    stream = streams.stream_of(args[0]) if args else None
    if not (2 <= len(args) <= 3 and isinstance(args[1].type, ir.StdString) and stream is not None
            and streams.readable(stream.type)):
        a.unsupported("'std::getline' with these arguments is", n.span,
                      help="amppy translates std::getline(stream, s[, delim]) with a std::string s")
    target = a.lvalue(args[1], n.args[1].span)
    delim = (a.convert(args[2], ir.CHAR, n.args[2].span),) if len(args) > 2 else ()
    return strings.assign(n.span, target, ir.LibCall(n.span, target.type, "getline", None, (stream, target) + delim))


def counter_call(a, name: str, n: A.Call) -> ir.Expr:
    """`QueryPerformanceCounter(&t)`, `GetSystemInfo(&si)`: the call fills the struct `t`
    (a LARGE_INTEGER, a SYSTEM_INFO) through its address (host code only)."""
    struct = COUNTER_CALLS[name]
    if a.in_amp():
        a.error("amp-restrict", f"call to '{name}', which is not restrict(amp), from restrict(amp) code", n.span)
    arg = n.args[0] if len(n.args) == 1 else None
    if not (isinstance(arg, A.Unary) and arg.op == "&"):
        a.error("call-args", f"'{name}' takes the address of a {struct} ('&t')", n.span)
    target = a.lvalue(a.expr(arg.operand), arg.operand.span)
    if not (isinstance(target.type, ir.StructType) and target.type.name == struct):
        a.error("call-args", f"'{name}' fills a {struct}, not '{target.type}'", arg.span)
    result = ir.BOOL if struct == "LARGE_INTEGER" else ir.Void()
    return ir.LibCall(n.span, result, name, None, (target,))


def atomic_call(a, name: str, n: A.Call) -> ir.Expr:
    """`atomic_fetch_add(&av[idx], v)`: the destination is an lvalue whose address is taken."""
    if name not in ATOMICS:
        a.unsupported(f"'{name}' is", n.span)
    if not a.in_amp():
        a.error("amp-restrict", f"'{name}' can only be called from restrict(amp) code", n.span)
    if len(n.args) != 1 + ATOMICS[name]:
        a.error("call-args", f"'{name}' takes {1 + ATOMICS[name]} argument(s), {len(n.args)} given", n.span)
    dest = n.args[0]
    target = _pointee(a, dest, f"the first argument of '{name}' must be the address of a variable or element "
                               "('&x') or a pointer")
    t = target.type
    # amp.h's overloads: int* and unsigned int*; atomic_exchange also float*
    allowed = ("int", "unsigned int") + (("float",) if name == "atomic_exchange" else ())
    if not (isinstance(t, ir.Scalar) and t.name in allowed):
        a.error("no-matching-function", f"no overload of '{name}' takes a pointer to '{t}' (only to "
                f"{', '.join(allowed[:-1])} or {allowed[-1]})", dest.span,
                help="C++ AMP has no atomic floating-point arithmetic: use an int or unsigned int"
                if t == ir.FLOAT else None)
    if name == "atomic_compare_exchange":
        # true and `value` stored when *dest == *expected; else false and *expected = *dest
        exp = n.args[1]
        expected = _pointee(a, exp, f"the second argument of '{name}' must be the address of the expected "
                                    "value ('&v') or a pointer")
        if expected.type != t:
            a.error("no-matching-function", f"no overload of '{name}' takes pointers to '{t}' and to "
                    f"'{expected.type}'", exp.span)
        value = a.convert(a.expr(n.args[2]), t, n.args[2].span)
        return ir.AtomicCall(n.span, ir.BOOL, name, target, (expected, value))
    values = tuple(a.convert(a.expr(x), t, x.span) for x in n.args[1:])
    return ir.AtomicCall(n.span, t, name, target, values)


def _pointee(a, arg, message: str) -> ir.Expr:
    """What an atomic operation's pointer argument points at: `x` of `&x`, `*p` of a pointer."""
    if isinstance(arg, A.Unary) and arg.op == "&":
        return a.lvalue(a.expr(arg.operand), arg.operand.span)
    p = a.expr(arg)
    if not memory.is_data_pointer(p.type):
        a.error("call-args", message, arg.span)
    return memory.deref(a, p, arg.span)


def free_call(a, name: str, n: A.Call) -> ir.Expr:
    if name.startswith("atomic_"):
        return atomic_call(a, name, n)
    if name in COUNTER_CALLS:
        return counter_call(a, name, n)
    if name in memory.MEM_FUNCTIONS:
        return memory.mem_call(a, name, n)
    if name == "make_pair":
        return utility.make_pair(a, n)
    if name == "make_tuple":
        return utility.make_tuple(a, n)
    if name == "distance" and len(n.args) == 2:     # std::distance(first, last) of a vector's iterators
        first, last = a.expr(n.args[0]), a.expr(n.args[1])
        if isinstance(first.type, ir.Iterator) and isinstance(last.type, ir.Iterator):
            return ir.Binary(n.span, ir.Scalar("long long"), "-", last, first)
        a.unsupported("'std::distance' of these arguments is", n.span,
                      help="amppy translates std::distance of two iterators of a std::vector")
    if name == "move" and len(n.args) == 1:     # std::move(x): x as an rvalue (it may be moved from)
        x = a.expr(n.args[0])
        if isinstance(x.type, (ir.Vector, ir.Container, ir.StructType, ir.CArray)) and is_lvalue(x):
            return ir.Copy(n.span, x.type, x)   # what is moved from keeps a valid value of its own
        return ir.Convert(n.span, x.type, x, True)
    if name in ITERATOR_FUNCTIONS and len(n.args) == 1:
        return begin_end(a, name, n)
    if name in ("next", "prev", "advance") and 1 <= len(n.args) <= 2:
        return step_iterator(a, name, n)
    if name == "parallel_for" and len(n.args) in (3, 4):
        return parallel_for(a, n)
    if (name in RANGE_ALGORITHMS or name == "fill_n") and (name != "copy" or std_copy(n)) and \
            not (name == "remove" and len(n.args) == 1):       # (<cstdio>'s remove(path))
        return range_algorithm(a, name, n)
    if name in MATH_FUNCTIONS:
        return amp_math.call(a, name, n)
    args = [a.expr(x) for x in n.args]
    amp = a.in_amp()
    if name in strings.FUNCTIONS:
        return strings.free_function(a, name, args, n)
    if name == "getline":
        return getline(a, args, n)
    if name in MANIPULATORS_WITH_ARGS:
        if len(args) != 1:
            a.error("call-args", f"'{name}' takes one argument", n.span)
        return ir.Manipulator(n.span, ir.Library("manipulator"), name,
                              (a.convert(args[0], ir.INT if name != "setfill" else ir.CHAR, n.args[0].span),))
    if name in FREE_FUNCTIONS:
        if amp:
            a.error("amp-restrict", f"call to '{name}', which is not restrict(amp), from restrict(amp) code", n.span)
        if name in ("printf", "fprintf") and (not args or not isinstance(args[0 if name == "printf" else 1].type, ir.String)):
            a.error("call-args", f"'{name}' needs a format string", n.span)
        conv = []
        for e, x in zip(args, n.args):
            if isinstance(e.type, ir.Scalar) and name in ("printf", "fprintf"):
                # the default argument promotions of a `...` argument: float -> double,
                # bool/char/short -> int (so `%x` of a char prints its code)
                if e.type.is_float:
                    e = a.convert(e, ir.DOUBLE, x.span)
                elif e.type != promote(e.type):
                    e = a.convert(e, promote(e.type), x.span)
            conv.append(e)
        return ir.LibCall(n.span, FREE_FUNCTIONS[name], name, None, tuple(conv))
    if name in ("copy", "copy_async"):
        last = n.args[-1] if n.args else None
        const_iterator = isinstance(last, A.Call) and isinstance(last.func, A.Member) and \
            last.func.name in ("cbegin", "crbegin")       # (the IR's iterator does not keep it)
        return views.copy_call(a, name, args, [x.span for x in n.args], n.span, const_iterator=const_iterator)
    if name == "assert":
        return ir.LibCall(n.span, ir.Void(), "cpp_assert", None, tuple(a.to_bool(x, s.span) for x, s in zip(args, n.args)))
    not_yet(a, name, getattr(n.func, "namespace", ()), n.func.span)
    functors.member_named(a, name, n.func.span)
    a.error("undeclared", f"use of undeclared identifier '{name}'", n.func.span)


# ---- methods -----------------------------------------------------------------------------------

def method_call(a, obj: ir.Expr, name: str, n: A.Call) -> ir.Expr:
    t = obj.type
    args = [a.expr(x) for x in n.args]
    sp = n.span
    if isinstance(t, ir.Pointer) and (t.owner or not a.in_amp()) and n.func.arrow and \
            isinstance(t.elem, ir.StructType) and t.elem.name in a.structs:
        # `p->f()` of a smart pointer, or of a host pointer to one object (`new S`, `sp.get()`): the
        # object is the value itself (virtual calls dispatch on it)
        return classes.method_call(a, dataclasses.replace(obj, type=t.elem), name, args, n)
    if memory.object_pointer(a, t) and n.func.arrow:    # `p->get_description()` of `&accelerators[i]`
        return method_call(a, dataclasses.replace(obj, type=t.elem), name, n)
    area = areas.owner(t)
    if area is not None and area.method is not None:       # a library class (`std::cout.precision(3)` too)
        return area.method(a, obj, name, args, n)
    if isinstance(t, ir.Extent):
        if name == "size":
            return ir.LibCall(sp, ir.UINT, "size", obj, ())
        if name == "contains":              # (C2664: an index of the extent's rank only)
            if len(args) != 1 or not (isinstance(args[0].type, ir.Index) and args[0].type.rank == t.rank):
                shown = ", ".join(str(x.type) for x in args)
                a.error("type-mismatch", f"'{t}::contains' takes an 'index<{t.rank}>', not ({shown})", sp)
            return ir.LibCall(sp, ir.BOOL, "contains", obj, tuple(args))
    k = a.fn.kernel if a.fn is not None else None
    if name == "get_tile_extent" and (isinstance(t, ir.TiledIndex) or isinstance(obj, ir.MakeIndex) and k is not None
                                      and k.tile_dims is not None and is_thread_index(obj)):
        return tiling.tile_extent(t if isinstance(t, ir.TiledIndex) else ir.TiledIndex(k.tile_dims), sp)
    if isinstance(obj, ir.MakeIndex) and name == "wait":
        a.error("amp-barrier-context", "call wait() on the tile barrier: t_idx.barrier.wait()", sp)
    if isinstance(t, ir.StructType) and t.name in a.structs:
        return classes.method_call(a, obj, name, args, n)
    a.error("no-member", f"no member function '{name}' in '{t}'", n.func.span)


def _nargs(a, name, args, k, sp):
    if len(args) != k:
        a.error("call-args", f"'{name}' takes {k} argument(s), {len(args)} given", sp)


def chosen_component_target(a, e: ir.Expr, span) -> ir.Expr:
    """`idx[i]` with a run-time i as an assignment's target: codegen rebuilds the whole index
    (`kernel_ir.component_store`); the index must be assignable (a variable, in kernels)."""
    first = e.then if isinstance(e, ir.Conditional) else e       # (rank 1: the component itself)
    if not isinstance(first, ir.IndexComponent) or not is_lvalue(first.base) or \
            a.in_amp() and not isinstance(first.base, ir.Var):
        a.unsupported("assigning a component of this index or extent chosen by a non-constant subscript is",
                      span, help="assign the components with constant subscripts")
    return e

def template_call(a, n: A.Construct) -> ir.Expr | None:
    """A call of one of the library's function templates with template arguments given
    (`std::get<1>(t)`, `concurrency::copy<int, 1>(a, b)`, `std::min<size_t>(x, y)`), else None."""
    if isinstance(n.type, A.TypeName) and n.type.name in ("copy", "copy_async") and \
            n.type.namespace in ((), ("concurrency",), ("Concurrency",)) and n.type.args is not None:
        return views.explicit_copy(a, n)             # `concurrency::copy<int, 1>(src, dst)`
    if isinstance(n.type, A.TypeName) and n.type.name == "get" and n.type.namespace in ((), ("std",)) \
            and len(n.type.args or ()) == 1 and len(n.args) == 1:      # `std::get<1>(t)` of a tuple or pair
        return utility.get(a, a.const_int(n.type.args[0], "index of 'std::get'"), a.expr(n.args[0]), n.span)
    if isinstance(n.type, A.TypeName) and n.type.name in ("min", "max") and n.type.namespace == ("std",) \
            and len(n.type.args or ()) == 1:   # `std::min<size_t>(a, b)`: both compared as size_t
        t = n.type
        return a.expr(A.Call(n.span, A.Name(t.span, t.name, ("std",)),
                             tuple(A.Cast(x.span, t.args[0], x, "static_cast") for x in n.args)))
    if isinstance(n.type, A.TypeName) and n.type.name in ("make_unique", "make_shared"):
        return memory.make_smart(a, n)
    if isinstance(n.type, A.TypeName) and n.type.name == "duration_cast":
        from . import chrono
        return chrono.duration_cast(a, n)
    return None
