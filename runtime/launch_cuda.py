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

Several GPUs (C++ AMP's ``accelerator::get_all()`` and one ``accelerator_view`` each):

* ``parallel_for_each(view, ...)`` runs on the view's device, in the view's own stream, and returns
  without waiting (so launches on two devices run at once); the host waits where C++ AMP waits:
  host access to the data, ``copy``, ``synchronize``, ``accelerator_view::wait``, a marker's future;
* an ``array`` lives on the device of its accelerator_view (a launch elsewhere that captures it is
  C++ AMP's ``runtime_exception``); an ``array_view`` moves to the device that uses it;
* a view made from another (``section``, ...) aliases its parent's buffer when the parent is already
  on the launch's device, and has a copy of its own part there otherwise, so two devices can work on
  two sections at once; the views of one source form a family whose copies are kept coherent: before
  a device or the host reads a view, the other devices' newer copies of data it overlaps are copied
  back (through the host), and copies that went stale are refreshed;
* an ``array_view<const T>`` keeps a copy on every device that read it until its data changes;
* ``copy(src, dst)`` between two arrays of one shape whose source data is on a device copies device
  to device (two GPUs: peer to peer), not through the host (also with one GPU);
* two views of one device that use the same data run in the order of their launches (the later
  stream waits for the earlier one's work on it);
* a launch's uploads are queued on its view's stream: the host and the other devices go on while
  they run, and the host waits for them before it touches that memory through a view (C++ AMP's
  rule: the data source is accessed directly only after ``synchronize()``).

With one GPU this reduces to the default stream and one copy per view, except that a view with a
device copy of its own (another layout than its parent's buffer: a `reinterpret_as` of a section)
is kept coherent with the other views of its source as above.

The device operations (allocation, copies, streams, page-locked host buffers) sit behind
:class:`DeviceOps` in ``cuda_devices``, so tests can replace the GPU with numpy
(:class:`HostDeviceOps`) and count transfers; :func:`install` registers the hooks with
``amp.register_device_hooks`` (data movement) and ``accelerators.register_accelerator_hooks`` (the
GPUs as accelerators).  ``launch`` installs the numba-cuda operations on first use.

Layers: the top of the cuda target, above ``amp``, ``textures``, ``accelerators`` and
``cuda_devices``; nothing in the runtime imports it (generated modules and tests do).
"""
from __future__ import annotations

import math
import weakref

import numpy as np

from . import accelerators, amp, containers
from .accelerators import accelerator, launch_device
# Re-exported: tests and benchmarks name the device operations as `launch_cuda.X` (`_PinnedHost`:
# tests/test_multi_device.py).
from .cuda_compat import start_device_setup
from .cuda_devices import CudaDeviceOps, DeviceOps, HostDeviceOps, _PinnedHost  # noqa: F401
from .cuda_devices import _addr
from .textures import after_kernel

__all__ = ["launch", "launch_config", "install", "uninstall", "DeviceOps", "CudaDeviceOps",
           "HostDeviceOps", "stats", "DEFAULT_BLOCKS"]

#: Untiled launches: threads per block by rank, in CUDA order (x, y, z); x is the last C++ dim.
DEFAULT_BLOCKS = {1: (256,), 2: (16, 16), 3: (8, 8, 4)}


def untiled_block(dims) -> tuple:
    """Threads per block (CUDA order) of an untiled launch over C++ extent `dims`: a rank-2 domain
    whose rows have 64 elements or more gets 64 x 4 blocks (each warp reads 128 contiguous bytes of
    a row; the untiled stencil, 8192 x 8192 on an H200: 0.250 ms against 0.260 with 16 x 16, and
    the CUDA C stencil with 16 x 16 blocks 0.249), narrower ones 16 x 16 (fewer idle threads)."""
    if len(dims) == 2 and dims[1] >= 64:
        return (64, 4)
    return DEFAULT_BLOCKS[len(dims)]


#: CUDA grid limits per axis (x, y, z).
_GRID_LIMITS = (2**31 - 1, 65535, 65535)


_ops: DeviceOps | None = None
#: Transfer counters of the installed device (``{"h2d": .., "d2h": .., ...}``), for tests and
#: benchmarks; replaced when :func:`install` installs another.
stats: dict = {}


def install(ops: DeviceOps | None = None, every_gpu: bool = False) -> DeviceOps:
    """Use ``ops`` (default: numba-cuda) for device data; registers the ``amp`` device hooks
    (with several devices also the family hooks that keep views of one source coherent).
    ``every_gpu``: the program lists the accelerators, so every GPU's context is made in the
    background from now on (otherwise the first GPU's, and the others' when the list is read)."""
    global _ops, stats, _counted
    if ops is None:
        start_device_setup(every_gpu)   # (the GPUs' contexts made while the program starts)
    _ops = ops if ops is not None else CudaDeviceOps()
    containers.set_allocator(getattr(getattr(_ops, "pool", None), "allocate", None))
    stats = _ops.stats
    _counted = False                    # (the devices are counted at the first launch: no driver call here)
    amp.register_device_hooks(_to_device, _to_host, device_copy=_device_copy)
    accelerators.register_accelerator_hooks(_describe, wait_view, marker)     # (forgets the devices)
    return _ops


def uninstall() -> None:
    """Unregister the hooks (host-only behaviour again); device copies are forgotten."""
    global _ops
    _ops = None
    containers.set_allocator(None)
    amp.register_device_hooks(None, None)
    accelerators.register_accelerator_hooks()     # (the cpu target's accelerators again)


def _current() -> DeviceOps:
    return _ops if _ops is not None else install()


def _describe() -> list:
    """accelerators hook: (name, memory in bytes, compute capability) of each GPU."""
    return _current().describe()


_counted = False


def _count(ops) -> int:
    """How many devices there are; the hooks that keep a family of views coherent are registered
    at the first launch (before it no device holds a copy).  With one device they matter too: a
    view with a device copy of its own (a reinterpret_as of a section: another layout than its
    parent's buffer) is a family member whose newer data a host read of an overlapping view brings
    back; they cost a dictionary lookup where no view has a copy of its own."""
    global _counted
    n = ops.device_count()
    if not _counted:
        _counted = True
        amp.register_device_hooks(_to_device, _to_host, _before_host_access, _host_written, _device_copy)
    return n


# ------------------------------------------------------------------------------ the two hooks
def _span_bytes(shape, strides, itemsize) -> int:
    if any(s == 0 for s in shape):
        return 0
    return sum((n - 1) * st for n, st in zip(shape, strides)) + itemsize


#: the device the launch under way runs on: where the hooks make new device copies
_target = [0]


def _dev(av) -> int:
    return getattr(av, "_device_id", 0)


def _parent_alias(av, ops):
    """A device view of ``av`` inside its parent's device buffer, or None if it cannot alias
    (no parent buffer, another layout, or the parent's buffer is on another device)."""
    parent = av._parent
    if parent is None or parent.device is None or _dev(parent) != _target[0]:
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
    A new device copy is made on the launch's device (``_target``); an existing one is refreshed
    on its own device.
    """
    ops = _current()
    copy_in = av._host_dirty
    if av.device is None:
        dev = _parent_alias(av, ops)
        av._device_alias = dev is not None
        av._device_id = _target[0]
        if dev is not None:
            av.device = dev
            # The parent was synchronised just before (amp's _sync_to_device order).  If a kernel
            # has written the parent since this view was made, the device is the newer copy.
            if copy_in and not av._parent._device_dirty:
                with ops.errors(_dev(av)), ops.on(_dev(av)):
                    ops.upload_into(dev, av.host)
            return
        with ops.errors(_dev(av)), ops.on(_dev(av)):
            if copy_in:
                av.device = ops.upload_new(av.host)
            else:  # discard_data(): allocate only
                av.device = ops.empty(av.host.shape, av.host.dtype)
        if av._parent is not None:
            # a copy of its own (a reinterpret_as or view_as of a section: another layout than its
            # parent's buffer): a member of its source's family, so that a host read of another view
            # of the data it overlaps brings its newer data back (one device too)
            _register(av)
        return
    if copy_in:
        with ops.errors(_dev(av)), ops.on(_dev(av)):
            ops.upload_into(av.device, av.host)


def _to_host(av):
    """amp hook: copy ``av.device`` into ``av.host`` (called by ``_sync_to_host`` when dirty)."""
    if av.device is None:
        return
    if getattr(av, "_device_alias", False) and not av._parent._device_dirty:
        return  # the parent's copy-out (done just before, by _sync_to_host) covered this view
    ops = _current()
    source_stream = getattr(_root(av), "_source_stream", None)
    if source_stream is not None:       # (adopted memory: its kernels ran on its producer's stream)
        ops.synchronize(_dev(av), source_stream)
    with ops.errors(_dev(av)), ops.on(_dev(av)):
        ops.download_into(av.device, av.host)


def _mark_written(av):
    """A kernel wrote ``av``: so did it write the parents whose device buffer ``av`` views."""
    av._device_dirty = True
    av.__dict__.pop("_copies", None)
    if getattr(av, "_member", False):  # its source keeps it (its newer data) until it is copied back,
        _root(av).__dict__.setdefault("_held", {})[id(av)] = av    # even when the program drops the view
    while getattr(av, "_device_alias", False):
        av = av._parent
        av._device_dirty = True


def _home_view(arr):
    """The accelerator_view an ``array`` lives on: its own, else the default accelerator's."""
    if arr._view is not None:
        return arr._view
    return accelerator().default_view


def _home(arr, ops) -> int | None:
    """The device an ``array`` lives on (None: the CPU accelerator's)."""
    if arr.device is not None:
        return _dev(arr)
    if ops.device_count() == 1 and arr._view is None:
        return 0
    return _home_view(arr).accelerator._d.index


def _device_copy(src, dst) -> bool:
    """amp hook, ``copy(src, dst)``: two arrays of one shape and type whose source data is on a device
    are copied device to device (between two GPUs peer to peer), not through the host."""
    if not (isinstance(src, amp.array) and isinstance(dst, amp.array)) or src is dst:
        return False
    if src.device is None or src._host_dirty or getattr(src, "_device_alias", False) or \
            src.host.shape != dst.host.shape or src.host.dtype != dst.host.dtype:
        return False
    ops = _current()
    to = _home(dst, ops)
    if to is None or (dst.device is not None and dst.device.shape != dst.host.shape):
        return False
    if dst.device is None:
        with ops.errors(to), ops.on(to):
            dst.device = ops.empty(dst.host.shape, dst.host.dtype)
        dst._device_id, dst._device_alias = to, False
    ops.copy_device(dst.device, to, src.device, _dev(src))
    dst._host_dirty = False
    _mark_written(dst)                  # the device has the newer data
    _stale(dst, keep=dst)               # copies of it elsewhere are not current
    return True


# ------------------------------------------------------------------ several devices: coherence
_root = amp._root_view


def _family(av) -> list:
    """The views of ``av``'s source that hold a device copy of their own: the source itself and
    the views made from it that did not alias a parent's buffer."""
    root = _root(av)
    out = [root] if root.device is not None else []
    refs = root.__dict__.get("_members", ())
    live = [m for r in refs if (m := r()) is not None]
    if len(live) != len(refs):
        root._members = [weakref.ref(m) for m in live]
    return out + [m for m in live if m.device is not None and not getattr(m, "_device_alias", False)]


def _register(av) -> None:
    root = _root(av)
    if av is not root and not getattr(av, "_member", False):
        av._member = True
        root.__dict__.setdefault("_members", []).append(weakref.ref(av))


def _holder(av):
    """The view whose device buffer holds ``av``'s data (``av``, or the parent it aliases)."""
    while getattr(av, "_device_alias", False) and av.device is not None:
        av = av._parent
    return av


def _overlap(a, b) -> bool:
    return np.may_share_memory(a.host, b.host)


def _stale(av, keep=None) -> None:
    """The host's copy of ``av``'s data changed: every device copy that overlaps it (but ``keep``'s,
    which the host's now equals) must be copied in again before its next use."""
    for x in _family(av):
        if x is not keep and _overlap(x, av):
            x._host_dirty = True
            x.__dict__.pop("_copies", None)


def _pull(m) -> None:
    """Copy ``m``'s newer device data back to the host (waiting for its device's queue)."""
    _to_host(m)
    m._device_dirty = False
    _root(m).__dict__.get("_held", {}).pop(id(m), None)
    _stale(m, keep=m)


def _settle(av) -> None:
    """Uploads still reading ``av``'s memory finish before the host touches it."""
    if _ops is not None and _ops._inflight:
        _ops.settle(av.host)


def _before_host_access(av) -> None:
    """amp hook (several devices): before the host reads ``av``, the newer copies of the data it
    overlaps come back from every device."""
    _settle(av)
    if not _root(av).__dict__.get("_members"):
        return                          # one copy at most, av's own or an ancestor's: amp syncs it
    for m in _family(av):
        if m._device_dirty and _overlap(m, av):
            _pull(m)


def _host_written(av) -> None:
    """amp hook (several devices): the host wrote ``av``'s data; the device copies that overlap it
    must be copied in again before their next use."""
    _settle(av)                         # (refresh() after the source was written directly)
    if _root(av).__dict__.get("_members"):     # (else amp marked av and its ancestors)
        _stale(av)


def _bring(av, dev: int, ops) -> None:
    """Make ``av``'s data current on device ``dev`` for a launch there (several devices)."""
    if av._host_dirty:
        av.__dict__.pop("_copies", None)    # (the host's data changed since they were made)
    holder = _holder(av) if av.device is not None and _dev(av) == dev else None
    for m in _family(av):               # newer data av overlaps, in another copy, comes back first
        if m._device_dirty and m is not holder and _overlap(m, av):
            _pull(m)
    if av.device is not None and _dev(av) != dev:       # av moves to dev
        if av.const and not av._host_dirty:
            av.__dict__.setdefault("_copies", {})[_dev(av)] = av.device      # still valid there
        av.device, av._device_alias, av._host_dirty = None, None, True
    kept = av.__dict__.get("_copies", {}).get(dev) if av.device is None else None
    if kept is not None:                # an array_view<const T> read there before, unchanged since
        av.device, av._device_id, av._host_dirty = kept, dev, False
        return
    parent = av._parent
    _target[0] = dev
    if parent is not None and av.device is None and (parent.device is None or _dev(parent) != dev):
        _register(av)                   # a copy of its own part, on dev (the parent stays where it is)
        with ops.errors(dev), ops.on(dev):
            av.device = ops.upload_new(av.host) if av._host_dirty else ops.empty(av.host.shape, av.host.dtype)
        av._device_id, av._device_alias, av._host_dirty = dev, False, False
        return
    if parent is not None and getattr(av, "_device_alias", None) is not False:
        _bring(parent, dev, ops)        # the buffer it aliases (or will), current on dev
    if parent is not None and av.device is not None and not getattr(av, "_device_alias", False):
        if av._host_dirty:              # its own copy, on dev: refreshed from the host
            with ops.errors(dev), ops.on(dev):
                ops.upload_into(av.device, av.host)
            av._host_dirty = False
        return
    av._sync_to_device()


def _check_home(av, dev: int, where) -> None:
    """An ``array`` lives on its accelerator_view's device: C++ AMP does not move it."""
    if not isinstance(av, amp.array):
        return
    view = _home_view(av)
    home = view.accelerator._d.index
    if home is not None and home != dev:
        raise amp.runtime_exception(
            f"parallel_for_each on accelerator cuda\\{dev} captures an array that lives on "
            f"{view.accelerator.device_path} ({view.accelerator.description}); copy it to an array "
            f"of that accelerator_view first", where)


# ----------------------------------------------------------------------------------- launches
def launch_config(domain, block=None, where=None, coarsen=None):
    """``(grid, block, dims)`` for a C++ AMP compute domain, in CUDA's (x, y, z) order.

    ``domain`` is an ``amp.extent`` or ``amp.tiled_extent``.  The last C++ dimension maps to x.
    Tiled: ``tile<D0, D1>`` gives block ``(D1, D0)`` and grid ``(E1/D1, E0/D0)``; a tile that does
    not divide the extent raises ``invalid_compute_domain`` (C++ AMP's message, with ``where``).
    A tiled ``block`` (CUDA order) that divides the tile is a coarsened kernel's: each CUDA thread
    runs several threads of the tile; the grid is the same.
    Untiled: ``block`` (CUDA order) or :func:`untiled_block`; ``coarsen`` (C++ order): the
    indices each CUDA thread covers along each dimension (a coarsened kernel, codegen/coarsened.py);
    the grid is rounded up and the kernel must guard ``if i < e0 ...``.  ``dims`` are the extent's C++ dimensions.  A rank-2 grid
    taller than CUDA's 65,535 blocks along y is folded: its rows of blocks go on along z (the
    kernels add ``blockIdx.z * gridDim.y`` rows; a tiled one skips the spare tiles); an untiled
    rank-3 grid deeper than 65,535 blocks along z goes on along y.
    """
    tiled = isinstance(domain, amp.tiled_extent)
    dims = tuple(domain.extent) if tiled else \
        tuple(domain) if isinstance(domain, (amp.extent, tuple, list)) else (int(domain),)
    amp.check_domain(dims, where)
    if tiled:
        amp.check_tiled_domain(domain, where)
        tile = tuple(domain.tile_extent)
        blk = tile[::-1]
        if block is not None:       # a coarsened kernel (codegen/coarsened.py): fewer threads per tile
            if len(block) != len(blk) or any(t % b for t, b in zip(blk, block)):
                raise ValueError(f"block {tuple(block)} does not divide tile {tile}")
            blk = tuple(block)
        grid = tuple(e // t for e, t in zip(dims, tile))[::-1]
    else:
        if len(dims) > 3:       # rank 4 and up: one row-major thread numbering (the kernel splits it)
            blk = (256,)
            return (max(1, -(-math.prod(dims) // 256)),), blk, dims
        blk = tuple(block) if block is not None else untiled_block(dims)
        if isinstance(block, int):
            blk = (block,)
        if len(blk) != len(dims):
            raise ValueError(f"block {blk} does not have the domain's rank {len(dims)}")
        per_thread = tuple(coarsen)[::-1] if coarsen else (1,) * len(dims)   # indices per CUDA thread
        grid = tuple(-(-e // (b * f)) for e, b, f in zip(dims[::-1], blk, per_thread))
    if math.prod(blk) > 1024:
        raise amp.runtime_exception(f"{math.prod(blk)} threads per tile exceeds CUDA's limit "
                                    f"of 1024", where)
    if len(grid) == 2 and grid[1] > _GRID_LIMITS[1]:
        # rank 2: the rows of blocks past y's limit go on along z (the kernel adds blockIdx.z *
        # gridDim.y rows: codegen/cuda.py; spare blocks of the last z slice are guarded there)
        z = -(-grid[1] // _GRID_LIMITS[1])
        grid = (grid[0], -(-grid[1] // z), z)
    elif len(grid) == 3 and grid[2] > _GRID_LIMITS[2] and not tiled:
        # untiled rank 3: the z blocks past its limit go on along y, after the rows dimension 1 needs
        # (the kernel sees more y blocks than those and splits blockIdx.y: codegen/cuda.py)
        k = -(-grid[2] // _GRID_LIMITS[2])
        grid = (grid[0], grid[1] * k, -(-grid[2] // k))
    for axis, (g, limit) in enumerate(zip(grid, _GRID_LIMITS)):
        if g > limit:
            raise amp.runtime_exception(
                f"compute domain too large for CUDA: {g} blocks along {'xyz'[axis]} "
                f"(C++ dimension {max(0, len(dims) - 1 - axis)}) exceeds {limit}", where)
    return grid, blk, dims


def _kernel_arg(v, dev=0, where=None):
    """Host capture -> kernel argument for a launch on device ``dev``; device-backed containers
    are synchronised first."""
    if isinstance(v, amp._ArrayBase):
        ops = _current()
        if ops.device_count() == 1:
            v._sync_to_device()
        else:
            _check_home(v, dev, where)
            _bring(v, dev, ops)
        return v.device
    to_record = getattr(v, "to_record", None)  # @struct value captured by value
    if to_record is not None and hasattr(v, "_rec"):
        return to_record()
    if isinstance(v, np.ndarray):  # a C array captured by value: read-only copy in
        with _current().errors(dev):
            return _current().upload_new(v)
    if isinstance(v, amp.tiled_extent):  # a kernel holds a tiled_extent as its extent's tuple
        return tuple(v.extent.dims)
    if isinstance(v, (amp.extent, amp.index)):  # an index or extent captured by value: its tuple
        return tuple(v.dims)
    return v


def _place(view, ops):
    """(device, stream) of a launch on accelerator_view ``view`` (None: the default view)."""
    device = launch_device(view)                # (without a view: the default one, fixed by it)
    if view is None:
        if _count(ops) == 1:
            return 0, None
        view = accelerator().default_view
    dev = device.index or 0                     # (WARP and REF run on GPU 0)
    if getattr(view, "_stream", None) is None and _count(ops) > 1:
        view._stream = ops.new_stream(dev)
    return dev, getattr(view, "_stream", None)


def wait_view(view) -> None:
    """``accelerator_view::wait()``: the host waits for the work queued on the view."""
    d = view.accelerator._d
    if d.index is not None and _ops is not None:
        _ops.synchronize(d.index, getattr(view, "_stream", None))


def marker(view):
    """``accelerator_view::create_marker()``: done when the work queued so far on the view is."""
    d = view.accelerator._d
    if d.index is None or _ops is None:
        return None
    return _ops.marker(d.index, getattr(view, "_stream", None))


def _order(captures, dev: int, stream, ops) -> None:
    """Two queues of one device that use the same data run in the order of their launches (C++ AMP
    tracks such dependencies between accelerator_views): the launch's stream waits for the work
    the other queue had already been given on that data (any view of the same source)."""
    for c in captures:
        if isinstance(c, amp._ArrayBase):
            queues = _root(c).__dict__.setdefault("_queues", {})
            last = queues.get(dev)
            if last is not None and last is not stream:
                ops.after(dev, last, stream)
            queues[dev] = stream


def launch(kernel, domain, where=None, block=None, *captures, view=None, coarsen=None):
    """Run ``kernel`` over ``domain`` (C++ AMP ``parallel_for_each``) on the GPU.

    ``kernel``: a ``numba.cuda.jit`` kernel taking ``(e0[, e1[, e2]], *captures)``.
    ``domain``: ``amp.extent`` or ``amp.tiled_extent`` (or a tuple of dims, untiled).
    ``where``: "file:line" of the ``parallel_for_each``, reported by ``invalid_compute_domain``.
    ``block``: threads per block in CUDA (x, y, z) order; None = defaults (untiled) or the tile;
    a tiled kernel's smaller block is that of a coarsened kernel (a divisor of the tile).
    ``captures``: ``array``/``array_view`` (passed as their device arrays), ``@struct`` values
    (passed as numpy records), C arrays (numpy, copied in), scalars (passed as they are).
    ``coarsen``: an untiled coarsened kernel's indices per CUDA thread along each dimension.
    ``view``: the accelerator_view of ``parallel_for_each(view, ...)``: its device and queue run
    the kernel, and the call returns without waiting for it.
    A domain with a dimension that is not positive raises ``invalid_compute_domain``, as in C++ AMP.
    """
    grid, blk, dims = launch_config(domain, block, where, coarsen)
    ops = _current()
    adopted = _adopted(captures) if view is None else ()
    dev, stream = _adopted_place(adopted, ops) if adopted else _place(view, ops)
    with ops.errors(dev), ops.on(dev), ops.queue(dev, stream):
        if stream is not None:
            _order(captures, dev, stream, ops)
        args = [_kernel_arg(c, dev, where) for c in captures]
        ops.run(kernel, grid, blk, (*dims, *args), stream)
    for c in captures:
        if isinstance(c, amp._ArrayBase) and not c.const:
            _mark_written(c)
            after_kernel(c)


def _adopted(captures) -> list:
    """The views over GPU memory the caller passed (`view_over_device`) that the captures view."""
    return [r for c in captures if isinstance(c, amp._ArrayBase) and isinstance(r := _root(c), _DeviceSourceView)]


def _adopted_place(adopted, ops):
    """(device, stream) of a launch without an accelerator_view that uses GPU memory the caller
    passed (`adopted`, from `_adopted`): the device that holds the memory and the stream its
    producer queued its work on, so the kernel runs after that work without the host waiting; the
    streams of other such memory it uses are waited for on the GPU."""
    dev, stream = _dev(adopted[0]), adopted[0]._source_stream
    if ops.device_count() > 1:
        _count(ops)                     # (the coherence hooks, as _place registers them)
    for c in adopted[1:]:
        if c._source_stream is not stream and _dev(c) == dev:
            ops.after(dev, c._source_stream, stream)
    return dev, stream


class _DeviceSourceView(amp.array_view):
    """An array_view whose data source is device memory (`view_over_device`)."""

    def destroy(self):
        """The last view of device memory copies nothing back (its source is that memory), unless
        host code wrote it last: then the host's data go up into it, as C++ AMP copies a view's
        changes back to its source."""
        root, left = self._let_go()
        if left <= 0 and root._host_dirty and root.device is not None:
            ops = _current()
            with ops.errors(_dev(root)), ops.on(_dev(root)):
                ops.upload_into(root.device, root.host)
            root._host_dirty = False


def view_over_device(obj, const: bool = False):
    """An array_view over device memory used in place (`amppy.load` on the cuda target): `obj` is
    anything with ``__cuda_array_interface__`` (a CuPy array, a numba device array, a PyTorch
    tensor).  Kernels read and write that memory, with no copy to the host and back, on the device
    that holds it and on the stream the interface names (CuPy's current stream, say), so they run
    after the work already queued on it and the host does not wait; host code that reads the view
    waits for that stream and copies the data down first (into a host buffer made for it), and data
    host code writes go back up before a kernel runs and when the view dies."""
    ops = _current()
    dev, device_id, stream = ops.adopt(obj)     # (no copy: numba's view of the same pointer)
    host = np.empty(dev.shape, dev.dtype)       # (untouched until host code reads the view)
    av = _DeviceSourceView._over(host, amp._elem_type_of(host.dtype), None, const)
    av.device = dev
    av._device_id = device_id
    av._source_stream = stream                  # (the producer's: kernels using it queue there)
    av._device_alias = False
    av._host_dirty = False                      # nothing to copy up ...
    av._device_dirty = True                     # ... and the device holds the data
    return av


def sync_all(*views):
    """Copy back every given view/array that a kernel wrote (``synchronize()`` on each)."""
    for v in views:
        if hasattr(v, "synchronize"):
            v.synchronize()
        else:
            v._sync_to_host()
