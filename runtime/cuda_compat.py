"""The one place that imports ``numba.cuda`` for amppy, and the reasons it is not a plain import.

Everything in amppy that needs the CUDA target calls :func:`import_cuda` (or the cheap
:func:`cuda_available`) instead of writing ``from numba import cuda``.  Three things happen here:

1. **numpy 2.5 removed ``numpy.row_stack``** (deprecated since numpy 2.0).  numba-cuda 0.30 still
   writes ``overload(np.row_stack)`` in ``numba/cuda/np/arrayobj.py`` (guarded only by
   ``numpy_version >= (2, 0)``), which runs when the CUDA target loads its numpy support -- the
   first kernel compilation -- and fails with ``AttributeError`` on numpy 2.5.  The GPU machines
   ship numpy 2.5 with numba-cuda 0.30, so :func:`install_numpy_aliases` sets
   ``numpy.row_stack = numpy.vstack`` *only if the name is missing*, before ``numba.cuda`` is
   imported.  It changes nothing on numpy < 2.5 (the CPU/CI combination, numba 0.68 needs it).
   **Delete it** once the numba-cuda in use guards that line (CPU numba 0.68 already does: "Numpy
   2.5 removed np.row_stack, so only test it if it's present"), i.e. when
   ``grep -n row_stack numba_cuda/numba/cuda/np/arrayobj.py`` shows a ``hasattr`` check.

2. **The real numba-cuda, not numba's built-in target.**  numba still ships its own deprecated
   ``numba/cuda`` package.  numba-cuda (NVIDIA's out-of-tree target, module ``numba_cuda``)
   replaces it through a meta-path finder installed by ``_numba_cuda_redirector.pth``.  A ``.pth``
   file only runs from a *site* directory, so numba-cuda installed with ``pip --target`` or found
   through ``PYTHONPATH`` would silently give the old built-in target.  :func:`import_cuda`
   imports ``_numba_cuda_redirector`` itself when needed and then checks that ``numba.cuda``'s
   file lies inside the ``numba_cuda`` package and ``numba.cuda.implementation == "NVIDIA"``.

3. **Never the simulator** (``NUMBA_ENABLE_CUDASIM=1``): it runs one Python thread per GPU thread.

The NVVM/NVRTC that numba-cuda compiles with must not be newer than the driver: the GPU machines'
driver 580 is CUDA 13.0 and rejects PTX from a newer NVVM (``.version`` above 9.0).  The ``cuda``
extra in pyproject.toml pins the 13.0 wheels.  (Seen on the H100 machine, 2026-11-22: numba-cuda
0.30.4 found libnvvm in the image's /usr/local/cuda (13.0) and NVRTC/nvJitLink 13.0 wheels; PTX
``.version 9.0``.)  Importing this module imports nothing heavy.
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import os
import sys

__all__ = ["install_numpy_aliases", "import_cuda", "cuda_available", "ptx_toolchain_problem", "start_device_setup",
           "device_functions_for_cc",
           "CudaUnavailable"]

#: numpy names that numba-cuda 0.30 references and numpy >= 2.5 no longer has -> their replacement.
_NUMPY_ALIASES = {"row_stack": "vstack"}


class CudaUnavailable(ImportError):
    """numba-cuda cannot be used here (missing, the wrong package, or the simulator)."""


def install_numpy_aliases() -> list[str]:
    """Add the removed numpy names numba-cuda 0.30 needs; return the names added (often none)."""
    import numpy
    added = []
    for old, new in _NUMPY_ALIASES.items():
        if not hasattr(numpy, old):
            setattr(numpy, old, getattr(numpy, new))
            added.append(old)
    return added


_setup_started: set = set()             # what start_device_setup was asked for: "first", "all"


def start_device_setup(every_gpu: bool = False) -> None:
    """Start CUDA's driver and make the first GPU's primary context (`every_gpu`: every visible
    GPU's: a program that lists the accelerators is about to use them) in a background thread, once
    per process, so that this work (about 0.1 s for the driver and 0.15 s a GPU on an H200, mostly
    inside driver calls that let Python's other thread run) overlaps what the program does before
    it uses them: translating, importing numba-cuda, typing the first kernel, the first GPU's
    launch.  numba takes the contexts over when it first uses them.  Raw driver calls
    (``cuda.bindings``), not numba's: numba marks its driver initialised before ``cuInit``
    returns, and its context calls hold a lock the program's thread would wait on.  Best effort:
    any failure leaves the set-up to numba, as before."""
    key = "all" if every_gpu else "first"
    if key in _setup_started or _simulator_requested():
        return
    _setup_started.add(key)

    import threading

    def retain(cu, d):
        try:
            err, dev = cu.cuDeviceGet(d)
            if int(err) == 0:
                cu.cuDevicePrimaryCtxRetain(dev)
        except Exception:               # noqa: BLE001 - best effort
            pass

    def work():
        try:
            from cuda.bindings import driver as cu
            if int(cu.cuInit(0)[0]) != 0:
                return
            err, count = cu.cuDeviceGetCount()
            n = (count if every_gpu else min(count, 1)) if int(err) == 0 else 0
        except Exception:               # noqa: BLE001 - best effort (no bindings, no driver, no GPU)
            return
        for d in range(1, n):           # the other GPUs' contexts at the same time as the first's
            threading.Thread(target=retain, args=(cu, d), name=f"amppy-gpu-setup-{d}", daemon=True).start()
        if n:
            retain(cu, 0)
    threading.Thread(target=work, name="amppy-gpu-setup", daemon=True).start()


def _simulator_requested() -> bool:
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0")


def import_cuda():
    """Return the ``numba.cuda`` module of the real numba-cuda package.

    Raises :class:`CudaUnavailable` (an ``ImportError``) with an actionable message when
    numba-cuda is missing, when numba's deprecated built-in ``numba.cuda`` got loaded instead,
    or when the CUDA simulator is switched on.  Does not require a GPU (PTX compilation works
    without one); use :func:`cuda_available` for that.
    """
    if _simulator_requested():
        raise CudaUnavailable("NUMBA_ENABLE_CUDASIM is set: amppy never runs kernels on the CUDA "
                              "simulator (use --target cpu, or unset NUMBA_ENABLE_CUDASIM)")
    spec = importlib.util.find_spec("numba_cuda")
    if spec is None:
        raise CudaUnavailable("numba-cuda is not installed (pip install 'amppy[cuda]'); "
                              "numba's built-in numba.cuda is not supported")
    install_numpy_aliases()
    if "numba.cuda" not in sys.modules and "_numba_cuda_redirector" not in sys.modules:
        # numba-cuda found outside a site directory: its .pth hook did not run.
        try:
            importlib.import_module("_numba_cuda_redirector")
        except ImportError:
            pass
    cuda = importlib.import_module("numba.cuda")
    import numba_cuda
    root = os.path.dirname(os.path.realpath(numba_cuda.__file__))
    where = os.path.realpath(getattr(cuda, "__file__", "") or "")
    if not where.startswith(root + os.sep) or getattr(cuda, "implementation", None) != "NVIDIA":
        raise CudaUnavailable(
            f"numba.cuda was loaded from {where or '?'}, not from the numba-cuda package in "
            f"{root}: numba's deprecated built-in CUDA target got imported first (numba-cuda's "
            f"_numba_cuda_redirector.pth did not run, or numba.cuda was imported before it)")
    try:
        simulated = bool(importlib.import_module("numba.cuda.core.config").ENABLE_CUDASIM)
    except (ImportError, AttributeError):
        simulated = False
    if simulated:
        raise CudaUnavailable("the CUDA simulator is active; amppy never uses it")
    from . import numba_loading
    numba_loading.install_cuda()        # cached kernels load without numba-cuda's compiler set-up
    pointers = sys.modules.get("amppy.runtime.pointers")
    if pointers is not None:            # a program with pointers in its kernels: numba-cuda must keep
        pointers.register_cuda_aliases()    # stores through them (see that module)
    return cuda


def _driver_present() -> bool:
    """A cheap first look for an NVIDIA driver, before paying for ``import numba.cuda``.

    Linux: a GPU device node (``/dev/nvidia0``...; ``/dev/dxg`` under WSL2).  Elsewhere: the
    driver library on the search path (``nvcuda`` on Windows).  ``NUMBA_CUDA_DRIVER`` (an
    explicit driver path) always counts as present.  False only where no GPU can be used.
    """
    if os.environ.get("NUMBA_CUDA_DRIVER"):
        return True
    if sys.platform.startswith("linux"):
        import glob
        return bool(glob.glob("/dev/nvidia[0-9]*")) or os.path.exists("/dev/dxg")
    if sys.platform == "darwin":
        return False
    import ctypes.util
    return ctypes.util.find_library("nvcuda" if sys.platform == "win32" else "cuda") is not None


@functools.lru_cache(maxsize=1)
def cuda_available() -> bool:
    """True when kernels can run on a GPU here: numba-cuda imports and sees a device.

    Never raises; the answer is cached for the process.  False without numba-cuda, with the
    simulator, without a driver or without a GPU.  Without a driver (:func:`_driver_present`)
    it answers without importing numba.cuda, so ``--target auto`` costs CPU users nothing.
    """
    try:
        if _simulator_requested() or not _driver_present() or importlib.util.find_spec("numba_cuda") is None:
            return False
        cuda = import_cuda()
        return bool(cuda.is_available())
    except Exception:  # noqa: BLE001 - any failure means "no usable GPU"
        return False


@functools.lru_cache(maxsize=1)
def ptx_toolchain_problem() -> str | None:
    """None when ``cuda.compile_ptx`` works here (no GPU needed), else why not.

    That needs numba-cuda with the NVVM (``nvidia-nvvm``) and NVRTC (``nvidia-cuda-nvrtc``)
    libraries; the message names what is missing.  Never raises.
    """
    try:
        cuda = import_cuda()
    except Exception as e:  # noqa: BLE001
        return str(e)
    try:
        from numba import float32

        def _probe(a):
            a[0] = 1.0

        cuda.compile_ptx(_probe, (float32[:],), cc=(9, 0))
    except Exception as e:  # noqa: BLE001
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        return (f"cannot compile PTX ({type(e).__name__}: {first}); install the CUDA 13.0 "
                f"compiler wheels: pip install 'nvidia-nvvm>=13.0,<13.1' "
                f"'nvidia-cuda-nvrtc>=13.0,<13.1'")
    return None


class _FakeDevice:
    def __init__(self, cc):
        self.compute_capability = tuple(cc)


@contextlib.contextmanager
def device_functions_for_cc(cc=(9, 0)):
    """Let ``cuda.compile_ptx`` compile kernels that call device functions, without a GPU.

    numba-cuda 0.30 compiles a called ``@cuda.jit(device=True)`` or ``register_jitable``
    function (e.g. ``intmath.cdiv``) for ``get_current_device().compute_capability``
    (``numba/cuda/dispatcher.py``, ``compile_device``), which initialises the driver and fails
    on a machine with no GPU.  Inside this block, where no GPU is present, that lookup answers
    ``cc`` instead; with a GPU it changes nothing.  For PTX checks (tests, CI) only.
    """
    cuda = import_cuda()
    if cuda.is_available():
        yield
        return
    dispatcher = importlib.import_module("numba.cuda.dispatcher")
    saved = dispatcher.get_current_device
    dispatcher.get_current_device = lambda: _FakeDevice(cc)
    try:
        yield
    finally:
        dispatcher.get_current_device = saved
