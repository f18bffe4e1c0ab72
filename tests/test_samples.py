"""Golden-output tests: every positive sample prints exactly its `.expected` bytes.

Each `samples/**/*.cpp` outside `samples/errors/` has `X.expected` (exact
stdout) and optionally `X.exitcode` (default 0).  Both `amppy run` and the
Python that `amppy translate` writes, run with plain `python`, must print the
same bytes.  `pytest --update-golden` rewrites `.expected` files from amppy's
output; review such a diff like code (most were derived independently, see
tests/reference_outputs.py).  The same programs run on an NVIDIA GPU under the
`cuda` marker.

`amppy run` executes the very module file `amppy translate` writes (runpy, from its cache), so
the plain-`python` run checks that the module stands alone (its imports, no state of amppy's
process); it runs for the first two samples of each folder and every `names/` sample (Python
keywords and built-ins as C++ names). The `names/` ones run in a fresh interpreter, the others
in a process forked from the tests' fork server (tests/zygote.py: a process that has imported
numpy, Numba and amppy, and translated nothing).

Speed (tests/build_cache.py): amppy is given each sample as `samples/<folder>/<name>.cpp`, from
a working directory whose `samples` is the checkout's (a link in the test's `tmp_path`), so the
module text (which names the file as given) and with it amppy's module and run caches and
Numba's kernel cache are the same in every checkout; what a program writes stays in `tmp_path`.
The plain-`python` run runs the translation from the place `amppy run` keeps the same module,
so the two tests compile each program's kernels once between them.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from build_cache import link_samples, module_for
import zygote
from conftest import SAMPLE_SOURCES, SAMPLES, _text

POSITIVE = [p for p in SAMPLE_SOURCES if "errors" not in p.relative_to(SAMPLES).parts]
IDS = [str(p.relative_to(SAMPLES)) for p in POSITIVE]


def _standalone(samples: list[Path]) -> list[Path]:
    by_folder: dict[str, list[Path]] = {}
    for p in sorted(samples):
        by_folder.setdefault(p.relative_to(SAMPLES).parts[0], []).append(p)
    return [p for folder, ps in sorted(by_folder.items()) for p in (ps if folder == "names" else ps[:2])]


STANDALONE = _standalone(POSITIVE)


def _expected_exit(src: Path) -> int:
    f = src.with_suffix(".exitcode")
    return int(f.read_text().strip()) if f.exists() else 0


def _named(src: Path, tmp_path: Path) -> str:
    """`src` as amppy is given it: `samples/...`, from `tmp_path` (the working directory)."""
    link_samples(tmp_path)
    return (Path("samples") / src.relative_to(SAMPLES)).as_posix()


def _check(golden, src: Path, rc: int, out: str, err: str) -> None:
    assert "Traceback" not in err, err
    golden(src.with_suffix(".expected"), out)
    assert rc == _expected_exit(src), f"exit code {rc}, stderr:\n{err}"


@pytest.mark.parametrize("src", POSITIVE, ids=IDS)
def test_run_cpu(src, golden, run_amppy, tmp_path):
    rc, out, err = run_amppy(["run", "--target", "cpu", _named(src, tmp_path)], cwd=tmp_path)
    _check(golden, src, rc, out, err)


@pytest.mark.parametrize("src", STANDALONE, ids=[str(p.relative_to(SAMPLES)) for p in STANDALONE])
def test_translated_module_runs_with_plain_python(src, tmp_path, golden, monkeypatch, capsys):
    # `amppy translate` in this process (its command line, cli.main; `python -m amppy` as a process
    # is test_run_cpu's): a process of its own would cost a second interpreter start per sample
    from amppy.cli import main
    py = tmp_path / (src.stem + ".py")
    monkeypatch.chdir(tmp_path)
    assert main(["translate", "--target", "cpu", _named(src, tmp_path), "-o", py.name]) == 0, capsys.readouterr().err
    text = py.read_text(encoding="utf-8")
    assert "amppy" in text.splitlines()[0]
    # run from where `amppy run` keeps this module: its kernels are compiled once for both tests
    # (and kept for the next run of the suite)
    module = module_for(text, src.name, "cpu")
    if src.relative_to(SAMPLES).parts[0] == "names":     # a fresh interpreter (Python's own names)
        r = subprocess.run([sys.executable, str(module)], capture_output=True, text=True, timeout=300,
                           stdin=subprocess.DEVNULL, cwd=tmp_path)
        _check(golden, src, r.returncode, r.stdout, r.stderr)
    else:                               # `python module.py`, forked from tests/zygote.py
        rc, out, err = zygote.run([str(module)], cwd=tmp_path, timeout=300)
        _check(golden, src, rc, _text(out), _text(err))


@pytest.mark.cuda
@pytest.mark.parametrize("src", POSITIVE, ids=IDS)
def test_run_cuda(src, golden, run_amppy, tmp_path):
    rc, out, err = run_amppy(["run", "--target", "cuda", _named(src, tmp_path)], cwd=tmp_path)
    _check(golden, src, rc, out, err)
