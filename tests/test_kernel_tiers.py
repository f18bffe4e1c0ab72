"""What a program spends compiling its kernels.  CPU kernels in two tiers (runtime/launch_cpu.py): a small launch of a kernel not yet hot runs its
serial twin (numba compiles a `parallel=True` function about six times slower than a serial one); a
large launch, or any launch of a hot kernel, runs the parallel one.  Which tier ran is read from the
dispatchers' compiled overloads, not from timings (the promotion's time limit is patched).  And kernels
that read the same but for their names are one dispatcher."""
import importlib
import importlib.util
import re

import numba
import numpy as np
from numba import prange
from numba.core.caching import NullCache

from amppy import driver
from amppy.diagnostics import DiagnosticSink
from amppy.runtime.amp import array_view, extent
from amppy.runtime.containers import vector

lc = importlib.import_module("amppy.runtime.launch_cpu")       # (the package's `launch_cpu` is the function)


def doubling():
    def kernel(ext0, a):
        for g0 in prange(ext0):
            a[g0] = a[g0] * 2
    return numba.njit(parallel=True, error_model="numpy")(kernel)


def view(n):
    return array_view(extent(n), vector(np.int32, list(range(n))))


def test_small_launches_run_the_serial_twin_large_ones_the_parallel_kernel(monkeypatch):
    monkeypatch.setattr(lc, "SERIAL_ITEMS", 8)
    k = doubling()
    av = view(8)
    lc.launch_cpu(k, extent(8), None, av)
    twin = lc.serial_twin(k)
    assert len(twin.overloads) == 1 and len(k.overloads) == 0
    assert twin.py_func.__qualname__ == "kernel_serial" and not twin.targetoptions.get("parallel")
    assert [av[i] for i in range(8)] == [2 * i for i in range(8)]
    big = view(9)
    lc.launch_cpu(k, extent(9), None, big)                     # one item over: the parallel kernel
    assert len(k.overloads) == 1
    assert [big[i] for i in range(9)] == [2 * i for i in range(9)]


def test_a_kernel_whose_serial_launches_take_long_becomes_hot(monkeypatch):
    monkeypatch.setattr(lc, "HOT_SECONDS", -1.0)               # every launch is "long"
    k = doubling()
    av = view(4)
    lc.launch_cpu(k, extent(4), None, av)                      # compiles the twin: not counted
    assert not getattr(k, "_amppy_hot", False)
    lc.launch_cpu(k, extent(4), None, av)                      # a compiled launch: hot now
    assert k._amppy_hot and len(k.overloads) == 0
    lc.launch_cpu(k, extent(4), None, av)                      # parallel from then on
    assert len(k.overloads) == 1 and len(lc.serial_twin(k).overloads) == 1
    assert [av[i] for i in range(4)] == [8 * i for i in range(4)]


def test_the_twin_is_cached_on_disk_under_its_own_name_when_the_kernel_is(tmp_path):
    src = tmp_path / "cached_kernel.py"
    src.write_text("import numba\n\n@numba.njit(parallel=True, cache=True)\ndef k(ext0):\n    pass\n\n"
                   "@numba.njit(parallel=True)\ndef u(ext0):\n    pass\n")
    spec = importlib.util.spec_from_file_location("cached_kernel", src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    twin = lc.serial_twin(mod.k)
    assert not isinstance(twin._cache, NullCache) and twin._cache._cache_file._index_name.startswith(
        "cached_kernel.k_serial-")                              # not the parallel kernel's index
    assert isinstance(lc.serial_twin(mod.u)._cache, NullCache)


SHARED = """#include <amp.h>
#include <iostream>
using namespace concurrency;
template <typename T, int Tag>
void twice(std::vector<int>& v) {
    array_view<int, 1> av((int)v.size(), v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] *= 2; });   // Tag, T: host only
}
int main() {
    std::vector<int> v(4, 1);
    twice<float, 1>(v);
    twice<double, 2>(v);
    twice<float, 3>(v);
    std::cout << v[0] << v[3] << std::endl;
}
"""


def test_a_kernel_that_is_another_but_for_its_name_is_that_kernel(tmp_path, run_amppy):
    """Instances of a function template whose kernels read the same are one numba dispatcher
    (`kernel_exprs.shared_kernel`): compiled once instead of once per instance."""
    src = tmp_path / "shared.cpp"
    src.write_text(SHARED)
    sink = DiagnosticSink()
    _, text = driver.translate(str(src), driver.Options(target="cpu"), sink)
    kernels = re.findall(r"^def (\w+)\(ext0", text, re.M)
    aliases = re.findall(r"^(\w+) = (\w+)  # the same kernel as \2", text, re.M)
    assert len(kernels) == 1 and len(aliases) == 2 and {a[1] for a in aliases} == set(kernels)
    assert run_amppy(["run", str(src)])[1] == "88\n"
