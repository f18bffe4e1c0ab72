"""Processes for the tests without an interpreter start each: a fork server ("zygote").

Most of the suite's processes are `python -m amppy run ...` (and translated modules run with
`python prog.py`). Each used to start an interpreter and import numpy, Numba and amppy: about a
second and a half of every run on the 2-core machine, for every one of some three hundred runs.
The zygote is a Python process that has done those imports once and never does anything else;
for each run it forks, and the child becomes the process the test asked for: its own working
directory, environment (Numba's configuration re-read from it), stdin, stdout and stderr files,
`sys.argv` and `__main__`, Python's exit handling (SystemExit, an uncaught exception's traceback
and exit status 1, `atexit` functions, flushing) and its exit status, or the signal that killed
it. The child starts every thread it uses itself (the zygote starts none, so forking is safe) and
compiles or loads its kernels from the same caches a fresh process would.

`run(argv, ...)` is `subprocess.run([sys.executable, *argv], ...)` for `-m amppy ...` and
`path.py ...`; anything else (and an environment that sets `PYTHON*` variables, read only at an
interpreter's start) is a real process. The suite still starts real interpreters where that is
what it tests (the plain-`python` run of translated modules, `test_cache_cli`, the `amppy`
script). One zygote per pytest process, started at its first use, ended with the process.

Protocol (lines of JSON on the zygote's stdin/stdout): a request `{"id", "argv", "cwd", "env",
"stdin", "stdout", "stderr"}` (file paths) is answered by `{"id", "pid"}` once forked and
`{"id", "status"}` (as `os.waitpid` gives it) when the child has ended; requests may overlap.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
import threading

#: What every run imports (a child imports the rest itself): numpy, Numba's compiler and the parts
#: of it that compiling a kernel loads, amppy's command line, translator and runtime.
PRELOAD = ("numpy", "numba", "numba.np.arraymath", "numba.parfors.parfor", "numba.parfors.parfor_lowering",
           "numba.typed", "numba.np.ufunc", "numba.core.typed_passes", "numba.np.unsafe.ndarray",
           "cffi", "multiprocessing", "runpy", "xml.parsers.expat",
           "amppy.cli", "amppy.driver", "amppy.inputs", "amppy.modcache", "amppy.project", "amppy.report",
           "amppy.runtime", "amppy.runtime.launch_cpu", "amppy.runtime.intmath")


# ---------------------------------------------------------------- the child: one process asked for
def _child(req: dict) -> None:
    """Become the process `req` asks for (never returns)."""
    code = 1
    try:
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        for fd, (path, flags) in enumerate([(req["stdin"], os.O_RDONLY),
                                            (req["stdout"], os.O_WRONLY | os.O_TRUNC),
                                            (req["stderr"], os.O_WRONLY | os.O_TRUNC)]):
            f = os.open(path, flags)
            if f != fd:
                os.dup2(f, fd)
                os.close(f)
        import io
        enc = os.environ.get("PYTHONIOENCODING", "utf-8").split(":")[0] or "utf-8"
        sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.open(0, "rb", closefd=False), encoding=enc)
        sys.stdout = sys.__stdout__ = io.TextIOWrapper(io.open(1, "wb", closefd=False), encoding=enc)
        sys.stderr = sys.__stderr__ = io.TextIOWrapper(io.open(2, "wb", closefd=False), encoding=enc,
                                                        errors="backslashreplace", line_buffering=True)
        import signal
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from numba.core import config
        config.reload_config()              # NUMBA_* of this process's environment
        code = _main(req["argv"])
    except BaseException:                   # noqa: BLE001 - what the interpreter itself does
        import traceback
        traceback.print_exc()
        code = 1
    try:
        import atexit
        atexit._run_exitfuncs()
    except BaseException:                   # noqa: BLE001
        pass
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:               # noqa: BLE001 - python exits 120 when it cannot flush
            code = 120 if code == 0 else code
    os._exit(code)


def _main(argv: list[str]) -> int:
    """Run `python *argv` in this process (`-m module ...` or `script.py ...`); its exit status."""
    import runpy
    try:
        if argv[0] == "-m":
            sys.argv = [argv[1], *argv[2:]]
            sys.path[0] = os.getcwd()
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = list(argv)
            sys.path[0] = os.path.dirname(os.path.abspath(argv[0]))
            runpy.run_path(argv[0], run_name="__main__")
        return 0
    except SystemExit as e:
        if e.code is None:
            return 0
        if isinstance(e.code, int):
            return e.code & 0xFF
        print(e.code, file=sys.stderr)
        return 1


# ---------------------------------------------------------------- the server
def serve() -> None:
    import importlib
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:             # (not installed here: the child imports what it needs)
            pass
    sys.path[0] = ""                            # (not tests/): each child sets its own
    inp, out = sys.stdin.buffer.raw, sys.stdout.buffer
    children: dict[int, object] = {}
    pending = b""
    while True:
        ready, _, _ = select.select([inp], [], [], 0.01 if children else 1.0)
        if ready:
            data = os.read(inp.fileno(), 65536)
            if not data:
                break
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                req = json.loads(line)
                pid = os.fork()
                if pid == 0:
                    _child(req)             # (its stdin replaces the zygote's pipe)
                children[pid] = req["id"]
                out.write(json.dumps({"id": req["id"], "pid": pid}).encode() + b"\n")
                out.flush()
        while children:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            rid = children.pop(pid, None)
            if rid is not None:
                out.write(json.dumps({"id": rid, "status": status}).encode() + b"\n")
                out.flush()


# ---------------------------------------------------------------- the client, in the test process
class _Zygote:
    def __init__(self) -> None:
        env = dict(os.environ)
        env.pop("PYTHONSTARTUP", None)
        self.proc = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=os.path.dirname(__file__))
        self.lock = threading.Lock()
        self.cond = threading.Condition(self.lock)
        self.replies: dict[int, dict] = {}
        self.next_id = 0
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            msg = json.loads(line)
            with self.cond:
                self.replies.setdefault(msg["id"], {}).update(msg)
                self.cond.notify_all()
        with self.cond:
            self.proc.wait()
            self.cond.notify_all()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def _wait(self, rid: int, key: str, deadline: float | None) -> dict | None:
        import time
        with self.cond:
            while key not in self.replies.get(rid, {}):
                if self.proc.poll() is not None:
                    raise RuntimeError("the tests' fork server (tests/zygote.py) ended")
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return None
                self.cond.wait(timeout=left if left is not None else 1.0)
            return self.replies[rid]

    def run(self, argv, cwd, env, stdin: bytes, timeout: float | None):
        import time
        with tempfile.TemporaryDirectory(prefix="amppy-zygote-") as tmp:
            paths = {k: os.path.join(tmp, k) for k in ("stdin", "stdout", "stderr")}
            with open(paths["stdin"], "wb") as f:
                f.write(stdin)
            for k in ("stdout", "stderr"):
                open(paths[k], "wb").close()
            with self.cond:
                rid = self.next_id
                self.next_id += 1
                self.proc.stdin.write(json.dumps({"id": rid, "argv": argv, "cwd": cwd, "env": env,
                                                  **paths}).encode() + b"\n")
                self.proc.stdin.flush()
            deadline = None if timeout is None else time.monotonic() + timeout
            pid = self._wait(rid, "pid", None)["pid"]
            done = self._wait(rid, "status", deadline)
            timed_out = done is None
            if timed_out:
                try:
                    os.kill(pid, 9)
                except ProcessLookupError:
                    pass
                done = self._wait(rid, "status", None)
            with self.cond:
                del self.replies[rid]
            status = done["status"]
            rc = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
            with open(paths["stdout"], "rb") as f:
                out = f.read()
            with open(paths["stderr"], "rb") as f:
                err = f.read()
        if timed_out:
            raise subprocess.TimeoutExpired([sys.executable, *argv], timeout, out, err)
        return rc, out, err


_ZYGOTE: _Zygote | None = None
_START = threading.Lock()


def _zygote() -> _Zygote:
    global _ZYGOTE
    with _START:
        if _ZYGOTE is None or not _ZYGOTE.alive():
            _ZYGOTE = _Zygote()
        return _ZYGOTE


def run(argv: list[str], *, cwd=None, env: dict | None = None, input: bytes = b"",
        timeout: float | None = None) -> tuple[int, bytes, bytes]:
    """`python *argv` (argv: `-m module ...` or `script.py ...`) as a process; (status, stdout,
    stderr) as bytes. Forked from the zygote unless the environment must be a fresh interpreter's."""
    env = dict(os.environ if env is None else env)
    cwd = os.fspath(cwd) if cwd is not None else os.getcwd()
    argv = [os.fspath(a) for a in argv]
    fresh = any(k.startswith("PYTHON") and k != "PYTHONIOENCODING" and os.environ.get(k) != v
                for k, v in env.items())
    if fresh or os.environ.get("AMPPY_TESTS_NO_ZYGOTE"):
        p = subprocess.run([sys.executable, *argv], input=input, capture_output=True, cwd=cwd,
                           env=env, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    return _zygote().run(argv, cwd, env, input, timeout)


if __name__ == "__main__":
    serve()
