"""Content-addressed places for what tests build, so that a second run is warm in any checkout.

The suite's slow parts are compiling: g++ builds of the samples (the oracle for the expected
outputs) and Numba's compilation of the kernels of every translated program.  Both are kept in
the user's cache folder, the one amppy itself uses (`amppy.modcache.cache_root()`:
`$AMPPY_CACHE_DIR`, else `$XDG_CACHE_HOME/amppy`, else `~/.cache/amppy`), under names that are a
hash of everything that decides what is built, never of the folder the checkout is in:

- `gxx_build()`: a g++ executable, keyed by the text of every source and of every file it
  includes from the include folders (the C++ AMP emulation `tests/cpp_emu/` among them), the
  flags, and `g++ --version`.  A changed source, header, flag or compiler builds anew.
- `program_file()`: a program a test makes, as a file whose path is a hash of its name and
  text, so that what amppy keeps for it (run cache, module, Numba's kernels) is found again.
- `module_for()`: a translated module, at the very path `amppy run` keeps it
  (`modcache.module_path`: keyed by the module's text, amppy's version and the target), so the
  plain-`python` run of a module finds the kernels `amppy run` of the same program compiled
  (Numba's cache files lie beside the module) and the other way round.

Tests keep their isolation: what a program writes goes to the test's own `tmp_path` (its
working directory), and only files that are the same for the same content are shared.  The
module text carries the program's file name as it was given to amppy, so tests name programs
by a path relative to their working directory (`samples/...`, `p.cpp`), which is the same in
every checkout.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
EMU = TESTS / "cpp_emu"
GXX = shutil.which("g++")

_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]', re.M)

def cache_dir(*parts: str) -> Path:
    """A folder under the user's amppy cache, `tests/<parts...>` (made when missing)."""
    from amppy.modcache import cache_root
    folder = Path(cache_root(), "tests", *parts)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _write_atomic(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


@functools.lru_cache(maxsize=None)
def gxx_version() -> str:
    """`g++ --version` (the compiler is part of every build's key)."""
    r = subprocess.run([GXX, "--version"], capture_output=True, text=True, timeout=60)
    return f"{GXX}\n{r.stdout}"


@functools.lru_cache(maxsize=None)
def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def _included(files: dict[str, str], include_dirs: list[Path]) -> list[tuple[str, str]]:
    """(name as written, sha256) of every file the program can include from `include_dirs` (the sources'
    `#include` lines, then the included files' own, followed through): what decides the build
    beside the sources themselves.  Headers found nowhere there are the compiler's own (its
    version is in the key); a file of an include folder is hashed only when it is included, so
    editing one sample does not rebuild the others of its folder."""
    seen: set[str] = set()
    found: set[tuple[str, str]] = set()
    todo = [(os.path.dirname(f) if os.path.isabs(f) else None, text) for f, text in files.items()]
    while todo:
        where, text = todo.pop()
        for name in _INCLUDE.findall(text):
            for d in ([where] if where else []) + [str(d) for d in include_dirs]:
                full = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(full):
                    data = _read(full)
                    found.add((name, hashlib.sha256(data).hexdigest()))   # as written: no folder
                    if full not in seen:
                        seen.add(full)
                        todo.append((os.path.dirname(full), data.decode("utf-8", "replace")))
                    break
    return sorted(found)


def _relative(path: Path) -> str:
    """`path` without the checkout's folder (the key of a build is the same in every checkout)."""
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def gxx_build(files: dict[str, str], flags: list[str], include_dirs: list[Path] = (),
              name: str = "prog", sources: list[Path] = ()) -> tuple[Path | None, str]:
    """Build the program made of `files` (file name -> text; the `.cpp`/`.cc`/`.cxx` ones are
    compiled, the others are there to be included) and of the source files `sources` (compiled
    where they are, for their includes relative to themselves) with g++, `flags` and `-I` for
    each of `include_dirs`.  Returns (the executable, "") or (None, g++'s messages).

    The executable is kept in the user cache, keyed by every input's content (see the module
    doc); a build that failed is not kept (the next run tries again)."""
    texts = dict(files)
    texts.update({str(p): p.read_text(encoding="utf-8") for p in sources})
    key = hashlib.sha256(repr((gxx_version(), list(flags), sorted(files.items()),
                               [(_relative(p), texts[str(p)]) for p in sources],
                               _included(texts, include_dirs))).encode()).hexdigest()[:24]
    folder = cache_dir("gxx", key)
    exe = folder / name
    if exe.is_file() and os.access(exe, os.X_OK):
        return exe, ""
    for fname, text in files.items():
        _write_atomic(folder / fname, text.encode("utf-8"))
    units = [fname for fname in files if fname.endswith((".cpp", ".cc", ".cxx"))] + [str(p) for p in sources]
    tmp = folder / f".{name}.{os.getpid()}.tmp"
    command = [GXX, *flags, *(f"-I{d}" for d in include_dirs), "-o", str(tmp), *units]
    pch = _emulation_pch(flags) if EMU in include_dirs and all(
        _starts_with_include(texts[u]) for u in units) else None
    r = None
    if pch is not None and units:     # the emulation and the standard headers read once, not once per build
        r = subprocess.run([*command[:-len(units)], "-include", str(pch), *units],
                           capture_output=True, text=True, timeout=600, cwd=folder)
    if r is None or r.returncode != 0:      # (a program the forced include does not suit: built as written)
        r = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=folder)
    if r.returncode != 0:
        tmp.unlink(missing_ok=True)
        return None, r.stderr
    os.replace(tmp, exe)            # whole or not at all: a concurrent test never runs half a file
    return exe, r.stderr


#: What the precompiled header holds: the C++ AMP emulation (and the standard headers it includes)
#: and the two standard headers nearly every program includes beside it.
PCH_TEXT = "#include <amp.h>\n#include <iostream>\n#include <vector>\n"
_DIRECTIVE = re.compile(r'^[ \t]*#[ \t]*(\w+)', re.M)


def _starts_with_include(text: str) -> bool:
    """The program's first preprocessing directive is an `#include` (no macro it defines before
    then could change what the precompiled headers hold, which are read before the program)."""
    m = _DIRECTIVE.search(text)
    return m is not None and m.group(1) == "include"


def _emulation_pch(flags: list[str]) -> Path | None:
    """`PCH_TEXT` as a header with its precompiled form (`.gch`) beside it, for `-include`:
    g++ reads the precompiled form when it was made with the same options (the key holds the
    flags, the emulation headers' text and `g++ --version`), else the header itself, so a
    stale or unusable one costs time, never correctness. None when it cannot be built."""
    key = hashlib.sha256(repr((gxx_version(), sorted(flags), PCH_TEXT,
                               _included({"pch.h": PCH_TEXT}, [EMU]))).encode()).hexdigest()[:24]
    folder = cache_dir("gxx-pch", key)
    header, gch = folder / "emulation.h", folder / "emulation.h.gch"
    if gch.is_file():
        return header
    _write_atomic(header, PCH_TEXT.encode())
    tmp = folder / f".emulation.h.{os.getpid()}.gch.tmp"
    r = subprocess.run([GXX, *flags, f"-I{EMU}", "-x", "c++-header", str(header), "-o", str(tmp)],
                       capture_output=True, text=True, timeout=600, cwd=folder)
    if r.returncode != 0:
        tmp.unlink(missing_ok=True)
        return None
    os.replace(tmp, gch)
    return header


def program_file(text: str, name: str = "prog.cpp") -> Path:
    """The program `text` as the file `name` in a folder of the user cache named by a hash of
    both, for tests that `amppy run` (or `check`, or `translate -o ...`) a program they make.

    Its path is the same in every run of the suite and every checkout, so the module text
    (which names the file) is too, and amppy's run cache and Numba's kernel cache are warm the
    second time.  The folder holds nothing but that file (amppy's `run` writes nothing beside
    it, and a program writes into its working directory); do not `translate` it without
    `-o` (that would write `NAME.py` beside it, for another test to find)."""
    key = hashlib.sha256(f"{name}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()[:24]
    path = cache_dir("programs", key) / name
    _write_atomic(path, text.encode("utf-8", "surrogatepass"))
    return path


def module_for(text: str, name: str, target: str = "cpu") -> Path:
    """The translated module `text` (of the program file `name`) at the path `amppy run` keeps
    the same module (written there when missing or different), so Numba's cache beside it is
    shared with `amppy run` and with earlier runs of the suite."""
    from amppy.modcache import module_path
    return Path(module_path(name, text, target))


def link_samples(folder: Path) -> None:
    """Make `folder/samples` the checkout's samples folder, so that a program run with `folder`
    as its working directory is named `samples/...` (the same text in every checkout) and what
    it writes stays in `folder`."""
    (folder / "samples").symlink_to(ROOT / "samples", target_is_directory=True)
