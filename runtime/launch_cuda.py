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

With one GPU nothing of this applies: everything runs on the default stream, as before.

On every GPU count, host buffers of 1 MiB or more are page-locked (``cuMemHostRegister``) at their
first copy and stay so until numpy frees them (:class:`_PinnedHost`): copies from and to them run at
the link's speed instead of through the driver's staging buffer.

The device operations sit behind :class:`DeviceOps` so tests can replace the GPU with numpy
(:class:`HostDeviceOps`) and count transfers; :func:`install` registers the hooks with
``amp.register_device_hooks``.  ``launch`` installs the numba-cuda operations on first use.
"""
from __future__ import annotations

import contextlib
import weakref

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
                      "launch": 0, "d2d": 0}
        #: the queue of the launch under way (None: the device's default one); uploads made for
        #: it are queued there, so they overlap the host and the other devices' work
        self.stream = None
        self.device = 0
        self.current = 0                # the device operations go to now (`on`)
        #: uploads queued and maybe not done: (marker, device, stream, host buffer they read)
        self._inflight: list = []

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

    def run(self, kernel, grid, block, args, stream=None):
        raise NotImplementedError

    def copy_device(self, dst, dst_dev: int, src, src_dev: int) -> None:
        """Copy device array `src` (on device `src_dev`) into `dst` (same shape, on `dst_dev`),
        after the work queued on both devices and before the work queued on them later."""
        raise NotImplementedError

    @staticmethod
    def strides_of(dev):
        return tuple(dev.strides)

    # several devices: one unless a backend has more
    def device_count(self) -> int:
        return 1

    def describe(self) -> list[tuple[str, int, tuple[int, int]]]:
        """(name, memory in bytes, compute capability) of each device, in device order."""
        return [("amppy test device", 1 << 30, (8, 0))] * self.device_count()

    def on(self, dev: int):
        """A context manager under which device `dev` is the current one."""
        return contextlib.nullcontext()

    def new_stream(self, dev: int):
        """A queue of its own on device `dev` (None: the device's default one)."""
        return None

    def synchronize(self, dev: int, stream=None) -> None:
        """Wait until `stream` (None: every queue of device `dev`) has finished its work."""
        self._settled(dev, stream)

    def errors(self, dev: int):
        """A context manager turning the backend's device errors into C++ AMP's exceptions."""
        return contextlib.nullcontext()

    def marker(self, dev: int, stream):
        """Something that is done when the work queued so far on `stream` is: `query()`,
        `synchronize()` (None: already done)."""
        return None

    def after(self, dev: int, first, then) -> None:
        """Work queued on stream `then` from now on starts after the work queued so far on stream
        `first` (both of device `dev`)."""

    @contextlib.contextmanager
    def queue(self, dev: int, stream):
        """Uploads made under this context go to `stream` of device `dev`."""
        saved = self.device, self.stream
        self.device, self.stream = dev, stream
        try:
            yield
        finally:
            self.device, self.stream = saved

    # -- uploads that run while the host goes on
    def _queue_here(self):
        """The stream an upload made now goes to: the launch's, when it is for the launch's device."""
        return self.stream if self.current == self.device else None

    def _queued_upload(self, host, stream) -> None:
        """An upload from `host` was queued on `stream`: the host must not change that memory
        until it is done (`settle`)."""
        if stream is None:
            return                      # the default stream's copies are done when they return
        if len(self._inflight) >= 64:
            self._inflight = [e for e in self._inflight if not e[0].query()]
        mark = self.marker(self.device, stream)
        if mark is not None:
            self._inflight.append((mark, self.device, stream, _root_buffer(host)))

    def settle(self, host) -> None:
        """The host is about to read or write `host`: wait for the queued uploads that read it."""
        keep = []
        for entry in self._inflight:
            mark, dev, _stream, src = entry
            if np.may_share_memory(src, host):
                with self.errors(dev), self.on(dev):
                    mark.synchronize()
            else:
                keep.append(entry)
        self._inflight = keep

    def _settled(self, dev: int, stream) -> None:
        """`stream` (None: every queue) of device `dev` finished: its uploads are done."""
        self._inflight = [e for e in self._inflight
                          if not (e[1] == dev and (stream is None or e[2] is stream))]


class _PinnedHost:
    """Host buffers page-locked for the driver's copies (cuMemHostRegister), each registered once,
    at its first transfer, and released when numpy frees it.

    A copy from or to page-locked memory runs at the link's speed (about 53 GB/s on an H200's
    PCIe 5 link against 8 to 14 GB/s from pageable memory, which the driver copies through a
    buffer of its own) and, queued on a stream, lets the host and the other GPUs go on.  Only
    buffers of at least `min_bytes` are registered (below that a copy's latency dominates), and
    at most `limit` bytes in all (page-locked memory cannot be swapped out): beyond it copies
    stay pageable.  `AMPPY_PIN_LIMIT_MB=0` turns it off.
    """

    def __init__(self, register, unregister, limit: int, min_bytes: int = 1 << 20):
        self._register, self._unregister = register, unregister
        self.limit, self.min_bytes = limit, min_bytes
        self.bytes = 0
        self._known: dict[int, int] = {}    # id(owner buffer) -> bytes registered (0: left pageable)

    def __call__(self, host: np.ndarray) -> bool:
        """Register the buffer that holds `host` if it may be; True if it is page-locked."""
        if host.nbytes < self.min_bytes or not self.limit:
            return False
        root = _root_buffer(host)
        key = id(root)
        size = self._known.get(key)
        if size is None:
            size, handle = root.nbytes, None
            if root.base is not None or not (root.flags.c_contiguous or root.flags.f_contiguous) \
                    or self.bytes + size > self.limit:
                size = 0                # not numpy's own memory, or over the limit: pageable
            else:
                try:
                    handle = self._register(_addr(root), size)
                except Exception:       # (already registered by someone else, or refused)
                    size, handle = 0, None
            self._known[key] = size
            self.bytes += size
            done = weakref.finalize(root, self._release, key, _addr(root), size, handle)
            done.atexit = False         # (the process's exit releases everything)
        return size > 0

    def _release(self, key, addr, size, handle):
        self._known.pop(key, None)
        self.bytes -= size
        if size:
            try:
                self._unregister(addr, handle)
            except Exception:
                pass


def _pin_limit() -> int:
    import os
    env = os.environ.get("AMPPY_PIN_LIMIT_MB")
    if env is not None:
        return max(0, int(env)) << 20
    try:                                # a quarter of the machine's memory
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 4
    except (ValueError, OSError, AttributeError):
        return 4 << 30


class CudaDeviceOps(DeviceOps):
    """numba-cuda device arrays (``DeviceNDArray``), on every GPU numba-cuda sees; errors of the
    driver become C++ AMP's exceptions (`out_of_memory`, `accelerator_view_removed`)."""

    def __init__(self):
        super().__init__()
        self.cuda = import_cuda()
        from numba.cuda.cudadrv.devicearray import DeviceNDArray
        from numba.cuda.cudadrv.driver import CudaAPIError
        from numba.cuda.cudadrv import driver
        self._DeviceNDArray = DeviceNDArray
        self._CudaAPIError = CudaAPIError
        self._driver = driver
        self._count = None
        self.pinned = _PinnedHost(self._register, self._unregister, _pin_limit())

    def _register(self, addr: int, size: int):
        ctx = self.cuda.current_context()           # (any context: the registration is portable)
        self._driver.driver.cuMemHostRegister(addr, size, self._driver.binding.CU_MEMHOSTREGISTER_PORTABLE)
        return ctx.device.id

    def _unregister(self, addr: int, dev: int):
        with self.cuda.gpus[dev]:
            self._driver.driver.cuMemHostUnregister(addr)

    def device_count(self) -> int:
        if self._count is None:
            self._count = len(self.cuda.gpus)
        return self._count

    def describe(self):
        out = []
        for gpu in self.cuda.gpus:
            with gpu:
                dev = self.cuda.get_current_device()
                _free, total = self.cuda.current_context().get_memory_info()
                name = dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name)
                out.append((name, total, tuple(dev.compute_capability)))
        return out

    @contextlib.contextmanager
    def on(self, dev: int):
        if self.device_count() == 1:
            yield
            return
        saved, self.current = self.current, dev
        try:
            with self.cuda.gpus[dev]:
                yield
        finally:
            self.current = saved

    def new_stream(self, dev: int):
        if self.device_count() == 1:
            return None                 # one GPU: its default stream, as before
        with self.on(dev):
            return self.cuda.stream()

    def synchronize(self, dev: int, stream=None) -> None:
        with self.errors(dev), self.on(dev):
            if stream is not None:
                stream.synchronize()
            else:
                self.cuda.synchronize()
        self._settled(dev, stream)

    def marker(self, dev: int, stream):
        with self.errors(dev), self.on(dev):
            ev = self.cuda.event(timing=False)
            ev.record(stream if stream is not None else 0)
            return ev

    def after(self, dev: int, first, then) -> None:
        if first is then or then is None:
            return
        with self.errors(dev), self.on(dev):
            ev = self.cuda.event(timing=False)
            ev.record(first if first is not None else 0)
            ev.wait(then)

    @contextlib.contextmanager
    def errors(self, dev: int):
        """The driver's errors as C++ AMP's exceptions, never a numba traceback."""
        try:
            yield
        except self._CudaAPIError as e:
            code = getattr(e, "code", None)
            where = f"accelerator cuda\\{dev}"
            if code == 2:               # CUDA_ERROR_OUT_OF_MEMORY
                raise amp.out_of_memory(f"Failed to allocate device memory on {where}: out of memory") from None
            raise amp.accelerator_view_removed(f"The {where} failed: {e}").with_code(
                code if isinstance(code, int) else amp.accelerator_view_removed.code) from None

    def upload_new(self, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        self.stats["alloc"] += 1
        src = np.ascontiguousarray(host)
        out = self.cuda.device_array(src.shape, src.dtype)
        self._h2d(out, src)
        return out

    def empty(self, shape, dtype):
        self.stats["alloc"] += 1
        return self.cuda.device_array(shape, dtype)

    def _h2d(self, dev, src) -> None:
        """Copy the C-contiguous `src` into `dev`: queued on the launch's stream (the host goes on;
        `settle` waits), else on the default stream, done when it returns.  (Device arrays are
        made without a stream: numba's copies default to an array's own stream.)"""
        if not src.nbytes:
            return
        stream = self._queue_here()
        self.pinned(src)
        self._driver.host_to_device(dev, src, src.nbytes, stream=stream or 0)
        self._queued_upload(src, stream)

    def upload_into(self, dev, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        if dev.is_c_contiguous():
            self._h2d(dev, np.ascontiguousarray(host))
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
        # (on the default stream: after the work queued on the device's streams, done on return)
        if dev.is_c_contiguous() and host.flags.c_contiguous:
            if host.nbytes:
                self.pinned(host)
                self._driver.device_to_host(host, dev, host.nbytes)
        else:  # copy_to_host(None) copies the memory span and returns a strided view of it
            host[...] = dev.copy_to_host(stream=0)

    def alias(self, dev, offset, shape, strides, dtype):
        return self._DeviceNDArray(shape, strides, dtype, gpu_data=dev.gpu_data.view(offset))

    def copy_device(self, dst, dst_dev, src, src_dev):
        self.stats["d2d"] += 1
        nbytes = src.size * src.dtype.itemsize
        if not nbytes:
            return
        if dst_dev == src_dev:          # (the default stream: after and before every queue's work)
            with self.errors(dst_dev), self.on(dst_dev):
                self._driver.device_to_device(dst, src, nbytes)
            return
        # cuMemcpyPeer is ordered after and before all the work of both devices; over NVLink or
        # PCIe peer to peer where the two devices can reach each other, else through the driver
        with self.errors(dst_dev):
            contexts = []
            for d in (dst_dev, src_dev):
                with self.cuda.gpus[d]:
                    contexts.append(self.cuda.current_context())
            self._peer(dst_dev, src_dev, contexts)
            with self.cuda.gpus[dst_dev]:
                self._driver.driver.cuMemcpyPeer(self._driver.device_pointer(dst), contexts[0].handle,
                                                 self._driver.device_pointer(src), contexts[1].handle,
                                                 nbytes)

    def _peer(self, dst_dev, src_dev, contexts) -> None:
        """Let each of the two devices reach the other's memory, once, where they can."""
        done = self.__dict__.setdefault("_peers", set())
        if (dst_dev, src_dev) in done:
            return
        for (a, ca), (b, cb) in (((dst_dev, contexts[0]), (src_dev, contexts[1])),
                                 ((src_dev, contexts[1]), (dst_dev, contexts[0]))):
            with self.cuda.gpus[a]:
                try:
                    if ca.can_access_peer(b):
                        ca.enable_peer_access(cb.handle)
                except self._CudaAPIError:
                    pass                # (already enabled)
        done.update({(dst_dev, src_dev), (src_dev, dst_dev)})

    def _span(self, dev):
        return self._DeviceNDArray((dev.alloc_size,), (1,), np.uint8, gpu_data=dev.gpu_data)

    def run(self, kernel, grid, block, args, stream=None):
        self.stats["launch"] += 1
        if stream is None:
            kernel[grid, block](*args)
        else:
            kernel[grid, block, stream](*args)


class HostDeviceOps(DeviceOps):
    """A fake device for tests: device arrays are separate numpy buffers.

    ``run`` calls ``kernel(grid, block, *args)`` -- a plain Python function standing in for the
    GPU kernel, which reads and writes the "device" arrays.  ``devices``: how many devices it
    pretends to be (each buffer remembers its device in ``owner``, to catch a buffer used on
    another device than its own).
    """

    def __init__(self, devices: int = 1):
        super().__init__()
        self.devices = devices
        self.owner: dict[int, int] = {}     # id(buffer) -> device
        self.launches: list[tuple[int, object]] = []    # (device, stream) of each launch
        self.waits: list[tuple[int, object, object]] = []   # (device, first, then) of `after`

    def device_count(self) -> int:
        return self.devices

    @contextlib.contextmanager
    def on(self, dev: int):
        saved, self.current = self.current, dev
        try:
            yield
        finally:
            self.current = saved

    def new_stream(self, dev: int):
        return None if self.devices == 1 else ("stream", dev, len(self.launches))

    def marker(self, dev: int, stream):
        return None if self.devices == 1 else _FakeMark()

    def after(self, dev: int, first, then) -> None:
        self.waits.append((dev, first, then))

    def _own(self, buf):
        self.owner[id(buf)] = self.current
        return buf

    def upload_new(self, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        self.stats["alloc"] += 1
        out = self._own(np.array(host, order="C", copy=True))
        self._queued_upload(host, self._queue_here())
        return out

    def empty(self, shape, dtype):
        self.stats["alloc"] += 1
        out = np.empty(shape, dtype)
        out.reshape(-1).view(np.uint8)[...] = 0xAB  # "uninitialised" device memory
        return self._own(out)

    def upload_into(self, dev, host):
        self.stats["h2d"] += 1
        self.stats["h2d_bytes"] += host.nbytes
        dev[...] = host
        self._queued_upload(host, self._queue_here())

    def download_into(self, dev, host):
        self.stats["d2h"] += 1
        self.stats["d2h_bytes"] += host.nbytes
        host[...] = dev

    def copy_device(self, dst, dst_dev, src, src_dev):
        self.stats["d2d"] += 1
        if self.devices > 1:
            for buf, d in ((dst, dst_dev), (src, src_dev)):
                assert self.owner.get(id(_root_buffer(buf)), d) == d, "a buffer of another device"
        dst[...] = src

    def alias(self, dev, offset, shape, strides, dtype):
        base = dev
        while isinstance(base.base, np.ndarray):
            base = base.base
        start = _addr(dev) - _addr(base) + offset
        return np.ndarray(shape, dtype, buffer=base, offset=start, strides=strides)

    def run(self, kernel, grid, block, args, stream=None):
        self.stats["launch"] += 1
        if self.devices > 1:
            for a in args:
                if isinstance(a, np.ndarray) and self.owner.get(id(_root_buffer(a)), self.current) != self.current:
                    raise AssertionError(f"a buffer of device {self.owner[id(_root_buffer(a))]} "
                                         f"used on device {self.current}")
            self.launches.append((self.current, stream))
        kernel(grid, block, *args)


class _FakeMark:
    """HostDeviceOps's marker: done once waited for (what is queued is never done by itself)."""
    done = False

    def query(self):
        return self.done

    def synchronize(self):
        self.done = True


def _root_buffer(a: np.ndarray) -> np.ndarray:
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a


_ops: DeviceOps | None = None
#: Transfer counters of the installed device (``{"h2d": .., "d2h": .., ...}``), for tests and
#: benchmarks; replaced when :func:`install` installs another.
stats: dict = {}


def install(ops: DeviceOps | None = None) -> DeviceOps:
    """Use ``ops`` (default: numba-cuda) for device data; registers the ``amp`` device hooks
    (with several devices also the family hooks that keep views of one source coherent)."""
    global _ops, stats, _counted
    _ops = ops if ops is not None else CudaDeviceOps()
    stats = _ops.stats
    _counted = False                    # (the devices are counted at the first launch: no driver call here)
    amp.register_device_hooks(_to_device, _to_host, device_copy=_device_copy)
    from . import accelerators
    accelerators.forget_devices()
    return _ops


def uninstall() -> None:
    """Unregister the hooks (host-only behaviour again); device copies are forgotten."""
    global _ops
    _ops = None
    amp.register_device_hooks(None, None)
    from . import accelerators
    accelerators.forget_devices()


def _current() -> DeviceOps:
    return _ops if _ops is not None else install()


_counted = False


def _count(ops) -> int:
    """How many devices there are; with several, the hooks that keep a family of views coherent
    are registered (at the first launch: before it no device holds a copy)."""
    global _counted
    n = ops.device_count()
    if not _counted:
        _counted = True
        if n > 1:
            amp.register_device_hooks(_to_device, _to_host, _before_host_access, _host_written,
                                      _device_copy)
    return n


# ------------------------------------------------------------------------------ the two hooks
def _addr(a: np.ndarray) -> int:
    return a.__array_interface__["data"][0]


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
    from .accelerators import accelerator
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
    return v


def _place(view, ops):
    """(device, stream) of a launch on accelerator_view ``view`` (None: the default view)."""
    from .accelerators import accelerator, launch_device
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


def launch(kernel, domain, where=None, block=None, *captures, view=None):
    """Run ``kernel`` over ``domain`` (C++ AMP ``parallel_for_each``) on the GPU.

    ``kernel``: a ``numba.cuda.jit`` kernel taking ``(e0[, e1[, e2]], *captures)``.
    ``domain``: ``amp.extent`` or ``amp.tiled_extent`` (or a tuple of dims, untiled).
    ``where``: "file:line" of the ``parallel_for_each``, reported by ``invalid_compute_domain``.
    ``block``: untiled only, threads per block in CUDA (x, y, z) order; None = defaults.
    ``captures``: ``array``/``array_view`` (passed as their device arrays), ``@struct`` values
    (passed as numpy records), C arrays (numpy, copied in), scalars (passed as they are).
    ``view``: the accelerator_view of ``parallel_for_each(view, ...)``: its device and queue run
    the kernel, and the call returns without waiting for it.
    A domain with a dimension that is not positive raises ``invalid_compute_domain``, as in C++ AMP.
    """
    grid, blk, dims = launch_config(domain, block, where)
    ops = _current()
    dev, stream = _place(view, ops)
    with ops.errors(dev), ops.on(dev), ops.queue(dev, stream):
        if stream is not None:
            _order(captures, dev, stream, ops)
        args = [_kernel_arg(c, dev, where) for c in captures]
        ops.run(kernel, grid, blk, (*dims, *args), stream)
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
