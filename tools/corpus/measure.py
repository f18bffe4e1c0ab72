"""Run `amppy check` (and, with --run, `amppy run`) over every .cpp file of a folder.

    python tools/corpus/measure.py FOLDER [--run] [--target cpu|cuda] [--timeout S]

Prints one line per file -- the outcome and the first diagnostic code (with its message) --
then a table of first codes.  The corpora are third-party code: fetch them outside the
repository (e.g. `fetch github:AdeMiller/CppAmp`, then `git --git-dir=... archive HEAD | tar -x`)
and point this script at the folder; nothing of theirs is copied into amppy.

Outcomes: `ok` (check passed; with --run, the program also exited 0), `error` (check reported
errors), `run-failed` (check passed, run exited non-zero), `crash` (exit 4: an internal error),
`timeout`.
"""
from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
from pathlib import Path

_FIRST = re.compile(r"^(?P<where>\S+?:\d+:\d+): error: (?P<msg>.*) \[(?P<code>[a-z0-9-]+)\]$", re.M)
_BARE = re.compile(r"^error: (?P<msg>.*) \[(?P<code>[a-z0-9-]+)\]$", re.M)


def amppy(args: list[str], cwd: Path, timeout: float) -> tuple[int | None, str]:
    try:
        p = subprocess.run([sys.executable, "-m", "amppy", *args], cwd=cwd, capture_output=True,
                           timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, ""
    return p.returncode, p.stderr.decode("utf-8", "replace")


def measure(path: Path, root: Path, opts) -> tuple[str, str, str]:
    """(outcome, first code, first message) of one file."""
    rc, err = amppy(["check", "--color", "never", "--target", opts.target, str(path)], root, opts.timeout)
    if rc is None:
        return "timeout", "-", ""
    if rc == 4:
        return "crash", "internal", err.strip().splitlines()[0] if err.strip() else ""
    if rc != 0:
        m = _FIRST.search(err) or _BARE.search(err)
        return "error", (m.group("code") if m else "?"), (m.group("msg") if m else err.strip()[:100])
    if not opts.run:
        return "ok", "-", ""
    rc, err = amppy(["run", "--target", opts.target, str(path)], root, opts.timeout)
    if rc is None:
        return "timeout", "-", "run"
    return ("ok", "-", "") if rc == 0 else ("run-failed", f"exit {rc}", err.strip()[-100:])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--run", action="store_true", help="also run the programs that check passes")
    ap.add_argument("--target", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--timeout", type=float, default=120.0)
    opts = ap.parse_args(argv)
    root = opts.folder.resolve()
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() == ".cpp" and p.is_file())
    outcomes, codes = collections.Counter(), collections.Counter()
    for p in files:
        outcome, code, msg = measure(p, root, opts)
        outcomes[outcome] += 1
        if outcome != "ok":
            codes[code] += 1
        print(f"{outcome:10} {code:28} {p.relative_to(root)}" + (f"  -- {msg[:90]}" if msg else ""))
    print()
    print(f"{len(files)} files: " + ", ".join(f"{n} {o}" for o, n in outcomes.most_common()))
    print()
    print("| first code | files |")
    print("|---|---|")
    for code, n in codes.most_common():
        print(f"| {code} | {n} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
