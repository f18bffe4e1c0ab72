"""Run a generated tiled CUDA kernel's Python function on the CPU, one Python thread per CUDA thread
of a block, blocks one after another: enough of numba-cuda's API (`threadIdx`, `blockIdx`,
`blockDim`, `gridDim`, `shared.array`, `local.array`, `syncthreads`) to check what a kernel
computes without a GPU (the tests of thread coarsening: a coarsened kernel must compute what the
kernel with one C++ AMP thread per CUDA thread computes, bit for bit).

Not numba's CUDA simulator (amppy refuses it at run time); device functions run as Python
functions, atomics are out of its reach.

    run(mod.main_kernel, grid=(3, 4), block=(4, 16), args=(64, 48, a, b, c))   # CUDA (x, y, z) order
"""
from __future__ import annotations

import threading
import types

import numpy as np


def _dtype(d):
    """A numpy dtype of a numpy or numba type (`float32`, `numba.int32`)."""
    try:
        return np.dtype(d)
    except TypeError:
        return np.dtype(str(d))


class _Dim3:
    def __init__(self, xyz):
        xyz = tuple(xyz) + (1,) * (3 - len(xyz))
        self.x, self.y, self.z = (np.int32(v) for v in xyz)


class _Block:
    def __init__(self, size: int):
        self.barrier = threading.Barrier(size)
        self.shared: list = []
        self.lock = threading.Lock()


class _FakeCuda:
    """`cuda` as the kernel sees it; per-thread state in a threading.local."""

    def __init__(self, grid, block):
        self._t = threading.local()
        self.gridDim = _Dim3(grid)
        self.blockDim = _Dim3(block)
        fake = self

        class _Shared:
            @staticmethod
            def array(shape, dtype):
                t = fake._t
                i = t.shared_calls
                t.shared_calls += 1
                with t.block.lock:          # the k-th call of every thread: the block's k-th array
                    if len(t.block.shared) <= i:
                        t.block.shared.append(np.zeros(shape, _dtype(dtype)))
                    return t.block.shared[i]

        class _Local:
            @staticmethod
            def array(shape, dtype):
                return np.zeros(shape, _dtype(dtype))

        self.shared = _Shared
        self.local = _Local

    @property
    def threadIdx(self):
        return self._t.thread

    @property
    def blockIdx(self):
        return self._t.blockidx

    def grid(self, ndim):
        t = self._t
        g = [int(b) * int(d) + int(i) for b, d, i in zip((t.blockidx.x, t.blockidx.y, t.blockidx.z),
                                                        (self.blockDim.x, self.blockDim.y, self.blockDim.z),
                                                        (t.thread.x, t.thread.y, t.thread.z))]
        return g[0] if ndim == 1 else tuple(g[:ndim])

    def syncthreads(self):
        self._t.block.barrier.wait(timeout=60)

    def threadfence_block(self):
        pass

    threadfence = threadfence_block


def _on_cpu(f, fake, done: dict):
    """The Python function of dispatcher `f`, with `fake` for `cuda` and the device functions it
    calls as Python functions too."""
    py = getattr(f, "py_func", f)
    if py in done:
        return done[py]
    scope = dict(py.__globals__)
    fn = done[py] = types.FunctionType(py.__code__, scope, py.__name__, py.__defaults__)
    for name in py.__code__.co_names:
        v = scope.get(name)
        if name == "cuda":
            scope[name] = fake
        elif hasattr(v, "py_func"):
            scope[name] = _on_cpu(v, fake, done)
    return fn


def run(kernel, grid, block, args) -> None:
    """Run `kernel` (a `cuda.jit` dispatcher, or its Python function) over `grid` x `block`."""
    grid = tuple(grid) + (1,) * (3 - len(grid))
    block = tuple(block) + (1,) * (3 - len(block))
    fake = _FakeCuda(grid, block)
    fn = _on_cpu(kernel, fake, {})
    size = block[0] * block[1] * block[2]
    errors: list = []
    for bz in range(grid[2]):
        for by in range(grid[1]):
            for bx in range(grid[0]):
                b = _Block(size)

                def thread(tx, ty, tz, b=b, bidx=(bx, by, bz)):
                    t = fake._t
                    t.thread, t.blockidx, t.block, t.shared_calls = _Dim3((tx, ty, tz)), _Dim3(bidx), b, 0
                    try:
                        fn(*args)
                    except BaseException as e:          # noqa: BLE001 - reported below
                        errors.append(e)
                        b.barrier.abort()

                threads = [threading.Thread(target=thread, args=(x, y, z))
                           for z in range(block[2]) for y in range(block[1]) for x in range(block[0])]
                for th in threads:
                    th.start()
                for th in threads:
                    th.join()
                if errors:
                    raise errors[0]
