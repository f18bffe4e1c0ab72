"""Dynamic checks for `amppy run --check races|bounds` on the CPU target.

The instrumented kernels that `amppy.codegen.cpu_checks` writes run serially (tiles one after
another, the threads of a tile one after another between barriers, as the normal CPU kernels
do) and call the njit helpers below around every checked access:

    a[check_index2(viol, SITE, a.shape, i, j)]                  # array_view / array / C array
    s[check_tile_static1(sh_s, viol, ep, tid, tile, SITE, MODE, s.shape, i)]   # tile_static

`viol` is a small int64 array, the first violation's record (layout `V_*` below); a helper
that finds a violation fills it and raises `CheckFailed`, so the kernel stops before the bad
access happens.  `launch_checked` catches that, maps the site ids to C++ spans through the
site table emitted next to the kernel, prints a clang-style diagnostic (through
`amppy.diagnostics`) and exits with status 1.

Races: `sh_s` is the shadow of tile_static `s`, one row per element:
[write epoch, writer, write site, read epoch, reader, read site, 2nd reader, 2nd read site].
`ep` is the barrier interval (incremented at every barrier of the tile), `tid` the linear local
index of the running thread.  Two accesses of one element by different threads in one
interval, at least one a write, are a race; a thread's own accesses never are.
"""
from __future__ import annotations

import contextlib
import os
import sys

import numba
import numpy as np

from . import amp
from .launch_cpu import launch_cpu

__all__ = ["CheckFailed", "launch_checked", "check_index1", "check_index2", "check_index3",
           "check_tile_static1", "check_tile_static2", "check_tile_static3"]

# viol[] layout
V_KIND, V_SITE, V_OTHER_SITE, V_TID, V_OTHER_TID, V_MODE, V_OTHER_MODE, V_TILE, V_RANK = range(9)
V_IDX = 9           # 3 slots: the index
V_EXT = 12          # 3 slots: the extent (bounds)
V_SIZE = 16
K_BOUNDS, K_RACE = 1, 2
READ, WRITE = 1, 2  # MODE bits; 3 = read then write (`+=`, `++`)


class CheckFailed(Exception):
    """Raised inside a checked kernel after it recorded a violation in `viol`."""


class CheckError(RuntimeError):
    """A violation `--check` found, raised instead of ending the process where the program runs
    as a library (`amppy.load(..., checks=...)`): its text is the diagnostic `amppy run` prints."""


#: `amppy.load`'s wrappers set it while a checked function runs (`raising()`)
_RAISE = [False]


@contextlib.contextmanager
def raising():
    """Within it, a violation raises `CheckError` rather than printing and exiting."""
    was, _RAISE[0] = _RAISE[0], True
    try:
        yield
    finally:
        _RAISE[0] = was


_JIT = dict(cache=True, nogil=True)


@numba.njit(**_JIT)
def _bounds_fail(viol, site, rank, i0, i1, i2, e0, e1, e2):
    viol[V_KIND] = K_BOUNDS
    viol[V_SITE] = site
    viol[V_RANK] = rank
    viol[V_IDX], viol[V_IDX + 1], viol[V_IDX + 2] = i0, i1, i2
    viol[V_EXT], viol[V_EXT + 1], viol[V_EXT + 2] = e0, e1, e2
    raise CheckFailed()


@numba.njit(**_JIT)
def check_index1(viol, site, shape, i0):
    if i0 < 0 or i0 >= shape[0]:
        _bounds_fail(viol, site, 1, i0, 0, 0, shape[0], 0, 0)
    return (i0,)


@numba.njit(**_JIT)
def check_index2(viol, site, shape, i0, i1):
    if i0 < 0 or i0 >= shape[0] or i1 < 0 or i1 >= shape[1]:
        _bounds_fail(viol, site, 2, i0, i1, 0, shape[0], shape[1], 0)
    return (i0, i1)


@numba.njit(**_JIT)
def check_index3(viol, site, shape, i0, i1, i2):
    if i0 < 0 or i0 >= shape[0] or i1 < 0 or i1 >= shape[1] or i2 < 0 or i2 >= shape[2]:
        _bounds_fail(viol, site, 3, i0, i1, i2, shape[0], shape[1], shape[2])
    return (i0, i1, i2)


@numba.njit(**_JIT)
def _race_fail(viol, site, mode, tid, other_site, other_mode, other_tid, tile, rank, flat, shape):
    viol[V_KIND] = K_RACE
    viol[V_SITE], viol[V_MODE], viol[V_TID] = site, mode, tid
    viol[V_OTHER_SITE], viol[V_OTHER_MODE], viol[V_OTHER_TID] = other_site, other_mode, other_tid
    viol[V_TILE] = tile
    viol[V_RANK] = rank
    for d in range(rank - 1, -1, -1):       # the element's index from its flat position
        viol[V_IDX + d] = flat % shape[d]
        flat //= shape[d]
    raise CheckFailed()


@numba.njit(**_JIT)
def _race(sh, viol, ep, tid, tile, site, mode, flat, rank, shape):
    if mode & READ:
        if sh[flat, 0] == ep and sh[flat, 1] != tid:
            _race_fail(viol, site, READ, tid, sh[flat, 2], WRITE, sh[flat, 1], tile, rank, flat, shape)
        if sh[flat, 3] != ep:
            sh[flat, 3], sh[flat, 4], sh[flat, 5], sh[flat, 6] = ep, tid, site, -1
        elif sh[flat, 4] != tid and sh[flat, 6] < 0:
            sh[flat, 6], sh[flat, 7] = tid, site
    if mode & WRITE:
        if sh[flat, 0] == ep and sh[flat, 1] != tid:
            _race_fail(viol, site, WRITE, tid, sh[flat, 2], WRITE, sh[flat, 1], tile, rank, flat, shape)
        if sh[flat, 3] == ep:
            if sh[flat, 4] != tid:
                _race_fail(viol, site, WRITE, tid, sh[flat, 5], READ, sh[flat, 4], tile, rank, flat, shape)
            if sh[flat, 6] >= 0:            # a second reader, not this thread
                _race_fail(viol, site, WRITE, tid, sh[flat, 7], READ, sh[flat, 6], tile, rank, flat, shape)
        sh[flat, 0], sh[flat, 1], sh[flat, 2] = ep, tid, site


@numba.njit(**_JIT)
def check_tile_static1(sh, viol, ep, tid, tile, site, mode, shape, i0):
    idx = check_index1(viol, site, shape, i0)
    _race(sh, viol, ep, tid, tile, site, mode, i0, 1, shape)
    return idx


@numba.njit(**_JIT)
def check_tile_static2(sh, viol, ep, tid, tile, site, mode, shape, i0, i1):
    idx = check_index2(viol, site, shape, i0, i1)
    _race(sh, viol, ep, tid, tile, site, mode, i0 * shape[1] + i1, 2, shape)
    return idx


@numba.njit(**_JIT)
def check_tile_static3(sh, viol, ep, tid, tile, site, mode, shape, i0, i1, i2):
    idx = check_index3(viol, site, shape, i0, i1, i2)
    _race(sh, viol, ep, tid, tile, site, mode, (i0 * shape[1] + i1) * shape[2] + i2, 3, shape)
    return idx


# ----------------------------------------------------------------------------- launching
class _Lines:
    """The C++ lines of the sites, for `amppy.diagnostics` snippets (a SourceMap stand-in)."""

    def __init__(self, sites):
        self._text = {(s[0], s[1]): s[6] for s in sites}

    def line_text(self, name, line):
        return self._text.get((name, line))


def _unflatten(k, dims):
    out = []
    for d in reversed(dims):
        out.append(k % d)
        k //= d
    return tuple(reversed(out))


def _tup(xs) -> str:
    return "(" + ", ".join(str(int(x)) for x in xs) + ")"


def launch_checked(kernel_fn, info, domain, where, *captures, view=None):
    """`launch_cpu` of an instrumented kernel (it takes `viol` last).  `info` is the table
    emitted next to the kernel: {"sites": ((file, line, col, end_line, end_col, name, line
    text, is_scalar), ...), "tile": tile dims or None}."""
    viol = np.zeros(V_SIZE, np.int64)
    try:
        launch_cpu(kernel_fn, domain, where, *captures, viol, view=view)
    except CheckFailed:
        pass
    if viol[V_KIND]:
        ext = domain.extent.dims if isinstance(domain, amp.tiled_extent) else tuple(domain)
        _report(viol, info, tuple(ext))


def _report(viol, info, ext):
    from amppy.diagnostics import Diagnostic, Note, render_text
    from amppy.source import Span
    sites = info["sites"]

    def span(k):
        f, l, c, el, ec = sites[k][:5]
        return Span(f, l, c, el, ec)

    site = int(viol[V_SITE])
    rank = int(viol[V_RANK])
    idx = viol[V_IDX:V_IDX + rank]
    name = sites[site][5]
    if viol[V_KIND] == K_BOUNDS:
        d = Diagnostic("error", "amp-out-of-bounds",
                       f"index {_tup(idx)} is out of bounds for '{name}' with extent "
                       f"{_tup(viol[V_EXT:V_EXT + rank])}", span(site))
    else:
        tile_dims = tuple(info["tile"])
        ntiles = [e // t for e, t in zip(ext, tile_dims)]
        tile = _tup(_unflatten(int(viol[V_TILE]), ntiles))
        me = _tup(_unflatten(int(viol[V_TID]), tile_dims))
        other = _tup(_unflatten(int(viol[V_OTHER_TID]), tile_dims))
        elem = name if sites[site][7] else name + "".join(f"[{int(i)}]" for i in idx)
        verb = {1: "read", 2: "write"}
        d = Diagnostic(
            "error", "amp-race", f"data race on tile_static '{elem}'", span(site),
            notes=(Note(f"{verb[int(viol[V_MODE])]} by thread local {me} of tile {tile}"),
                   Note(f"conflicting {verb[int(viol[V_OTHER_MODE])]} by thread local {other} of the "
                        "same tile, with no barrier in between",
                        span(int(viol[V_OTHER_SITE])))),
            help="separate the accesses with a barrier (t_idx.barrier.wait()), let one thread "
                 "make the update, or use an atomic operation")
    for f in (sys.stdout, sys.stderr):
        try:
            f.flush()
        except (OSError, ValueError, AttributeError):
            pass
    if _RAISE[0]:
        raise CheckError(render_text([d], _Lines(sites), False).rstrip())
    from .failure import json_wanted
    if json_wanted():
        from amppy.diagnostics import render_json
        sys.stderr.write(render_json([d]))
    else:
        color = sys.stderr.isatty() and not os.environ.get("NO_COLOR")
        sys.stderr.write(render_text([d], _Lines(sites), color))
    raise SystemExit(1)
