"""Launching CPU kernels, and the atomic operations they use.

``launch_cpu(kernel_fn, domain, where, *captures)`` runs a kernel made by
``amppy.codegen.cpu``: ``domain`` is an ``extent`` or a ``tiled_extent``; a tiled
domain must be divisible by its tile (else ``invalid_compute_domain`` with
``.where`` = ``where``, the C++ call site ``"file.cpp:LINE"``).  Captures become
what the njit kernel takes: ``array``/``array_view`` → their host ndarray,
``@struct`` values → numpy records, ``extent``/``index`` → tuples, scalars as they are.
The kernel is called as ``kernel_fn(*extent_dims, *captures)``.

Kernels are compiled in two tiers, as JIT compilers do.  numba compiles a ``parallel=True``
function in about 2 s (its parallel-loop machinery), a serial one in about 0.3 s; a program
launching many small kernels (a template instantiated for each element type and rank) spent
most of its run compiling.  So a launch over at most ``SERIAL_ITEMS`` work-items runs the
kernel's serial twin (the same Python function compiled without ``parallel``: ``prange`` is
``range`` there, numba's documented meaning); once a launch of the twin that did not compile
takes over ``HOT_SECONDS`` the kernel is hot, and it runs parallel from then on.  Larger
launches run parallel from the start.  Both tiers are cached on disk (the twin under its own
name, ``<kernel>_serial``, since numba's cache key does not hold the ``parallel`` flag).  The
schedule is C++ AMP's to choose: the results do not depend on the tier.

``atomic_add(arr, idx, v)`` and friends are Numba intrinsics emitting an LLVM
``atomicrmw`` on ``arr[idx]`` (``idx`` a tuple) and returning the old value: ``+=``
on shared data inside ``prange`` would lose updates.  ``atomic_cas(arr, idx, expected, v)``
is an LLVM ``cmpxchg``: it stores ``v`` when ``arr[idx] == expected`` and returns the old value
either way (C++ AMP's ``atomic_compare_exchange`` compares that with ``expected``).
"""
import math
import time
import types as pytypes

import numba
from numba.core import cgutils, types
from numba.core.caching import NullCache
from numba.extending import intrinsic

from . import amp, numba_loading
from .accelerators import launch_device
from .containers import _StructBase
from .textures import after_kernel

numba_loading.install()     # this process loads cached kernels without Numba's compiler set-up

__all__ = ["launch_cpu"]


def _arg(x):
    if isinstance(x, amp._ArrayBase):
        x._sync_to_host()
        return x.host
    if isinstance(x, _StructBase):
        return x.to_record()
    if isinstance(x, (amp.extent, amp.index)):
        return tuple(x.dims)
    if isinstance(x, amp.tiled_extent):
        return tuple(x.extent.dims)
    return x


def launch_cpu(kernel_fn, domain, where, *captures, view=None):
    """Run `kernel_fn` over `domain` (see the module docstring); `view`: the accelerator_view of
    `parallel_for_each(view, ...)` (the CPU runs every view's kernels; REF's on one thread)."""
    device = launch_device(view)
    dims = domain.extent.dims if isinstance(domain, amp.tiled_extent) else tuple(domain)
    amp.check_domain(dims, where)
    if isinstance(domain, amp.tiled_extent):
        amp.check_tiled_domain(domain, where)
    args = (*dims, *(_arg(c) for c in captures))
    if device.serial:
        _serially(kernel_fn, args)
    elif math.prod(dims) <= SERIAL_ITEMS and not getattr(kernel_fn, "_amppy_hot", False):
        _tier_one(kernel_fn, args)
    else:
        kernel_fn(*args)
    for c in captures:
        if isinstance(c, amp._ArrayBase):
            c._host_dirty = True
            after_kernel(c)


launch = launch_cpu


#: the most work-items a launch of a kernel not yet hot runs on its serial twin
SERIAL_ITEMS = 1 << 14
#: a launch of the serial twin taking longer (compiling not counted) makes the kernel hot
HOT_SECONDS = 0.02


def serial_twin(kernel_fn):
    """The kernel compiled without numba's parallel loops (made once, kept on the dispatcher)."""
    if not hasattr(kernel_fn, "py_func"):
        return kernel_fn                        # a Python function (the runtime's tests)
    twin = getattr(kernel_fn, "_amppy_serial", None)
    if twin is None:
        f = kernel_fn.py_func
        name = f.__name__ + "_serial"
        g = pytypes.FunctionType(f.__code__.replace(co_name=name), f.__globals__, name, f.__defaults__,
                                 f.__closure__)
        g.__qualname__ = name                   # (numba's cache files are named after it)
        options = {k: v for k, v in kernel_fn.targetoptions.items() if k not in ("parallel", "nopython")}
        options["cache"] = not isinstance(kernel_fn._cache, NullCache)     # (not a target option)
        twin = kernel_fn._amppy_serial = numba.njit(**options)(g)
    return twin


def _tier_one(kernel_fn, args) -> None:
    twin = serial_twin(kernel_fn)
    compiled = len(getattr(twin, "overloads", ()))
    start = time.perf_counter()
    twin(*args)
    if time.perf_counter() - start > HOT_SECONDS and len(getattr(twin, "overloads", ())) == compiled:
        kernel_fn._amppy_hot = True


def _serially(kernel_fn, args) -> None:
    """A kernel of the reference device (REF): its serial twin, on one thread."""
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        serial_twin(kernel_fn)(*args)
    finally:
        numba.set_num_threads(before)


# ----------------------------------------------------------------------------- atomics
def _rmw(int_op, uint_op=None, float_op=None):
    @intrinsic
    def atomic(typingctx, arr, idx, val):
        if not isinstance(arr, types.Array):
            return None
        dt = arr.dtype
        if isinstance(dt, types.Float) and float_op is None:
            return None
        if not isinstance(idx, types.BaseTuple):
            return None

        def codegen(context, builder, sig, args):
            aryty, idxty, valty = sig.args
            ary, inds, v = args
            a = context.make_array(aryty)(context, builder, ary)
            ix = [context.cast(builder, i, t, types.intp)
                  for i, t in zip(cgutils.unpack_tuple(builder, inds, len(idxty)), idxty)]
            ptr = cgutils.get_item_pointer(context, builder, aryty, a, ix, wraparound=False)
            v = context.cast(builder, v, valty, aryty.dtype)
            if isinstance(aryty.dtype, types.Float):
                op = float_op
            elif isinstance(aryty.dtype, types.Integer) and not aryty.dtype.signed:
                op = uint_op or int_op
            else:
                op = int_op
            return builder.atomic_rmw(op, ptr, v, "seq_cst")
        return dt(arr, idx, val), codegen
    return atomic


@intrinsic
def atomic_cas(typingctx, arr, idx, expected, val):
    if not (isinstance(arr, types.Array) and isinstance(arr.dtype, types.Integer)
            and isinstance(idx, types.BaseTuple)):
        return None

    def codegen(context, builder, sig, args):
        aryty, idxty, expty, valty = sig.args
        ary, inds, exp, v = args
        a = context.make_array(aryty)(context, builder, ary)
        ix = [context.cast(builder, i, t, types.intp)
              for i, t in zip(cgutils.unpack_tuple(builder, inds, len(idxty)), idxty)]
        ptr = cgutils.get_item_pointer(context, builder, aryty, a, ix, wraparound=False)
        exp = context.cast(builder, exp, expty, aryty.dtype)
        v = context.cast(builder, v, valty, aryty.dtype)
        pair = builder.cmpxchg(ptr, exp, v, "seq_cst", "seq_cst")
        return builder.extract_value(pair, 0)
    return arr.dtype(arr, idx, expected, val), codegen


atomic_add = _rmw("add", float_op="fadd")
atomic_sub = _rmw("sub", float_op="fsub")
atomic_exchange = _rmw("xchg", float_op="xchg")
atomic_max = _rmw("max", "umax")
atomic_min = _rmw("min", "umin")
atomic_and = _rmw("and")
atomic_or = _rmw("or")
atomic_xor = _rmw("xor")
