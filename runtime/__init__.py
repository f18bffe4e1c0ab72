"""amppy.runtime: what generated host code imports (``from amppy.runtime import *``).

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
5. ``program`` (``run_main``), and this package.
"""
import numpy as _np

from . import (accelerators, algorithm, amp, amp_errors, ampmath, chrono, containers, cppio, cstdlib, extents, intmath,
               adaptors, associative, memory, ppl, program, random, sampling, sstream, stdcontainers, stdexcept, strings, textures, win32)
from .accelerators import *  # noqa: F401,F403
from .algorithm import *  # noqa: F401,F403
from .amp_errors import *  # noqa: F401,F403
from .extents import *  # noqa: F401,F403
from .amp import *  # noqa: F401,F403
from .textures import *  # noqa: F401,F403
from .program import *  # noqa: F401,F403
from .containers import *  # noqa: F401,F403
from .cppio import *  # noqa: F401,F403
from .cstdlib import *  # noqa: F401,F403
from .intmath import *  # noqa: F401,F403
from .memory import *  # noqa: F401,F403
from .ppl import *  # noqa: F401,F403
from .random import *  # noqa: F401,F403
from .sstream import *  # noqa: F401,F403
from .stdcontainers import *  # noqa: F401,F403
from .associative import *  # noqa: F401,F403
from .adaptors import *  # noqa: F401,F403
from .stdexcept import *  # noqa: F401,F403
from .strings import *  # noqa: F401,F403
from .win32 import *  # noqa: F401,F403
from .launch_cpu import launch_cpu  # noqa: F401

# C++ arithmetic reports nothing: 1.0f / 0.0f is inf, overflow wraps or gives inf, silently.
_np.seterr(all="ignore")

__all__ = (accelerators.__all__ + algorithm.__all__ + amp_errors.__all__ + extents.__all__ + amp.__all__ + textures.__all__
           + program.__all__ + containers.__all__ + cppio.__all__ + cstdlib.__all__ + intmath.__all__
           + memory.__all__ + ppl.__all__ + random.__all__ + sstream.__all__ + stdcontainers.__all__ + associative.__all__ + adaptors.__all__ + stdexcept.__all__ + strings.__all__ + win32.__all__
           + ["launch_cpu", "chrono", "ampmath", "sampling"])
