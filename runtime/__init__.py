"""amppy.runtime: what generated host code imports (``from amppy.runtime import extent, cout``).

Value conventions: C++ ``int``/``unsigned`` → Python int (or numpy int32/uint32
read from arrays), ``float`` → ``numpy.float32``, ``double`` → Python float,
``bool`` → bool, ``char`` → one-character str.  Importing this package does not
import ``numba.cuda``.

Layers, each importing only those before it (no import circles; ``docs/architecture.md``):

1. leaves: ``stdexcept``, ``intmath``, ``memlimit``, ``memory``, ``failure``, ``cstdlib``,
   ``cuda_compat``, ``futures`` (completion_future), ``amp_errors`` (C++ AMP's exceptions),
   ``pointers``, ``ampmath``, ``sampling``, ``random_engines``;
2. the C++ library: ``containers``, ``strings``, ``ppl``, ``chrono``, ``cstdio``, ``cppio``,
   ``sstream``, ``algorithm``, ``win32``, ``random_distributions``, ``random`` (both halves);
3. C++ AMP: ``extents`` (extent, index, tiled_extent), ``accelerators`` (the devices; a GPU
   backend plugs in with ``register_accelerator_hooks``), ``amp`` (array, array_view, copy; a
   GPU backend plugs in with ``register_device_hooks``), ``textures``;
4. launchers and backends: ``launch_cpu``, ``checks`` (``run --check``), ``cuda_devices`` (the
   GPU's device operations), ``launch_cuda`` (coherence and launches on the GPU);
5. ``program`` (``run_main``), and this package, which imports a module when a name of it is
   first used (``_exports.py``, written by ``tools/runtime/write_exports.py``).
"""
import importlib as _importlib

import numpy as _np

from ._exports import EXPORTS as _EXPORTS
from ._exports import SUBMODULES as _SUBMODULES
from .launch_cpu import launch_cpu  # noqa: F401  (the function, not the module of that name)

# C++ arithmetic reports nothing: 1.0f / 0.0f is inf, overflow wraps or gives inf, silently.
_np.seterr(all="ignore")

__all__ = sorted(_EXPORTS) + ["chrono", "ampmath", "sampling"]


def __getattr__(name: str):
    """A name of the runtime, from the module that defines it, imported on first use (a program's
    imports load what it uses: `from amppy.runtime import extent, cout` does not load `<random>`'s
    distributions or `<chrono>`); `_exports.py` says which module (tools/runtime/write_exports.py)."""
    module = _EXPORTS.get(name)
    if module is not None:
        value = getattr(_importlib.import_module(f"{__name__}.{module}"), name)
    elif name in _SUBMODULES:
        value = _importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
