"""Where `amppy run` keeps generated modules so Numba's on-disk cache works.

A module's path is stable for a given program text, amppy version and target
(a content hash), so the second run of a program finds Numba's compiled
kernels (`cache=True`) next to it and skips compilation.
"""
from __future__ import annotations

import hashlib
import os
import re

from . import __version__


def cache_root() -> str:
    root = os.environ.get("AMPPY_CACHE_DIR")
    if not root:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        root = os.path.join(base, "amppy")
    return root


def module_path(cpp_file: str, source: str, target: str) -> str:
    digest = hashlib.sha256(f"{__version__}\0{target}\0{source}".encode()).hexdigest()[:20]
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(cpp_file))[0]) or "program"
    folder = os.path.join(cache_root(), "modules", digest)
    path = os.path.join(folder, f"{stem}.py")
    if not os.path.exists(path):
        os.makedirs(folder, exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(source)
        os.replace(tmp, path)
    return path
