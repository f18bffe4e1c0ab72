"""Where `amppy run` keeps generated modules so Numba's on-disk cache works.

A module's path is stable for a given program text, amppy version and target
(a content hash), so the second run of a program finds Numba's compiled
kernels (`cache=True`) next to it and skips compilation.
"""
from __future__ import annotations

import hashlib
import os
import re

from . import __version__


_ROOT: dict[str, str] = {}     # configured root -> the root in use (a fallback is made once)


def _usable(root: str) -> bool:
    """`root` is (or can be made) a writable directory."""
    try:
        os.makedirs(root, exist_ok=True)
        probe = os.path.join(root, f".probe-{os.getpid()}")
        with open(probe, "wb"):
            pass
        os.remove(probe)
        return True
    except OSError:
        return False


def cache_root() -> str:
    """`$AMPPY_CACHE_DIR`, else `$XDG_CACHE_HOME/amppy`, else `~/.cache/amppy`.  A root that
    cannot be written (read-only, a file, ...) is replaced by a private temporary folder,
    with one warning: the program still runs, only without reuse across runs."""
    root = os.environ.get("AMPPY_CACHE_DIR")
    if not root:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        root = os.path.join(base, "amppy")
    if root in _ROOT:
        return _ROOT[root]
    configured = root
    if not _usable(root):
        import sys
        fallback = _temporary_root()
        sys.stderr.write(f"amppy: warning: cache folder '{root}' cannot be written; "
                         f"using '{fallback}' for this run (set AMPPY_CACHE_DIR to a writable folder)\n")
        root = fallback
    _ROOT[configured] = root
    return root


_TEMPORARY = "amppy-cache-"


def _temporary_root() -> str:
    """A private folder for this process's run, removed when it exits.  Its name holds the process
    id, so the folders of runs that could not clean up (killed, Ctrl-C) are removed by the next
    run that needs one."""
    import atexit
    import shutil
    import tempfile
    folder = tempfile.gettempdir()
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    for name in names:
        m = re.fullmatch(re.escape(_TEMPORARY) + r"(\d+)-\w+", name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
    root = tempfile.mkdtemp(prefix=f"{_TEMPORARY}{os.getpid()}-")
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    return root


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:                     # another user's process: alive
        return True
    return True


def write_atomic(path: str, data: bytes) -> None:
    """Write `path` whole or not at all: a concurrent reader never sees half a file."""
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def module_path(cpp_file: str, source: str, target: str) -> str:
    digest = hashlib.sha256(f"{__version__}\0{target}\0{source}".encode()).hexdigest()[:20]
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(cpp_file))[0]) or "program"
    folder = os.path.join(cache_root(), "modules", digest)
    path = os.path.join(folder, f"{stem}.py")
    data = source.encode("utf-8")
    if _read(path) != data:                 # missing, truncated, edited or not a file: write anew
        if os.path.isdir(path):
            import shutil
            shutil.rmtree(path, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
        write_atomic(path, data)
    drop_broken_numba_cache(folder)
    return path


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _pickle_ok(data: bytes, count: int) -> bool:
    """`data` holds `count` complete pickles (checked opcode by opcode, nothing is built)."""
    import io
    import pickletools
    f = io.BytesIO(data)
    try:
        for _ in range(count):
            for _op in pickletools.genops(f):
                pass
    except Exception:                       # truncated or not a pickle at all
        return False
    return True


def drop_broken_numba_cache(folder: str) -> None:
    """Remove Numba's cache files next to a module when any of them is damaged.

    Numba loads its index (`.nbi`: a version pickle, then the index pickle) and data
    (`.nbc`) files without a fallback, so one truncated file would fail every run;
    without them Numba compiles again and writes fresh ones."""
    cache = os.path.join(folder, "__pycache__")
    try:
        names = os.listdir(cache)
    except OSError:
        return
    for name in names:
        full = os.path.join(cache, name)
        if name.endswith((".nbi", ".nbc")):
            data = _read(full)
            if data is None or not _pickle_ok(data, 2 if name.endswith(".nbi") else 1):
                import shutil
                shutil.rmtree(cache, ignore_errors=True)
                return


# ----------------------------------------------------------------------------- run cache
# `amppy run` of an unchanged program skips translation: a manifest per (program, options,
# compiler) records the generated module and a hash of every file the preprocessor read
# (the main file and its user includes, `pp.sources`).  A run whose key matches and whose
# recorded files all still hash the same runs the recorded module directly.
#
# The key covers: the amppy version and a fingerprint of amppy's own code (the text of every
# .py/.lark/.h file of the package, under its name inside the package, so editing the compiler
# invalidates it but a new checkout or install of the same code does not), the file name as
# given (it appears in the generated code), the target and every option that changes the
# output.  The working directory is not in it: relative names resolve against it, and the
# manifest's check of every file it read (by the recorded name, so against the current working
# directory) and of the names probed absent is what makes reuse right.  Limitation: a new
# file that would now shadow a recorded include earlier in the search path (the including
# file's directory, then -I) is not noticed; `AMPPY_NO_RUN_CACHE=1` turns the run cache off.
# Translations with diagnostics (warnings) are never recorded, so warnings show on every run.

def _compiler_fingerprint() -> str:
    h = hashlib.sha256(__version__.encode())
    roots = {os.path.dirname(os.path.abspath(__file__))}
    try:
        from importlib.util import find_spec
        spec = find_spec("amppy.grammar")
        if spec is not None and spec.submodule_search_locations:
            roots.update(spec.submodule_search_locations)
    except Exception:
        pass
    package = os.path.dirname(os.path.abspath(__file__))
    for root in sorted(roots):
        for dirpath, dirnames, filenames in os.walk(root, followlinks=True):   # (a tree of links too)
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith((".py", ".lark", ".h")):
                    full = os.path.join(dirpath, name)
                    h.update(f"{os.path.relpath(full, package)}\0".encode())
                    h.update(hashlib.sha256(_read(full) or b"").digest())
    return h.hexdigest()


def _run_key(cpp_file: str, opts) -> str:
    """`cpp_file`: the program's file, or (several units, a project) `inputs.Build.key`."""
    fields = (cpp_file, opts.target, sorted(opts.defines.items()), list(opts.include_dirs),
              opts.werror, opts.check_races, opts.check_bounds, getattr(opts, "ltcg", False),
              getattr(opts, "coarsen", "auto"), getattr(opts, "library", False))
    return hashlib.sha256(f"{_compiler_fingerprint()}\0{fields!r}".encode()).hexdigest()[:24]


def _manifest_path(key: str) -> str:
    return os.path.join(cache_root(), "runs", f"{key}.json")


def _text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _file_digest(name: str) -> str | None:
    """The digest of a file's text as the preprocessor reads it (UTF-8, BOM dropped)."""
    try:
        with open(name, "rb") as f:
            raw = f.read()
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        return _text_digest(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def _enabled() -> bool:
    return not os.environ.get("AMPPY_NO_RUN_CACHE")


def cached_module(cpp_file: str, opts) -> str | None:
    """The module recorded for this program and options, if every file it read is unchanged."""
    if not _enabled():
        return None
    import json
    try:
        with open(_manifest_path(_run_key(cpp_file, opts)), encoding="utf-8") as f:
            manifest = json.load(f)
        module, files = manifest["module"], manifest["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not files or not os.path.isfile(module):
        return None
    data = _read(module)
    if data is None or hashlib.sha256(data).hexdigest() != manifest.get("module_sha256"):
        return None                         # damaged: translate again (module_path rewrites it)
    for name, digest in files.items():
        if _file_digest(name) != digest:
            return None
    for name in manifest.get("absent", ()):  # an include that would now shadow the one used
        if os.path.exists(name):
            return None
    drop_broken_numba_cache(os.path.dirname(module))
    return module


def store_translation(name: str, key: str, opts, source: str, sources=None) -> str:
    """Write translation `source` of the program `name` (its build's name) to the module cache and,
    when it was clean (`sources` given), record it under `key` for the next run; its path."""
    path = module_path(name + ".cpp", source, opts.target)
    if sources is not None:
        record_module(key, opts, sources, path)
    return path


def record_module(cpp_file: str, opts, sources, module: str) -> None:
    """Record `module` as the translation of `cpp_file` (which read the files in `sources`)."""
    if not _enabled():
        return
    import json
    files = getattr(sources, "_files", None)
    if not files:
        return
    data = _read(module)
    if data is None:
        return
    entry = {"module": module, "module_sha256": hashlib.sha256(data).hexdigest(),
             "files": {name: _text_digest(sf.text) for name, sf in files.items()
                       if not name.startswith("<")},
             "absent": sorted(getattr(sources, "probed_absent", ()))}
    path = _manifest_path(_run_key(cpp_file, opts))
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, json.dumps(entry).encode("utf-8"))
    except OSError:
        pass
