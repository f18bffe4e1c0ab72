"""Several GPUs: the row-partitioned tiled matrix multiply on every GPU against one GPU.

Run on a machine with several NVIDIA GPUs (not part of CI):

    python benchmarks/multigpu.py [--n 8192] [--repeat 3]
    bash tools/gpu/run_on_gpu.sh 'python3 benchmarks/multigpu.py'    # on the lent nvidia-h200-x2

`samples/multigpu/partitioned_matmul.cpp` with M = K = N = n (text substitution of its constants),
translated by `amppy translate --target cuda` and imported: its own `compute_views()` (one view per
accelerator that runs kernels) and `multiply_rows(view, a, b, c)` (one band of C's rows, tiled
16x16, launched in the view's queue) are driven on n x n float32 matrices, in two processes of this
script, run one after the other: one with `CUDA_VISIBLE_DEVICES=0` (one GPU), one with every GPU.
Each measures

* **end to end**: array_views made over the program's vectors (made once, before the timing, as a
  C++ program's std::vectors are), the rows shared out as the sample shares them (whole tiles of
  rows per accelerator), one `multiply_rows` per accelerator, then `c.synchronize()`: uploads of A's
  bands and of B to each GPU, the kernels, C back to the host;
* **new vectors**: the same over vectors made just before the round (outside the timing), so the
  page-locking of their memory at its first copy is in the time;
* **kernel**: the same launches on sections already on their GPUs (A's and B's copies stay on a
  device; C's sections are discarded, not copied in), then `accelerator_view::wait()` on every
  view: the time from the first launch to the last GPU finishing.

Best of `--repeat` rounds after a warm-up (which compiles the kernel and loads it on each GPU).
Then **main**: the sample's own `main()` as a whole (device set-up, its host loops filling and
summing the vectors, the launches, its output) in a fresh process each time (after one that
compiles and caches the kernel), best of `--repeat`: the translation imported by this script, then
`main()` timed; and **run main**: the same program as a user runs it, `python -m amppy run --target
cuda` of the substituted .cpp in a fresh process, `main`'s own time as the runtime measures it
(`AMPPY_MAIN_SECONDS`: from `main`'s call to its return, the process's imports not counted),
its output compared with the imported one's.
`--pageable` adds two processes with `AMPPY_PIN_LIMIT_MB=0` (host memory left pageable), for comparison.
The inputs are small integers (every product and sum exact in float32), so C must be identical bit
for bit in the two processes; rows of C are also checked against float64 products.  Prints the
table with the ratio one GPU / all GPUs (goal, issue 18: >= 1.8x on two GPUs), then one JSON line
per process.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]
SAMPLE = os.path.join(ROOT, "samples", "multigpu", "partitioned_matmul.cpp")
TILE = 16


def _harness():
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_harness", os.path.join(HERE, "harness.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def worker(n: int, repeat: int) -> dict:
    import numpy as np
    from amppy.runtime import launch_cuda
    from amppy.runtime.amp import array_view, extent
    from amppy.runtime.containers import vector

    harness = _harness()
    with open(SAMPLE, encoding="utf-8") as f:
        text = f.read()
    for name in ("M", "K", "N"):
        text = text.replace(f"const int {name} = ", f"const int {name} = {n}; // ", 1)
    mod = harness.translated_module(SAMPLE, text, "cuda", tempfile.mkdtemp(prefix="amppy-multigpu-"), "pmatmul")
    launch_cuda.install()
    views = list(mod.compute_views())
    rng = np.random.default_rng(18)
    a = rng.integers(-2, 3, size=(n, n)).astype(np.float32)
    b = rng.integers(-2, 3, size=(n, n)).astype(np.float32)

    def bands():
        tiles, first, out = n // TILE, 0, []
        for d in range(len(views)):
            share = tiles // len(views) + (1 if d < tiles % len(views) else 0)
            if share:
                out.append((d, first, share * TILE))
                first += share * TILE
        return out

    def host_vectors():                     # the program's std::vectors (made before the timing)
        return [vector(np.float32, m.reshape(-1)) for m in (a, b, np.full((n, n), -1, np.float32))]

    def end_to_end(va, vb, vc):
        # (held, as the translation's locals are: a view's data go back to its source when its last
        # holder lets go, so a call's by-value parameters must not be the only holders)
        av = array_view(extent(n, n), va, const=True).held()
        bv = array_view(extent(n, n), vb, const=True).held()
        cv = array_view(extent(n, n), vc).held()
        for d, first, rows in bands():
            mod.multiply_rows(views[d], av.section((first, 0), extent(rows, n)), bv,
                              cv.section((first, 0), extent(rows, n)))
        cv.synchronize()
        out = np.asarray(cv.host)
        for v in (cv, bv, av):
            v.destroy()
        return out

    def timed(fn, *args):
        t0 = time.perf_counter()
        out = fn(*args)
        return time.perf_counter() - t0, out

    vecs = host_vectors()
    c = end_to_end(*vecs).copy()            # warm-up: compile, load on each GPU
    e2e = e2e_new = float("inf")
    for _ in range(repeat):
        vecs[2].data()[:] = -1
        e2e = min(e2e, timed(end_to_end, *vecs)[0])
        fresh = host_vectors()              # new host memory: its page-locking is in the time
        e2e_new = min(e2e_new, timed(end_to_end, *fresh)[0])
        assert np.array_equal(np.asarray(fresh[2].data()).reshape(n, n), c)
        del fresh
    assert np.array_equal(np.asarray(vecs[2].data()).reshape(n, n), c)
    del vecs

    av = array_view(extent(n, n), vector(np.float32, a.reshape(-1)), const=True).held()
    bv = array_view(extent(n, n), vector(np.float32, b.reshape(-1)), const=True).held()
    cv = array_view(extent(n, n), vector(np.float32, np.zeros(n * n, np.float32))).held()
    parts = [(views[d], av.section((first, 0), extent(rows, n)), cv.section((first, 0), extent(rows, n)))
             for d, first, rows in bands()]

    def kernels():
        for view, a_part, c_part in parts:
            mod.multiply_rows(view, a_part, bv, c_part)
        for view in views:
            view.wait()
    kernels()                               # uploads the bands and B once
    kernel = min(timed(kernels)[0] for _ in range(repeat))
    cv.synchronize()

    rows = [0, n // 3, n - 1]
    exact = np.array_equal(c[rows], (a[rows].astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
    return {"gpus": len(views), "devices": [v.accelerator.description for v in views], "n": n,
            "end_to_end_s": e2e, "end_to_end_new_s": e2e_new, "kernel_s": kernel,
            "pinned_mb": launch_cuda._current().pinned.bytes >> 20, "tflops": 2 * n ** 3 / kernel / 1e12,
            "c_sha1": hashlib.sha1(c.tobytes()).hexdigest(), "rows_exact": bool(exact),
            "same_in_kernel_run": bool(np.array_equal(np.asarray(cv.host), c))}


def main_worker(n: int, repeat: int) -> dict:
    """The sample's own `main()` at M = K = N = n, timed as a whole (device set-up, filling the
    vectors, the launches, the host's sum and output), in this fresh process: the translation is
    imported (kernels cached on disk by an earlier process) and `main` runs once, its output
    discarded."""
    import contextlib
    import io
    harness = _harness()
    text = _substituted(n)
    folder = os.path.join(tempfile.gettempdir(), f"amppy-multigpu-main-{n}")     # (fixed: numba's cache)
    os.makedirs(folder, exist_ok=True)
    mod = harness.translated_module(SAMPLE, text, "cuda", folder, "pmatmul_main")
    out = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(out):
        mod.main()
    return {"main_s": time.perf_counter() - t0, "main_sha1": hashlib.sha1(out.getvalue().encode()).hexdigest()}


def _substituted(n: int) -> str:
    with open(SAMPLE, encoding="utf-8") as f:
        text = f.read()
    for name in ("M", "K", "N"):
        text = text.replace(f"const int {name} = ", f"const int {name} = {n}; // ", 1)
    return text


def run_main(n: int, env: dict, repeat: int) -> dict:
    """`amppy run --target cuda` of the sample at M = K = N = n in fresh processes (the first
    translates and compiles): best `main` time (AMPPY_MAIN_SECONDS) and the output's sha1."""
    folder = os.path.join(tempfile.gettempdir(), f"amppy-multigpu-run-{n}")
    os.makedirs(folder, exist_ok=True)
    cpp = os.path.join(folder, "partitioned_matmul.cpp")
    text = _substituted(n)
    if not os.path.exists(cpp) or open(cpp, encoding="utf-8").read() != text:
        with open(cpp, "w", encoding="utf-8") as f:
            f.write(text)
    seconds = os.path.join(folder, "main_seconds")
    best, sha1 = float("inf"), None
    for _ in range(repeat + 1):
        r = subprocess.run([sys.executable, "-m", "amppy", "run", "--target", "cuda", cpp],
                           env=dict(env, AMPPY_MAIN_SECONDS=seconds), capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"amppy run failed:\n{r.stderr}")
        with open(seconds, encoding="ascii") as f:
            best = min(best, float(f.read()))
        sha1 = hashlib.sha1(r.stdout.encode()).hexdigest()
    return {"run_main_s": best, "run_sha1": sha1}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=8192)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--pageable", action="store_true",
                    help="also run both with host memory left pageable (AMPPY_PIN_LIMIT_MB=0), for comparison")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--main-worker", action="store_true", help=argparse.SUPPRESS)
    opts = ap.parse_args(argv)
    if opts.n % TILE:
        ap.error(f"--n must be a multiple of {TILE}")
    if opts.worker:
        print(json.dumps(worker(opts.n, opts.repeat)))
        return 0
    if opts.main_worker:
        print(json.dumps(main_worker(opts.n, opts.repeat)))
        return 0
    modes = [("", None)] + ([(", pageable", "0")] if opts.pageable else [])
    runs = {}
    for suffix, pin in modes:
        for label, visible in (("one GPU", "0"), ("all GPUs", None)):
            env = dict(os.environ)
            if visible is not None:
                env["CUDA_VISIBLE_DEVICES"] = visible
            if pin is not None:
                env["AMPPY_PIN_LIMIT_MB"] = pin
            r = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", "--n", str(opts.n),
                                "--repeat", str(opts.repeat)], env=env, capture_output=True, text=True)
            if r.returncode != 0:
                print(f"{label}{suffix}: the worker failed\n{r.stderr}", file=sys.stderr)
                return 1
            runs[label + suffix] = json.loads(r.stdout.strip().splitlines()[-1])
            best = float("inf")                 # the whole program: fresh processes (the first compiles)
            for _ in range(opts.repeat + 1):
                r = subprocess.run([sys.executable, os.path.abspath(__file__), "--main-worker", "--n", str(opts.n)],
                                   env=env, capture_output=True, text=True)
                if r.returncode != 0:
                    print(f"{label}{suffix}: main failed\n{r.stderr}", file=sys.stderr)
                    return 1
                got = json.loads(r.stdout.strip().splitlines()[-1])
                best = min(best, got["main_s"])
            runs[label + suffix].update(main_s=best, main_sha1=got["main_sha1"])
            runs[label + suffix].update(run_main(opts.n, env, opts.repeat))
    all_ = runs["all GPUs"]
    print(f"row-partitioned tiled matmul (samples/multigpu/partitioned_matmul.cpp), n = {opts.n}, float32, "
          f"best of {opts.repeat}")
    print(f"devices: {', '.join(all_['devices'])}")
    print("end to end: array_views over the program's vectors, launches, c.synchronize(); 'new vectors': "
          "over vectors the program just made (their page-locking in the time)")
    print("main: the sample's whole main() (device set-up, host loops, launches, output) in a fresh process")
    print(f"{'':20} {'GPUs':>4} {'kernel ms':>10} {'TFLOP/s':>8} {'end-to-end ms':>14} {'new vectors ms':>15} "
          f"{'main ms':>8} {'run main ms':>12} {'pinned MB':>10}")
    for label, r in runs.items():
        print(f"{label:20} {r['gpus']:>4} {r['kernel_s'] * 1e3:>10.1f} {r['tflops']:>8.2f} "
              f"{r['end_to_end_s'] * 1e3:>14.1f} {r['end_to_end_new_s'] * 1e3:>15.1f} {r['main_s'] * 1e3:>8.0f} "
              f"{r['run_main_s'] * 1e3:>12.0f} {r['pinned_mb']:>10}")
    for suffix, _pin in modes:
        o, a = runs["one GPU" + suffix], runs["all GPUs" + suffix]
        print(f"speed-up on {a['gpus']} GPUs{suffix}: kernel {o['kernel_s'] / a['kernel_s']:.2f}x, "
              f"end to end {o['end_to_end_s'] / a['end_to_end_s']:.2f}x, new vectors "
              f"{o['end_to_end_new_s'] / a['end_to_end_new_s']:.2f}x, main {o['main_s'] / a['main_s']:.2f}x, "
              f"run main {o['run_main_s'] / a['run_main_s']:.2f}x "
              "(goal: >= 1.8x on two GPUs)")
    same = (len({r["c_sha1"] for r in runs.values()}) == 1
            and len({r["main_sha1"] for r in runs.values()} | {r["run_sha1"] for r in runs.values()}) == 1)
    exact = all(r["rows_exact"] for r in runs.values())
    print(f"C identical in every run: {same}; rows exact against float64: {exact}")
    for r in runs.values():
        print(json.dumps(r))
    return 0 if same and exact else 1


if __name__ == "__main__":
    sys.exit(main())
