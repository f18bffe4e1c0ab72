"""The Parallel Patterns Library's locks: ``concurrency::critical_section`` and its
``scoped_lock`` (generated code: ``cs = critical_section()``, ``lock = critical_section_scoped_lock(cs)``
and ``lock.release()`` where the C++ block that declared it is left).

A ``critical_section`` is not recursive: the thread that holds it taking it again is the PPL's
``improper_lock``, and releasing one it does not hold is ``improper_unlock`` (both derive from
``std::exception``).  amppy runs the PPL's loops in order on one thread, but the lock is a real one.
"""
from __future__ import annotations

import collections
import threading

from .stdexcept import std_exception

__all__ = ["critical_section", "critical_section_scoped_lock", "improper_lock", "improper_unlock", "concurrent_queue"]


class improper_lock(std_exception):  # noqa: N801 - C++ name
    cpp_name = "concurrency::improper_lock"


class improper_unlock(std_exception):  # noqa: N801 - C++ name
    cpp_name = "concurrency::improper_unlock"


class critical_section:  # noqa: N801 - C++ name
    def __init__(self):
        self._lock = threading.Lock()
        self._owner = None

    def lock(self) -> None:
        if self._owner == threading.get_ident():
            raise improper_lock("Lock already taken.")
        self._lock.acquire()
        self._owner = threading.get_ident()

    def try_lock(self) -> bool:
        if self._owner == threading.get_ident() or not self._lock.acquire(blocking=False):
            return False
        self._owner = threading.get_ident()
        return True

    def try_lock_for(self, ms) -> bool:
        if self._owner == threading.get_ident() or not self._lock.acquire(timeout=int(ms) / 1000.0):
            return False
        self._owner = threading.get_ident()
        return True

    def unlock(self) -> None:
        if self._owner != threading.get_ident():
            raise improper_unlock("Lock not held by this context.")
        self._owner = None
        self._lock.release()


class critical_section_scoped_lock:  # noqa: N801 - C++ name (critical_section::scoped_lock)
    """Takes the lock when made; ``release`` is its destructor."""

    def __init__(self, cs: critical_section):
        cs.lock()
        self._cs = cs

    def release(self) -> None:
        self._cs.unlock()


class concurrent_queue:  # noqa: N801 - C++ name
    """``concurrency::concurrent_queue<T>`` of class values: ``push`` keeps a copy, ``try_pop(out)``
    assigns the front value into ``out`` (C++'s ``T&``) and gives True, or gives False if empty."""

    def __init__(self):
        self._items = collections.deque()
        self._lock = threading.Lock()

    def push(self, value) -> None:
        with self._lock:
            self._items.append(value.copy() if hasattr(value, "copy") else value)

    def try_pop(self, out) -> bool:
        with self._lock:
            if not self._items:
                return False
            value = self._items.popleft()
        out.assign(value)
        return True

    def empty(self) -> bool:
        return not self._items

    def unsafe_size(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
