"""Host code at native speed (issue 14): whole programs through `amppy run` against `g++ -O2`.

    python benchmarks/host.py [--target cpu|cuda] [--sizes 100000,1000000,10000000]
                              [--matmul 256,512] [--repeat 3]

The programs are ours, in `benchmarks/host/` (each takes n on its command line): fill two
vectors in a loop, one kernel, verify every element in a loop (`vector_fill.cpp`); a kernel
matrix multiply checked against the triple-loop CPU multiply (`matmul_verify.cpp`); a histogram
of LCG bytes on the CPU and with atomics in a kernel (`histogram.cpp`); int wraparound,
truncating `/` and `%` of negatives, unsigned wraparound (`int_semantics.cpp`).

For each program and n, in fresh processes, best of `--repeat` interleaved rounds:

* amppy: `python -m amppy run --target T prog.cpp n`, warm (translation and Numba caches
  filled by an untimed first run); `main` is the time the program's `main` ran, measured by the
  runtime (`AMPPY_MAIN_SECONDS=FILE`); process start and imports are not in it, but the first
  call of cached compiled code is (Numba then imports its lowering registries, and SciPy where it
  is installed: the "numba floor" of benchmarks/startup.py, about 0.2 s, the same for any
  program with a kernel); `net` is `main` less the same program's `main` at n = 1, its start-up
  inside `main`; `wall` is the whole process;
* g++: the same program compiled with `g++ -std=c++20 -O2 -fwrapv` against the C++ AMP CPU
  emulation the tests keep (`tests/cpp_emu/`; -fwrapv: MSVC's wraparound, which the programs
  rely on and amppy gives), its wall time less that of the same binary with n = 1 (its start);
* ratio: amppy `net` / g++ (the issue's goal: <= 3x at 10^7 elements and for the matrix
  multiply, start-up not counted); same: amppy's output is byte for byte g++'s.

Then the start-up rows: `python -c "import numba"`, and per program amppy warm and cold
(`AMPPY_CACHE_DIR`/`NUMBA_CACHE_DIR` new and empty: translation plus every Numba compile) at
n = 1.  Without g++ (`--no-gxx`, or none installed) only amppy's times are printed.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "benchmarks" / "host"
EMU = ROOT / "tests" / "cpp_emu"


def run(cmd, env=None) -> tuple[float, str, float]:
    """(wall seconds, stdout, seconds `main` ran or nan) of one fresh process; exits on failure."""
    fd, timing = tempfile.mkstemp(suffix=".txt")
    os.close(fd)
    env = dict(env if env is not None else os.environ, AMPPY_MAIN_SECONDS=timing)
    try:
        t0 = time.perf_counter()
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        dt = time.perf_counter() - t0
        text = Path(timing).read_text().strip()
    finally:
        os.unlink(timing)
    if r.returncode != 0:
        raise SystemExit(f"command failed ({r.returncode}): {' '.join(map(str, cmd))}\n{r.stdout}{r.stderr}")
    return dt, r.stdout, float(text) if text else float("nan")


def best(cmds: dict, repeat: int, env=None) -> tuple[dict, dict, dict]:
    """Best wall time and best `main` time of each command over `repeat` interleaved rounds,
    and its output."""
    times = {k: float("inf") for k in cmds}
    mains = {k: float("inf") for k in cmds}
    outs = {}
    for _ in range(repeat):
        for k, cmd in cmds.items():
            dt, out, m = run(cmd, env)
            times[k] = min(times[k], dt)
            mains[k] = min(mains[k], m)
            outs[k] = out
    return times, mains, outs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--target", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--sizes", default="100000,1000000,10000000")
    ap.add_argument("--matmul", default="256,512")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-gxx", action="store_true")
    args = ap.parse_args()
    gxx = None if args.no_gxx else shutil.which("g++")
    sizes = [int(x) for x in args.sizes.split(",") if x]
    cases = [(p, n) for p in ("vector_fill", "histogram", "int_semantics") for n in sizes]
    cases += [("matmul_verify", int(n)) for n in args.matmul.split(",") if n]
    work = Path(tempfile.mkdtemp(prefix="amppy-host-bench-"))
    env = dict(os.environ)
    amppy = [sys.executable, "-m", "amppy", "run", "--target", args.target]
    try:
        binaries = {}
        for prog in sorted({p for p, _ in cases}):
            src = PROGRAMS / f"{prog}.cpp"
            if gxx:
                exe = work / prog
                subprocess.run([gxx, "-std=c++20", "-O2", "-fwrapv", "-pthread", "-w", f"-I{EMU}", str(src),
                                "-o", str(exe)], check=True)
                binaries[prog] = str(exe)
            run(amppy + [str(src), "1"], env)          # fill the caches (translation, Numba)
        print(f"host benchmark, target {args.target}, best of {args.repeat} (wall seconds, fresh processes)")
        print(f"{'program':15} {'n':>9} {'main':>7} {'net':>7} {'wall':>7} {'g++':>8} {'ratio':>7}  same output")
        starts = {}
        for prog, n in cases:
            src = str(PROGRAMS / f"{prog}.cpp")
            cmds = {"amppy": amppy + [src, str(n)]}
            if prog not in starts:
                cmds["amppy1"] = amppy + [src, "1"]
            if gxx:
                cmds["gxx"] = [binaries[prog], str(n)]
                if prog not in starts:
                    cmds["gxx1"] = [binaries[prog], "1"]
            t, m, out = best(cmds, args.repeat, env)
            if prog not in starts:
                starts[prog] = (t["amppy1"], t.get("gxx1", 0.0), m["amppy1"])
            net = max(m["amppy"] - starts[prog][2], 0.0)
            line = f"{prog:15} {n:>9} {m['amppy']:>7.3f} {net:>7.3f} {t['amppy']:>7.3f}"
            if gxx:
                g = max(t["gxx"] - starts[prog][1], 1e-4)
                same = "yes" if out["amppy"] == out["gxx"] else "NO"
                print(f"{line} {g:>8.3f} {net / g:>6.2f}x  {same}")
                if same != "yes":
                    print(f"    amppy: {out['amppy'].strip()}\n    g++:   {out['gxx'].strip()}")
            else:
                print(f"{line} {'-':>8} {'-':>7}  {out['amppy'].strip()}")
        print()
        print("start-up (n = 1, wall)      warm     cold   main at n = 1 (in the warm run)")
        t, _, _ = best({"numba": [sys.executable, "-c", "import numba"]}, args.repeat)
        label = 'python -c "import numba"'
        print(f"{label:26} {t['numba']:>6.3f}")
        for prog in sorted(starts):
            cold = float("inf")
            for _ in range(args.repeat):
                fresh = tempfile.mkdtemp(dir=work)
                cenv = dict(env, AMPPY_CACHE_DIR=fresh, NUMBA_CACHE_DIR=fresh)
                cold = min(cold, run(amppy + [str(PROGRAMS / f"{prog}.cpp"), "1"], cenv)[0])
            warm = starts[prog][0]
            print(f"{prog:26} {warm:>6.3f} {cold:>8.3f}   {starts[prog][2]:.3f}   "
                  f"warm = {warm / t['numba']:.2f}x import numba")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
