"""Launching generated kernels on an NVIDIA GPU, with C++ AMP's data-movement rules.

Generated code for ``--target cuda`` does::

    from amppy.runtime import launch_cuda
    launch_cuda.launch(kernel_main_37, domain, "prog.cpp:37", None, matrix, averages, n)

where ``kernel_main_37`` is a ``numba.cuda.jit`` kernel whose parameters are the extent's
dimensions (``e0[, e1[, e2]]``) followed by the captures in order.

Data movement (C++ AMP semantics, on top of ``amp._ArrayBase``'s flags):

* an ``array_view`` is copied to the device at its first kernel use and copied back when the host
  reads it (element access, ``data()``, ``synchronize()``, ``copy``); ``discard_data()`` before
  the first use skips the copy in (the device buffer is allocated, not filled);
* an ``array`` is copied in at its first kernel use and then lives on the device; it is copied out
  only when the host reads it (conversion to a vector, ``copy``, element access);
* consecutive kernels on the same data transfer nothing: a device copy is refreshed only when the
  host side was written (``_host_dirty``) and read back only when a kernel wrote it
  (``_device_dirty``);
* every non-const ``array``/``array_view`` a kernel captures is marked device-dirty after the
  launch (conservative: the kernel may have written it), and so are the views it was made from;
* a view made from another (``section``, projection ``av[i]``, ``view_as``, ``array_view(arr)``)
  aliases its parent's device buffer instead of owning a copy, so writes through either are seen
  by both, as in C++ AMP.

The device operations sit behind :class:`DeviceOps` so tests can replace the GPU with numpy
(:class:`HostDeviceOps`) and count transfers; :func:`install` registers the hooks with
``amp.register_device_hooks``.  ``launch`` installs the numba-cuda operations on first use.
"""
from __future__ import annotations

import numpy as np

from . import amp
from .cuda_compat import import_cuda

__all__ = ["launch", "launch_config", "install", "uninstall", "DeviceOps", "CudaDeviceOps",
           "HostDeviceOps", "stats", "DEFAULT_BLOCKS"]

#: Untiled launches: threads per block by rank, in CUDA order (x, y, z); x is the last C++ dim.
DEFAULT_BLOCKS = {1: (256,), 2: (16, 16), 3: (8, 8, 4)}
#: CUDA grid limits per axis (x, y, z).
_GRID_LIMITS = (2**31 - 1, 65535, 65535)


# ------------------------------------------------------------------------- device operations
class DeviceOps:
    """What the data-movement logic needs from a device; counts transfers in ``stats``."""

    def __init__(self):
        self.stats = {"h2d": 0, "d2h": 0, "h2d_bytes": 0, "d2h_bytes": 0, "alloc": 0,
                      "launch": 0}

    def reset_stats(self):
        for k in self.stats:
            self.stats[k] = 0

    # the primitives a backend implements
    def upload_new(self, host):
        """A new device array holding a copy of ``host``, laid out C-contiguous."""
        raise NotImplementedError

    def empty(self, shape, dtype):
        """A new uninitialised C-contiguous device array."""
        raise NotImplementedError

    def upload_into(self, dev, host):
        """Copy ``host`` into the existing device array ``dev`` (same shape; may be strided)."""
        raise NotImplementedError

    def download_into(self, dev, host):
        """Copy device array ``dev`` into numpy array ``host`` (same shape; may be strided)."""
        raise NotImplementedError

    def alias(self, dev, offset, shape, strides, dtype):
        """A device array viewing ``dev``'s memory from byte ``offset`` with these strides."""
        raise NotImplementedError

    def run(self, kernel, grid, block, args):
        raise NotImplementedError

    @staticmethod
    def strides_of(dev):
        return tuple(dev.strides)


class CudaDeviceOps(DeviceOps):
    """numba-cuda device arrays (``DeviceNDArray``) on the default stream."""

    def __init__(self):
        super().__init__()
        self.cuda = import_cuda()
        from numba.cuda.cudadrv.devicearray import DeviceNDArray
        self._DeviceNDArray = DeviceNDArray

    def upload_new(self, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        self.stats["alloc"] += 1
        return self.cuda.to_device(np.ascontiguousarray(host))

    def empty(self, shape, dtype):
        self.stats["alloc"] += 1
        return self.cuda.device_array(shape, dtype)

    def upload_into(self, dev, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        if dev.is_c_contiguous():
            dev.copy_to_device(np.ascontiguousarray(host))
            return
        # Strided device view (a section of a parent's buffer): read its memory span, patch the
        # view's elements, write the span back.  The span's other bytes keep their device values.
        span = self._span(dev)
        buf = span.copy_to_host()
        np.ndarray(dev.shape, dev.dtype, buffer=buf, strides=dev.strides)[...] = host
        span.copy_to_device(buf)

    def download_into(self, dev, host):
        self.stats["d2h"] += 1
        self.stats["d2h_bytes"] += host.nbytes
        if dev.is_c_contiguous() and host.flags.c_contiguous:
            dev.copy_to_host(host)
        else:  # copy_to_host(None) copies the memory span and returns a strided view of it
            host[...] = dev.copy_to_host()

    def alias(self, dev, offset, shape, strides, dtype):
        return self._DeviceNDArray(shape, strides, dtype, gpu_data=dev.gpu_data.view(offset))

    def _span(self, dev):
        return self._DeviceNDArray((dev.alloc_size,), (1,), np.uint8, gpu_data=dev.gpu_data)

    def run(self, kernel, grid, block, args):
        self.stats["launch"] += 1
        kernel[grid, block](*args)


class HostDeviceOps(DeviceOps):
    """A fake device for tests: device arrays are separate numpy buffers.

    ``run`` calls ``kernel(grid, block, *args)`` -- a plain Python function standing in for the
    GPU kernel, which reads and writes the "device" arrays.
    """

    def upload_new(self, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        self.stats["alloc"] += 1
        return np.array(host, order="C", copy=True)

    def empty(self, shape, dtype):
        self.stats["alloc"] += 1
        out = np.empty(shape, dtype)
        out.reshape(-1).view(np.uint8)[...] = 0xAB  # "uninitialised" device memory
        return out

    def upload_into(self, dev, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        dev[...] = host

    def download_into(self, dev, host):
        self.stats["d2h"] += 1
        self.stats["d2h_bytes"] += host.nbytes
        host[...] = dev

    def alias(self, dev, offset, shape, strides, dtype):
        base = dev
        while isinstance(base.base, np.ndarray):
            base = base.base
        start = _addr(dev) - _addr(base) + offset
        return np.ndarray(shape, dtype, buffer=base, offset=start, strides=strides)

    def run(self, kernel, grid, block, args):
        self.stats["launch"] += 1
        kernel(grid, block, *args)


_ops: DeviceOps | None = None
#: Transfer counters of the installed device (``{"h2d": .., "d2h": .., ...}``), for tests and
#: benchmarks; replaced when :func:`install` installs another.
stats: dict = {}


def install(ops: DeviceOps | None = None) -> DeviceOps:
    """Use ``ops`` (default: numba-cuda) for device data; registers the ``amp`` device hooks."""
    global _ops, stats
    _ops = ops if ops is not None else CudaDeviceOps()
    stats = _ops.stats
    amp.register_device_hooks(_to_device, _to_host)
    return _ops


def uninstall() -> None:
    """Unregister the hooks (host-only behaviour again); device copies are forgotten."""
    global _ops
    _ops = None
    amp.register_device_hooks(None, None)


def _current() -> DeviceOps:
    return _ops if _ops is not None else install()


# ------------------------------------------------------------------------------ the two hooks
def _addr(a: np.ndarray) -> int:
    return a.__array_interface__["data"][0]


def _span_bytes(shape, strides, itemsize) -> int:
    if any(s == 0 for s in shape):
        return 0
    return sum((n - 1) * st for n, st in zip(shape, strides)) + itemsize


def _parent_alias(av, ops):
    """A device view of ``av`` inside its parent's device buffer, or None if it cannot alias."""
    parent = av._parent
    if parent is None or parent.device is None:
        return None
    ph, h = parent.host, av.host
    if ph.dtype != h.dtype or ops.strides_of(parent.device) != tuple(ph.strides) or \
            tuple(parent.device.shape) != tuple(ph.shape) or any(s < 0 for s in h.strides):
        return None
    offset = _addr(h) - _addr(ph)
    if offset < 0 or offset + _span_bytes(h.shape, h.strides, h.itemsize) > \
            _span_bytes(ph.shape, ph.strides, ph.itemsize):
        return None
    return ops.alias(parent.device, offset, h.shape, tuple(h.strides), h.dtype)


def _to_device(av):
    """amp hook: make ``av.device`` current with ``av.host`` (called by ``_sync_to_device``).

    ``_host_dirty`` is False here only after ``discard_data()``: then nothing is copied in.
    """
    ops = _current()
    copy_in = av._host_dirty
    if av.device is None:
        dev = _parent_alias(av, ops)
        av._device_alias = dev is not None
        if dev is not None:
            av.device = dev
            # The parent was synchronised just before (amp's _sync_to_device order).  If a kernel
            # has written the parent since this view was made, the device is the newer copy.
            if copy_in and not av._parent._device_dirty:
                ops.upload_into(dev, av.host)
            return
        if copy_in:
            av.device = ops.upload_new(av.host)
        else:  # discard_data(): allocate only
            av.device = ops.empty(av.host.shape, av.host.dtype)
        return
    if copy_in:
        ops.upload_into(av.device, av.host)


def _to_host(av):
    """amp hook: copy ``av.device`` into ``av.host`` (called by ``_sync_to_host`` when dirty)."""
    if av.device is None:
        return
    if getattr(av, "_device_alias", False) and not av._parent._device_dirty:
        return  # the parent's copy-out (done just before, by _sync_to_host) covered this view
    _current().download_into(av.device, av.host)


def _mark_written(av):
    """A kernel wrote ``av``: so did it write the parents whose device buffer ``av`` views."""
    av._device_dirty = True
    while getattr(av, "_device_alias", False):
        av = av._parent
        av._device_dirty = True


# ----------------------------------------------------------------------------------- launches
def launch_config(domain, block=None, where=None):
    """``(grid, block, dims)`` for a C++ AMP compute domain, in CUDA's (x, y, z) order.

    ``domain`` is an ``amp.extent`` or ``amp.tiled_extent``.  The last C++ dimension maps to x.
    Tiled: ``tile<D0, D1>`` gives block ``(D1, D0)`` and grid ``(E1/D1, E0/D0)``; a tile that does
    not divide the extent raises ``invalid_compute_domain`` (C++ AMP's message, with ``where``).
    Untiled: ``block`` (CUDA order) or :data:`DEFAULT_BLOCKS`; the grid is rounded up and the
    kernel must guard ``if i < e0 ...``.  ``dims`` are the extent's C++ dimensions.
    """
    tiled = isinstance(domain, amp.tiled_extent)
    dims = tuple(domain.extent) if tiled else \
        tuple(domain) if isinstance(domain, (amp.extent, tuple, list)) else (int(domain),)
    amp.check_domain(dims, where)
    if tiled:
        amp.check_tiled_domain(domain, where)
        tile = tuple(domain.tile_extent)
        if block is not None and tuple(block) != tile[::-1]:
            raise ValueError(f"block {tuple(block)} does not match tile {tile}")
        blk = tile[::-1]
        grid = tuple(e // t for e, t in zip(dims, tile))[::-1]
    else:
        if len(dims) > 3:       # rank 4 and up: one row-major thread numbering (the kernel splits it)
            blk = (256,)
            return (max(1, -(-int(np.prod(dims)) // 256)),), blk, dims
        blk = tuple(block) if block is not None else DEFAULT_BLOCKS[len(dims)]
        if isinstance(block, int):
            blk = (block,)
        if len(blk) != len(dims):
            raise ValueError(f"block {blk} does not have the domain's rank {len(dims)}")
        grid = tuple(-(-e // b) for e, b in zip(dims[::-1], blk))
    if int(np.prod(blk)) > 1024:
        raise amp.runtime_exception(f"{int(np.prod(blk))} threads per tile exceeds CUDA's limit "
                                    f"of 1024", where)
    for axis, (g, limit) in enumerate(zip(grid, _GRID_LIMITS)):
        if g > limit:
            raise amp.runtime_exception(
                f"compute domain too large for CUDA: {g} blocks along {'xyz'[axis]} "
                f"(C++ dimension {len(dims) - 1 - axis}) exceeds {limit}", where)
    return grid, blk, dims


def _kernel_arg(v):
    """Host capture -> kernel argument; device-backed containers are synchronised first."""
    if isinstance(v, amp._ArrayBase):
        v._sync_to_device()
        return v.device
    to_record = getattr(v, "to_record", None)  # @struct value captured by value
    if to_record is not None and hasattr(v, "_rec"):
        return to_record()
    if isinstance(v, np.ndarray):  # a C array captured by value: read-only copy in
        return _current().upload_new(v)
    if isinstance(v, amp.tiled_extent):  # a kernel holds a tiled_extent as its extent's tuple
        return tuple(v.extent.dims)
    return v


def launch(kernel, domain, where=None, block=None, *captures):
    """Run ``kernel`` over ``domain`` (C++ AMP ``parallel_for_each``) on the GPU.

    ``kernel``: a ``numba.cuda.jit`` kernel taking ``(e0[, e1[, e2]], *captures)``.
    ``domain``: ``amp.extent`` or ``amp.tiled_extent`` (or a tuple of dims, untiled).
    ``where``: "file:line" of the ``parallel_for_each``, reported by ``invalid_compute_domain``.
    ``block``: untiled only, threads per block in CUDA (x, y, z) order; None = defaults.
    ``captures``: ``array``/``array_view`` (passed as their device arrays), ``@struct`` values
    (passed as numpy records), C arrays (numpy, copied in), scalars (passed as they are).
    A domain with a dimension that is not positive raises ``invalid_compute_domain``, as in C++ AMP.
    """
    grid, blk, dims = launch_config(domain, block, where)
    ops = _current()
    args = [_kernel_arg(c) for c in captures]
    ops.run(kernel, grid, blk, (*dims, *args))
    for c in captures:
        if isinstance(c, amp._ArrayBase) and not c.const:
            _mark_written(c)
            amp.after_kernel(c)


def sync_all(*views):
    """Copy back every given view/array that a kernel wrote (``synchronize()`` on each)."""
    for v in views:
        if hasattr(v, "synchronize"):
            v.synchronize()
        else:
            v._sync_to_host()
