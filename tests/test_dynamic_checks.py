"""`amppy run --check races|bounds`: instrumented CPU kernels (codegen/cpu_checks.py,
runtime/checks.py).

- the page's "Do not do this" block 3 is caught at run time, with both accesses' locations;
- block 4 and the positive samples with barriers run clean (and print their expected output);
- out-of-bounds array_view / tile_static accesses (also in called restrict(amp) functions) are
  reported with the exact index, exit 1;
- without --check the generated kernels carry no instrumentation.

The CLI runs are started together (numba compile time dominates) by one module fixture.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from conftest import SAMPLES, _run_amppy

#: the module's runs are one fixture: its tests stay on one worker (`--dist loadgroup`), early
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("dynamic_checks")]

RULES = SAMPLES / "errors" / "rules"
RUNTIME = SAMPLES / "errors" / "runtime"
CLEAN = [RULES / "block4_no_race.cpp"] + [SAMPLES / p for p in (
    "using-tiles/tile_average.cpp", "reduction/tree_reduction.cpp", "matrix/matmul_tiled.cpp",
    "tiles/value_after_barrier.cpp", "tiles/uniform_branch_barrier.cpp")]

RUNS = {
    # the command exactly as documented (target auto)
    "block3": ["run", "--check", "races", RULES / "race_block3.cpp"],
    "oob": ["run", "--target", "cpu", "--check", "bounds", RUNTIME / "out_of_bounds.cpp"],
    "oob_tile_static": ["run", "--target", "cpu", "--check", "bounds", RUNTIME / "tile_static_out_of_bounds.cpp"],
    "oob_function": ["run", "--target", "cpu", "--check", "bounds", RUNTIME / "function_out_of_bounds.cpp"],
    **{f"clean:{p.name}": ["run", "--target", "cpu", "--check", "races", p] for p in CLEAN},
}


@pytest.fixture(scope="module")
def results():
    with ThreadPoolExecutor(max_workers=max(2, min(8, os.cpu_count() or 2))) as pool:
        futures = {k: pool.submit(_run_amppy, [str(a) for a in args]) for k, args in RUNS.items()}
        return {k: f.result() for k, f in futures.items()}


# ------------------------------------------------------------------ races
def test_block3_race_is_reported_with_both_locations(results):
    rc, out, err = results["block3"]
    assert rc == 1, err
    assert "Traceback" not in err
    f = str(RULES / "race_block3.cpp")
    lines = err.splitlines()
    head = f"{f}:30:9: error: data race on tile_static 'total' [amp-race]"
    assert head in lines, err
    rest = lines[lines.index(head):]
    assert rest[1].startswith(" 30 |         total += matrix[t_idx];")
    assert rest[2] == "    |         ^~~~~"
    assert rest[3] == "    = note: read by thread local (0, 1) of tile (0, 0)"
    assert rest[4] == (f"{f}:30:9: note: conflicting write by thread local (0, 0) of the same tile, "
                       "with no barrier in between")
    assert rest[-1] == "1 error generated."
    assert out == ""                          # stopped in the kernel, before printing


@pytest.mark.parametrize("src", CLEAN, ids=[p.name for p in CLEAN])
def test_race_free_programs_are_clean(results, src):
    rc, out, err = results[f"clean:{src.name}"]
    assert rc == 0, err
    assert "error" not in err and "Traceback" not in err, err
    expected = src.with_suffix(".expected")
    if expected.exists():
        assert out == expected.read_text(encoding="utf-8")


# ------------------------------------------------------------------ bounds
@pytest.mark.parametrize("key, name, first, out", [
    ("oob", "out_of_bounds.cpp", "23:28: error: index (0, 9) is out of bounds for 'descriptions' with extent (8, 9)",
     "before the kernel\n"),                  # output before the launch, nothing after
    ("oob_tile_static", "tile_static_out_of_bounds.cpp",
     "16:30: error: index (4) is out of bounds for 'buffer' with extent (4)", None),
    # in the restrict(amp) function the kernel calls (checked too: a copy of its own per kernel)
    ("oob_function", "function_out_of_bounds.cpp",
     "17:20: error: index (6, 0) is out of bounds for 'data' with extent (6, 5)", "before the kernel\n"),
])
def test_out_of_bounds_access_is_reported_at_its_first_bad_index(results, key, name, first, out):
    rc, stdout, err = results[key]
    assert rc == 1, err
    assert err.splitlines()[0] == f"{RUNTIME / name}:{first} [amp-out-of-bounds]"
    if out is not None:
        assert stdout == out


# ------------------------------------------------------------------ no instrumentation without --check
INSTRUMENTATION = ("check_index", "check_tile_static", "launch_checked", "viol", "_shadow", "epoch")


def _translate(path, **checks):
    from amppy import driver
    from amppy.diagnostics import DiagnosticSink
    return driver.translate(str(path), driver.Options(target="cpu", **checks), DiagnosticSink())[1]


@pytest.mark.parametrize("src", [RULES / "race_block3.cpp", RUNTIME / "out_of_bounds.cpp"] + CLEAN,
                         ids=lambda p: p.name)
def test_without_checks_kernels_are_not_instrumented(src):
    plain = _translate(src)
    for word in INSTRUMENTATION:
        assert word not in plain
    assert '@numba.njit(parallel=True, cache=True, error_model="numpy")' in plain
    assert "prange(" in plain
    # the checked translation launches the same kernels through launch_checked
    checked = _translate(src, check_races=True, check_bounds=True)
    assert checked.count("launch_checked(") == plain.count("launch_cpu(") > 0
    assert "launch_cpu(" not in checked


def test_amppy_translate_writes_the_uninstrumented_text(tmp_path, run_amppy):
    src = RULES / "race_block3.cpp"
    out = tmp_path / "t.py"
    rc, _, err = run_amppy(["translate", "--target", "cpu", str(src), "-o", str(out)])
    assert rc == 0, err
    assert out.read_text(encoding="utf-8") == _translate(src)


def test_checked_kernel_is_serial():
    src = _translate(SAMPLES / "reduction/tree_reduction.cpp", check_races=True)
    assert "parallel=True" not in src and "prange(" not in src
    assert "epoch += 1" in src                  # one interval per barrier
    assert "check_tile_static1(" in src
    assert "check_index1(" not in src           # --check races alone leaves array_views alone


# ------------------------------------------------------------------ the race detector itself
def _detector():
    from amppy.runtime import checks
    sh = np.zeros((4, 8), np.int64)
    viol = np.zeros(checks.V_SIZE, np.int64)
    return checks, sh, viol


def _access(checks, sh, viol, ep, tid, site, mode, i):
    try:
        checks.check_tile_static1(sh, viol, ep, tid, 0, site, mode, (4,), i)
        return False
    except checks.CheckFailed:
        return True


@pytest.mark.parametrize("seq, race", [
    ([(1, 0, 2, 1), (1, 1, 1, 1)], True),               # write by 0, read by 1
    ([(1, 0, 1, 1), (1, 1, 2, 1)], True),               # read by 0, write by 1
    ([(1, 0, 2, 1), (1, 1, 2, 1)], True),               # write, write
    ([(1, 0, 1, 1), (1, 1, 1, 1), (1, 0, 2, 1)], True),  # two readers, then one of them writes
    ([(1, 0, 3, 1), (1, 0, 3, 1), (1, 0, 1, 1)], False),  # one thread's own accesses
    ([(1, 0, 1, 1), (1, 1, 1, 1), (1, 2, 1, 1)], False),  # readers only
    ([(1, 0, 2, 1), (2, 1, 1, 1), (2, 2, 1, 1)], False),  # a barrier in between
    ([(1, 0, 2, 1), (1, 1, 2, 2)], False),               # different elements
])
def test_race_detector(seq, race):
    checks, sh, viol = _detector()
    found = False
    for step, (ep, tid, mode, i) in enumerate(seq):
        if _access(checks, sh, viol, ep, tid, step, mode, i):
            found = True
            break
    assert found == race
    if race:
        assert step == len(seq) - 1
        assert viol[checks.V_KIND] == checks.K_RACE and viol[checks.V_SITE] == step
        assert viol[checks.V_TID] != viol[checks.V_OTHER_TID]


def test_bounds_helper_records_the_index():
    from amppy.runtime import checks
    viol = np.zeros(checks.V_SIZE, np.int64)
    assert checks.check_index2(viol, 7, (8, 9), 7, 8) == (7, 8)
    with pytest.raises(checks.CheckFailed):
        checks.check_index2(viol, 7, (8, 9), 3, 9)
    assert list(viol[:3]) == [checks.K_BOUNDS, 7, 0]
    assert list(viol[checks.V_IDX:checks.V_IDX + 2]) == [3, 9]
    assert list(viol[checks.V_EXT:checks.V_EXT + 2]) == [8, 9]
    with pytest.raises(checks.CheckFailed):
        checks.check_index2(np.zeros(checks.V_SIZE, np.int64), 0, (8, 9), -1, 0)
