"""How much memory this process may still take, so that an allocation it cannot have fails the
C++ way (C++ AMP's ``out_of_memory``, ``std::bad_alloc``) instead of the OS killing the process.

Linux hands out memory lazily (overcommit): ``np.zeros`` of more than the machine can hold usually
succeeds, and the process is killed (exit 137, no message) when the pages are touched.  So a large
allocation is first measured against what the process may use: the memory the kernel reports
available, the container's (cgroup's) limit less its usage, and an address-space rlimit.
"""
from __future__ import annotations

import os

#: allocations below this are not measured (reading /proc costs more than they do)
CHECKED_FROM = 1 << 26


def _read_int(path: str) -> int | None:
    try:
        with open(path) as f:
            text = f.read().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _meminfo_available() -> int | None:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _cgroup_room() -> int | None:
    """The cgroup's limit less what it uses (v2, then v1); None without a limit."""
    for limit, usage in (("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
                         ("/sys/fs/cgroup/memory/memory.limit_in_bytes",
                          "/sys/fs/cgroup/memory/memory.usage_in_bytes")):
        lim, used = _read_int(limit), _read_int(usage)
        if lim is not None and used is not None and lim < 1 << 60:
            return max(0, lim - used)
    return None


def _rlimit_room() -> int | None:
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        return None
    if soft == resource.RLIM_INFINITY:
        return None
    try:
        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None
    return max(0, soft - size)


def physical_bytes() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 0


def available_bytes() -> int:
    """What this process may still allocate (the least of what each limit leaves)."""
    rooms = [r for r in (_meminfo_available(), _cgroup_room(), _rlimit_room()) if r is not None]
    return min(rooms) if rooms else physical_bytes()


def fits(nbytes: int) -> bool:
    """Whether an allocation of ``nbytes`` can be had (small ones are not measured)."""
    return nbytes < CHECKED_FROM or nbytes <= available_bytes()
