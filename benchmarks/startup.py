"""Start-up speed of `amppy run`: cold (empty caches) and warm (second run), next to `import numba`.

    python benchmarks/startup.py [--repeat 5] [--sample samples/using-tiles/tile_average.cpp]
                                 [--target auto|cpu|cuda] [--profile]

Every timing is the wall time of a fresh subprocess started with this interpreter
(`sys.executable`, so a pyenv/venv shim's own start-up is not counted for any row):

* `python -c pass`: the interpreter alone.
* `python -c "import numba"`: the reference; the issue's goal is warm < 2x this.
* numba floor: `import numba` plus the first call of one cached (`cache=True`)
  `njit(parallel=True)` function, in a process whose Numba cache is already warm.  Loading
  any cached function makes Numba import all its lowering registries (numba.np.arraymath
  imports scipy.linalg when SciPy is installed), so no program that runs a Numba kernel can
  start faster than this.
* amppy cold: `python -m amppy run SAMPLE` with `AMPPY_CACHE_DIR` and `NUMBA_CACHE_DIR`
  pointing at a new, empty temporary directory (translation, grammar load, Numba compilation).
* amppy warm: the same command again with the same caches (each repetition is a new process).

The commands run in --repeat rounds (one of each per round, so that other load on the
machine hits every row alike); each row shows the best wall time and, separately, the best
CPU time (user + system of the child, less sensitive to a busy machine) with their ratios
to `import numba`.  Cold runs get a new empty directory each round.  --profile also writes `-X importtime` and cProfile
output of one warm run to the directory it prints.
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SAMPLE = ROOT / "samples" / "using-tiles" / "tile_average.cpp"

NUMBA_FLOOR = """\
import numba, numpy as np
@numba.njit(parallel=True, cache=True)
def f(a):
    for i in numba.prange(a.shape[0]):
        a[i] += 1.0
f(np.zeros(4))
"""


def timed(cmd, env=None, cwd=None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child: user + system) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise SystemExit(f"command failed ({r.returncode}): {' '.join(map(str, cmd))}\n{r.stderr}")
    return dt, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cache_env(d: str) -> dict:
    env = dict(os.environ)
    env["AMPPY_CACHE_DIR"] = d
    env["NUMBA_CACHE_DIR"] = d
    return env


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sample", default=str(DEFAULT_SAMPLE))
    ap.add_argument("--target", default=None, choices=("auto", "cpu", "cuda"),
                    help="pass --target to amppy run (default: none, i.e. auto)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    py = sys.executable
    run = [py, "-m", "amppy", "run"] + (["--target", args.target] if args.target else []) + [args.sample]

    tmp = tempfile.mkdtemp(prefix="amppy-startup-")
    try:
        floor_dir = os.path.join(tmp, "floor")
        os.makedirs(floor_dir)
        floor_py = os.path.join(floor_dir, "floor.py")
        with open(floor_py, "w") as f:
            f.write(NUMBA_FLOOR)
        timed([py, floor_py], env=cache_env(floor_dir))             # fills its cache
        warm_env = cache_env(os.path.join(tmp, "cold0"))
        names = ["python -c pass", 'python -c "import numba"', "numba floor (load 1 cached kernel)",
                 "amppy run, cold (empty caches)", "amppy run, warm (second run)"]
        best = {n: (float("inf"), float("inf")) for n in names}
        for i in range(args.repeat):        # rounds, so that load on the machine hits every row alike
            d = os.path.join(tmp, f"cold{i}")
            os.makedirs(d)
            runs = [([py, "-c", "pass"], None), ([py, "-c", "import numba"], None),
                    ([py, floor_py], cache_env(floor_dir)), (run, cache_env(d)), (run, warm_env)]
            for name, (cmd, env) in zip(names, runs):
                w, c = timed(cmd, env=env, cwd=ROOT)
                best[name] = (min(best[name][0], w), min(best[name][1], c))
        t_numba, c_numba = best[names[1]]

        print(f"start-up of `amppy run {os.path.relpath(args.sample, ROOT)}`"
              f"{' --target ' + args.target if args.target else ''}, best of {args.repeat} fresh "
              f"processes; Python {platform.python_version()}, {os.cpu_count()} CPUs")
        print(f"{'command':<38}{'wall (s)':>9}{'vs numba':>10}{'CPU (s)':>9}{'vs numba':>10}")
        for name in names:
            w, c = best[name]
            print(f"{name:<38}{w:>9.2f}{w / t_numba:>9.2f}x{c:>9.2f}{c / c_numba:>9.2f}x")
        warm = best[names[-1]][0]
        print(f"warm / import numba (wall) = {warm / t_numba:.2f} (goal < 2.00: "
              f"{'met' if warm < 2 * t_numba else 'MISSED'}); numba floor / import numba = "
              f"{best[names[2]][0] / t_numba:.2f}")

        if args.profile:
            out = tempfile.mkdtemp(prefix="amppy-startup-profile-")
            with open(os.path.join(out, "importtime.txt"), "w") as f:
                subprocess.run([py, "-X", "importtime"] + run[1:], env=warm_env, cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=f, check=True)
            subprocess.run([py, "-m", "cProfile", "-o", os.path.join(out, "warm.prof")] + run[1:],
                           env=warm_env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
            print(f"profiles of one warm run: {out}/importtime.txt, {out}/warm.prof "
                  f"(python -m pstats {out}/warm.prof)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
