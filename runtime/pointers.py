"""Pointers in kernels and restrict(amp) functions, on the CPU and CUDA targets.

C++ AMP lets restrict(amp) code take the address of a local, of a tile_static variable and of
an element of an array, array_view or C array, move the pointer, compare it and write through
it.  In a generated kernel a pointer to numbers is a `Pointer(base, offset)`: `base` a
one-dimensional array over all the memory of the object it points into (`flat_span`, which
shares that memory: a write through the pointer reaches the array, the tile's shared memory or
the thread's local), `offset` the element it points at.  So `*p` is `p.base[p.offset]`, `p[i]`
is `p.base[p.offset + i]` and `p + k` is `Pointer(p.base, p.offset + k)`; a pointer may move
before the element it was made from, as C++ allows within the object.  A local whose address is
taken lives in a one-element array (the thread's own, as C++ gives each thread its locals).
`(T*)p` (`reinterpret_pointer`) keeps the address and sees the bytes from there as `T`s (a
`retyped_span` of the base's memory), as C++'s reinterpreting casts do.

Numba's dead-code elimination keeps a store only when it can see the stored-to array alias a
live one; it does not look through tuples, so `p.base[p.offset] = v` would vanish in a parallel
CPU kernel.  `_register_aliases` hooks its alias analysis (numba's; numba-cuda's once that is
loaded, `register_cuda_aliases`) so that pointers, what they are made from and what is read
out of them count as aliases of the function's arguments: stores through them are kept.

Comparisons use addresses (`pointer_address`), as C++ does: pointers into different objects
are unequal, a null pointer (`null_pointer(float32)`, an empty base) equals only null.  What C++
leaves undefined (reading outside the object, through null) is not checked.

`flat_span`, `null_span` and `data_address` are small Numba intrinsics (an array descriptor over
existing memory, its data address); they compile for CPU kernels and for numba-cuda kernels.
"""
from __future__ import annotations

import collections
import sys

from llvmlite import ir as llvm
from numba.core import cgutils, types
from numba.core.imputils import impl_ret_borrowed
from numba.extending import intrinsic, register_jitable

__all__ = ["Pointer", "flat_span", "field_span", "null_span", "data_address", "array_pointer", "element_pointer",
           "element_pointer2", "element_pointer3", "null_pointer", "pointer_address", "pointer_diff",
           "reinterpret_pointer", "view_array"]

#: a pointer in a kernel: the memory of its object (1-D) and the element it points at
Pointer = collections.namedtuple("Pointer", ["base", "offset"])


def _span_type(dtype) -> types.Array:
    return types.Array(dtype, 1, "C")


def _flat_span_codegen(context, builder, sig, args):
    """A 1-D C array descriptor over the memory `ary` spans: its data pointer, as many elements
    as lie between its first and last element (strides included)."""
    aryty, retty = sig.args[0], sig.return_type
    src = context.make_array(aryty)(context, builder, args[0])
    intp = context.get_value_type(types.intp)
    one = llvm.Constant(intp, 1)
    shapes = cgutils.unpack_tuple(builder, src.shape, aryty.ndim)
    strides = cgutils.unpack_tuple(builder, src.strides, aryty.ndim)
    span = llvm.Constant(intp, 0)
    for n, st in zip(shapes, strides):
        span = builder.add(span, builder.mul(builder.sub(n, one), st))
    itemsize = src.itemsize
    count = builder.add(builder.sdiv(span, itemsize), one)
    count = builder.select(builder.icmp_signed("==", src.nitems, llvm.Constant(intp, 0)),
                           llvm.Constant(intp, 0), count)      # an empty array spans nothing
    out = context.make_array(retty)(context, builder)
    out.meminfo = src.meminfo
    out.parent = src.parent
    out.nitems = count
    out.itemsize = itemsize
    out.data = src.data
    out.shape = cgutils.pack_array(builder, [count])
    out.strides = cgutils.pack_array(builder, [itemsize])
    return impl_ret_borrowed(context, builder, retty, out._getvalue())


@intrinsic
def flat_span(typingctx, ary):
    """All the memory of array `ary` as a 1-D array (no copy; strided views span their gaps)."""
    if not isinstance(ary, types.Array):
        return None
    return _span_type(ary.dtype)(ary), _flat_span_codegen


def _field_span_codegen(context, builder, sig, args):
    """A 1-D array descriptor over field `name` of each record of the 1-D record array `ary`:
    its data pointer moved to the field, the records' stride, the field's item size."""
    aryty, retty = sig.args[0], sig.return_type
    name = sig.args[1].literal_value
    src = context.make_array(aryty)(context, builder, args[0])
    out = context.make_array(retty)(context, builder)
    intp = context.get_value_type(types.intp)
    offset = llvm.Constant(intp, aryty.dtype.offset(name))
    data = builder.inttoptr(builder.add(builder.ptrtoint(src.data, intp), offset), out.data.type)
    out.meminfo = src.meminfo
    out.parent = src.parent
    out.nitems = src.nitems
    out.itemsize = llvm.Constant(intp, context.get_abi_sizeof(context.get_data_type(retty.dtype)))
    out.data = data
    out.shape = src.shape
    out.strides = src.strides
    return impl_ret_borrowed(context, builder, retty, out._getvalue())


@intrinsic
def field_span(typingctx, ary, name):
    """Field `name` of every record of 1-D record array `ary` (a pointer's base), as a strided
    1-D array over the same memory: the base of a pointer to a struct's field (`&a[i].f`)."""
    if not (isinstance(ary, types.Array) and ary.ndim == 1 and isinstance(ary.dtype, types.Record)
            and isinstance(name, types.StringLiteral) and name.literal_value in ary.dtype.fields):
        return None
    return types.Array(ary.dtype.typeof(name.literal_value), 1, "A")(ary, name), _field_span_codegen


def _elem_of(dtype):
    """The element type a helper's `dtype` argument names (None: not one)."""
    if isinstance(dtype, (types.NumberClass, types.DType)):       # np.int32, a struct's numpy dtype
        return dtype.dtype
    if isinstance(dtype, types.TypeRef):                            # a numba record type (CUDA)
        return dtype.instance_type
    return None


def _null_span_codegen(context, builder, sig, args):
    retty = sig.return_type
    intp = context.get_value_type(types.intp)
    out = context.make_array(retty)(context, builder)
    itemsize = context.get_abi_sizeof(context.get_data_type(retty.dtype))
    out.meminfo = cgutils.get_null_value(out.meminfo.type)
    out.parent = cgutils.get_null_value(out.parent.type)
    out.nitems = llvm.Constant(intp, 0)
    out.itemsize = llvm.Constant(intp, itemsize)
    out.data = cgutils.get_null_value(out.data.type)
    out.shape = cgutils.pack_array(builder, [llvm.Constant(intp, 0)])
    out.strides = cgutils.pack_array(builder, [llvm.Constant(intp, itemsize)])
    return out._getvalue()


@intrinsic
def null_span(typingctx, dtype):
    """An empty 1-D array of `dtype` at address 0: the base of a null pointer."""
    elem = _elem_of(dtype)
    if elem is None:
        return None
    return _span_type(elem)(dtype), _null_span_codegen


def _data_address_codegen(context, builder, sig, args):
    src = context.make_array(sig.args[0])(context, builder, args[0])
    return builder.ptrtoint(src.data, context.get_value_type(types.intp))


@intrinsic
def data_address(typingctx, ary):
    """The address of array `ary`'s first element (0 for a null pointer's base)."""
    if not isinstance(ary, types.Array):
        return None
    return types.intp(ary), _data_address_codegen


def _retyped_span_codegen(context, builder, sig, args):
    """A 1-D C array descriptor of the new element type over the bytes `ary` spans, from `skip`
    bytes past its data: as many whole elements as cover those bytes (the last may reach past
    them: C++ leaves reading there undefined, and nothing is checked)."""
    aryty, _, retty = sig.args[0], sig.args[1], sig.return_type
    src = context.make_array(aryty)(context, builder, args[0])
    skip = args[1]
    intp = context.get_value_type(types.intp)
    zero, one = llvm.Constant(intp, 0), llvm.Constant(intp, 1)
    size = llvm.Constant(intp, context.get_abi_sizeof(context.get_data_type(retty.dtype)))
    n = cgutils.unpack_tuple(builder, src.shape, 1)[0]
    stride = cgutils.unpack_tuple(builder, src.strides, 1)[0]
    nbytes = builder.add(builder.mul(builder.sub(n, one), stride), src.itemsize)
    nbytes = builder.select(builder.icmp_signed("<=", n, zero), zero, nbytes)
    left = builder.sub(nbytes, skip)
    count = builder.sdiv(builder.add(left, builder.sub(size, one)), size)
    count = builder.select(builder.icmp_signed("<", count, zero), zero, count)
    out = context.make_array(retty)(context, builder)
    data = builder.add(builder.ptrtoint(src.data, intp), skip)
    data = builder.select(builder.icmp_unsigned("==", src.data, cgutils.get_null_value(src.data.type)),
                          zero, data)                                   # null stays null
    out.meminfo = src.meminfo
    out.parent = src.parent
    out.nitems = count
    out.itemsize = size
    out.data = builder.inttoptr(data, out.data.type)
    out.shape = cgutils.pack_array(builder, [count])
    out.strides = cgutils.pack_array(builder, [size])
    return impl_ret_borrowed(context, builder, retty, out._getvalue())


@intrinsic
def retyped_span(typingctx, ary, skip, dtype):
    """The memory of 1-D array `ary` from `skip` bytes on, as a 1-D array of `dtype` (no copy)."""
    elem = _elem_of(dtype)
    if not (isinstance(ary, types.Array) and ary.ndim == 1 and isinstance(skip, types.Integer)) or elem is None:
        return None
    return _span_type(elem)(ary, types.intp, dtype), _retyped_span_codegen


@register_jitable
def reinterpret_pointer(p, dtype):
    """`(T*)p`: the same address, its memory seen as `T`s (C++'s reinterpreting casts).  The new
    base starts where p's byte offset leaves a whole number of `T`s before p, so the address
    (and so `==`, `-`) is kept whatever the alignment."""
    at = p.offset * p.base.strides[0]
    size = retyped_span(p.base, 0, dtype).itemsize
    skip = at % size
    return Pointer(retyped_span(p.base, skip, dtype), at // size)


@register_jitable
def array_pointer(a):
    """A C array (of any rank) used as a pointer: to its first element."""
    return Pointer(flat_span(a), 0)


@register_jitable
def element_pointer(a, i):
    """`&a[i]`."""
    return Pointer(flat_span(a), (i * a.strides[0]) // a.itemsize)


@register_jitable
def element_pointer2(a, i, j):
    """`&a[i][j]`, `&av(i, j)`."""
    return Pointer(flat_span(a), (i * a.strides[0] + j * a.strides[1]) // a.itemsize)


@register_jitable
def element_pointer3(a, i, j, k):
    """`&a[i][j][k]`, `&av(i, j, k)`."""
    return Pointer(flat_span(a), (i * a.strides[0] + j * a.strides[1] + k * a.strides[2]) // a.itemsize)


@register_jitable
def pointer_address(p):
    """The address `p` holds (for `==`, `<`, ...)."""
    return data_address(p.base) + p.offset * p.base.strides[0]


@register_jitable
def null_pointer(dtype):
    """`NULL` / `nullptr` as a pointer to `dtype`."""
    return Pointer(null_span(dtype), 0)


@register_jitable
def view_array(*views):
    """A kernel's C array of array_views (`array_view<float> v[] = {a, b};`): the tuple of the
    views, made here so that the alias hook below sees the views it holds written through."""
    return views


@register_jitable
def pointer_diff(p, q):
    """`p - q`: how many elements apart (C++ defines it within one object)."""
    return (pointer_address(p) - pointer_address(q)) // p.base.itemsize


def _is_pointer(name, typemap) -> bool:
    """A Pointer, or a tuple of arrays (a kernel's C array of array_views, `(va, vb)`): a value
    whose parts are arrays the program writes through."""
    t = typemap.get(name) if typemap is not None else None
    if isinstance(t, types.BaseNamedTuple) and getattr(t, "instance_class", None) is Pointer:
        return True
    return isinstance(t, types.BaseTuple) and not isinstance(t, types.BaseNamedTuple) and \
        any(isinstance(x, types.Array) for x in t.types)


def _alias_extension(ir_mod, ir_utils):
    """An alias-analysis hook for assignments: a variable holding a Pointer (or a tuple of
    arrays), what it is made from (`Pointer(a, k)`, `element_pointer(a, i)`, `(va, vb)`) and what
    is read out of it (`p.base`, `views[k]`) count as aliases of the function's arguments, so that no store through a pointer is ever dropped.
    (Marking them as argument aliases, rather than aliases of each other, does not depend on
    the order numba visits the blocks in.)  It only keeps code, never removes any."""
    def hook(instr, args, typemap, func_ir, alias_map, arg_aliases):
        lhs, expr = instr.target.name, instr.value
        if not isinstance(expr, ir_mod.Expr) or not isinstance(arg_aliases, set):
            return                      # (parfor lowering passes a dict it never reads back)
        if _is_pointer(lhs, typemap):
            arg_aliases.add(lhs)
            for v in expr.list_vars():
                if not ir_utils.is_immutable_type(v.name, typemap):
                    arg_aliases.add(v.name)
        elif expr.op in ("getattr", "static_getitem", "getitem") and _is_pointer(expr.value.name, typemap):
            arg_aliases.add(lhs)
    return hook


def _register_aliases(ir_name: str, utils_name: str) -> None:
    import importlib
    ir_mod, ir_utils = importlib.import_module(ir_name), importlib.import_module(utils_name)
    table = ir_utils.alias_analysis_extensions
    if ir_mod.Assign not in table:
        table[ir_mod.Assign] = _alias_extension(ir_mod, ir_utils)


def register_cuda_aliases() -> None:
    """The hook for numba-cuda's own alias analysis; `cuda_compat.import_cuda` calls it when a
    program that uses pointers runs on the GPU (a CPU program does not pay for importing it)."""
    _register_aliases("numba.cuda.core.ir", "numba.cuda.core.ir_utils")


_register_aliases("numba.core.ir", "numba.core.ir_utils")
if "numba.cuda.core.ir_utils" in sys.modules:           # numba-cuda already loaded
    register_cuda_aliases()
