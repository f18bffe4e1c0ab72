"""Validation rules (DESIGN §5): negative samples with inline expectations, clean positive
samples, -Werror, JSON codes, and what the passes cost.

Expectations in samples/errors/rules/*.cpp, compared as a set of (line, severity, substring
of "message [code]"):

    x = 1;  // expected-error {{substring}}        on this line
    // expected-warning@+1 {{substring}}           on the next line (@-N: N lines up)
    // expected-no-diagnostics                     the file checks clean

Every expectation must be met by a diagnostic on its line, and every error or warning
reported must be expected.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from amppy import driver
from amppy.diagnostics import CompileError, DiagnosticSink
from conftest import SAMPLE_SOURCES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
RULES = SAMPLES / "errors" / "rules"
RULE_FILES = sorted(RULES.glob("*.cpp"))
POSITIVE = [p for p in SAMPLE_SOURCES if "errors" not in p.relative_to(SAMPLES).parts]

_EXPECT = re.compile(r"expected-(error|warning|note)(?:@([+-]\d+))?\s*\{\{(.*?)\}\}")

#: Samples whose expectations amppy cannot meet yet, and why (strict: they fail once fixed).
KNOWN_GAPS: dict[str, str] = {}


def expectations(path: Path) -> tuple[set, bool]:
    out = set()
    text = path.read_text(encoding="utf-8")
    for i, line in enumerate(text.splitlines(), 1):
        for sev, offset, sub in _EXPECT.findall(line):
            out.add((i + int(offset or 0), sev, sub))
    return out, "expected-no-diagnostics" in text


def check(path: Path, werror: bool = False) -> DiagnosticSink:
    """`amppy check` in-process: the diagnostics it reports."""
    sink = DiagnosticSink(werror=werror)
    try:
        driver.analyse(str(path), driver.Options(werror=werror), sink)
    except CompileError:
        pass
    return sink


def _text(d) -> str:
    return f"{d.message} [{d.code}]"


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.name, marks=[pytest.mark.xfail(reason=KNOWN_GAPS[p.name], strict=True)]
                 if p.name in KNOWN_GAPS else [])
    for p in RULE_FILES])
def test_rule_sample(path):
    expected, clean = expectations(path)
    assert expected or clean, f"{path.name} has no expectations"
    diags = check(path).diagnostics
    got = [(d.span.line if d.span else 0, d.severity, _text(d)) for d in diags]
    missing = [e for e in expected
               if not any(line == e[0] and sev == e[1] and e[2] in text for line, sev, text in got)]
    unexpected = [g for g in got if g[1] in ("error", "warning") and
                  not any(g[0] == e[0] and g[1] == e[1] and e[2] in g[2] for e in expected)]
    assert not missing and not unexpected, (
        f"\nmissing:    {sorted(missing)}\nunexpected: {unexpected}")


def test_every_rule_code_has_a_sample():
    codes = {"amp-tile-static-init", "amp-tile-static-context", "amp-barrier-divergent", "amp-tile-shape",
             "amp-tiled-index-mismatch", "amp-capture", "amp-restrict", "amp-tile-static-race"}
    seen = {c for p in RULE_FILES for _, _, s in expectations(p)[0] for c in re.findall(r"\[([\w-]+)\]", s)}
    assert codes <= seen, f"no negative sample for {sorted(codes - seen)}"


@pytest.mark.parametrize("path", POSITIVE, ids=[str(p.relative_to(SAMPLES)) for p in POSITIVE])
def test_positive_sample_checks_clean(path):
    diags = check(path).diagnostics
    assert diags == [], "\n".join(f"{d.span}: {d.severity}: {_text(d)}" for d in diags)


def test_race_is_a_warning_and_werror_makes_it_an_error(run_amppy):
    rc, out, err = run_amppy(["check", "race_block3.cpp"], cwd=RULES)
    assert rc == 0 and out == ""
    assert "race_block3.cpp:30:9: warning: " in err and "[amp-tile-static-race]" in err
    rc, out, err = run_amppy(["check", "-Werror", "race_block3.cpp"], cwd=RULES)
    assert rc == 1
    assert "race_block3.cpp:30:9: error: " in err and "[amp-tile-static-race]" in err
    assert "Traceback" not in err


def test_json_output_has_codes(run_amppy):
    rc, _, err = run_amppy(["check", "--diagnostics-format", "json", "barrier_if_local.cpp"], cwd=RULES)
    assert rc == 1
    [d] = json.loads(err)
    assert d["code"] == "amp-barrier-divergent" and d["severity"] == "error"
    assert (d["span"]["line"], d["span"]["column"]) == (16, 13)
    assert d["notes"][0]["span"]["line"] == 14 and d["help"]
    rc, _, err = run_amppy(["check", "--diagnostics-format", "json", "race_block3.cpp"], cwd=RULES)
    assert rc == 0
    assert [d["code"] for d in json.loads(err)] == ["amp-tile-static-race"]


def test_every_code_is_documented():
    """docs/diagnostics.md has a row for every code the sources can report."""
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "transpiler").rglob("*.py"))
    codes = set(re.findall(r"(?:error|warning|_SyntaxProblem)\(\s*\"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\"", src))
    codes |= set(re.findall(r"\"(pp-[a-z-]+)\"", src))
    codes |= set(re.findall(r"\"(amp-[a-z-]+)\"", src))
    doc = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z0-9-]+)`", doc, re.M))
    assert len(codes) > 40
    assert codes <= documented, f"undocumented codes: {sorted(codes - documented)}"
