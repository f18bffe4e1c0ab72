"""Thread coarsening of tiled kernels on the CUDA target (lower/coarsen.py, codegen/coarsened.py).

The plan (which statements run once, which per replica, which locals are split), the code and the
launch it gives, and what the kernels compute: each kernel translated with coarsening off and with
several factors is run on the CPU, a Python thread per CUDA thread (tests/cuda_threads.py), and the
results must be identical.  On a GPU the samples run coarsened too (test_cuda_codegen.py's `cuda`
tests run every sample with the default `--coarsen auto`)."""
from __future__ import annotations

import re

import numpy as np
import pytest

import cuda_threads
from amppy.codegen import generate
from amppy.codegen.cuda import coarsening
from amppy.diagnostics import DiagnosticSink
from amppy.driver import Options, analyse
from amppy.lower import coarsen
from build_cache import program_file
from conftest import SAMPLES
from test_cuda_codegen import compile_all, load_module, needs_ptx

MATMUL = (SAMPLES / "matrix" / "matmul_tiled.cpp").read_text(encoding="utf-8")

# every kind of statement the plan tells apart: shared and split locals, a tree reduction in a
# loop with a barrier, a loop left early by some replicas, a branch on tile_static data with a
# barrier inside, loops and a switch whose paths differ per replica, the whole global index
MIXED = r"""
#include <amp.h>
#include <vector>
using namespace concurrency;
static const int T = 8;

int main() {
    std::vector<float> vin(8 * 32), vout(8 * 32);
    for (int i = 0; i < 8 * 32; i++) vin[i] = (float)((i * 7) % 13);
    array_view<const float, 2> in(8, 32, vin);
    array_view<float, 2> out(8, 32, vout);
    parallel_for_each(out.extent.tile<4, T>(), [=](tiled_index<4, T> t) restrict(amp) {
        tile_static float s[4][T];
        tile_static int flag;
        int r = t.local[0];
        int c = t.local[1];
        s[r][c] = in[t.global];
        if (r == 0 && c == 0) flag = t.tile[1] % 2;
        t.barrier.wait();
        for (int w = T / 2; w > 0; w /= 2) {
            if (c < w) s[r][c] += s[r][c + w];
            t.barrier.wait();
        }
        float acc = 0.0f;
        int n = 0;
        for (int k = 0; k < T; k++) {
            if (k > c) break;
            acc += s[r][0] * (k + 1);
            n++;
        }
        if (flag) {
            t.barrier.wait();
            acc += 1.0f;
        }
        int j = c;
        while (j < T * 3) j += c + 1;
        switch (c % 3) {
        case 0: acc += 10; break;
        case 1: acc -= 1; break;
        default: acc *= 2;
        }
        out[t.global] = acc + j * 0.5f + n + t.global[1];
    });
    out.synchronize();
    return 0;
}
"""


# one dimension: every thread adds the tile's values to its index (a load all its replicas share)
ROW_SUMS = r"""
#include <amp.h>
#include <vector>
using namespace concurrency;
#define TS 64

int main() {
    std::vector<int> v(1024, 1);
    array_view<int, 1> a(1024, v);
    parallel_for_each(a.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        tile_static int s[TS];
        s[t.local[0]] = a[t.global];
        t.barrier.wait();
        int sum = t.local[0];
        for (int k = 0; k < TS; k++) sum += s[k];
        t.barrier.wait();
        a[t.global] = sum;
    });
    return 0;
}
"""


def _program(text: str, name: str):
    path = program_file(text, name)
    pp, program = analyse(str(path), Options(target="cuda"), DiagnosticSink())
    return pp, program


def _kernel(text, name="k.cpp"):
    return _program(text, name)[1].kernels[0]


def _module(text: str, name: str, setting: str, tmp_path):
    pp, program = _program(text, name)
    source = generate(program, Options(target="cuda", coarsen=setting), pp.sources)
    return load_module(source, tmp_path, f"{name.split('.')[0]}_{setting.replace('x', '_')}"), source, program


def _matmul_text(m, k, n):
    text = MATMUL
    for name, value in (("M", m), ("K", k), ("N", n)):
        text = re.sub(rf"^static const int {name} = \d+;", f"static const int {name} = {value};", text, flags=re.M)
    return text


# ---------------------------------------------------------------------------------------- plans
def test_auto_coarsens_the_documentation_matmul_along_its_rows():
    p, why = coarsen.explain(_kernel(MATMUL, "mm.cpp"), "auto")
    assert p is not None and p.factors == (4, 1) and p.block() == (16, 4)
    assert sorted(s.name for s in p.split) == ["row", "sum"]        # `col` stays one value
    assert p.shared_loads == ["locB[...]"]
    assert why.startswith("coarsened 4x1: 4 C++ AMP threads of tile<16, 16> per CUDA thread (block (16, 4))")
    # the last dimension only where a warp still spans 32 threads along it, in blocks of 64 or more
    assert coarsen.plan(_kernel(ROW_SUMS.replace("TS 64", "TS 256"), "rows256.cpp"), "auto").factors == (4,)
    assert coarsen.plan(_kernel(ROW_SUMS.replace("TS 64", "TS 128"), "rows128.cpp"), "auto").factors == (2,)
    assert coarsen.explain(_kernel(ROW_SUMS, "rows64.cpp"), "auto")[1].startswith("not coarsened: no load")


def test_factors_asked_for_and_their_offsets():
    k = _kernel(MATMUL, "mm.cpp")
    p = coarsen.plan(k, "2x4")
    assert p.factors == (2, 4) and p.replicas == 8 and p.block() == (4, 8)
    # replica r: along dimension 1 (fastest) r % 4 steps of 4 threads, along dimension 0 r // 4 of 8
    assert [p.replica_offsets(r) for r in (0, 1, 3, 4, 7)] == [
        {1: 0, 0: 0}, {1: 4, 0: 0}, {1: 12, 0: 0}, {1: 0, 0: 8}, {1: 12, 0: 8}]
    assert coarsen.plan(k, "off") is None and coarsen.plan(k, "1") is None
    assert coarsen.explain(k, "3")[1] == "not coarsened: --coarsen 3: 3 does not divide the tile's 16 along dimension 1"


def test_what_is_left_alone_says_why():
    assert coarsen.explain(_kernel(MIXED, "mixed.cpp"), "auto")[1].startswith("not coarsened: no load")
    tiles3 = _program((SAMPLES / "tiles" / "tiles_3d.cpp").read_text(encoding="utf-8"), "t3.cpp")[1].kernels[0]
    assert coarsen.explain(tiles3, "auto")[1].startswith("not coarsened: no load")
    early = MIXED.replace("int j = c;", "if (c == 3) return;\n        int j = c;")
    assert coarsen.explain(_kernel(early, "early.cpp"), "4")[1] == \
        "not coarsened: a 'return' where the threads coarsened take different paths"
    with pytest.raises(ValueError, match="auto, off or factors"):
        coarsen.parse_setting("2y4")


def test_generated_kernel_and_launch(tmp_path):
    _, source, _ = _module(_matmul_text(64, 32, 48), "mm.cpp", "auto", tmp_path)
    assert "            sum_r1 += locA[row_r1, k] * locB[k, col]\n" in source
    assert "    l0_4 = l0 + 4\n" in source and "    g0_12 = g0 + 12\n" in source
    assert ", (16, 4), a, b, product)  # " in source
    off = _module(_matmul_text(64, 32, 48), "mm.cpp", "off", tmp_path)[1]
    assert "# not coarsened (--coarsen off)" in off and ", None, a, b, product)" in off


# ------------------------------------------------------------------ what the kernels compute
def _run(mod, program, setting, args, ext):
    k = program.kernels[0]
    p = coarsening(k, setting)
    tile = k.tile_dims
    block = p.block() if p is not None else tuple(tile[::-1])
    grid = tuple(e // t for e, t in zip(ext, tile))[::-1]
    cuda_threads.run(mod.main_kernel, grid, block, (*ext, *args))


@pytest.mark.parametrize("setting", ["auto", "2", "8", "2x2", "2x4", "4x4", "16x16"])
def test_coarsened_matmul_computes_what_one_thread_per_cuda_thread_computes(setting, tmp_path):
    m, kk, n = 32, 48, 32
    text = _matmul_text(m, kk, n)
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (m, kk)).astype(np.float32)
    b = rng.integers(-3, 4, (kk, n)).astype(np.float32)
    results = []
    for s in ("off", setting):
        mod, _, program = _module(text, "mm.cpp", s, tmp_path)
        c = np.zeros((m, n), np.float32)
        _run(mod, program, s, (a, b, c), (m, n))
        results.append(c)
    assert np.array_equal(results[0], a @ b)
    assert np.array_equal(results[1], results[0])


@pytest.mark.parametrize("setting", ["2", "4", "8", "2x2", "4x8"])
def test_coarsened_mixed_kernel_computes_the_same(setting, tmp_path):
    vin = np.array([(i * 7) % 13 for i in range(8 * 32)], np.float32).reshape(8, 32)
    results = []
    for s in ("off", setting):
        mod, source, program = _module(MIXED, "mixed.cpp", s, tmp_path)
        assert (coarsening(program.kernels[0], s) is None) == (s == "off"), source
        out = np.zeros((8, 32), np.float32)
        _run(mod, program, s, (vin, out), (8, 32))
        results.append(out)
    assert np.array_equal(results[1], results[0])
    assert results[0].any()


def test_command_line_flag_and_verbose_explanation(tmp_path, capsys):
    from amppy.cli import main
    src = str(SAMPLES / "matrix" / "matmul_tiled.cpp")
    out = str(tmp_path / "mm.py")
    assert main(["translate", "-v", "--target", "cuda", src, "-o", out]) == 0
    err = capsys.readouterr().err
    assert "matmul_tiled.cpp:34: kernel main_kernel: coarsened 4x1: 4 C++ AMP threads of tile<16, 16>" in err
    assert main(["translate", "-v", "--target", "cuda", "--coarsen", "2x3", src, "-o", out]) == 0
    assert "kernel main_kernel: not coarsened: --coarsen 2x3: 3 does not divide the tile's 16 along dimension 1" \
        in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["translate", "--target", "cuda", "--coarsen", "fast", src, "-o", out])
    assert e.value.code == 2
    assert "--coarsen takes auto, off or factors such as 4 or 2x4, not 'fast'" in capsys.readouterr().err


# --------------------------------------------------------------------------- untiled kernels
NBODY = (SAMPLES / "classes" / "nbody.cpp").read_text(encoding="utf-8")


def test_untiled_nbody_takes_four_bodies_per_thread_when_asked(tmp_path):
    assert coarsen.explain(_kernel(NBODY, "nbody.cpp"), "auto")[1].startswith("not coarsened: an untiled kernel")
    p, why = coarsen.explain(_kernel(NBODY, "nbody.cpp"), "4")
    assert p is not None and p.factors == (4,) and p.block() is None
    assert {"p", "acc", "d", "r2", "inv", "v"} <= {s.name for s in p.split}      # Vec3 locals too
    _, source, _ = _module(NBODY, "nbody.cpp", "4", tmp_path)
    assert "    g0_3 = g0 + 3 * cuda.blockDim.x\n    if g0_3 < ext0:  # every replica inside the extent\n" in source
    assert ", pos, mass, vel, next_, coarsen=(4,))  # " in source
    assert coarsen.explain(_kernel(NBODY.replace("Vec3 p = pos[i];", "Vec3 p = pos[i];\n        if (i[0] > N) return;"),
                                   "nbody_ret.cpp"), "4")[1] == "not coarsened: a 'return' in an untiled kernel"


@pytest.mark.parametrize("setting", ["4", "2", "3"])
def test_coarsened_nbody_computes_the_same(setting, tmp_path):
    """300 bodies in blocks of 32 threads: whole blocks of replicas, and a last block where some
    replicas fall outside the extent (run one after another)."""
    n, block = 300, 32
    text = re.sub(r"^const int N = \d+;", f"const int N = {n};", NBODY, flags=re.M)
    rng = np.random.default_rng(5)
    results = []
    for s in ("off", setting):
        mod, source, program = _module(text, "nbody.cpp", s, tmp_path)
        f = coarsening(program.kernels[0], s)
        per = f.factors[0] if f is not None else 1
        assert per == (1 if s == "off" else int(s))
        dt = mod.Vec3.dtype
        pos, vel, nxt = np.zeros(n, dt), np.zeros(n, dt), np.zeros(n, dt)
        for c in "xyz":
            pos[c] = rng.uniform(-8, 8, n).astype(np.float32) if s == "off" else results[0][0][c]
            vel[c] = rng.uniform(-1, 1, n).astype(np.float32) if s == "off" else results[0][1][c]
        mass = np.linspace(1, 2, n, dtype=np.float32)
        start = (pos.copy(), vel.copy())
        recs = [x.view(np.recarray) for x in (pos, vel, nxt)]       # (field access as numba has it)
        cuda_threads.run(mod.step_kernel, (-(-n // (block * per)),), (block,), (n, recs[0], mass, recs[1], recs[2]))
        results.append((start[0], start[1], vel, nxt))
    assert np.array_equal(results[1][2], results[0][2]) and np.array_equal(results[1][3], results[0][3])
    assert results[0][3]["x"].any()


@pytest.mark.parametrize("setting", ["2", "4"])
def test_coarsened_switch_with_barriers_computes_the_same(setting, tmp_path):
    """A switch on the tile's index with barriers in its cases: jammed, its cases interleaved."""
    text = (SAMPLES / "kernels" / "switch_barrier.cpp").read_text(encoding="utf-8")
    results = []
    for s in ("off", setting):
        mod, source, program = _module(text, "switch_barrier.cpp", s, tmp_path)
        assert ("if switch_value == 0:" in source) and (s == "off" or "cuda.syncthreads()" in source)
        av = np.zeros(16, np.int32)
        _run(mod, program, s, (av,), (16,))
        results.append(av)
    assert np.array_equal(results[1], results[0]) and results[0].any()


# index<N> locals: split per replica too (a tuple each)
INDEX_LOCALS = MATMUL.replace("""            int row = t_idx.local[0];
            int col = t_idx.local[1];""", """            index<2> li = t_idx.local;
            index<2> gi = t_idx.global;
            int row = li[0];
            int col = li[1];""").replace("a(t_idx.global[0], col + i)", "a(gi[0], col + i)").replace(
    "product[t_idx.global] = sum;", "product[gi] = sum;")


@pytest.mark.parametrize("setting", ["4x1", "4", "2x2"])
def test_index_locals_are_split_per_replica(setting, tmp_path):
    assert "index<2> li = t_idx.local;" in INDEX_LOCALS and "product[gi] = sum;" in INDEX_LOCALS
    # `col = li[1]` is the same in the 4 rows of a CUDA thread although `li` is not: auto sees it
    p = coarsen.plan(_kernel(INDEX_LOCALS, "mm_index.cpp"), "auto")
    assert p.factors == (4, 1) and p.shared_loads == ["locB[...]"]
    m, kk, n = 32, 32, 32
    text = INDEX_LOCALS
    for name, value in (("M", m), ("K", kk), ("N", n)):
        text = re.sub(rf"^static const int {name} = \d+;", f"static const int {name} = {value};", text, flags=re.M)
    a = (np.arange(m * kk) % 5 - 2).astype(np.float32).reshape(m, kk)
    b = (np.arange(kk * n) % 3 - 1).astype(np.float32).reshape(kk, n)
    results = []
    for s_ in ("off", setting):
        mod, source, program = _module(text, "mm_index.cpp", s_, tmp_path)
        assert (s_ == "off") == ("gi_r1 = " not in source)
        c = np.zeros((m, n), np.float32)
        _run(mod, program, s_, (a, b, c), (m, n))
        results.append(c)
    assert np.array_equal(results[0], a @ b) and np.array_equal(results[1], results[0])


@needs_ptx
@pytest.mark.parametrize("which, setting", [("matmul", "2x4"), ("index", "4"), ("mixed", "2x2"), ("nbody", "4")])
def test_coarsened_kernels_compile_to_ptx(which, setting, tmp_path):
    """numba-cuda takes what the emulator ran: replicas of numbers, tuples (indices) and struct
    fields, the untiled kernel's two paths."""
    text = {"matmul": MATMUL, "index": INDEX_LOCALS, "mixed": MIXED, "nbody": NBODY}[which]
    mod, source, program = _module(text, f"{which}.cpp", setting, tmp_path)
    assert coarsening(program.kernels[0], setting) is not None
    ptx = compile_all(program, mod)[program.kernels[0].name]
    assert ".entry" in ptx
