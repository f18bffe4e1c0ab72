"""The GPU's device operations behind the cuda target's data movement: allocation, copies between
the host and the devices (and between devices), streams, markers, launches, and the driver's errors
as C++ AMP's exceptions.

:class:`DeviceOps` is what ``launch_cuda`` (coherence and launches) needs from a device:
:class:`CudaDeviceOps` does it with numba-cuda on every GPU it sees; :class:`HostDeviceOps` stands in
for the GPU in tests (numpy buffers as "device" memory) and counts transfers the same way.

On every GPU count, host buffers of 1 MiB or more are page-locked (``cuMemHostRegister``) at their
first copy and stay so until numpy frees them (:class:`_PinnedHost`): copies from and to them run at
the link's speed instead of through the driver's staging buffer.

Layers: above ``amp_errors`` and ``cuda_compat`` only; it knows nothing of arrays or views.
``launch_cuda`` re-exports the classes (``launch_cuda.HostDeviceOps``, ...), where tests and
benchmarks name them.
"""
from __future__ import annotations

import contextlib
import os
import sys
import weakref

import numpy as np

from .amp_errors import accelerator_view_removed, out_of_memory
from .cuda_compat import import_cuda, start_device_setup

__all__ = ["DeviceOps", "CudaDeviceOps", "HostDeviceOps"]


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

    def adopt(self, obj):
        """``(device array, device, stream)`` of device memory the program did not allocate (an
        object with ``__cuda_array_interface__``: CuPy, numba, PyTorch), used in place, not copied:
        the device that holds it and the stream its producer's work on it is queued on (None: the
        device's default one), where kernels using it run."""
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


class _PinnedPool:
    """Large host buffers kept, page-locked, after the program lets them go, for its next ones of
    the same size: a program that makes its vectors anew each round (a frame, a step) pays the
    page-locking (15 ms per 256 MB on an H200 machine) once, not every round, as CUDA's pinned
    memory pools do.  `containers.vector` takes its storage from `allocate` on the cuda target.
    A buffer is free when nothing but the pool refers to it (its views all keep it, as their base);
    the pool holds at most `limit` bytes (a quarter of the page-locking limit), and buffers under
    `min_bytes` are not pooled."""

    def __init__(self, limit: int, min_bytes: int = 32 << 20):
        self.limit, self.min_bytes = limit, min_bytes
        self.bytes = 0
        self._free_by_size: dict[int, list] = {}    # bytes -> the pool's buffers of that size

    def allocate(self, size: int, dtype: np.dtype):
        """An uninitialised array of `size` elements over a pooled buffer, or None (the caller
        allocates as usual)."""
        nbytes = size * dtype.itemsize
        if nbytes < self.min_bytes or dtype.hasobject:
            return None
        bufs = self._free_by_size.setdefault(nbytes, [])
        for i in range(len(bufs)):
            if sys.getrefcount(bufs[i]) == 2:       # (the list and the call's argument: free)
                return np.ndarray(size, dtype, buffer=bufs[i])
        if self.bytes + nbytes > self.limit:
            return None
        buf = np.empty(nbytes, np.uint8)
        bufs.append(buf)
        self.bytes += nbytes
        return np.ndarray(size, dtype, buffer=buf)


def _raw(a: np.ndarray) -> np.ndarray:
    """A C-contiguous host array the driver copies: its bytes where its elements are records (a
    C++ union's fields overlap, and numpy exports no buffer of such a dtype)."""
    return a.view(np.uint8) if a.dtype.fields is not None and a.ndim else a


def _pin_limit() -> int:
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
        from numba.cuda.api_util import prepare_shape_strides_dtype
        self._shape_strides = prepare_shape_strides_dtype     # (None strides: C order)
        self._CudaAPIError = CudaAPIError
        self._driver = driver
        self._count = None
        self._streams: dict = {}        # (device, handle) -> numba stream of an adopted array's stream
        self._contexts: dict = {}       # device -> numba's context (adopted arrays are made in it)
        #: (device, pointer, shape, typestr, strides) -> the device array made for such memory last
        #: (a library called again on the same arrays: numba types an array object once)
        self._adopted: dict = {}
        self.pinned = _PinnedHost(self._register, self._unregister, _pin_limit())
        self.pool = _PinnedPool(self.pinned.limit // 4)

    def _register(self, addr: int, size: int):
        ctx = self.cuda.current_context()           # (any context: the registration is portable)
        self._driver.driver.cuMemHostRegister(addr, size, self._driver.binding.CU_MEMHOSTREGISTER_PORTABLE)
        return ctx.device.id

    def _unregister(self, addr: int, dev: int):
        with self.cuda.gpus[dev]:
            self._driver.driver.cuMemHostUnregister(addr)

    def adopt(self, obj):
        """Not synchronised (numba's `as_cuda_array` waits for the producer's stream): kernels
        using the memory are queued on that stream instead, after the producer's work.  The
        device array is made directly (numba's `from_cuda_array_interface` looks its context up
        on every call: most of a library call's cost)."""
        cai = obj.__cuda_array_interface__
        ptr = cai["data"][0]
        dev = self._device_of(ptr)
        strides = cai.get("strides")
        key = (dev, ptr, tuple(cai["shape"]), cai["typestr"], strides and tuple(strides))
        arr = self._adopted.get(key)
        if arr is not None:             # the same memory as a recent call's: its device array again
            return arr, dev, self._external_stream(dev, cai.get("stream"))
        ctx = self._contexts.get(dev)
        if ctx is None:
            with self.errors(dev), self.on(dev):
                ctx = self._contexts[dev] = self.cuda.current_context()
        shape, strides, dtype = self._shape_strides(cai["shape"], strides, cai["typestr"], order="C")
        size = self._driver.memory_size_from_info(shape, strides, dtype.itemsize)
        # (no owner: the array describes the memory only, which the caller's object owns; a kernel
        # queued on the producer's stream runs before that stream could reuse it)
        data = self._driver.MemoryPointer(ctx, self._driver.binding.CUdeviceptr(ptr), size=size)
        arr = self._DeviceNDArray(shape, strides, dtype, gpu_data=data)
        if len(self._adopted) >= 64:
            self._adopted.pop(next(iter(self._adopted)))
        self._adopted[key] = arr
        return arr, dev, self._external_stream(dev, cai.get("stream"))

    def _device_of(self, ptr: int) -> int:
        """The GPU that holds device pointer ``ptr`` (the current one when there is one GPU)."""
        if self.device_count() == 1 or not ptr:
            return 0
        # (the CUDA runtime's query: the driver binding's CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL
        # answered 0 for memory of the second H200 under cuda-python 13)
        from cuda.bindings import runtime
        err, attrs = runtime.cudaPointerGetAttributes(ptr)
        return int(attrs.device) if int(err) == 0 else 0

    def _external_stream(self, dev: int, handle):
        """numba's stream object for a ``__cuda_array_interface__`` stream handle (1: the legacy
        default stream, which is the one launches without a stream use: None; 2: the per-thread
        default stream), one object per handle and device."""
        if handle is None or handle == 1:
            return None
        key = (dev, int(handle))
        stream = self._streams.get(key)
        if stream is None:
            stream = self._streams[key] = self.cuda.external_stream(int(handle))
        return stream

    def device_count(self) -> int:
        if self._count is None:
            self._count = len(self.cuda.gpus)
        return self._count

    def describe(self):
        """Each GPU's (name, memory, compute capability), read from the device without making its
        context (about 150 ms each on an H200); with several, their contexts are made in the
        background from here on (`cuda_compat.start_device_setup`)."""
        out = []
        for gpu in self.cuda.gpus:
            name = gpu.name.decode() if isinstance(gpu.name, bytes) else str(gpu.name)
            out.append((name, self._total_memory(gpu), tuple(gpu.compute_capability)))
        if len(out) > 1:
            start_device_setup(every_gpu=True)      # (the program lists them: it is about to use them)
        return out

    def _total_memory(self, gpu) -> int:
        try:
            return int(self._driver.driver.cuDeviceTotalMem(gpu.id))
        except Exception:               # (a driver binding without it: through the context)
            with gpu:
                return self.cuda.current_context().get_memory_info()[1]

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
        if first is then:
            return
        with self.errors(dev), self.on(dev):
            ev = self.cuda.event(timing=False)
            ev.record(first if first is not None else 0)
            ev.wait(then if then is not None else 0)

    @contextlib.contextmanager
    def errors(self, dev: int):
        """The driver's errors as C++ AMP's exceptions, never a numba traceback."""
        try:
            yield
        except self._CudaAPIError as e:
            code = getattr(e, "code", None)
            where = f"accelerator cuda\\{dev}"
            if code == 2:               # CUDA_ERROR_OUT_OF_MEMORY
                raise out_of_memory(f"Failed to allocate device memory on {where}: out of memory") from None
            raise accelerator_view_removed(f"The {where} failed: {e}").with_code(
                code if isinstance(code, int) else accelerator_view_removed.code) from None

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
        src = _raw(src)
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
                host = _raw(host)
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

    def adopt(self, obj):
        """(A numpy array stands for the device memory here; an object with ``memory``, ``device``
        and ``stream`` attributes stands for memory of that device, queued on that stream.)"""
        if isinstance(obj, np.ndarray):
            return self._own(obj), self.current, None
        self.owner[id(obj.memory)] = obj.device
        return obj.memory, obj.device, obj.stream

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


def _addr(a: np.ndarray) -> int:
    return a.__array_interface__["data"][0]
