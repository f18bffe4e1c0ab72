"""amppy.runtime: what generated host code imports (``from amppy.runtime import *``).

Value conventions: C++ ``int``/``unsigned`` → Python int (or numpy int32/uint32
read from arrays), ``float`` → ``numpy.float32``, ``double`` → Python float,
``bool`` → bool, ``char`` → one-character str.  Importing this package does not
import ``numba.cuda``.
"""
import numpy as _np

from . import (accelerators, algorithm, amp, ampmath, chrono, containers, cppio, cstdlib, intmath, memory, ppl, random,
               sampling,
               sstream, stdexcept, strings, win32)
from .accelerators import *  # noqa: F401,F403
from .algorithm import *  # noqa: F401,F403
from .amp import *  # noqa: F401,F403
from .containers import *  # noqa: F401,F403
from .cppio import *  # noqa: F401,F403
from .cstdlib import *  # noqa: F401,F403
from .intmath import *  # noqa: F401,F403
from .memory import *  # noqa: F401,F403
from .ppl import *  # noqa: F401,F403
from .random import *  # noqa: F401,F403
from .sstream import *  # noqa: F401,F403
from .stdexcept import *  # noqa: F401,F403
from .strings import *  # noqa: F401,F403
from .win32 import *  # noqa: F401,F403
from .launch_cpu import launch_cpu  # noqa: F401

# C++ arithmetic reports nothing: 1.0f / 0.0f is inf, overflow wraps or gives inf, silently.
_np.seterr(all="ignore")

__all__ = (accelerators.__all__ + algorithm.__all__ + amp.__all__ + containers.__all__ + cppio.__all__ + cstdlib.__all__ + intmath.__all__
           + memory.__all__ + ppl.__all__ + random.__all__ + sstream.__all__ + stdexcept.__all__ + strings.__all__ + win32.__all__
           + ["launch_cpu", "chrono", "ampmath", "sampling"])
