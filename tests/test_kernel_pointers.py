"""amppy.runtime.pointers: the kernel pointers restrict(amp) code uses (both targets share them;
samples/kernels/pointers.cpp runs them end to end, on cuda through the GPU checks)."""
import numba
import numpy as np
from numba import prange

from amppy.runtime.pointers import (Pointer, array_pointer, element_pointer, element_pointer2, null_pointer,
                                    pointer_address, pointer_diff)


@numba.njit(parallel=True)
def _store_through_pointers(out):
    for t in prange(out.shape[0]):
        cell = np.zeros(1, np.int32)            # a local whose address is taken
        cell[0] = 10
        p = Pointer(cell, 0)
        p.base[p.offset] = np.int32(p.base[p.offset] + t)
        q = element_pointer(out, t)
        q.base[q.offset] = cell[0]              # the kernel's last statement: a store through q


def test_stores_through_pointers_survive_parallel_dead_code_elimination():
    # numba's parfor dead-code elimination drops stores it cannot see alias a live array; the
    # module's alias hook makes pointers count as aliases of the arguments
    out = np.zeros(4, np.int32)
    _store_through_pointers(out)
    assert out.tolist() == [10, 11, 12, 13]


@numba.njit
def _walk(a):
    p = element_pointer2(a, 1, 2)               # &a[1][2]
    first = array_pointer(a)                    # a as a pointer: &a[0][0]
    back = Pointer(p.base, p.offset - 3)        # before the element it was made from
    null = null_pointer(np.int32)
    return (p.base[p.offset], p.base[p.offset + 1], back.base[back.offset], pointer_diff(p, first),
            pointer_address(null) == 0, pointer_address(p) > pointer_address(first),
            pointer_address(Pointer(first.base, first.offset + 7)) == pointer_address(p))


def test_pointer_arithmetic_over_the_whole_object():
    a = np.arange(20, dtype=np.int32).reshape(4, 5)
    assert _walk(a) == (7, 8, 4, 7, True, True, True)


def test_pointer_into_a_section_walks_the_parent_memory():
    # a section (rows 1.. of a 4x5 array) is strided like its parent: &s[1][0] is parent element 10
    parent = np.arange(20, dtype=np.int32).reshape(4, 5)
    section = parent[1:, :3]
    value, after = _section_values(section)
    assert (value, after) == (10, 11)


@numba.njit
def _section_values(s):
    p = element_pointer2(s, 1, 0)
    return p.base[p.offset], p.base[p.offset + 1]


_ACROSS_BARRIER = """
#include <amp.h>
#include <vector>
using namespace concurrency;
int main() {
    std::vector<int> out(4);
    array_view<int, 1> av(4, out);
    parallel_for_each(extent<1>(4).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        %s
        t.barrier.wait();
        av[t.global] = %s;
    });
    return 0;
}
"""


def test_cpu_target_refuses_a_pointed_to_local_used_across_a_barrier():
    # the cpu target splits a tiled kernel at its barriers and recomputes or copies locals between
    # the parts; a write through a pointer is invisible to both, so it says so instead
    from amppy.diagnostics import CompileError, DiagnosticSink
    from amppy.driver import Options, translate
    for decl, use in (("int x = t.local[0]; int* p = &x; *p += 10;", "x"),
                      ("int a[2] = {1, 2}; int* p = &a[1]; *p += 10;", "a[1]")):
        sink = DiagnosticSink()            # (what `amppy check --target cpu` reports: it generates code)
        try:
            translate("prog.cpp", Options(target="cpu"), sink, _ACROSS_BARRIER % (decl, use))
        except CompileError:
            pass
        found = [f"{d.message} [{d.code}]" for d in sink.diagnostics]
        assert any("whose address is taken, is used across a barrier" in d and "[unsupported-in-kernel]" in d
                   for d in found), found
