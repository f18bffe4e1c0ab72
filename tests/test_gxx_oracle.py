"""Every sample's `.expected` is what g++ makes of the same program.

Expected outputs must not come from amppy.  This test builds each positive
sample with g++ against `tests/cpp_emu/` (a small CPU emulation of the C++ AMP
API and of the Win32 console calls the samples use) and requires the compiled
program's stdout and exit code to equal the sample's `.expected`/`.exitcode`.
`-fwrapv` gives the two's-complement wraparound C++ compilers produce in
practice (and amppy promises); C++17/20 for the emulation's std::barrier.

The only source rewrite is MSVC's `void main()` -> `int main()` (g++ rejects
it).  New samples are picked up automatically.  Skipped when g++ is absent.
`BY_HAND` lists the samples whose C++ g++ does not take, with the reason.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from build_cache import EMU, GXX, gxx_build
from conftest import SAMPLE_SOURCES, SAMPLES

#: samples whose `.expected` is worked out by hand (each value is in the sample's comments), with
#: why g++ cannot make it
BY_HAND = {"syntax/properties.cpp": "g++ has no __declspec(property(...))",
           "syntax/msvc_extensions.cpp": "g++ binds no temporary to a non-const reference and names "
                                         "types otherwise in typeid(T).name()",
           "kernels/kernel_pointers_more.cpp": "overloads that differ only in restrict(...) (the emulation's "
                                               "restrict() is empty)"}
POSITIVE = sorted(p for p in SAMPLE_SOURCES
                  if "errors" not in p.relative_to(SAMPLES).parts and p.with_suffix(".expected").exists()
                  and p.relative_to(SAMPLES).as_posix() not in BY_HAND)
IDS = [str(p.relative_to(SAMPLES)) for p in POSITIVE]


def test_by_hand_samples_exist():
    for rel in BY_HAND:
        assert (SAMPLES / rel).with_suffix(".expected").exists(), f"{rel}: no such sample any more"
FLAGS = ["-std=c++20", "-O1", "-fwrapv", "-pthread", "-w"]


def gxx_source(src: Path) -> str:
    """The sample as g++ accepts it (MSVC's `void main()` is the one rewrite)."""
    text = src.read_text(encoding="utf-8")
    return re.sub(r"^void\s+main\s*\(", "int main(", text, flags=re.M)


def build(src: Path) -> tuple[Path | None, str]:
    """Compile `src` with g++ against the emulation.  The binary is kept in the user cache
    (`build_cache.gxx_build`), keyed by the source, every emulation header and every file beside
    the sample that it could include, the flags and `g++ --version`: a second run of the suite,
    in any checkout, builds only what changed."""
    return gxx_build({f"{src.stem}.cpp": gxx_source(src)}, FLAGS, [EMU, src.parent], name=src.stem)


@pytest.mark.skipif(GXX is None, reason="g++ not found: the expected outputs cannot be re-derived here")
@pytest.mark.parametrize("src", POSITIVE, ids=IDS)
def test_expected_output_is_gxx_output(src, tmp_path):
    # Each test builds its own program, so that pytest-xdist spreads the g++ runs over workers.
    exe, log = build(src)
    assert exe is not None, f"g++ could not build {src.name}:\n{log[-3000:]}"
    stdin = src.with_suffix(".stdin")
    # the test's own folder as the working directory: what a program writes stays there
    r = subprocess.run([str(exe)], capture_output=True, timeout=300, cwd=tmp_path,
                       input=stdin.read_bytes() if stdin.exists() else b"")
    exit_file = src.with_suffix(".exitcode")
    want_rc = int(exit_file.read_text().strip()) if exit_file.exists() else 0
    assert r.stdout.decode("utf-8", "replace") == src.with_suffix(".expected").read_text(encoding="utf-8")
    assert r.returncode == want_rc
