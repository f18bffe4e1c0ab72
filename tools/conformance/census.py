"""First-error census of the conformance suite's positive tests, in-process (no program is run).

    python tools/conformance/census.py /path/to/amp-conformance [-j N] [--code syntax-error] [--out F.jsonl]

Each positive test's first configuration is checked as `amppy check --target cpu` would (the
suite's harness headers on the include path, the test's defines); the table counts tests by the
code of their first error ("clean" when there is none).  `--code C` lists the tests whose first
error is C, with the message and location.  `--out` keeps one JSON line a test, to diff two runs.
A check that raises is counted as "internal" with the exception's text: that is a bug of amppy's.
"""
from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402  (tools/conformance/run.py: test discovery and configurations)


def _check(item: tuple[str, dict[str, str]]) -> dict[str, str]:
    path, defines = item
    from amppy import driver
    from amppy.diagnostics import CompileError, DiagnosticSink
    sink = DiagnosticSink()
    opts = driver.Options(defines=dict(defines), target="cpu")
    try:
        driver.analyse(path, opts, sink)
    except CompileError:
        pass
    except Exception as e:  # noqa: BLE001 - a crash is a census result
        return {"path": path, "code": "internal", "message": f"{type(e).__name__}: {e}"[:300], "where": ""}
    errors = [d for d in sink.diagnostics if d.severity in ("error", "fatal")]
    if not errors:
        return {"path": path, "code": "clean", "message": "", "where": ""}
    d = errors[0]
    where = f"{Path(d.span.file).name}:{d.span.line}" if d.span else ""
    return {"path": path, "code": d.code, "message": d.message, "where": where}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("suite", type=Path)
    ap.add_argument("-j", "--jobs", type=int, default=multiprocessing.cpu_count())
    ap.add_argument("--code", action="append", default=[], help="list the tests whose first error has this code")
    ap.add_argument("--out", type=Path, help="one JSON line a test")
    ap.add_argument("--filter", help="a regular expression on the test's relative path")
    args = ap.parse_args(argv)
    root = run.tests_root(args.suite.resolve())
    tests = [t for t in run.select(run.discover(root), args.filter, None, None)
             if t.kind != "negative" and not t.error]
    items = [(str(t.path), t.variants[0] if t.variants else {}) for t in tests]
    with multiprocessing.Pool(args.jobs, maxtasksperchild=40) as pool:
        results = pool.map(_check, items, chunksize=4)
    for r in results:
        r["path"] = str(Path(r["path"]).relative_to(root))
    counts = collections.Counter(r["code"] for r in results)
    print(f"{len(results)} positive tests (first configuration each)")
    for code, n in counts.most_common():
        print(f"{n:6d}  {code}")
    for code in args.code:
        print(f"\n[{code}]")
        for r in results:
            if r["code"] == code:
                print(f"  {r['path']}  {r['where']}: {r['message']}")
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
