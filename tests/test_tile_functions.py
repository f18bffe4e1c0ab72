"""restrict(amp) functions that use the caller's tile: a kernel's tiled_index passed on, waited on
(`t.barrier.wait()`) and tile_static data declared in the function, as C++ AMP allows.

On `--target cuda` the function is a device function (`cuda.syncthreads()`, `cuda.shared.array`);
on `--target cpu` a tile's threads run one barrier region at a time inside the kernel, so the
function's body is put into the kernel at each call (`lower/tile_functions.py`), a call inside a
larger expression first computed into a variable of its own; a call that `?:`, `&&` or `||` may
skip is reported there (`unsupported-in-kernel`) by `check` and `translate` alike.
`samples/tiles/tile_functions.cpp` runs the same on both targets."""
from __future__ import annotations

import re

import pytest

from build_cache import program_file
from test_cuda_codegen import compile_all, load_module, needs_ptx, translate

SOURCE = r"""
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
static const int TS = 4;

// the sum of the tile's values, every thread of the tile taking part
int tile_sum(tiled_index<TS> t, array_view<const int, 1> a) restrict(amp) {
    tile_static int part[TS];
    part[t.local[0]] = a[t.global];
    t.barrier.wait();
    int s = 0;
    for (int k = 0; k < TS; k++) s += part[k];
    return s;
}

int main() {
    std::vector<int> v(12);
    for (int i = 0; i < 12; i++) v[i] = i * i;
    array_view<const int, 1> a(12, v);
    std::vector<int> r(12, 0);
    array_view<int, 1> res(12, r);
    parallel_for_each(a.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        int s = tile_sum(t, a);
        res[t.global] = s * 100 + t.local[0];
    });
    for (int i = 0; i < 12; i++) std::cout << res[i] << " ";
    std::cout << "\n";
    return 0;
}
"""
# tiles {0,1,4,9}, {16,25,36,49}, {64,81,100,121}: sums 14, 126, 366
EXPECTED = " ".join(str(s * 100 + l) for s in (14, 126, 366) for l in range(4)) + " \n"


@pytest.fixture
def source_file():
    # a path by content (tests/build_cache.py): what amppy keeps for it is warm in the next run
    return program_file(SOURCE, "tile_functions.cpp")


@needs_ptx
def test_barrier_and_tile_static_in_a_device_function_compile(source_file, tmp_path):
    program, source = translate(source_file)
    assert "def tile_sum(t, a):" in source
    body = source[source.index("def tile_sum(t, a):"):]
    assert "part = cuda.shared.array(4, np.int32)" in body and "cuda.syncthreads()" in body
    ptxs = compile_all(program, load_module(source, tmp_path, "tile_functions"))
    (ptx,) = ptxs.values()
    assert re.search(r"\b(bar|barrier)\.sync\b", ptx) and ".shared" in ptx


def test_cpu_target_inlines_the_function(source_file, run_amppy):
    rc, out, err = run_amppy(["run", "--target", "cpu", str(source_file)])
    assert (rc, out) == (0, EXPECTED), err
    rc, out, err = run_amppy(["translate", "--target", "cpu", str(source_file), "-o", "-"])
    assert "def tile_sum" not in out and "part_tile_sum = np.empty((4,), np.int32)" in out


def test_cpu_target_puts_in_a_call_inside_an_expression(source_file, run_amppy):
    src = program_file(SOURCE.replace("int s = tile_sum(t, a);", "int s = 2 * tile_sum(t, a) / 2;"),
                       "in_expression.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (0, EXPECTED), err


def test_cpu_target_reports_a_call_under_a_condition(source_file, run_amppy):
    src = program_file(SOURCE.replace("int s = tile_sum(t, a);", "int s = a.extent[0] > 0 ? tile_sum(t, a) : 0;"),
                       "under_condition.cpp")
    for cmd in ("check", "translate"):
        rc, out, err = run_amppy([cmd, "--target", "cpu", str(src)] + (["-o", "-"] if cmd == "translate" else []))
        assert rc == 1
        assert "'tile_sum' waits on the tile barrier" in err and "[unsupported-in-kernel]" in err


@pytest.mark.cuda
def test_runs_on_the_gpu(source_file, run_amppy):
    rc, out, err = run_amppy(["run", "--target", "cuda", str(source_file)])
    assert (rc, out) == (0, EXPECTED), err


def test_cpu_checks_inline_the_function_too(source_file, run_amppy):
    for check in ("bounds", "races"):
        rc, out, err = run_amppy(["run", "--target", "cpu", "--check", check, str(source_file)])
        assert (rc, out) == (0, EXPECTED), err
