"""What the benchmark scripts share: translating a C++ AMP program with amppy and importing the
generated module, and timing rounds (best of R interleaved rounds, on the CPU clock or with CUDA
events).  Imported by file path (`harness = load_harness()` in each script), since the scripts take
benchmarks/ off `sys.path` (benchmarks/cuda.py would shadow numba's `cuda`)."""
from __future__ import annotations

import importlib.util
import os
import re
import sys
import time


def translated_module(path: str, text: str, target: str, workdir: str, name: str, coarsen: str = "auto"):
    """`text` (the C++ program, named `path` in diagnostics and comments) translated by amppy for
    `target` (`--coarsen coarsen`), written to `workdir/name.py` and imported (its `main` does not
    run); the generated source is the module's `__amppy_text__`."""
    from amppy.diagnostics import DiagnosticSink
    from amppy.driver import Options, translate
    _, source = translate(path, Options(target=target, coarsen=coarsen), DiagnosticSink(), text=text)
    py = os.path.join(workdir, f"{name}.py")
    try:
        with open(py, encoding="utf-8") as f:
            same = f.read() == source
    except OSError:
        same = False
    if not same:                        # (an unchanged file keeps its time stamp: numba's cache stays valid)
        with open(py, "w", encoding="utf-8") as f:
            f.write(source)
    spec = importlib.util.spec_from_file_location(name, py)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    mod.__amppy_text__ = source
    return mod


def per_thread(source: str, kernel: str) -> tuple:
    """The indices per CUDA thread (C++ order) of untiled `kernel`'s launch in the translation:
    `coarsen=(4,)` when amppy coarsened it (lower/coarsen.py), else ones."""
    m = re.search(rf"launch_cuda\.launch\({kernel}, .*coarsen=\(([0-9, ]+)\)\)", source)
    return tuple(int(x) for x in m.group(1).split(",") if x.strip()) if m else (1,)


def launch_block(source: str, kernel: str, tile: tuple) -> tuple:
    """The CUDA block (x, y, z order) the translation's launch of tiled `kernel` names: a coarsened
    kernel runs fewer CUDA threads than its tile (lower/coarsen.py); else the tile's, reversed."""
    m = re.search(rf"launch_cuda\.launch\({kernel}, .*?, '[^']*', (\([0-9, ]+\)|None)", source)
    return tuple(tile[::-1]) if m is None or m.group(1) == "None" else \
        tuple(int(x) for x in m.group(1).strip("()").split(",") if x.strip())


def load(name: str, here: str):
    """A module of benchmarks/ by file path (the scripts take benchmarks/ off sys.path)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(here, f"{name}.py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def best_of(fns: dict, repeat: int, timer, warm_up: bool = True) -> dict:
    """The best time of each function over `repeat` interleaved rounds (after one untimed call
    each: compile, or load from the cache)."""
    if warm_up:
        for fn in fns.values():
            fn()
    best = {name: float("inf") for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            best[name] = min(best[name], timer(fn))
    return best


def cpu_timer(fn, calls: int = 1) -> float:
    """Seconds per call of `calls` back-to-back calls."""
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - t0) / calls


def gpu_timer(cuda, calls: int = 1):
    """A timer of `calls` back-to-back calls between two CUDA events (seconds per call)."""
    def timer(fn) -> float:
        start, stop = cuda.event(), cuda.event()
        start.record()
        for _ in range(calls):
            fn()
        stop.record()
        stop.synchronize()
        return cuda.event_elapsed_time(start, stop) * 1e-3 / calls
    return timer


def device_name(cuda) -> str:
    dev = cuda.get_current_device()
    return dev.name.decode() if isinstance(dev.name, bytes) else dev.name
