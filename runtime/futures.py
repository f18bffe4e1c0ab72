"""``concurrency::completion_future``: what ``copy_async``, ``synchronize_async`` and
``accelerator_view::create_marker()`` return.

A leaf of the runtime (it imports nothing of it): ``accelerators`` (markers) and ``amp`` (the
asynchronous copies) both make one.  ``amp`` re-exports it.
"""

__all__ = ["completion_future"]


class completion_future:  # noqa: N801 - C++ name
    """``concurrency::completion_future`` of ``copy_async``/``synchronize_async`` (amppy's copies
    finish before the call returns: the future is ready) or of ``accelerator_view::
    create_marker()`` (ready when the device has done the work queued before it: ``event``, a CUDA
    event).  ``then`` runs its callable when the future is ready: at once if it is, else when the
    program first waits on it (C++ AMP runs it on another thread)."""

    def __init__(self, event=None):
        self._event = event
        self._then = []

    def is_ready(self):
        return self._event is None or bool(self._event.query())

    def get(self):
        if self._event is not None:
            self._event.synchronize()
            self._event = None
        for fn in self._then:
            fn()
        self._then.clear()
        return None

    wait = get

    def valid(self):
        return True

    def then(self, fn):
        if self.is_ready():
            self.get()
            fn()
        else:
            self._then.append(fn)
