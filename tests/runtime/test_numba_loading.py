"""Cached code loads without Numba's compiler set-up (runtime/numba_loading.py).

Each test runs a small program twice in fresh processes over one new cache directory: the first
run compiles (and refreshes Numba's context, as the compiler must), the second loads from the
cache.  The loaded code must give the same output as the compiled code, and the second run must
not have imported Numba's lowering (the refresh it skips): `numba.misc.gdb_hook` is the probe.
"""
import os
import subprocess
import sys
import textwrap

import pytest

PROGRAM = """
import sys
import numpy as np
import numba
from numba import prange
import amppy.runtime.launch_cpu                   # (installs the light loader)
{prelude}

@numba.njit(parallel=True, cache=True)
def scaled_sum(a, k):                             # a parallel loop: its thread pool is started
    t = 0.0                                       # by the cached function's reload_init
    for i in prange(a.size):
        t += a[i] * k
    return t

@numba.njit(cache=True)
def count_words(n):                               # a dict of str keys: hashing's C symbols
    d = {{"w0": 0}}
    for i in range(n):
        w = "w" + str(i % 7)
        d[w] = d.get(w, 0) + 1
    return len(d), d["w3"]

@numba.njit(cache=True)
def make(n):                                      # an array made by compiled code (the NRT)
    return np.arange(n, dtype=np.int32) * 3

def main():
    print(scaled_sum(np.arange(1000.0), 2.0), count_words(100), make(5).sum())
    print("refreshed" if "numba.misc.gdb_hook" in sys.modules else "loaded only")
    return 0

{run}
"""


def _twice(tmp_path, prelude="", run="main()"):
    src = tmp_path / "prog.py"
    src.write_text(textwrap.dedent(PROGRAM).format(prelude=prelude, run=run))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    outs = []
    for _ in range(2):
        r = subprocess.run([sys.executable, str(src)], capture_output=True, text=True, env=env,
                           timeout=300, cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout.splitlines())
    return outs


def test_second_run_loads_without_refresh_and_computes_the_same(tmp_path):
    first, second = _twice(tmp_path)
    assert first[0] == second[0] == "999000.0 (7, 14) 30"
    assert (first[1], second[1]) == ("refreshed", "loaded only")


def test_a_failing_light_load_falls_back_to_numbas_refresh(tmp_path):
    # a Numba that needs more than the light loader prepares: the load is retried Numba's way
    prelude = textwrap.dedent("""
        from amppy.runtime import numba_loading
        def broken(ctx):
            raise RuntimeError("needs a refresh")
        numba_loading._prepare_cpu.__code__ = broken.__code__
    """)
    first, second = _twice(tmp_path, prelude=prelude)
    assert first == second == ["999000.0 (7, 14) 30", "refreshed"]


def test_run_main_hides_scipy_from_the_blas_probe_and_leaves_it_importable(tmp_path):
    """A translated program calls no BLAS: when a compile refreshes Numba's context in a
    program's process (`run_main`), the array-math lowering is imported with scipy.linalg out of
    sight (0.2-0.3 s), after which scipy.linalg imports as usual."""
    pytest.importorskip("scipy")
    run = textwrap.dedent("""
        from amppy.runtime.program import run_main
        def entry():
            main()
            import numba.np.arraymath, scipy.linalg
            print(numba.np.arraymath._HAVE_BLAS, scipy.linalg.__name__)
        run_main(entry)
    """)
    first, second = _twice(tmp_path, run=run)
    assert first == ["999000.0 (7, 14) 30", "refreshed", "False scipy.linalg"]
    assert second[:2] == ["999000.0 (7, 14) 30", "loaded only"]


CUDA_PROGRAM = """
import sys
import numpy as np
from amppy.runtime.cuda_compat import import_cuda
cuda = import_cuda()                              # (installs the light loader for numba-cuda)

@cuda.jit(cache=True)
def axpy(y, x, a):
    i = cuda.grid(1)
    if i < y.size:
        y[i] += a * x[i]

y = cuda.to_device(np.ones(1000, dtype=np.float32))
axpy[4, 256](y, cuda.to_device(np.arange(1000, dtype=np.float32)), np.float32(2))
print(int(y.copy_to_host().sum()))
print("refreshed" if "numba.cuda.np.arraymath" in sys.modules else "loaded only")
"""


@pytest.mark.cuda
def test_cuda_kernel_loads_without_refresh(tmp_path):
    src = tmp_path / "kern.py"
    src.write_text(CUDA_PROGRAM)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    outs = [subprocess.run([sys.executable, str(src)], capture_output=True, text=True, env=env,
                           timeout=300, cwd=tmp_path) for _ in range(2)]
    assert [r.returncode for r in outs] == [0, 0], outs[-1].stderr
    assert [r.stdout.splitlines() for r in outs] == [["1000000", "refreshed"], ["1000000", "loaded only"]]
