"""``run_main``: the generated module's entry point, which runs the translated ``main`` and ends the
process the way the C++ program would end (its exit code, Ctrl-C, a closed pipe, an uncaught
exception reported at its C++ line by ``failure``).

The top of the runtime's host side: it imports ``win32`` (the console's colours are reset at exit)
and ``failure``, and nothing imports it but the package.
"""
import inspect
import os
import sys
import time

from . import win32
from .failure import uncaught

__all__ = ["run_main"]


def _no_blas_probe():
    """Numba's first load of a compiled kernel imports its array-math lowering, which imports
    ``scipy.linalg`` (0.2-0.3 s of a warm start) only to learn whether ``np.dot`` may call BLAS.  A
    translated program calls no BLAS, so that module is imported here with ``scipy.linalg`` out of
    sight (Numba notes "no BLAS" for this process) and importable again after.  Only a
    program's entry does this (`run_main`): a Python process that uses amppy's runtime as a library
    keeps Numba's own answer."""
    if "numba.np.arraymath" in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules["scipy.linalg"] = None          # (importing it raises ImportError meanwhile)
    try:
        import numba.np.arraymath  # noqa: F401
    except Exception:  # noqa: BLE001 - Numba's lowering imports it later, as it would have
        pass
    finally:
        if sys.modules.get("scipy.linalg", 0) is None:
            del sys.modules["scipy.linalg"]


def run_main(main_fn):
    """Run the translated ``main`` and exit like the C++ program would."""
    code = 0
    _no_blas_probe()
    try:  # Ctrl-C ends the program at once, as it ends a C++ program (even inside a kernel)
        import signal
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    except (ValueError, OSError, AttributeError):  # not the main thread / no signals here
        pass
    started = time.perf_counter()
    try:
        nparams = len(inspect.signature(main_fn).parameters)
        ret = main_fn(len(sys.argv), list(sys.argv)) if nparams >= 2 else main_fn()
        code = 0 if ret is None else int(ret) & 0xFF
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        # The reader went away (`prog | head`): a C++ program dies of SIGPIPE, quietly.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        code = 141
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException as e:  # noqa: BLE001 - the program's uncaught exception
        _flush(sys.stdout)
        uncaught(e, getattr(getattr(main_fn, "__code__", None), "co_filename", None))
        code = 1
    _flush(sys.stdout)
    win32.reset_console()
    _flush(sys.stderr)
    timing = os.environ.get("AMPPY_MAIN_SECONDS")
    if timing:      # benchmarks/host.py: how long main ran, start-up not counted
        with open(timing, "w", encoding="ascii") as f:
            f.write(f"{time.perf_counter() - started:.6f}\n")
    sys.exit(code)


def _flush(f):
    try:
        if f is not None:
            f.flush()
    except (ValueError, OSError):
        pass
