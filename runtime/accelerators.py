"""``concurrency::accelerator`` and ``accelerator_view``: the devices a program sees are the ones
amppy runs it on.

On the cuda target every NVIDIA GPU numba-cuda sees is an accelerator (its name, memory and
compute capability read from the device; each `accelerator_view` a queue of its own on it, see
`launch_cuda`); on the cpu target the one compute accelerator is this
machine's processors running numba's parallel code (``cpu\\numba``).  Both targets then list,
as Microsoft's runtime listed them, the two emulated Direct3D devices and C++ AMP's "CPU
accelerator" (``accelerator::cpu_accelerator``), which holds data but runs no kernels.
Strings are Python ``str`` (``std::wstring``); ``dedicated_memory`` is in KB, as C++ AMP reports it.

What Windows reported for the emulated devices (Windows 8.1 with Visual Studio 2013 and the
DirectX SDK, where REF is present; a release build, so ``is_debug`` is false):

* ``direct3d\\warp`` (WARP, the CPU rasteriser): "Microsoft Basic Render Driver" (the C++ AMP book,
  Gregory & Miller 2012, chapter 9 "Working with Multiple Accelerators"); ``is_emulated`` true
  (D. Moth, "Running C++ AMP kernels on the CPU", 2011); version 11.1, ``dedicated_memory`` 0 KB,
  no display (a get_all() listing pasted in the comments of a public C++ AMP examples file,
  AmpExamples.cpp, from a Windows 8 machine: a Quadro at 11.0, WARP and REF at 11.1, the Direct3D
  11.1 runtime of Windows 8 and 8.1); shared memory with the CPU.  Doubles: both properties true,
  as a get_all() listing in a public Chinese C++ AMP tutorial printed them with VS 2013 or later
  (it prints ``supports_cpu_shared_memory``, new in VS 2013: WARP 1, REF 0, the CPU accelerator 1;
  ``default_cpu_access_type`` 3, 0, 3).  The
  sources disagree here: on Windows 8 with VS 2012 WARP reported neither (that listing, and the
  book: "The WARP accelerator supports only single-precision math"); Windows 8.1 / VS 2013 is
  the one followed.
* ``direct3d\\ref`` (the reference rasterizer, for debugging and to compare results): "Software
  Adapter", version 11.1 (the Windows 8 listing; 11.0 in a 2012 pre-release listing),
  ``dedicated_memory`` 0 KB, both double properties, ``has_display`` and ``is_emulated`` true
  (the same listings, and the Parallel Programming in Native Code blog, "direct3d_ref accelerator
  in C++ AMP", 2012; all printed ``is_debug`` true from debug builds).
* ``cpu``: "CPU accelerator", version 0.1, the machine's memory, no doubles, emulated (the same
  blog, "cpu_accelerator in C++ AMP").

`get_all()` lists them in that order after the hardware (the book's ShowAmpDevices sample drops
REF and the CPU accelerator from it; its Chapter 9 falls back to REF when no hardware is left).

Where they run: on the cpu target WARP runs the target's numba kernels; REF runs them on one
thread (the reference device was a serial emulator).  On the cuda target the module has only CUDA
kernels, so a launch on a view of WARP or REF runs on GPU 0 (its data lives there), while the view
still reports its own accelerator.

``cpu\\numba`` reports what a GPU of C++ AMP's time would have (2 GB), or less where the process may
use less (a quarter of it: programs allocate ``dedicated_memory``-sized arrays and host copies of
them), and says ``is_emulated`` as WARP does: it is the CPU, and programs that skip
warp-synchronous code on emulated devices keep skipping it.

Layers: below the arrays (``amp``) and the launchers; it imports only ``memlimit``, ``containers``
(``get_all``'s vector), ``amp_errors`` and ``futures``.  The GPU backend (``launch_cuda.install``)
plugs its devices in with ``register_accelerator_hooks``, as it plugs its data movement into
``amp.register_device_hooks``; without it the accelerators are the cpu target's.
"""
from __future__ import annotations

import os

from . import memlimit
from .amp_errors import runtime_exception
from .containers import vector
from .futures import completion_future

__all__ = ["accelerator", "accelerator_view", "queuing_mode_automatic", "queuing_mode_immediate",
           "access_type_none", "access_type_read", "access_type_write", "access_type_read_write",
           "access_type_auto", "check_launch_view"]

# C++ AMP's enumerations (amprt.h's values)
queuing_mode_immediate = 0
queuing_mode_automatic = 1
access_type_none = 0
access_type_read = 1
access_type_write = 2
access_type_read_write = 3
access_type_auto = 1 << 31


class _Device:
    """What one accelerator is: read once from the device (or the machine)."""

    def __init__(self, path, description, memory_kb, doubles, emulated, version, runs_kernels, index=None,
                 limited=None, shared=None, display=False, serial=False):
        self.device_path, self.description = path, description
        self.dedicated_memory, self.supports_double_precision = memory_kb, doubles
        self.is_emulated, self.version, self.runs_kernels, self.index = emulated, version, runs_kernels, index
        self.supports_limited_double_precision = doubles if limited is None else limited
        self.supports_cpu_shared_memory = (not runs_kernels or index is None) if shared is None else shared
        self.has_display, self.serial = display, serial   # serial: its kernels run on one thread


D3D11_1 = (11 << 16) | 1            # version 11.1 (C++ AMP: major in the high 16 bits)
ERA_GPU_KB = 2 * 1024 * 1024        # 2 GB: a GeForce GTX 680 / Radeon HD 7870 of C++ AMP's time


def _system_memory_kb() -> int:
    return memlimit.physical_bytes() // 1024


def _numba_memory_kb() -> int:
    """``cpu\\numba``'s dedicated_memory: a GPU of the era's, at most a quarter of what the
    process may still use."""
    return min(ERA_GPU_KB, memlimit.available_bytes() // 4 // 1024)


def _emulated(gpu) -> list:
    """WARP and REF as Windows reported them (module docstring); ``gpu``: the device their kernels
    run on (the cuda target's GPU 0; None on the cpu target)."""
    return [_Device("direct3d\\warp", "Microsoft Basic Render Driver", 0, True, True, D3D11_1, True, gpu,
                    shared=True),
            _Device("direct3d\\ref", "Software Adapter", 0, True, True, D3D11_1, True, gpu,
                    shared=False, display=True, serial=gpu is None)]


#: The GPU backend's hooks (`register_accelerator_hooks`); all None on the cpu target.
_hooks = {"describe": None, "wait_view": None, "marker": None}


def register_accelerator_hooks(describe=None, wait_view=None, marker=None) -> None:
    """Plug a GPU backend in (`launch_cuda.install`; `uninstall` calls it with nothing): its
    devices are the accelerators from now on.  `describe()`: (name, memory in bytes, (major, minor)
    compute capability) of each GPU, in device order; `wait_view(view)`: the host waits for the
    work queued on an accelerator_view; `marker(view)`: something done when that work is
    (`query()`, `synchronize()`; None: done already).  The accelerators are enumerated again."""
    _hooks["describe"], _hooks["wait_view"], _hooks["marker"] = describe, wait_view, marker
    forget_devices()


def _cuda_target() -> bool:
    """The program runs its kernels on the GPU (the cuda target installed its hooks)."""
    return _hooks["describe"] is not None


_devices: list | None = None
_default: list = []                 # the default accelerator (a _Device), once chosen or used


def forget_devices() -> None:
    """The device backend changed (`register_accelerator_hooks`): enumerate the accelerators again."""
    global _devices
    _devices = None
    _default.clear()


def _all() -> list:
    global _devices
    if _devices is None:
        found = []
        if _cuda_target():
            for i, (name, total, (major, minor)) in enumerate(_hooks["describe"]()):
                found.append(_Device(f"cuda\\{i}", name, total // 1024, True, False,
                                     (major << 16) | minor, True, i))
            found += _emulated(0)
        else:
            threads = os.cpu_count() or 1
            found.append(_Device("cpu\\numba", f"CPU, {threads} threads (numba parallel)", _numba_memory_kb(),
                                 True, True, 1 << 16, True))
            found += _emulated(None)
        found.append(_Device("cpu", "CPU accelerator", _system_memory_kb(), False, True, 1, False))
        _devices = found
    return _devices


def _default_device() -> _Device:
    """The default accelerator; using it fixes it (C++ AMP: `set_default` then fails).  The first
    listed: a hardware one, else (the cpu target) cpu\\numba, which stands for WARP there."""
    if not _default:
        _default.append(_all()[0])
    return _default[0]


def _find(path: str) -> _Device:
    if path == accelerator.default_accelerator:
        return _default_device()
    for d in _all():
        if d.device_path.lower() == path.lower():
            return d
    raise runtime_exception(f"No accelerator with device path \"{path}\" (amppy knows: "
                            f"{', '.join(d.device_path for d in _all())})")


class accelerator:  # noqa: N801 - C++ name
    default_accelerator = "default"
    cpu_accelerator = "cpu"
    direct3d_warp = "direct3d\\warp"
    direct3d_ref = "direct3d\\ref"

    def __init__(self, path: str = "default"):
        self._d = _find(path)

    @staticmethod
    def get_all():
        """A `std::vector<accelerator>`."""
        return vector(object, [accelerator(d.device_path) for d in _all()])

    @staticmethod
    def set_default(path: str) -> bool:
        """C++ AMP: false once the default accelerator was used (an `accelerator()` made, a kernel
        launched without a view) or set; a path no accelerator has is a runtime_exception."""
        d = _find(path)
        if _default:
            return False
        _default.append(d)
        return True

    # properties (C++ AMP's `__declspec(property)` members and their get_ functions)
    device_path = property(lambda self: self._d.device_path)
    description = property(lambda self: self._d.description)
    version = property(lambda self: self._d.version)
    dedicated_memory = property(lambda self: self._d.dedicated_memory)
    supports_double_precision = property(lambda self: self._d.supports_double_precision)
    supports_limited_double_precision = property(lambda self: self._d.supports_limited_double_precision)
    supports_cpu_shared_memory = property(lambda self: self._d.supports_cpu_shared_memory)
    is_debug = property(lambda self: False)
    default_cpu_access_type = property(lambda self: getattr(self._d, "cpu_access", access_type_auto))
    is_emulated = property(lambda self: self._d.is_emulated)
    has_display = property(lambda self: self._d.has_display)

    @property
    def default_view(self) -> "accelerator_view":
        """One view per accelerator (C++ AMP gives the same view each time)."""
        if getattr(self._d, "view", None) is None:
            self._d.view = accelerator_view(self, queuing_mode_automatic)
        return self._d.view

    def set_default_cpu_access_type(self, kind: int) -> bool:
        """The access_type of arrays later made on this accelerator without one of their own.
        C++ AMP: `access_type_auto` means the accelerator's choice, and an accelerator without
        memory shared with the CPU takes only `access_type_none` (or auto)."""
        if kind not in (access_type_none, access_type_read, access_type_write, access_type_read_write,
                        access_type_auto):
            raise runtime_exception("Invalid access_type specified.")
        if kind not in (access_type_none, access_type_auto) and not self.supports_cpu_shared_memory:
            raise runtime_exception("The accelerator does not support CPU shared memory.")
        self._d.cpu_access = kind
        return True

    def create_view(self, mode: int = queuing_mode_automatic) -> "accelerator_view":
        return accelerator_view(self, mode)

    def __eq__(self, other):
        return isinstance(other, accelerator) and other._d is self._d

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._d.device_path)

    def __repr__(self):
        return f"accelerator({self._d.device_path!r})"


class accelerator_view:  # noqa: N801 - C++ name
    """A queue of an accelerator: on a GPU its own CUDA stream (made at its first launch when the
    machine has several GPUs; with one, the device's default stream), on the CPU the launching
    thread itself."""

    def __init__(self, acc: accelerator, mode: int = queuing_mode_automatic):
        self._acc, self.queuing_mode = acc, mode
        self._stream = None

    accelerator = property(lambda self: self._acc)
    is_debug = property(lambda self: False)
    version = property(lambda self: self._acc.version)

    def wait(self) -> None:
        """The host waits until every kernel sent to the view has finished."""
        if _cuda_target():
            _hooks["wait_view"](self)

    def flush(self) -> None:
        """Commands are sent to the device as they are made."""

    def create_marker(self):
        """A `completion_future` that is ready when the work queued on the view so far is done."""
        if _cuda_target():
            return completion_future(_hooks["marker"](self))
        return completion_future()
    # (two views are equal when they are the same view: Python's identity)


def check_launch_view(view: accelerator_view) -> None:
    """`parallel_for_each(view, ...)`: C++ AMP's CPU accelerator holds data but runs no kernels."""
    d = view.accelerator._d
    if not d.runs_kernels:
        raise runtime_exception("Concurrency::parallel_for_each is not supported on the selected accelerator "
                                f"\"{d.description}\".")


def launch_device(view) -> _Device:
    """The accelerator a `parallel_for_each` runs on: its view's (checked), else the default one
    (which that fixes)."""
    if view is None:
        return _default_device()
    check_launch_view(view)
    return view.accelerator._d
