"""``run_main``: the generated module's entry point, which runs the translated ``main`` and ends the
process the way the C++ program would end (its exit code, Ctrl-C, a closed pipe, an uncaught
exception reported at its C++ line by ``failure``).

The top of the runtime's host side: it imports ``win32`` (the console's colours are reset at exit),
``failure`` and ``numba_loading`` (how cached code is loaded), and nothing imports it but the
package.
"""
import inspect
import os
import sys
import time

from . import numba_loading, win32
from .failure import uncaught

__all__ = ["run_main"]


def run_main(main_fn):
    """Run the translated ``main`` and exit like the C++ program would."""
    code = 0
    numba_loading.install()         # cached code loads without Numba's compiler set-up
    numba_loading.hide_blas_probe()     # and a compile does not import SciPy for a BLAS probe
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
