"""Pointers to element data on the host: `new T[n]`, `malloc`, `v.data()`, `&a[i]`, `memcpy`.

A pointer to numbers (`float* p`) is, in the generated program, a one-dimensional numpy view
that starts at the element it points at (`amppy.runtime.memory`): `p[i]` is element `i` of the
view, `p + k` the view `k` elements on, `*p` its first element.  Views share their storage, so
writes through any pointer reach the array, vector or heap block it points into, and
`array_view<float, 1> av(n, p)` views the same storage, as C++ AMP does.  A null pointer is
`None`.  Pointers to structs made by `new S` are the struct object itself (`p->x`).

What C++ leaves undefined (reading past the block, using a block after `delete[]`/`free`) is
not checked; `new T[n]` and `malloc` blocks start zero-filled.
"""
from __future__ import annotations

import dataclasses

from ..parse import ast as A
from .. import ir
from ..ir.queries import is_lvalue
from .area import Area, names
from .hierarchy import derives

#: <cstring>/<cstdlib> functions over raw memory: name -> number of arguments
MEM_FUNCTIONS = {"memcpy": 3, "memmove": 3, "memset": 3, "free": 1, "malloc": 1, "calloc": 2,
                 "_aligned_malloc": 2, "_aligned_free": 1}


def is_data_pointer(t: ir.Type) -> bool:
    """A pointer amppy keeps as a numpy view: to numbers."""
    return isinstance(t, ir.Pointer) and isinstance(t.elem, ir.Scalar)


def movable(a, t: ir.Type) -> bool:
    """A pointer `*p`, `p[i]`, `p + k` work on: to numbers, and in restrict(amp) code also to
    structs (kernel pointers reach a struct's record in tile_static memory or in an array)."""
    return is_data_pointer(t) or (isinstance(t, ir.Pointer) and not t.owner and isinstance(t.elem, ir.StructType)
                                  and a.fn is not None and a.in_amp())


def _host_only(a, what: str, span) -> None:
    if a.in_amp():
        a.error("amp-restrict", f"{what} is not allowed in restrict(amp) code", span)


def _elem_ok(a, t: ir.Type, what: str, span) -> None:
    if not isinstance(t, ir.Scalar):
        a.unsupported(f"{what} of '{t}' is", span, help="use std::vector")


def new_array(a, t: ir.Type, size: ir.Expr, span, size_span) -> ir.Expr:
    """`new T[n]`: a zero-filled block of n elements."""
    _host_only(a, "'new[]'", span)
    _elem_ok(a, t, "'new[]'", span)
    return ir.Construct(span, ir.Pointer(t), (a.convert(size, ir.Scalar("long long"), size_span),), heap=True)


def allocation(a, target: ir.Type, call: A.Call, span) -> ir.Expr | None:
    """`(T*)malloc(bytes)`, `static_cast<T*>(calloc(n, size))`: a block of T; None if `call` is
    not an allocation.  Without the cast C++ rejects `T* p = malloc(...)` (void* does not convert)."""
    f = call.func
    if not (isinstance(f, A.Name) and f.name in ("malloc", "calloc", "_aligned_malloc")
            and f.namespace in ((), ("std",))):
        return None
    if not is_data_pointer(target):
        a.unsupported(f"'{f.name}' of '{target}' is", span, help="use std::vector")
    _host_only(a, f"call to '{f.name}'", span)
    _nargs(a, f.name, call)
    size_t = ir.Scalar("size_t")
    args = [a.convert(a.expr(x), size_t, x.span) for x in call.args]
    nbytes = ir.Binary(span, size_t, "*", args[0], args[1]) if f.name == "calloc" else args[0]
    count = ir.Binary(span, size_t, "/", nbytes, ir.Const(span, size_t, a.sizeof(target.elem, span)))
    return ir.Construct(span, target, (count,), heap=True)


def _nargs(a, name: str, call: A.Call) -> None:
    want = MEM_FUNCTIONS[name]
    if len(call.args) != want:
        a.error("call-args", f"'{name}' takes {want} argument(s), {len(call.args)} given", call.span)


def mem_call(a, name: str, n: A.Call) -> ir.Expr:
    """`memcpy(dst, src, bytes)`, `memset(p, value, bytes)`, `free(p)`; `malloc` without a cast."""
    _host_only(a, f"call to '{name}'", n.span)
    _nargs(a, name, n)
    if name in ("malloc", "calloc", "_aligned_malloc"):
        a.unsupported(f"'{name}' without a cast to the element type is", n.span,
                      help="write (float*)malloc(n * sizeof(float))")
    args = [a.expr(x) for x in n.args]
    if name in ("free", "_aligned_free"):
        return ir.LibCall(n.span, ir.Void(), "free", None, (_block(a, args[0], n.args[0].span),))
    size_t = ir.Scalar("size_t")
    if name == "memset":
        dst = _block(a, args[0], n.args[0].span)
        value = a.convert(args[1], ir.INT, n.args[1].span)
        return ir.LibCall(n.span, dst.type, "memset", None, (dst, value, a.convert(args[2], size_t, n.args[2].span)))
    dst, src = _block(a, args[0], n.args[0].span), _block(a, args[1], n.args[1].span)
    return ir.LibCall(n.span, dst.type, name, None, (dst, src, a.convert(args[2], size_t, n.args[2].span)))


def _block(a, e: ir.Expr, span) -> ir.Expr:
    """An argument that is memory: a data pointer, or a C array (which decays to one)."""
    if is_data_pointer(e.type) or isinstance(e, ir.Const) and e.value is None:
        return e
    if isinstance(e.type, ir.CArray) and isinstance(e.type.elem, ir.Scalar):
        return decay(e)
    if isinstance(e.type, ir.Pointer) and isinstance(e.type.elem, ir.Void):
        return e
    a.unsupported(f"raw memory of '{e.type}' is", span, help="amppy handles memory of numbers")


def decay(e: ir.Expr) -> ir.Expr:
    """A C array used as a pointer to its first element (all its elements, flat)."""
    return ir.LibCall(e.span, ir.Pointer(e.type.elem), "flat", None, (e,))


def subscript(a, base: ir.Expr, idx: ir.Expr, n) -> ir.Expr:
    """`p[i]`."""
    if not (isinstance(idx, ir.Const) and idx.value == 0):
        _amp_arithmetic(a, base, n.span)
    if not movable(a, base.type):
        a.unsupported(f"indexing a pointer to '{base.type.elem}' is", n.span,
                      help="use an array, std::vector or array_view")
    return ir.ElementRef(n.span, base.type.elem, base, (a.convert(idx, ir.INT, n.index.span),))


def deref(a, e: ir.Expr, span) -> ir.Expr:
    """`*p`: the element p points at."""
    if a.fn is not None and a.in_amp() and isinstance(e.type.elem, (ir.ArrayView, ir.AmpArray)):
        alias = view_alias(a, e, span)
        if alias is not None:
            return alias
    if not movable(a, e.type) and not object_pointer(a, e.type):
        a.unsupported(f"dereferencing a pointer to '{e.type.elem}' with '*' is", span)
    return ir.ElementRef(span, e.type.elem, e, (ir.Const(span, ir.INT, 0),))


def address_of(a, e: ir.Expr, span) -> ir.Expr | None:
    """`&v[i]`, `&a[i][j]`, `&p[i]`: a pointer into the container; `&x` of a local number (it
    lives in a one-element array, which is the pointer); None otherwise."""
    if isinstance(e, ir.Var) and isinstance(e.type, ir.Scalar) and e.type.name not in ("char", "wchar_t") and (
            e.sym.kind == "local" and not e.sym.storage or e.sym.kind == "global"):
        return _variable_address(e, span)       # (a local, a global or a static local)
    if isinstance(e.type, ir.HOST_OBJECTS) and is_lvalue(e):
        return object_address(e, span)
    if not (isinstance(e, ir.ElementRef) and isinstance(e.type, ir.Scalar)):
        return None
    base = e.base
    if isinstance(base.type, ir.Vector):
        data = ir.LibCall(span, ir.Pointer(e.type), "data", base, ())
        return offset(data, e.indices[0], span)
    if isinstance(base.type, ir.CArray):
        return ir.LibCall(span, ir.Pointer(e.type), "element_address", None, (base,) + e.indices)
    if is_data_pointer(base.type):
        return offset(base, e.indices[0], span)
    return None


def char_address(a, e: ir.Expr, span) -> ir.Expr:
    """`&c` of a `char` (or `wchar_t`) that keeps its value for the program's life (a `const` one,
    or a static local its function never writes: `static char delim(','); return &delim;`): a C
    string of that one character (C++ reads on to the next NUL: what follows a lone `char` is not
    the program's, so amppy's string ends there), which a value can stand for (a `char*` of amppy
    is a C string, never written through).  Of any other `char`: `[unsupported]`."""
    if _unchanging(a, e):
        return ir.LibCall(span, ir.String(e.type.name == "wchar_t"), "char_cstring", None, (e,))
    a.unsupported(f"the address of a '{e.type}' (a C string in char memory) is", span)


def _unchanging(a, e: ir.Expr) -> bool:
    if not isinstance(e, ir.Var):
        return False
    if e.sym.readonly or e.sym.kind == "const":
        return True
    body = getattr(a.fn, "body", None)
    if e.sym.kind != "global" or "static" not in e.sym.storage or body is None:
        return False
    name = e.sym.name
    for n in A.walk(body):
        target = n.target if isinstance(n, A.Assign) else n.operand if isinstance(n, A.Postfix) or (
            isinstance(n, A.Unary) and n.op in ("++", "--")) else None
        if isinstance(target, A.Name) and target.name == name:
            return False
        if isinstance(n, A.VarDecl) and isinstance(n.type, A.ReferenceType) and isinstance(n.init, A.Name) \
                and n.init.name == name:
            return False                # `char& r = c;` (what `r` is then given is a write of `c`)
    return True


def new_expr(a, n: A.New) -> ir.Expr:
    """`new T[n]`, `new S`, `new S(1, 2)` (on the host the object its constructor makes is the
    pointer)."""
    if a.in_amp():                          # (Visual C++'s C3930: no restrict(amp) operator new)
        a.error("amp-restrict", "'operator new' cannot be called in restrict(amp) code", n.span,
                help="restrict(amp) code has no heap: use locals, or arrays made on the host")
    t = a.resolve_type(n.type)
    if n.array_size is not None:
        return new_array(a, t, a.expr(n.array_size), n.span, n.array_size.span)
    if isinstance(t, (ir.AmpArray, ir.ArrayView, ir.Vector, ir.Container)) and not a.in_amp():
        args = tuple(a.expr(x) for x in n.args)         # `new array<int, 1>(e, v.begin())`: the object
        return object_address(a.construct(t, args, n.span, [x.span for x in n.args]), n.span)
    if not isinstance(t, ir.StructType):
        a.unsupported(f"'new' of '{t}' is", n.span)
    sd = a.structs.get(t.name)
    if not a.in_amp() and (n.args or sd is not None and sd.ctors):     # (its constructor runs: `new S` too)
        args = tuple(a.expr(x) for x in n.args)
        return object_address(a.construct(t, args, n.span, [x.span for x in n.args]), n.span)
    if n.args:
        a.unsupported("'new' with constructor arguments is", n.span)
    return ir.Construct(n.span, ir.Pointer(t), (), heap=True)


def object_address(e: ir.Expr, span) -> ir.Expr:
    """`&obj` of a class object on the host: the Python object is the pointer (`p->f()` is
    `p.f()`, `*p` is the object), as for `new S`."""
    return ir.LibCall(span, ir.Pointer(e.type), "object_address", None, (e,))


def object_pointer(a, t: ir.Type) -> bool:
    """A host pointer to one class object (`&obj`, `new S`): the object itself in Python."""
    return isinstance(t, ir.Pointer) and not t.owner and isinstance(t.elem, ir.HOST_OBJECTS) and \
        not (a.fn is not None and a.in_amp())


def amp_address_of(a, e: ir.Expr, span) -> ir.Expr | None:
    """`&x` in restrict(amp) code: of a local or tile_static number, of an element of an array,
    array_view, C array or tile_static array, of `p[i]`/`*p` (amppy.runtime.pointers)."""
    if isinstance(e.type, (ir.ArrayView, ir.AmpArray)):
        return view_alias(a, e, span)
    if not isinstance(e.type, (ir.Scalar, ir.StructType)):
        return None
    if isinstance(e, ir.FieldRef):
        return _field_address(a, e, span)
    if isinstance(e, ir.ElementRef):
        base = e.base
        if movable(a, base.type):
            return offset(base, e.indices[0], span)
        if isinstance(base.type, (ir.CArray, ir.ArrayView, ir.AmpArray)):
            return ir.LibCall(span, ir.Pointer(e.type), "element_address", None, (base,) + e.indices)
        return None
    if isinstance(e, ir.Var) and e.sym.kind in ("global", "const") and "tile_static" not in e.sym.storage:
        a.error("amp-restrict", f"taking the address of the global variable '{e.sym.name}' is not allowed in "
                "restrict(amp) code", span, help="copy its value into a local")
    if isinstance(e.type, ir.StructType) and not (isinstance(e, ir.Var) and (
            "tile_static" in e.sym.storage or e.sym.kind == "local")):
        return None                         # a struct parameter is its fields (kernel_structs)
    if isinstance(e, ir.Var) and ("tile_static" in e.sym.storage or e.sym.kind == "local" or
                                  e.sym.kind == "param" and not e.sym.by_ref and a.fn.kernel is None):
        return _variable_address(e, span)
    return None


def _field_address(a, e: ir.FieldRef, span) -> ir.Expr | None:
    """`&s.f`, `&a[i].f`, `&p->f` of a struct in memory (tile_static data, an array element, what a
    pointer points at): a pointer to the field of the struct's record (`field_address`)."""
    if e.arrow:
        struct = e.base if movable(a, e.base.type) else None
    elif isinstance(e.base.type, ir.StructType):
        struct = amp_address_of(a, e.base, span)
    else:
        struct = None
    if struct is None:
        return None
    return ir.LibCall(span, ir.Pointer(e.type), "field_address", None, (struct, ir.StringConst(span, ir.String(), e.field)))


def pointer_refs(d: A.FunctionDef, params: list, mutable: tuple) -> tuple:
    """Which reference parameters of restrict(amp) function `d` are passed as pointers: those
    whose address its body takes (`T* p = &v;` must point at the caller's object, which a copy
    in and out would not).  Each such argument is passed as its address, and `v` is `*p`."""
    if d.body is None or d.restrict != ("amp",) or not any(mutable):
        return ()
    taken = {n.operand.name for n in A.walk(d.body) if isinstance(n, A.Unary) and n.op == "&"
             and isinstance(n.operand, A.Name) and not n.operand.namespace}
    return tuple(m and p.name in taken for p, m in zip(params, mutable))


def written_refs(d: A.FunctionDef, params: list, mutable: tuple) -> tuple:
    """Which non-const reference parameters of `d` its body may write: assigned (also an element
    or member of it), stepped, its address taken, a non-const member function called on it or
    passed on to a call (which may write it); all of them while `d` has no body."""
    if d.body is None:
        return mutable

    def root(e):
        while isinstance(e, (A.Subscript, A.Member)):
            e = e.base
        return e.name if isinstance(e, A.Name) and not e.namespace else None
    written = set()
    for n in A.walk(d.body):
        if isinstance(n, A.Assign):
            written.add(root(n.target))
        elif isinstance(n, A.Unary) and n.op in ("++", "--", "&") or isinstance(n, A.Postfix):
            written.add(root(n.operand))
        elif isinstance(n, A.Call):
            written.update(root(x) for x in n.args)
            if isinstance(n.func, A.Member):
                written.add(root(n.func.base))
    return tuple(m and p.name in written for p, m in zip(params, mutable))


def ref_argument(a, e: ir.Expr, span) -> ir.Expr:
    """The argument of a reference parameter passed as a pointer: the argument's address."""
    p = amp_address_of(a, e, span)
    if p is None:
        a.unsupported("passing this argument to a reference parameter whose address the function takes is",
                      span, help="pass a local variable or an array element")
    return p


def amp_local_array(a, t: ir.CArray, init, span) -> None:
    """A local C array of array_views in restrict(amp) code: one dimension, every element given
    (`array_view<float> views[] = {a, b};`, which kernels hold as a tuple of the views)."""
    items = init.args if isinstance(init, ir.Construct) else ()
    if len(t.dims) == 1 and len(items) == t.dims[0]:
        return
    a.unsupported(f"a local array of '{t.elem}' in restrict(amp) code without every element in its "
                  "initializer is", span, help="give every element: array_view<T> views[] = {a, b};")


def view_alias(a, e: ir.Expr, span) -> ir.Expr | None:
    """`&v` of an array_view in restrict(amp) code, and `*p` of a pointer to one: the same view
    (a kernel's array_view is an array object, which a pointer to it can simply be)."""
    if isinstance(e.type, (ir.ArrayView, ir.AmpArray)) and (
            isinstance(e, ir.Var) or isinstance(e, ir.ElementRef) and isinstance(e.base.type, ir.CArray)):
        return ir.LibCall(span, ir.Pointer(e.type), "view_alias", None, (e,))
    if isinstance(e.type, ir.Pointer) and isinstance(e.type.elem, (ir.ArrayView, ir.AmpArray)) and not e.type.owner:
        return ir.LibCall(span, e.type.elem, "view_alias", None, (e,))
    return None


def reinterpret(a, e: ir.Expr, t: ir.Pointer, span) -> ir.Expr | None:
    """`(bool*)pi`, `reinterpret_cast<float*>(pi)`, `(Derived*)&base`: the same address, its
    memory seen as the new element type (the bytes C++ gives); None when amppy cannot.  Numbers
    anywhere; structs only where pointers reach records (restrict(amp)-only code: host code
    holds a struct object, not its bytes)."""
    src = e.type
    if not (isinstance(src, ir.Pointer) and not src.owner and not t.owner):
        return None
    elems = (src.elem, t.elem)
    if not all(isinstance(x, (ir.Scalar, ir.StructType)) for x in elems) or ir.Scalar("char") in elems:
        return None
    if any(isinstance(x, ir.StructType) for x in elems) and not (
            a.fn is not None and (a.fn.kernel is not None or a.fn.restrict == ("amp",))):
        return None
    if isinstance(e, ir.Const) and e.value is None:
        return ir.Const(e.span, t, None)
    return ir.LibCall(span, t, "ptr_reinterpret", None, (e,))


def _variable_address(e: ir.Var, span) -> ir.Expr:
    """`&x` of a variable: a tile_static one is already an array; another now lives in a
    one-element array (the thread's own in a kernel), which the pointer points into."""
    if "tile_static" not in e.sym.storage:
        e.sym.addressed = True
    return ir.LibCall(span, ir.Pointer(e.type), "address", None, (e,))


def _amp_arithmetic(a, p: ir.Expr, span) -> None:
    """C++ AMP moves pointers in 4-byte steps: no arithmetic on a `bool*` in restrict(amp) code
    (Visual Studio's C3599)."""
    if a.fn is not None and a.in_amp() and isinstance(p.type, ir.Pointer) and p.type.elem == ir.BOOL:
        a.error("amp-restrict", "pointer arithmetic on a pointer to bool is not allowed in restrict(amp) code",
                span)


def offset(p: ir.Expr, k: ir.Expr, span) -> ir.Expr:
    if isinstance(k, ir.Const) and k.value == 0:
        return p
    return ir.LibCall(span, p.type, "ptr_add", None, (p, k))


def arithmetic(a, op: str, left: ir.Expr, right: ir.Expr, span) -> ir.Expr | None:
    """`p + k`, `k + p`, `p - k`, `p - q`, pointer comparisons; None when neither is a pointer."""
    lp, rp = isinstance(left.type, ir.Pointer), isinstance(right.type, ir.Pointer)
    lnull = isinstance(left, ir.Const) and left.value is None
    rnull = isinstance(right, ir.Const) and right.value is None
    if not (lp or rp):
        return None
    if op in ("==", "!="):
        if lp and rp or lp and _zero(right) or rp and _zero(left):
            return ir.LibCall(span, ir.BOOL, "ptr_equal" if op == "==" else "ptr_not_equal", None,
                              (_null(left), _null(right)))
        return None
    for p in (left, right):
        if isinstance(p.type, ir.Pointer) and p.type.owner:
            a.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')",
                    span, help="use p.get() for the pointer a smart pointer owns")
        if isinstance(p.type, ir.Pointer) and not movable(a, p.type) and not (p is left and lnull or
                                                                                   p is right and rnull):
            a.unsupported(f"arithmetic on a pointer to '{p.type.elem}' is", span)
    if op in ("+", "-"):
        _amp_arithmetic(a, left if lp else right, span)
    if op in ("<", ">", "<=", ">=") and lp and rp:
        return ir.LibCall(span, ir.BOOL, "ptr_compare", None, (left, right, ir.StringConst(span, ir.String(), op)))
    if op == "-" and lp and rp:
        if left.type.elem != right.type.elem:
            a.error("type-mismatch", f"'{left.type}' and '{right.type}' are not pointers to compatible types", span)
        return ir.LibCall(span, ir.Scalar("long long"), "ptr_diff", None, (left, right))
    if op in ("+", "-") and (lp != rp):
        p, k = (left, right) if lp else (right, left)
        if op == "-" and not lp:
            return None
        if not (isinstance(k.type, ir.Scalar) and k.type.is_int):
            return None
        return _moved(a, p, op, k, span)
    return None


def _moved(a, p: ir.Expr, op: str, k: ir.Expr, span) -> ir.Expr:
    """`p + k` / `p - k`: the pointer `k` elements on or back."""
    k = a.convert(k, ir.Scalar("long long"), span)
    if op == "-":
        k = ir.Unary(span, k.type, "-", k)
    return ir.LibCall(span, p.type, "ptr_add", None, (p, k))


def _zero(e: ir.Expr) -> bool:
    return isinstance(e, ir.Const) and (e.value is None or e.value == 0)


def _null(e: ir.Expr) -> ir.Expr:
    if isinstance(e, ir.Const) and e.value == 0 and not isinstance(e.type, ir.Pointer):
        return ir.Const(e.span, ir.Pointer(ir.Void()), None)
    return e


def step(a, target: ir.Expr, op: str, amount: ir.Expr, span) -> ir.Expr:
    """`p++`, `p += k`: the pointer variable moves (a new view)."""
    if target.type.owner:
        a.error("type-mismatch", f"cannot increment a value of type '{target.type}'", span)
    if not movable(a, target.type):
        a.unsupported(f"arithmetic on a pointer to '{target.type.elem}' is", span)
    _amp_arithmetic(a, target, span)
    return ir.Assign(span, target.type, "=", target, _moved(a, target, op, amount, span), target.type)


# ---- std::unique_ptr / std::shared_ptr --------------------------------------------------------

def smart_pointer_type(a, owner: str, arg, span) -> ir.Pointer:
    """`unique_ptr<float[]>` (an array of numbers), `shared_ptr<S>` (a struct object)."""
    elem = a.resolve_type(arg)
    if isinstance(elem, ir.Pointer) and not elem.owner and isinstance(arg, A.ArrayType) and \
            isinstance(elem.elem, ir.Scalar):
        return ir.Pointer(elem.elem, owner)
    if isinstance(elem, ir.StructType):
        return ir.Pointer(elem, owner)
    a.unsupported(f"'std::{owner}' of '{elem}' is", span,
                  help="amppy translates smart pointers to arrays of numbers (T[]) and to structs")


def construct_smart(a, t: ir.Pointer, args: tuple, span, spans) -> ir.Expr:
    """`std::unique_ptr<float[]> p(new float[n])`, `std::shared_ptr<S> s(new S)`, `p()` (null)."""
    if not args:
        return ir.Const(span, t, None)
    if len(args) != 1:
        a.error("ctor-args", f"no matching constructor for initialization of '{t}'", span)
    x = args[0]
    if x.type == t:
        return a.convert(x, t, spans[0], copy=True)
    if isinstance(x.type, ir.Pointer) and not x.type.owner and (x.type.elem == t.elem or not a.in_amp() and (
            isinstance(t.elem, ir.StructType) and _derives(a, x.type.elem, t.elem))):
        return ir.Convert(span, t, x, True)         # the smart pointer takes ownership (`shared_ptr<Base>(new D)`)
    if isinstance(x, ir.Const) and x.value is None:
        return ir.Const(span, t, None)
    a.error("ctor-args", f"no matching constructor for initialization of '{t}' from '{x.type}'", spans[0])


def make_smart(a, n) -> ir.Expr:
    """`std::make_unique<float[]>(n)` (n zeros), `std::make_shared<S>()`."""
    tn = n.type
    owner = "unique_ptr" if tn.name == "make_unique" else "shared_ptr"
    if a.in_amp():
        a.error("amp-restrict", f"call to 'std::{tn.name}', which is not restrict(amp), from restrict(amp) code",
                n.span)
    if not tn.args or len(tn.args) != 1:
        a.unsupported(f"'std::{tn.name}' without its type argument is", n.span)
    t = smart_pointer_type(a, owner, tn.args[0], n.span)
    args = [a.expr(x) for x in n.args]
    if isinstance(t.elem, ir.Scalar):
        if len(args) != 1:
            a.error("call-args", f"'std::{tn.name}<{t.elem}[]>' takes the number of elements", n.span)
        block = ir.Construct(n.span, ir.Pointer(t.elem), (a.convert(args[0], ir.Scalar("long long"),
                                                                    n.args[0].span),), heap=True)
        return ir.Convert(n.span, t, block, True)
    sd = a.structs.get(t.elem.name)
    if args or sd is not None and sd.ctors:     # `make_shared<S>(x, y)`: the object its constructor makes
        made = a.construct_class(t.elem, tuple(args), n.span, [x.span for x in n.args]) if sd is not None else None
        if made is None:
            a.unsupported(f"'std::{tn.name}' with constructor arguments is", n.span,
                          help="make it empty and set its fields")
        return dataclasses.replace(made, type=t)    # (the owned object is the value itself)
    return ir.Convert(n.span, t, ir.Construct(n.span, ir.Pointer(t.elem), (), heap=True), True)


def smart_method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    """`p.get()`, `p.reset()`, `p.reset(new T[n])`, `p.use_count()` (shared_ptr)."""
    t: ir.Pointer = obj.type
    sp = n.span
    if name == "get" and not args:
        return ir.Convert(sp, ir.Pointer(t.elem), obj, True)
    if name == "reset" and len(args) <= 1:
        target = a.lvalue(obj, n.func.span)
        value = construct_smart(a, t, tuple(args), sp, [x.span for x in n.args])
        return ir.Assign(sp, t, "=", target, value, t)
    if name in ("release", "use_count", "swap", "unique", "owner_before"):
        a.unsupported(f"'{t}::{name}' is", n.func.span)
    a.error("no-member", f"no member named '{name}' in '{t}'", n.func.span)


def _derives(a, derived, base) -> bool:
    return derives(a, derived, base)


# ---- the library area (sema/areas.py) ---------------------------------------------------------
def _template_type(a, t: A.TypeName) -> ir.Type | None:
    if t.name in ("unique_ptr", "shared_ptr"):
        a.nargs(t, 1, 1)
        return smart_pointer_type(a, t.name, t.args[0], t.span)
    return None


def _method(a, obj: ir.Expr, name: str, args: list, n) -> ir.Expr:
    if n.func.arrow:            # `p->f()` of a smart pointer to a number or a library object
        a.error("no-member", f"no member function '{name}' in '{obj.type}'", n.func.span)
    return smart_method(a, obj, name, args, n)


AREA = Area("<memory> (unique_ptr, shared_ptr)", templates=names("unique_ptr shared_ptr make_unique make_shared"),
            template_type=_template_type, owns=lambda t: isinstance(t, ir.Pointer) and bool(t.owner),
            construct=construct_smart, method=_method)


def through_pointer(e: ir.Expr) -> ir.Expr | None:
    """The pointer an lvalue is reached through (`*p`, `p[i]`, `p->f`, `p->s.f`), or None."""
    while isinstance(e, (ir.FieldRef, ir.ElementRef)):
        if isinstance(e, ir.FieldRef) and e.arrow or isinstance(e, ir.ElementRef) and isinstance(e.base.type, ir.Pointer):
            return e.base if isinstance(e.base.type, ir.Pointer) else None
        if isinstance(e, ir.ElementRef) and not isinstance(e.base.type, ir.CArray):
            return None
        e = e.base
    return None
