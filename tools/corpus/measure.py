"""Measure amppy on a corpus of real C++ AMP code: `amppy report` over a folder, and optionally run what passes.

    python tools/corpus/measure.py FOLDER [--target cpu|cuda] [-j N] [--timeout S] [--run]

Prints `amppy report`'s text report of FOLDER (amppy.report: every solution, project and loose source
file in it; each translation unit's status and first error; the projects that can run; the blockers
table).  With `--run`, it then runs `python -m amppy run --target T` on each clean unit that belongs to
no project, and each project the report found runnable with the command the report gives it (its
`.vcxproj`, the configuration and target the report used), and prints one line per program: `ran`
(exit 0), `exit N` or `timeout`.

The corpora are third-party code: fetch them outside the repository (e.g. `fetch github:AdeMiller/CppAmp`,
then `git --git-dir=... archive HEAD | tar -x`) and point this script at the folder; nothing of theirs is
copied into amppy.
"""
from __future__ import annotations

import argparse
import shlex
import subprocess
import sys

from amppy import report


def run_program(args: list[str], timeout: float) -> str:
    """`amppy run ARGS` (a file or project, with its options): 'ran', 'exit N' or 'timeout'."""
    try:
        p = subprocess.run([sys.executable, "-m", "amppy", "run", *args], capture_output=True,
                           stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "ran" if p.returncode == 0 else f"exit {p.returncode}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("--target", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("-j", dest="jobs", type=int, default=None, help="worker processes (default: the CPUs)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per unit, and per program with --run")
    ap.add_argument("--run", action="store_true", help="also run the loose clean files and the runnable projects")
    opts = ap.parse_args(argv)
    try:
        data = report.run([opts.folder], target=opts.target, jobs=opts.jobs, timeout=opts.timeout,
                          progress=sys.stderr.isatty())
    except report.UsageError as e:
        ap.error(str(e))
    sys.stdout.write(report.render_text(data))
    if data["interrupted"]:
        return 130
    if opts.run:
        programs = [(u["path"], ["--target", opts.target, u["path"]])
                    for u in data["units"] if u["status"] == "clean" and u["project"] is None]
        programs += [(p["path"], shlex.split(p["command"])[2:]) for p in data["projects"] if p.get("command")]
        print("\nnothing to run: no clean file outside projects, no runnable project" if not programs else "")
        for path, args in programs:
            print(f"{run_program(args, opts.timeout):10} {path}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
