"""Run Microsoft's C++ AMP conformance suite against amppy and report per chapter.

    python tools/conformance/run.py PATH-TO-amp-conformance [--target cpu|cuda] [-j N] [--timeout S]
        [--filter REGEX] [--chapter NAME] [--kind positive|negative|compile-only]
        [--format text|json|markdown] [--out FILE] [--save FILE] [--amppy CMD] [--list] [-v]

The suite (Microsoft's amp-conformance, Apache-2.0) is third-party: keep it outside the repository
and point this script at it.  Tests are defined as its run_tests.pl does:
- every `Tests/**/test.cpp` is a test; its configuration is the nearest `*.conf` in its folder or a
  parent up to `Tests/` (a Perl hash: `compile_only`, `definitions` = one variant per hash, `-D K=V`);
- a test is negative when a line matches `//#\\s*Expects\\s*(\\d*)\\s*:\\s*(warning|error)`; the MSVC
  codes and test.cpp line numbers of those lines say why it must be rejected.
Positives: `amppy run` (exit 0 pass, 2 skip) or, compile_only, `amppy check`.  Negatives:
`amppy check --diagnostics-format json` must fail and its first error must answer the reason:
a code reasons.REASONS maps the MSVC code(s) to, on one of the Expects lines of test.cpp.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import importlib.util
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any


def _load_reasons() -> Any:
    spec = importlib.util.spec_from_file_location("amp_conformance_reasons", Path(__file__).with_name("reasons.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reasons = _load_reasons()

KINDS = ("positive", "compile-only", "negative")
GROUPS = ("tiling", "restrictions")
RESTRICTIONS_DIR = "2_Cxx_Lang_Exte/2_4_amp_Rest_Modi/"
TILING_RE = re.compile(r"\btile(_static|d_index|_barrier|d_extent)\b|\.tile\s*<")
EXPECTS_RE = re.compile(r"//#\s*Expects\s*(\d*)\s*:\s*(warning|error)", re.IGNORECASE)
MSVC_CODE_RE = re.compile(r"\b[Cc](\d{4})\b")
LINE_RE = re.compile(r"([\w.\\/-]*)\\?\((\d+)\\?\)")
RUNTIME_CODES = frozenset({"uncaught-exception", "amp-race", "amp-out-of-bounds"})
ANSI_RE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# Worst first: a test of several variants gets the worst outcome of its variants.
OUTCOME_ORDER = ("accepted", "crash", "timeout", "invalid", "wrong-reason", "fail", "skip", "pass")


# --------------------------------------------------------------------------------------------------------------
# .conf files (a Perl hash literal; a small tolerant reader, no Perl)

class ConfError(ValueError):
    """A configuration the runner cannot read (the test is reported as `invalid`)."""


@dataclasses.dataclass
class Conf:
    compile_only: bool = False
    definitions: list[dict[str, str]] = dataclasses.field(default_factory=lambda: [{}])


_CONF_TOKEN = re.compile(r"""\s+|\#[^\n]*|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|=>|[%$@]\w+|[-+]?\d+(?:\.\d+)?|\w+|.""",
                         re.DOTALL)
_CLOSE = {"(": ")", "[": "]", "{": "}"}


def _unquote(tok: str) -> str:
    if tok[0] == "'":
        return re.sub(r"\\([\\'])", r"\1", tok[1:-1])
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), tok[1:-1])


def _hash(items: list[Any]) -> dict[str, Any]:
    if len(items) % 2:
        raise ConfError("a hash with an odd number of elements")
    return {str(items[k]): items[k + 1] for k in range(0, len(items), 2)}


def _parse_value(toks: list[str], i: int) -> tuple[Any, int]:
    """The value at toks[i]: a string, a number or bareword, or a ( ) / [ ] list or { } hash (Perl: `=>` is `,`)."""
    if i >= len(toks):
        raise ConfError("unexpected end of the configuration")
    t = toks[i]
    if t[0] in "'\"":
        return _unquote(t), i + 1
    if t not in _CLOSE:
        if re.fullmatch(r"[-+]?\d+(?:\.\d+)?|\w+", t):
            return t, i + 1
        raise ConfError(f"unexpected {t!r} in the configuration")
    items: list[Any] = []
    i += 1
    while i < len(toks) and toks[i] != _CLOSE[t]:
        if toks[i] in (",", "=>"):
            i += 1
            continue
        value, i = _parse_value(toks, i)
        items.append(value)
    if i >= len(toks):
        raise ConfError(f"missing {_CLOSE[t]!r} in the configuration")
    return (_hash(items) if t == "{" else items), i + 1


def parse_conf(text: str) -> Conf:
    """`%config = ( 'compile_only' => 1, 'definitions' => [ { 'K' => 'V', ... }, ... ] );` (other keys ignored)"""
    toks = [m.group(0) for m in _CONF_TOKEN.finditer(text)]
    toks = [t for t in toks if not t.isspace() and not t.startswith("#")]
    if not toks:
        return Conf()
    if "%config" not in toks:
        raise ConfError("no '%config = (...)' in the configuration")
    start = toks.index("%config")
    if toks[start + 1:start + 3] != ["=", "("]:
        raise ConfError("expected '%config = ('")
    config = _hash(_parse_value(toks, start + 2)[0])
    defs = config.get("definitions") or [{}]
    if not isinstance(defs, list) or not all(isinstance(d, dict) for d in defs):
        raise ConfError("'definitions' must be a list of hashes")
    compile_only = config.get("compile_only") not in (None, "", "0", "0.0", [], {})
    return Conf(compile_only, [{str(k): str(v) for k, v in d.items()} for d in defs])


def find_conf(test_dir: Path, tests_root: Path) -> Path | None:
    """The nearest `*.conf` from the test's folder up to `Tests/` (ConfError: several in one folder)."""
    d = test_dir.resolve()
    root = tests_root.resolve()
    while True:
        confs = sorted(p for p in d.iterdir() if p.suffix.lower() == ".conf" and p.is_file())
        if len(confs) > 1:
            raise ConfError(f"more than one .conf file in {d}")
        if confs:
            return confs[0]
        if d == root or root not in d.parents:
            return None
        d = d.parent


# --------------------------------------------------------------------------------------------------------------
# Expects lines, tests and their classification

@dataclasses.dataclass(frozen=True)
class Expectation:
    negative: bool
    codes: tuple[str, ...] = ()       # MSVC codes, in order of appearance
    lines: tuple[int, ...] = ()       # line numbers of test.cpp


def parse_expects(text: str) -> Expectation:
    codes: list[str] = []
    lines: list[int] = []
    negative = False
    for line in text.splitlines():
        m = EXPECTS_RE.search(line)
        if not m:
            continue
        negative = True
        rest = line[m.start():]
        codes += [f"C{c}" for c in MSVC_CODE_RE.findall(rest) if f"C{c}" not in codes]
        for lm in LINE_RE.finditer(rest):
            file = lm.group(1).replace("\\", "")
            if (file == "" or file.lower().endswith("test.cpp")) and int(lm.group(2)) not in lines:
                lines.append(int(lm.group(2)))
    return Expectation(negative, tuple(codes), tuple(sorted(lines)))


def strip_comments(text: str) -> str:
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL))


def is_tiling(rel: str, text: str) -> bool:
    return "tile" in rel.lower() or TILING_RE.search(strip_comments(text)) is not None


@dataclasses.dataclass
class Test:
    path: Path
    rel: str                                  # relative to Tests/, with '/'
    kind: str                                 # positive | compile-only | negative
    variants: list[dict[str, str]]
    expect: Expectation
    tiling: bool = False
    error: str | None = None                  # why the test cannot be run (malformed)

    @property
    def chapter(self) -> str:
        return self.rel.split("/", 1)[0] if "/" in self.rel else "."

    @property
    def groups(self) -> list[str]:
        return [g for g, yes in (("tiling", self.tiling), ("restrictions", self.rel.startswith(RESTRICTIONS_DIR)))
                if yes]


def tests_root(path: Path) -> Path:
    return path / "Tests" if (path / "Tests").is_dir() else path


def load_test(path: Path, root: Path) -> Test:
    rel = path.relative_to(root).as_posix()
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as e:
        return Test(path, rel, "positive", [{}], Expectation(False), error=f"cannot read: {e}")
    expect = parse_expects(text)
    stale = reasons.STALE_LINES.get(rel.rsplit("/", 1)[0])
    if stale is not None and expect.negative:
        expect = dataclasses.replace(expect, lines=stale[0])    # the lines its reason is on
    test = Test(path, rel, "negative" if expect.negative else "positive", [{}], expect, is_tiling(rel, text))
    try:
        conf_path = find_conf(path.parent, root)
        conf = parse_conf(conf_path.read_text(errors="replace")) if conf_path else Conf()
    except (ConfError, OSError) as e:
        test.error = f"configuration: {e}"
        return test
    test.variants = conf.definitions
    if conf.compile_only and not expect.negative:
        test.kind = "compile-only"
    return test


def discover(root: Path) -> list[Test]:
    found = [p for p in root.rglob("*") if p.name.lower() == "test.cpp" and p.is_file()]
    return [load_test(p, root) for p in sorted(found, key=lambda p: p.relative_to(root).as_posix())]


def select(tests: list[Test], pattern: str | None, chapter: str | None, kind: str | None) -> list[Test]:
    rx = re.compile(pattern) if pattern else None
    return [t for t in tests if (rx is None or rx.search(t.rel)) and (kind is None or t.kind == kind)
            and (chapter is None or chapter == t.chapter or chapter in t.groups)]


# --------------------------------------------------------------------------------------------------------------
# Diagnostics and verdicts

@dataclasses.dataclass(frozen=True)
class Diag:
    severity: str
    code: str
    message: str
    file: str | None = None
    line: int | None = None

    @property
    def runtime(self) -> bool:
        return self.code.startswith("runtime-") or self.code in RUNTIME_CODES

    def brief(self) -> str:
        where = f"{Path(self.file).name}:{self.line}: " if self.file and self.line else ""
        return f"{where}[{self.code}] {self.message}"


def parse_diagnostics(stderr: str) -> list[Diag]:
    """Every diagnostic of every JSON list in stderr (amppy prints one per phase; other text may surround them)."""
    out: list[Diag] = []
    decoder = json.JSONDecoder()
    for m in re.finditer(r"^\[", stderr, re.MULTILINE):
        try:
            items, _ = decoder.raw_decode(stderr, m.start())
        except ValueError:
            continue
        if not isinstance(items, list):
            continue
        for d in items:
            if isinstance(d, dict) and "code" in d:
                span = d.get("span") if isinstance(d.get("span"), dict) else {}
                line = span.get("line")
                message = ANSI_RE.sub("", str(d.get("message", "")))
                out.append(Diag(str(d.get("severity", "error")), str(d["code"]), message, span.get("file"),
                                line if isinstance(line, int) else None))
    return out


def first_error(diags: Iterable[Diag]) -> Diag | None:
    return next((d for d in diags if d.severity == "error"), None)


def in_test_file(diag: Diag, test_path: Path) -> bool:
    if not diag.file:
        return False
    p = Path(diag.file)
    return (p if p.is_absolute() else test_path.parent / p).resolve() == test_path.resolve()


def judge_negative(test_path: Path, expect: Expectation, exit_code: int | None, diags: Sequence[Diag],
                   timed_out: bool = False, check_lines: bool = True) -> tuple[str, Diag | None]:
    """pass | wrong-reason | accepted | crash | timeout, and amppy's first error.

    The first error must have an amppy code that answers one of the expected MSVC codes (any code when the
    Expects lines name none) and, when it is in test.cpp and the Expects lines give lines of test.cpp, be on one."""
    if timed_out:
        return "timeout", None
    first = first_error(diags)
    if exit_code == 0:
        return "accepted", first
    if exit_code != 1:
        return "crash", first
    if first is None:
        return "wrong-reason", None
    if expect.codes and first.code not in reasons.answers(expect.codes):
        return "wrong-reason", first
    if check_lines and expect.lines and in_test_file(first, test_path) and first.line not in expect.lines:
        return "wrong-reason", first
    return "pass", first


def judge_positive(exit_code: int | None, diags: Sequence[Diag], stderr: str, timed_out: bool = False,
                   compile_only: bool = False) -> tuple[str, Diag | None]:
    """pass | skip | fail | crash | timeout, and the first error (translation or run time)."""
    if timed_out:
        return "timeout", None
    first = first_error(diags)
    if exit_code == 0:
        return "pass", None
    if exit_code == 4 or exit_code is None or exit_code < 0 or (exit_code == 2 and "usage: amppy" in stderr):
        return "crash", first
    if exit_code == 2 and not compile_only:
        return "skip", None
    return "fail", first


# --------------------------------------------------------------------------------------------------------------
# Execution

@dataclasses.dataclass
class Result:
    test: Test
    index: int                                # which variant of the test
    outcome: str
    diag: Diag | None = None
    detail: str = ""
    exit_code: int | None = None
    seconds: float = 0.0

    @property
    def defines(self) -> dict[str, str]:
        return self.test.variants[self.index]

    def record(self) -> dict[str, Any]:
        d = self.diag
        return {"path": self.test.rel, "defines": self.defines, "kind": self.test.kind, "outcome": self.outcome,
                "diagnostic": None if d is None else {"code": d.code, "message": d.message, "file": d.file,
                                                      "line": d.line},
                "detail": self.detail, "exit_code": self.exit_code, "seconds": round(self.seconds, 3)}


def _tail(text: str, n: int = 5) -> str:
    return "\n".join(ANSI_RE.sub("", text).strip().splitlines()[-n:])


class Runner:
    def __init__(self, amppy: list[str], target: str, timeout: float, includes: Sequence[str] = (),
                 no_cache: bool = False, check_lines: bool = True) -> None:
        self.amppy, self.target, self.timeout, self.includes = amppy, target, timeout, list(includes)
        self.check_lines = check_lines
        self.env = dict(os.environ, NO_COLOR="1")
        self.env.pop("AMPPY_DIAGNOSTICS_FORMAT", None)
        if no_cache:
            self.env["AMPPY_NO_RUN_CACHE"] = "1"
        self.stopping = threading.Event()
        self._procs: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Lock()

    def command(self, test: Test, defines: dict[str, str]) -> list[str]:
        verb = "run" if test.kind == "positive" else "check"
        opts = ["--target", self.target, "--diagnostics-format", "json", "--color", "never"]
        opts += [f"-D{k}={v}" for k, v in defines.items()]
        for inc in self.includes:
            opts += ["-I", str(Path(inc).resolve())]
        return [*self.amppy, verb, *opts, test.path.name]

    def _exec(self, cmd: list[str], cwd: Path) -> tuple[int | None, str, str, bool]:
        with self._lock:
            if self.stopping.is_set():
                return None, "", "", False
            p = subprocess.Popen(cmd, cwd=cwd, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, start_new_session=True)
            self._procs.add(p)
        timed_out = False
        try:
            out, err = p.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill(p)
            out, err = p.communicate()
        finally:
            with self._lock:
                self._procs.discard(p)
        return p.returncode, out.decode(errors="replace"), err.decode(errors="replace"), timed_out

    def stop(self) -> None:
        with self._lock:
            self.stopping.set()
            for p in list(self._procs):
                _kill(p)

    def run_variant(self, test: Test, index: int) -> Result | None:
        """One variant of one test; None when the run was interrupted."""
        try:
            return self._run_variant(test, index)
        except Exception as e:  # a bug of the runner: report it on the test and keep going
            return Result(test, index, "crash", detail=f"runner error: {type(e).__name__}: {e}")

    def _run_variant(self, test: Test, index: int) -> Result | None:
        if test.error:
            return Result(test, index, "invalid", detail=test.error)
        defines = test.variants[index]
        start = time.monotonic()
        try:
            rc, out, err, timed_out = self._exec(self.command(test, defines), test.path.parent)
        except OSError as e:
            return Result(test, index, "crash", detail=f"cannot start amppy: {e}")
        seconds = time.monotonic() - start
        if self.stopping.is_set():
            return None
        diags = parse_diagnostics(err)
        if test.kind == "negative":
            outcome, diag = judge_negative(test.path, test.expect, rc, diags, timed_out, self.check_lines)
        else:
            outcome, diag = judge_positive(rc, diags, err, timed_out, test.kind == "compile-only")
        detail = ""
        if outcome == "timeout":
            detail = f"no result in {self.timeout:g} s"
        elif outcome in ("crash", "fail") and diag is None:
            detail = _tail(err if err.strip() else out) or f"exit status {rc}"
        return Result(test, index, outcome, diag, detail, None if timed_out else rc, seconds)


def _kill(p: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_all(runner: Runner, tests: list[Test], jobs: int, verbose: bool,
            deadline: float | None = None) -> tuple[list[Result], bool]:
    """Every variant of every test on a pool of threads; Ctrl-C (or `deadline` seconds passing) kills the
    running amppy processes and keeps the tests whose variants all finished."""
    outcomes: dict[int, list[str]] = {id(t): [] for t in tests}
    done = 0
    pool = cf.ThreadPoolExecutor(max_workers=max(1, jobs))
    futures = [pool.submit(runner.run_variant, t, i) for t in tests for i in range(len(t.variants))]
    interrupted = False
    try:
        for fut in cf.as_completed(futures, timeout=deadline):
            r = fut.result()
            if r is not None and len(mine := outcomes[id(r.test)]) < len(r.test.variants):
                mine.append(r.outcome)
                done += len(mine) == len(r.test.variants)
                if verbose and len(mine) == len(r.test.variants):
                    print(f"[{done}/{len(tests)}] {worst(mine):12} {r.test.rel}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        interrupted = True
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        runner.stop()
        print("\ninterrupted: reporting the tests that finished", file=sys.stderr)
    except cf.TimeoutError:
        interrupted = True
        runner.stop()
        print(f"\n--deadline {deadline:g} s passed: reporting the tests that finished", file=sys.stderr)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    results = [r for f in futures if f.done() and not f.cancelled() and (r := f.result()) is not None]
    count: dict[int, int] = {}
    for r in results:
        count[id(r.test)] = count.get(id(r.test), 0) + 1
    return [r for r in results if count[id(r.test)] == len(r.test.variants)], interrupted


# --------------------------------------------------------------------------------------------------------------
# Report

def worst(outcomes: Iterable[str]) -> str:
    return min(outcomes, key=OUTCOME_ORDER.index, default="pass")


@dataclasses.dataclass
class TestResult:
    test: Test
    outcome: str
    rep: Result                               # the (first) variant that gave the outcome
    variants: list[Result]


def summarize(results: list[Result]) -> list[TestResult]:
    by_test: dict[int, list[Result]] = {}
    for r in results:
        by_test.setdefault(id(r.test), []).append(r)
    out = []
    for rs in by_test.values():
        rs.sort(key=lambda r: r.index)
        o = worst(r.outcome for r in rs)
        out.append(TestResult(rs[0].test, o, next(r for r in rs if r.outcome == o), rs))
    return sorted(out, key=lambda t: t.test.rel)


COLUMNS = ("chapter", "positive tests", "positive passed", "pass %", "negative tests", "right reason",
           "wrong reason", "accepted", "crash", "timeout")
TABLE_NOTE = "crash and timeout count positive and negative tests; a test passes when all its variants pass"


def count_row(name: str, items: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The table's row for (kind, outcome) pairs, one per test (or per variant)."""
    pos = [o for k, o in items if k != "negative"]
    neg = [o for k, o in items if k == "negative"]
    every = [o for _, o in items]
    return {"chapter": name, "positive tests": len(pos), "positive passed": pos.count("pass"),
            "pass %": round(100.0 * pos.count("pass") / len(pos), 1) if pos else None,
            "negative tests": len(neg), "right reason": neg.count("pass"), "wrong reason": neg.count("wrong-reason"),
            "accepted": neg.count("accepted"), "crash": every.count("crash"), "timeout": every.count("timeout"),
            "skipped": pos.count("skip"), "failed": pos.count("fail"), "invalid": every.count("invalid")}


def table_rows(summary: list[TestResult], per_variant: bool = False) -> list[dict[str, Any]]:
    def items(ts: Iterable[TestResult]) -> list[tuple[str, str]]:
        if per_variant:
            return [(t.test.kind, r.outcome) for t in ts for r in t.variants]
        return [(t.test.kind, t.outcome) for t in ts]
    rows = [count_row(c, items(t for t in summary if t.test.chapter == c))
            for c in sorted({t.test.chapter for t in summary})]
    rows.append(count_row("total", items(summary)))
    rows += [count_row(g, items(ts)) for g in GROUPS if (ts := [t for t in summary if g in t.test.groups])]
    return rows


def describe(t: TestResult) -> str:
    """One line for a test in a list: path, failing variant, what amppy said (or what was expected)."""
    r = t.rep
    label = f" [{', '.join(f'{k}={v}' for k, v in r.defines.items())}]" if len(t.test.variants) > 1 else ""
    if t.outcome == "accepted":
        return f"{t.test.rel}{label} (expects {', '.join(t.test.expect.codes) or 'an error'})"
    what = r.diag.brief() if r.diag else (r.detail.strip().splitlines() or [""])[-1]
    return f"{t.test.rel}{label}" + (f" — {what.splitlines()[0][:160]}" if what else "")


def positive_cause(r: Result) -> str:
    if r.diag and r.diag.runtime:
        return f"runtime: {(r.diag.message.splitlines() or [r.diag.code])[0][:100]}"
    if r.diag:
        return r.diag.code
    last = (r.detail.strip().splitlines() or [""])[-1]
    if re.match(r"[\w.]*(Error|Exception)\b", last):
        return f"runtime: {last[:100]}"
    return f"exit status {r.exit_code}"


@dataclasses.dataclass
class Section:
    title: str
    groups: list[tuple[str, list[TestResult]]]    # (cause, tests), most tests first
    list_all: bool = False                        # list every test, not N examples per cause

    @property
    def count(self) -> int:
        return sum(len(ts) for _, ts in self.groups)


def sections(summary: list[TestResult]) -> list[Section]:
    causes: dict[str, list[TestResult]] = {}
    wrong: dict[str, list[TestResult]] = {}
    for t in summary:
        if t.test.kind != "negative" and t.outcome == "fail":
            causes.setdefault(positive_cause(t.rep), []).append(t)
        elif t.outcome == "wrong-reason":
            got = t.rep.diag.code if t.rep.diag else "no diagnostic"
            wrong.setdefault(f"{'/'.join(t.test.expect.codes) or 'no MSVC code'} → {got}", []).append(t)

    def ranked(groups: dict[str, list[TestResult]]) -> list[tuple[str, list[TestResult]]]:
        return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))

    def every(outcome: str, key: str = "") -> list[tuple[str, list[TestResult]]]:
        ts = [t for t in summary if t.outcome == outcome]
        return [(key or outcome, ts)] if ts else []
    return [Section("Failed positive tests, by first error", ranked(causes)),
            Section("Negative tests rejected for another reason (expected MSVC → amppy's first error)",
                    ranked(wrong)),
            Section("FALSE ACCEPTANCES (negative tests amppy accepted)", every("accepted"), True),
            Section("Crashes (internal compiler errors, signals)", every("crash"), True),
            Section("Timeouts", every("timeout"), True),
            Section("Invalid tests (the runner could not read them)", every("invalid"), True),
            Section("Skipped positive tests", every("skip", "exit 2 (runall_skip)"))]


def _cell(row: dict[str, Any], col: str) -> str:
    v = row[col]
    return "—" if v is None else (f"{v:.1f}" if isinstance(v, float) else str(v))


def render_text(summary: list[TestResult], target: str, examples: int, note: str = "") -> str:
    rows = table_rows(summary)
    widths = [max(len(c), *(len(_cell(r, c)) for r in rows)) for c in COLUMNS]
    fmt = "  ".join(f"{{:{'<' if i == 0 else '>'}{w}}}" for i, w in enumerate(widths))
    rule = fmt.format(*("-" * w for w in widths))
    lines = [f"C++ AMP conformance, amppy --target {target}: {len(summary)} tests{note}", "", fmt.format(*COLUMNS), rule]
    for r in rows:
        lines += [rule] if r["chapter"] in ("total", GROUPS[0]) else []
        lines.append(fmt.format(*(_cell(r, c) for c in COLUMNS)))
    lines.append(f"({TABLE_NOTE})")
    for s in sections(summary):
        if not s.count:
            continue
        if s.list_all:
            lines += ["", f"{s.title}: {s.count}"] + [f"  {describe(t)}" for _, ts in s.groups for t in ts]
            continue
        lines += ["", f"{s.title}:"]
        for key, ts in s.groups:
            lines += [f"  {len(ts):5}  {key}"] + [f"           {describe(t)}" for t in ts[:examples]]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def render_markdown(summary: list[TestResult], target: str, examples: int, note: str = "") -> str:
    out = [f"C++ AMP conformance suite, `amppy --target {target}`: {len(summary)} tests{note}.", "",
           "| " + " | ".join(COLUMNS) + " |", "|---|" + "---:|" * (len(COLUMNS) - 1)]
    for r in table_rows(summary):
        name = f"**{r['chapter']}**" if r["chapter"] == "total" else f"`{r['chapter']}`"
        out.append("| " + " | ".join([name] + [_cell(r, c) for c in COLUMNS[1:]]) + " |")
    out += ["", TABLE_NOTE[0].upper() + TABLE_NOTE[1:] + "."]
    for s in sections(summary):
        if not s.count:
            continue
        out += ["", f"### {s.title} ({s.count})", ""]
        if s.list_all:
            out += [f"- {_md(describe(t))}" for _, ts in s.groups for t in ts]
        else:
            out += ["| cause | tests | examples |", "|---|---:|---|"]
            out += [f"| {_md(key)} | {len(ts)} | {'<br>'.join(_md(describe(t)) for t in ts[:examples])} |"
                    for key, ts in s.groups]
    return "\n".join(out) + "\n"


def render_json(summary: list[TestResult], target: str, examples: int, note: str = "") -> str:
    data = {"target": target, "note": note.strip(" ()") or None, "tests": len(summary),
            "variants": sum(len(t.variants) for t in summary), "rows": table_rows(summary),
            "variant_rows": table_rows(summary, per_variant=True),
            "sections": [{"title": s.title, "count": s.count,
                          "groups": [{"cause": k, "count": len(ts),
                                      "tests": [describe(t) for t in (ts if s.list_all else ts[:examples])]}
                                     for k, ts in s.groups]} for s in sections(summary)],
            "results": [{"path": t.test.rel, "kind": t.test.kind, "chapter": t.test.chapter, "groups": t.test.groups,
                         "outcome": t.outcome, "variants": len(t.variants)} for t in summary]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def render_list(tests: list[Test]) -> str:
    lines = []
    for t in tests:
        extra = []
        if t.expect.codes:
            unknown = [c for c in t.expect.codes if c not in reasons.REASONS]
            extra.append("expects " + ",".join(t.expect.codes) + (f" (not in reasons.py: {','.join(unknown)})"
                                                                  if unknown else ""))
        elif t.expect.negative:
            extra.append("expects an error")
        if t.expect.lines:
            extra.append("lines " + ",".join(map(str, t.expect.lines)))
        extra += t.groups
        if t.error:
            extra.append(f"INVALID: {t.error}")
        lines.append(f"{t.kind:12} {t.rel}  {len(t.variants)} variant{'s' if len(t.variants) != 1 else ''}"
                     + (f"  {'; '.join(extra)}" if extra else ""))
        if len(t.variants) > 1 or t.variants[0]:
            lines += ["    " + (" ".join(shlex.quote(f"-D{k}={v}") for k, v in d.items()) or "(no defines)")
                      for d in t.variants]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------------------------
# CLI

def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("suite", help="the amp-conformance folder (or its Tests/ folder)")
    ap.add_argument("--target", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="parallel amppy processes")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per amppy invocation (default 120)")
    ap.add_argument("--filter", metavar="REGEX", help="only tests whose path under Tests/ matches")
    ap.add_argument("--chapter", metavar="NAME", help="a top-level folder of Tests/, or 'tiling' / 'restrictions'")
    ap.add_argument("--kind", choices=KINDS, help="only positive (run), compile-only or negative tests")
    ap.add_argument("--format", choices=["text", "json", "markdown"], default="text")
    ap.add_argument("--out", metavar="FILE", help="also write the report to FILE")
    ap.add_argument("--save", metavar="FILE", help="one JSON line per test variant")
    ap.add_argument("--examples", type=int, default=5, metavar="N", help="example tests per failure group (default 5)")
    ap.add_argument("--amppy", metavar="CMD", help="how to call amppy (default: this Python's `-m amppy`)")
    ap.add_argument("-I", dest="includes", action="append", default=[], metavar="DIR",
                    help="pass `-I DIR` to amppy (e.g. the suite's amp_test_lib/inc)")
    ap.add_argument("--no-cache", action="store_true", help="AMPPY_NO_RUN_CACHE=1: translate every run again")
    ap.add_argument("--no-line-check", action="store_true",
                    help="judge negatives by the error code only (some Expects line numbers are stale)")
    ap.add_argument("--deadline", type=float, metavar="SECONDS",
                    help="stop after SECONDS and report the tests that finished (a machine lent for a while)")
    ap.add_argument("--list", action="store_true", help="print the tests, variants, kinds and expectations; run nothing")
    ap.add_argument("-v", "--verbose", action="store_true", help="a progress line per finished test on stderr")
    opts = ap.parse_args(argv)

    root = tests_root(Path(opts.suite))
    if not root.is_dir():
        ap.error(f"{opts.suite}: not a folder")
    try:
        tests = select(discover(root), opts.filter, opts.chapter, opts.kind)
    except re.error as e:
        ap.error(f"--filter: {e}")
    if opts.chapter and not tests:
        print(f"no tests in chapter {opts.chapter!r} (chapters: top-level folders of {root}, "
              f"{', '.join(GROUPS)})", file=sys.stderr)
    if opts.list:
        sys.stdout.write(render_list(tests))
        return 0

    amppy = shlex.split(opts.amppy) if opts.amppy else [sys.executable, "-m", "amppy"]
    runner = Runner(amppy, opts.target, opts.timeout, opts.includes, opts.no_cache, not opts.no_line_check)
    results, interrupted = run_all(runner, tests, opts.jobs, opts.verbose, opts.deadline)
    summary = summarize(results)
    note = f" (interrupted: {len(summary)} of {len(tests)} tests finished)" if interrupted else ""
    render = {"text": render_text, "json": render_json, "markdown": render_markdown}[opts.format]
    report = render(summary, opts.target, opts.examples, note)
    sys.stdout.write(report)
    if opts.out:
        Path(opts.out).write_text(report, encoding="utf-8")
    if opts.save:
        with open(opts.save, "w", encoding="utf-8") as f:
            for t in summary:
                for r in t.variants:
                    f.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
