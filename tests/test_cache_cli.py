"""The cache and the command line never lose or corrupt anything.

Every kind of file amppy keeps in its cache is damaged in turn, and the next
run must still print the right output; an unusable cache folder falls back to
a temporary one with a warning; `-o` never overwrites the input or fails with
a traceback; `run` of a program without main is a located error; Ctrl-C ends a
running kernel at once; a header that would now shadow an included one
invalidates the run cache.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import zygote
from conftest import SAMPLES, _text

VECTOR_ADD = SAMPLES / "overview" / "vector_add.cpp"
WANT = (SAMPLES / "overview" / "vector_add.expected").read_text()


def amppy(args, cache, **kw):
    """`python -m amppy ARGS` with `cache` as its cache folder, as a process (forked by
    tests/zygote.py: amppy reads its cache folder when it runs, not when it is imported)."""
    env = dict(os.environ, AMPPY_CACHE_DIR=str(cache))
    env.pop("AMPPY_NO_RUN_CACHE", None)
    env.update(kw.pop("env", {}))
    rc, out, err = zygote.run(["-m", "amppy", *map(str, args)], env=env, timeout=600, **kw)
    return subprocess.CompletedProcess(args, rc, _text(out), _text(err))


def _damage(path: Path, how: str) -> None:
    if how == "truncate":
        path.write_bytes(path.read_bytes()[: max(1, path.stat().st_size // 3)])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "garbage":
        path.write_bytes(b"garbage\n\x00\xff")
    elif how == "directory":
        path.unlink()
        path.mkdir()


def _cache_files(cache: Path) -> dict[str, list[Path]]:
    files = [p for p in cache.rglob("*") if p.is_file()]
    return {
        "module": [p for p in files if p.suffix == ".py"],
        "numba index": [p for p in files if p.suffix == ".nbi"],
        "numba data": [p for p in files if p.suffix == ".nbc"],
        "run manifest": [p for p in files if p.parent.name == "runs"],
        "parse tables": [p for p in files if p.name.endswith((".tables", ".lark-cache"))],
    }


DAMAGE = [("module", "truncate"), ("module", "empty"), ("module", "garbage"), ("module", "directory"),
          ("numba index", "truncate"), ("numba index", "garbage"), ("numba data", "truncate"),
          ("numba data", "empty"), ("run manifest", "garbage"), ("run manifest", "directory"),
          ("parse tables", "truncate"), ("parse tables", "garbage")]


@pytest.fixture(scope="module")
def filled_cache(tmp_path_factory) -> Path:
    """A cache that one run of the vector-add sample filled (each damage test damages a copy)."""
    cache = tmp_path_factory.mktemp("filled") / "cache"
    first = amppy(["run", "--target", "cpu", str(VECTOR_ADD)], cache)
    assert (first.returncode, first.stdout) == (0, WANT), first.stderr
    return cache


@pytest.mark.parametrize("kind,how", DAMAGE, ids=[f"{k}-{h}" for k, h in DAMAGE])
def test_damaged_cache_file_is_rebuilt(kind, how, tmp_path, filled_cache):
    cache = tmp_path / "cache"
    shutil.copytree(filled_cache, cache, symlinks=True)
    victims = _cache_files(cache)[kind]
    assert victims, f"no {kind} file in the cache"
    for v in victims:
        _damage(v, how)
    for _ in range(2):                      # the repaired cache must serve the run after, too
        r = amppy(["run", "--target", "cpu", str(VECTOR_ADD)], cache)
        assert (r.returncode, r.stdout) == (0, WANT), r.stderr
        assert "Traceback" not in r.stderr


def test_cache_folder_that_is_a_file_falls_back_with_a_warning(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    r = amppy(["run", "--target", "cpu", str(VECTOR_ADD)], blocker)
    assert (r.returncode, r.stdout) == (0, WANT)
    assert "amppy: warning: cache folder" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes to read-only folders")
def test_read_only_cache_folder_falls_back(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        r = amppy(["run", "--target", "cpu", str(VECTOR_ADD)], ro)
    finally:
        ro.chmod(0o700)
    assert (r.returncode, r.stdout) == (0, WANT) and "warning: cache folder" in r.stderr


def test_new_header_earlier_in_the_include_path_is_noticed(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (b / "v.h").write_text("#define VAL 1\n")
    src = tmp_path / "m.cpp"
    src.write_text('#include <iostream>\n#include "v.h"\nint main() { std::cout << VAL << std::endl; return 0; }\n')
    args = ["run", "--target", "cpu", "-I", str(a), "-I", str(b), str(src)]
    assert amppy(args, tmp_path / "cache").stdout == "1\n"
    (a / "v.h").write_text("#define VAL 2\n")
    assert amppy(args, tmp_path / "cache").stdout == "2\n"


@pytest.mark.parametrize("case", ["input", "directory", "missing folder"])
def test_bad_output_path_is_a_usage_error(case, tmp_path):
    src = tmp_path / "p.cpp"
    shutil.copy(VECTOR_ADD, src)
    out = {"input": src, "directory": tmp_path, "missing folder": tmp_path / "no" / "p.py"}[case]
    r = amppy(["translate", str(src), "-o", str(out)], tmp_path / "cache")
    assert r.returncode == 2 and r.stderr.startswith("amppy: error:") and "Traceback" not in r.stderr
    assert src.read_text() == VECTOR_ADD.read_text()


def test_run_without_main_is_an_error(tmp_path):
    src = tmp_path / "lib.cpp"
    src.write_text("int twice(int x) { return 2 * x; }\n")
    r = amppy(["run", str(src)], tmp_path / "cache")
    assert r.returncode == 1 and "[no-main]" in r.stderr
    assert amppy(["translate", str(src), "-o", "-"], tmp_path / "cache").returncode == 0
    assert amppy(["check", str(src)], tmp_path / "cache").returncode == 0


def test_clean_check_prints_empty_json_list(tmp_path):
    r = amppy(["check", "--diagnostics-format", "json", str(VECTOR_ADD)], tmp_path / "cache")
    assert (r.returncode, r.stderr.strip()) == (0, "[]")


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_running_kernel(tmp_path):
    src = tmp_path / "spin.cpp"
    src.write_text("""#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;
int main() {
    std::vector<int> v(2);
    array_view<int, 1> a(2, v);
    std::cout << "start" << std::endl;
    parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {
        int x = 0;
        for (int k = 0; k < 2000000000; k++) { for (int j = 0; j < 2000000000; j++) { x = x * 3 + j; } }
        a[i] = x;
    });
    std::cout << a[0] << std::endl;
    return 0;
}
""")
    env = dict(os.environ, AMPPY_CACHE_DIR=str(tmp_path / "cache"), PYTHONUNBUFFERED="1")
    p = subprocess.Popen([sys.executable, "-m", "amppy", "run", "--target", "cpu", str(src)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert p.stdout.readline() == "start\n"
        time.sleep(1.0)                     # compiling or running the kernel by now: either way
        p.send_signal(signal.SIGINT)        # SIGINT must end the process, as it ends a C++ program
        rc = p.wait(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
    assert rc in (-signal.SIGINT, 130)


def test_help_and_readme_document_every_environment_variable_and_exit_code():
    import re
    root = Path(__file__).resolve().parent.parent
    code = "".join(p.read_text() for d in ("transpiler", "runtime") for p in (root / d).rglob("*.py"))
    names = set(re.findall(r"environ(?:\.get)?\(?\[?[\"'](AMPPY_[A-Z_]+)", code))
    names.discard("AMPPY_INJECT_FAULT")     # a test hook, not a user setting
    assert {"AMPPY_CACHE_DIR", "AMPPY_NO_RUN_CACHE", "AMPPY_TRACEBACK"} <= names
    readme = (root / "README.md").read_text()
    from amppy.cli import EPILOG
    for name in names:
        assert name in readme and name in EPILOG, name
    for n in ("0", "1", "2", "4"):
        assert re.search(rf"^\| {n} \|", readme, re.M) and re.search(rf"^  {n}  ", EPILOG, re.M), n


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full and /proc")
@pytest.mark.parametrize("out", ["/dev/full", "/proc/amppy-out.py"])
def test_output_that_cannot_be_written_is_a_usage_error(out, tmp_path):
    """A full disk (/dev/full) or a folder that takes no new file: one line, exit 2, no traceback."""
    r = amppy(["translate", "--target", "cpu", str(VECTOR_ADD), "-o", out], tmp_path / "cache")
    assert r.returncode == 2 and r.stdout == ""
    reason = "No space left on device" if out == "/dev/full" else "No such file or directory"
    assert r.stderr == f"amppy: error: cannot write '{out}': {reason}\n"


def test_fallback_cache_folder_is_removed(tmp_path):
    """The temporary folder that replaces an unusable cache goes when amppy exits; one left by a run
    that was killed goes with the next run that needs one."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp / f"amppy-cache-{int(dead.stdout)}-abc123"
    (stale / "modules").mkdir(parents=True)
    for command in (["run", "--target", "cpu", str(VECTOR_ADD)], ["check", str(VECTOR_ADD)]):
        r = amppy(command, blocker, env={"TMPDIR": str(tmp)})
        assert r.returncode == 0 and "amppy: warning: cache folder" in r.stderr and str(tmp) in r.stderr
        assert sorted(p.name for p in tmp.glob("amppy-cache-*")) == []
