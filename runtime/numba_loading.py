"""Loading compiled code from Numba's disk cache without the compiler's set-up.

A warm ``amppy run`` executes code that Numba compiled in an earlier run and saved on disk.  Before
it reads a cached function, Numba (``Cache.load_overload``, CPU and numba-cuda alike) *refreshes*
its target context: it imports every lowering and typing module of the target (some 150 modules for
CUDA) and installs their registries, as it must before compiling anything.  Loading needs none of
that: the machine code is already there, and the compiler refreshes the context itself whenever it
compiles (``numba.core.compiler`` / ``numba.cuda.core.compiler`` both call ``refresh()``).  The
refresh is most of a warm start: 0.22 of 0.52 s on a 2-core machine (CPU target), 0.5 of 1.6 s with
``--target cuda`` on an H200, where numba-cuda's array-math module imports ``scipy.linalg`` just to
learn whether ``np.dot`` may call BLAS.

:func:`install` makes cache loads skip the refresh and do only what running loaded code needs:

* CPU: the Numba runtime (NRT) is initialised (the refresh's first step: it registers the NRT's C
  functions with LLVM and compiles its atomics), and ``numba.cpython.hashing`` is imported, the one
  lowering module whose import registers symbols compiled code refers to (Python's hash secret).
  Everything else loaded code calls is registered by ``numba.core.base`` and the context's ``init``;
  a parallel function's thread pool is started by the cached function's own ``reload_init``.
* CUDA: nothing; a cached kernel is PTX/cubin with its libraries linked in.

If a load fails for any reason other than the cache's own I/O guard, it is retried Numba's way
(refresh, then load), so a Numba version that needs more than this gets its refresh.

:func:`hide_blas_probe` is for a translated program's own process (``run_main``): when a compile
does refresh a context, the array-math module is imported with ``scipy.linalg`` out of sight
(translated code never calls BLAS; 0.2-0.3 s), on the CPU and on the CUDA target.  A process that
uses amppy as a library keeps Numba's own answer.
"""
from __future__ import annotations

import sys

__all__ = ["install", "install_cuda", "hide_blas_probe"]

_installed: set[str] = set()
_hide_blas = False


def _light_loader(original, prepare):
    def load_overload(self, sig, target_context):
        try:
            prepare(target_context)
            with self._guard_against_spurious_io_errors():
                return self._load_overload(sig, target_context)
        except Exception:  # noqa: BLE001 - anything else: Numba's own way, with its refresh
            return original(self, sig, target_context)
    load_overload.__doc__ = original.__doc__
    load_overload._amppy_light = True
    return load_overload


def _prepare_cpu(target_context):
    from numba.core.runtime import rtsys
    rtsys.initialize(target_context)
    import numba.cpython.hashing  # noqa: F401 - registers _Py_HashSecret_* with LLVM


def _prepare_cuda(target_context):
    pass


#: target -> (its cache module, what a load prepares, its context class's module and name, the
#: array-math lowering module whose import probes for BLAS)
_TARGETS = {
    "cpu": ("numba.core.caching", _prepare_cpu, "numba.core.cpu", "CPUContext", "numba.np.arraymath"),
    "cuda": ("numba.cuda.core.caching", _prepare_cuda, "numba.cuda.target", "CUDATargetContext",
             "numba.cuda.np.arraymath"),
}


def _enable(target):
    """Light cache loads for `target` (once), and the hidden BLAS probe if the process asked for it."""
    if target not in _installed:
        caching, prepare = _TARGETS[target][:2]
        try:
            cache = __import__(caching, fromlist=["Cache"]).Cache
            original = cache.__dict__["load_overload"]
        except (ImportError, AttributeError, KeyError):
            return
        if not getattr(original, "_amppy_light", False):
            cache.load_overload = _light_loader(original, prepare)
        _installed.add(target)
    if _hide_blas:
        _hide_in(target)


def install():
    """Make Numba's CPU cache loads skip the context refresh (idempotent)."""
    _enable("cpu")


def install_cuda():
    """The same for numba-cuda's cache; called once ``numba.cuda`` is imported."""
    _enable("cuda")


def _without_scipy_linalg(module_name):
    """Import *module_name* with ``scipy.linalg`` unimportable meanwhile (unless it is loaded)."""
    if module_name in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules["scipy.linalg"] = None          # (importing it raises ImportError meanwhile)
    try:
        __import__(module_name)
    except Exception:  # noqa: BLE001 - the refresh imports it later, as it would have
        pass
    finally:
        if sys.modules.get("scipy.linalg", 0) is None:
            del sys.modules["scipy.linalg"]


def _hide_in(target):
    if "blas-" + target in _installed:
        return
    _, _, module_name, class_name, arraymath = _TARGETS[target]
    try:
        cls = getattr(__import__(module_name, fromlist=[class_name]), class_name)
        original = cls.load_additional_registries
    except (ImportError, AttributeError):
        return

    def load_additional_registries(self):
        _without_scipy_linalg(arraymath)
        return original(self)
    cls.load_additional_registries = load_additional_registries
    _installed.add("blas-" + target)


def hide_blas_probe():
    """In a translated program's process: a context refresh imports Numba's array-math lowering
    with ``scipy.linalg`` out of sight, so Numba notes "no BLAS" instead of importing SciPy."""
    global _hide_blas
    _hide_blas = True
    _hide_in("cpu")
    if "cuda" in _installed:
        _hide_in("cuda")
