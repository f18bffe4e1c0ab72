"""Every sample's `.expected` is what g++ makes of the same program.

Expected outputs must not come from amppy.  This test builds each positive
sample with g++ against `tests/cpp_emu/` (a small CPU emulation of the C++ AMP
API and of the Win32 console calls the samples use) and requires the compiled
program's stdout and exit code to equal the sample's `.expected`/`.exitcode`.
`-fwrapv` gives the two's-complement wraparound C++ compilers produce in
practice (and amppy promises); C++17/20 for the emulation's std::barrier.

The only source rewrite is MSVC's `void main()` -> `int main()` (g++ rejects
it).  New samples are picked up automatically.  Skipped when g++ is absent.
"""
from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import SAMPLE_SOURCES, SAMPLES

EMU = Path(__file__).resolve().parent / "cpp_emu"
GXX = shutil.which("g++")
POSITIVE = sorted(p for p in SAMPLE_SOURCES
                  if "errors" not in p.relative_to(SAMPLES).parts and p.with_suffix(".expected").exists())
IDS = [str(p.relative_to(SAMPLES)) for p in POSITIVE]
FLAGS = ["-std=c++20", "-O1", "-fwrapv", "-pthread", "-w"]


def gxx_source(src: Path) -> str:
    """The sample as g++ accepts it (MSVC's `void main()` is the one rewrite)."""
    text = src.read_text(encoding="utf-8")
    return re.sub(r"^void\s+main\s*\(", "int main(", text, flags=re.M)


def build(src: Path, out_dir: Path) -> tuple[Path | None, str]:
    """Compile `src` with g++ against the emulation; binaries are cached by content."""
    text = gxx_source(src)
    key = hashlib.sha256("\0".join([text, *FLAGS, *(p.read_text() for p in sorted(EMU.glob("*.h")))])
                         .encode()).hexdigest()[:16]
    exe = out_dir / f"{src.stem}-{key}"
    if exe.exists():
        return exe, ""
    cpp = out_dir / f"{src.stem}-{key}.cpp"
    cpp.write_text(text, encoding="utf-8")
    r = subprocess.run([GXX, *FLAGS, f"-I{EMU}", f"-I{src.parent}", "-o", str(exe), str(cpp)],
                       capture_output=True, text=True, timeout=300)
    return (exe if r.returncode == 0 else None), r.stderr


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory):
    if GXX is None:
        pytest.skip("g++ not found: the expected outputs cannot be re-derived here")
    return tmp_path_factory.mktemp("gxx")


@pytest.mark.parametrize("src", POSITIVE, ids=IDS)
def test_expected_output_is_gxx_output(src, out_dir):
    # Each test builds its own program, so that pytest-xdist spreads the g++ runs over workers.
    exe, log = build(src, out_dir)
    assert exe is not None, f"g++ could not build {src.name}:\n{log[-3000:]}"
    stdin = src.with_suffix(".stdin")
    r = subprocess.run([str(exe)], capture_output=True, timeout=300,
                       input=stdin.read_bytes() if stdin.exists() else b"")
    exit_file = src.with_suffix(".exitcode")
    want_rc = int(exit_file.read_text().strip()) if exit_file.exists() else 0
    assert r.stdout.decode("utf-8", "replace") == src.with_suffix(".expected").read_text(encoding="utf-8")
    assert r.returncode == want_rc
