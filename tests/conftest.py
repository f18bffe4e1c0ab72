"""Shared pytest setup: golden files, the `cuda` marker, and running the CLI.

Golden files
------------
Tests that compare against files under `tests/golden/` use the `golden`
fixture.  `pytest --update-golden` rewrites those files from the current output
instead of comparing.  A changed golden file is reviewed like code: read the
diff (`git diff tests/golden`) and commit it only when every change is one you
meant to make; an unexplained change in a golden file is a regression.

The `cuda` marker
-----------------
Tests marked `@pytest.mark.cuda` run only when `numba.cuda.is_available()` is
True.  numba-cuda is imported lazily (only when such a test is collected), and
a missing package is a skip with reason "numba-cuda not installed".

Running the CLI
---------------
`run_amppy(args, stdin="")` runs `python -m amppy *args` as a process of its own (timeout
300 s) and returns `(returncode, stdout, stderr)`. The process is forked from a fork server that
has imported numpy, Numba and amppy once (tests/zygote.py): the same process a fresh interpreter
would be, without a second and a half of start-up per run. `AMPPY_TESTS_NO_ZYGOTE=1` starts a
fresh interpreter every time instead.
"""
from __future__ import annotations

import functools
import importlib.util
import os
from pathlib import Path

import pytest

import zygote

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
SAMPLES = ROOT / "samples"
#: Folders whose .cpp files are units of a several-file program (tests/test_projects.py), not
#: programs of their own.
MULTI_FILE = ("projects", "link", "python")     # (python/: libraries amppy.load loads, no main)
#: Every .cpp of samples/ that is a program (or a negative sample) on its own.
SAMPLE_SOURCES = sorted(p for p in SAMPLES.rglob("*.cpp") if not set(p.relative_to(SAMPLES).parts) & set(MULTI_FILE))


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/golden/ files from the current output instead of comparing "
                          "(review the diff like code before committing)")


# ---- golden files ----------------------------------------------------------------------

@pytest.fixture
def golden(request):
    """`golden(path, actual_text)`: compare with, or with --update-golden rewrite, a golden file.

    `path` is relative to tests/golden/ (or absolute)."""
    update = request.config.getoption("--update-golden")

    def check(path, actual: str) -> None:
        p = Path(path)
        if not p.is_absolute():
            p = GOLDEN_DIR / p
        if update:
            p.parent.mkdir(parents=True, exist_ok=True)
            if not p.exists() or p.read_text(encoding="utf-8") != actual:
                p.write_text(actual, encoding="utf-8")
            return
        if not p.exists():
            pytest.fail(f"golden file {p.relative_to(ROOT)} is missing; "
                        f"run pytest --update-golden and review it", pytrace=False)
        expected = p.read_text(encoding="utf-8")
        if expected != actual:
            import difflib
            diff = "".join(difflib.unified_diff(
                expected.splitlines(True), actual.splitlines(True),
                fromfile=f"{p.relative_to(ROOT)} (golden)", tofile="actual", n=2))
            if len(diff) > 6000:
                diff = diff[:6000] + "\n... (diff truncated)\n"
            pytest.fail(f"output differs from golden file {p.relative_to(ROOT)} "
                        f"(rerun with --update-golden if the change is intended):\n{diff}",
                        pytrace=False)

    return check


# ---- the cuda marker ----------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _cuda_skip_reason() -> str | None:
    if importlib.util.find_spec("numba_cuda") is None:
        return "numba-cuda not installed"
    try:
        from numba import cuda
        if cuda.is_available():
            return None
    except Exception as e:  # a broken driver or toolkit is "no usable GPU"
        return f"CUDA not usable: {type(e).__name__}: {e}"
    return "no usable CUDA GPU (numba.cuda.is_available() is False)"


def pytest_collection_modifyitems(config, items):
    # the longest tests (marked `slow`) first: started last, one of them would leave the other
    # workers idle at the end of the run (stable: the rest keep their order)
    items.sort(key=lambda it: it.get_closest_marker("slow") is None)
    cuda_items = [it for it in items if it.get_closest_marker("cuda") is not None]
    if not cuda_items:
        return
    reason = _cuda_skip_reason()
    if reason is None:
        return
    mark = pytest.mark.skip(reason=reason)
    for it in cuda_items:
        it.add_marker(mark)


# ---- running the command line ---------------------------------------------------------------

def _run_amppy(args, stdin: str = "", *, cwd=None, env=None, timeout: float = 300):
    full_env = dict(os.environ)
    full_env.pop("AMPPY_INJECT_FAULT", None)
    full_env.pop("AMPPY_TRACEBACK", None)
    full_env["NO_COLOR"] = "1"
    full_env.setdefault("PYTHONIOENCODING", "utf-8")
    if env:
        full_env.update(env)
    rc, out, err = zygote.run(["-m", "amppy", *map(str, args)], input=stdin.encode("utf-8"),
                              cwd=cwd, env=full_env, timeout=timeout)
    return rc, _text(out), _text(err)


def _text(data: bytes) -> str:
    """`data` as `subprocess.run(text=True)` gives it (universal newlines)."""
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


@pytest.fixture
def run_amppy():
    """`run_amppy(args, stdin="", cwd=None, env=None)` -> (returncode, stdout, stderr)."""
    return _run_amppy


@pytest.fixture(scope="session")
def samples_dir() -> Path:
    return SAMPLES


# ---- a long kernel --------------------------------------------------------------------------

def long_kernel_source(statements: int) -> str:
    """A program whose kernel is `statements` chained statements (`x = x * 3 + i; y = y ^ x;`)."""
    body = "\n".join(f"        x = x * 3 + {i}; y = y ^ x;" for i in range(statements // 2))
    return f"""#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;
int main() {{
    std::vector<int> v(4);
    array_view<int, 1> a(4, v);
    parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {{
        int x = i[0]; int y = 0;
{body}
        a[i] = x + y;
    }});
    std::cout << a[3] << std::endl;
    return 0;
}}
"""


def long_kernel_result(statements: int) -> int:
    """What `long_kernel_source(statements)` prints: a[3], in 32-bit two's complement."""
    def wrap(v):
        return (v + 2**31) % 2**32 - 2**31
    x, y = 3, 0
    for i in range(statements // 2):
        x = wrap(x * 3 + i)
        y ^= x
    return wrap(x + y)


# ---- helpers for tests of whole programs given as text ----------------------------------------
def run_program(text: str, tmp_path: Path, target: str = "cpu") -> str:
    """The program's output (its translated module run as `python mod.py`, in `tmp_path`).

    The program is translated as `prog.cpp` (the name is all of it the module text holds), and
    the module runs from the place `amppy run` keeps it (`build_cache.module_for`): the same
    text is the same file in every run of the suite, so Numba's cache of its kernels is warm
    the second time."""
    from amppy.diagnostics import DiagnosticSink
    from amppy.driver import Options, translate

    from build_cache import module_for
    src = tmp_path / "prog.cpp"
    src.write_text(text)
    _, py = translate(src.name, Options(target=target), DiagnosticSink(), text)
    mod = module_for(py, src.name, target)
    rc, out, err = zygote.run([str(mod)], cwd=tmp_path, timeout=600)   # `python mod.py`, forked
    assert rc == 0, _text(err)
    return _text(out)


def diagnostics_of(text: str) -> list[str]:
    """`message [code]` of every diagnostic `amppy check` gives the program."""
    from amppy.diagnostics import CompileError, DiagnosticSink
    from amppy.driver import Options, analyse
    sink = DiagnosticSink()
    try:
        analyse("prog.cpp", Options(), sink, text)
    except CompileError:
        pass
    return [f"{d.message} [{d.code}]" for d in sink.diagnostics]
