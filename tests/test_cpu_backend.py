"""CPU kernel backend: hand-built IR kernels → generated Numba source → run against numpy.

All kernels go into one generated module (compiled once per test session).
"""
import importlib.util
import sys

import numpy as np
import pytest

from amppy import ir
from amppy.codegen import cpu
from amppy.codegen.kernel_exprs import KernelCodegenError, KernelExprEmitter
from amppy.lower import barrier_regions
from amppy.passes import uniformity
from amppy.runtime import amp
from amppy.runtime.containers import struct
from amppy.runtime.launch_cpu import launch_cpu, serial_twin
from amppy.source import SourceMap, Span

FILE = "k.cpp"
INT, FLOAT, BOOL, UINT = ir.INT, ir.FLOAT, ir.BOOL, ir.UINT


# ------------------------------------------------------------------ IR building helpers
class B:
    """Builds IR nodes; every node gets the current line (`B.line`) and a source text line."""

    def __init__(self):
        self.lines = []

    def at(self, text):
        self.lines.append(text)
        return Span(FILE, len(self.lines), 1, len(self.lines), len(text) + 1)

    @property
    def sp(self):
        n = max(len(self.lines), 1)
        return Span(FILE, n, 1, n, 2)

    def sym(self, name, t, kind="local", storage=()):
        return ir.Symbol(name, name, t, kind, self.sp, storage=storage)

    def v(self, s):
        t = s.type
        return ir.Var(self.sp, t, s)

    def c(self, value, t=INT):
        return ir.Const(self.sp, t, value)

    def f(self, value):
        return ir.Const(self.sp, FLOAT, float(value))

    def ti(self, which, d):
        return ir.ThreadIndex(self.sp, INT, which, d)

    def bin(self, op, a, b):
        t = BOOL if op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||") else a.type
        return ir.Binary(self.sp, t, op, a, b)

    def conv(self, e, t):
        return ir.Convert(self.sp, t, e, False)

    def el(self, base, *idx):
        t = base.type
        elem = t.elem
        return ir.ElementRef(self.sp, elem, self.v(base), tuple(idx))

    def assign(self, text, target, value, op="="):
        sp = self.at(text)
        return ir.ExprStmt(sp, ir.Assign(sp, target.type, op, target, value, target.type))

    def decl(self, text, s, init=None):
        return ir.VarDecl(self.at(text), s, init)

    def block(self, *stmts):
        return ir.Block(self.sp, tuple(stmts))

    def barrier(self, text="t_idx.barrier.wait();"):
        return ir.Barrier(self.at(text), "all")

    def kernel(self, name, body, captures, rank, tile=None):
        idx = self.sym("t_idx" if tile else "idx", ir.TiledIndex(tile) if tile else ir.Index(rank), "index")
        sp = self.sp
        caps = [ir.Capture(s, s, False) for s in captures]
        return ir.Kernel(name, sp, sp, rank, tile, idx, caps, ir.Block(sp, tuple(body)))


def av(b, name, elem, rank):
    return b.sym(name, ir.ArrayView(elem, rank), "capture")


# ------------------------------------------------------------------ the kernels
def k_tile_average(b):
    m, avgs = av(b, "matrix", FLOAT, 2), av(b, "averages", FLOAT, 2)
    nums = b.sym("nums", ir.CArray(FLOAT, (2, 2)), storage=("tile_static",))
    s = b.sym("sum", FLOAT)
    L0, L1 = b.ti("local", 0), b.ti("local", 1)
    body = [
        ir.TileStatic(b.at("tile_static float nums[2][2];"), nums),
        b.assign("nums[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx.global];",
                 b.el(nums, L0, L1), b.el(m, b.ti("global", 0), b.ti("global", 1))),
        b.barrier(),
        ir.If(b.at("if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {"),
              b.bin("&&", b.bin("==", L0, b.c(0)), b.bin("==", L1, b.c(0))),
              b.block(
                  b.decl("float sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];", s,
                         b.bin("+", b.bin("+", b.bin("+", b.el(nums, b.c(0), b.c(0)), b.el(nums, b.c(0), b.c(1))),
                                          b.el(nums, b.c(1), b.c(0))), b.el(nums, b.c(1), b.c(1)))),
                  b.assign("averages[t_idx.tile] = sum / 4;", b.el(avgs, b.ti("tile", 0), b.ti("tile", 1)),
                           b.bin("/", b.v(s), b.conv(b.c(4), FLOAT)))), None),
    ]
    return b.kernel("tile_average", body, [m, avgs], 2, (2, 2))


def k_reduce(b, T=64):
    data, out, sums = av(b, "data", FLOAT, 1), av(b, "out", FLOAT, 1), av(b, "sums", FLOAT, 1)
    v, k = b.sym("v", FLOAT), b.sym("k", INT)
    s = b.sym("s", ir.CArray(FLOAT, (T,)), storage=("tile_static",))
    L, G = b.ti("local", 0), b.ti("global", 0)
    for_sp = b.at(f"for (int k = {T // 2}; k > 0; k /= 2) {{")
    loop = ir.For(for_sp, (ir.VarDecl(for_sp, k, b.c(T // 2)),), b.bin(">", b.v(k), b.c(0)),
                  (ir.Assign(for_sp, INT, "/", b.v(k), b.c(2), INT),),
                  b.block(ir.If(b.at("if (t_idx.local[0] < k) s[t_idx.local[0]] += s[t_idx.local[0] + k];"),
                                b.bin("<", L, b.v(k)),
                                b.block(b.assign("s[l] += s[l + k]", b.el(s, L),
                                                 b.el(s, b.bin("+", L, b.v(k))), "+")), None),
                          b.barrier()))
    body = [
        b.decl("float v = data[t_idx.global] * 2;", v, b.bin("*", b.el(data, G), b.f(2))),
        ir.TileStatic(b.at(f"tile_static float s[{T}];"), s),
        b.assign("s[t_idx.local[0]] = v;", b.el(s, L), b.v(v)),
        b.barrier(),
        loop,
        b.assign("out[t_idx.global] = v + s[0];", b.el(out, G), b.bin("+", b.v(v), b.el(s, b.c(0)))),
        ir.If(b.at("if (t_idx.local[0] == 0) sums[t_idx.tile[0]] = s[0];"), b.bin("==", L, b.c(0)),
              b.block(b.assign("sums[t] = s[0]", b.el(sums, b.ti("tile", 0)), b.el(s, b.c(0)))), None),
    ]
    return b.kernel("reduce_tiles", body, [data, out, sums], 1, (T,))


def k_matmul(b, TS=16):
    a, bb, c = av(b, "a", FLOAT, 2), av(b, "b", FLOAT, 2), av(b, "c", FLOAT, 2)
    row, col, total, i, kk = (b.sym("row", INT), b.sym("col", INT), b.sym("sum", FLOAT),
                              b.sym("i", INT), b.sym("k", INT))
    la = b.sym("locA", ir.CArray(FLOAT, (TS, TS)), storage=("tile_static",))
    lb = b.sym("locB", ir.CArray(FLOAT, (TS, TS)), storage=("tile_static",))
    ext1 = ir.IndexComponent(b.sp, INT, ir.FieldRef(b.sp, ir.Extent(2), b.v(a), "extent", False), 1)
    fsp = b.at(f"for (int i = 0; i < a.extent[1]; i += {TS}) {{")
    ksp = b.at(f"for (int k = 0; k < {TS}; k++) sum += locA[row][k] * locB[k][col];")
    inner = ir.For(ksp, (ir.VarDecl(ksp, kk, b.c(0)),), b.bin("<", b.v(kk), b.c(TS)),
                   (ir.IncDec(ksp, INT, "++", False, b.v(kk)),),
                   b.block(ir.ExprStmt(ksp, ir.Assign(ksp, FLOAT, "+", b.v(total),
                                                      b.bin("*", b.el(la, b.v(row), b.v(kk)), b.el(lb, b.v(kk), b.v(col))),
                                                      FLOAT))))
    loop = ir.For(fsp, (ir.VarDecl(fsp, i, b.c(0)),), b.bin("<", b.v(i), ext1),
                  (ir.Assign(fsp, INT, "+", b.v(i), b.c(TS), INT),),
                  b.block(ir.TileStatic(b.at(f"tile_static float locA[{TS}][{TS}], locB[{TS}][{TS}];"), la),
                          ir.TileStatic(b.sp, lb),
                          b.assign("locA[row][col] = a(t_idx.global[0], col + i);", b.el(la, b.v(row), b.v(col)),
                                   b.el(a, b.ti("global", 0), b.bin("+", b.v(col), b.v(i)))),
                          b.assign("locB[row][col] = b(row + i, t_idx.global[1]);", b.el(lb, b.v(row), b.v(col)),
                                   b.el(bb, b.bin("+", b.v(row), b.v(i)), b.ti("global", 1))),
                          b.barrier(), inner, b.barrier()))
    body = [b.decl("int row = t_idx.local[0];", row, b.ti("local", 0)),
            b.decl("int col = t_idx.local[1];", col, b.ti("local", 1)),
            b.decl("float sum = 0.0f;", total, b.f(0)),
            loop,
            b.assign("c[t_idx.global] = sum;", b.el(c, b.ti("global", 0), b.ti("global", 1)), b.v(total))]
    return b.kernel("matmul", body, [a, bb, c], 2, (TS, TS))


def k_tile3d(b):
    out = av(b, "out", INT, 3)
    t = b.sym("t", ir.CArray(INT, (2, 2, 4)), storage=("tile_static",))
    L = [b.ti("local", d) for d in range(3)]
    G = [b.ti("global", d) for d in range(3)]
    code = b.bin("+", b.bin("+", b.bin("*", G[0], b.c(100)), b.bin("*", G[1], b.c(10))), G[2])
    rev = [b.bin("-", b.c(n - 1), L[d]) for d, n in enumerate((2, 2, 4))]
    origin = b.bin("+", b.bin("*", b.ti("tile_origin", 2), b.c(10000)), b.ti("tile", 1))
    body = [ir.TileStatic(b.at("tile_static int t[2][2][4];"), t),
            b.assign("t[l0][l1][l2] = g0*100 + g1*10 + g2;", b.el(t, *L), code),
            b.barrier(),
            b.assign("out[g] = t[1-l0][1-l1][3-l2] + origin2*10000 + tile1;", b.el(out, *G),
                     b.bin("+", b.el(t, *rev), origin))]
    return b.kernel("tile3d", body, [out], 3, (2, 2, 4))


def k_untiled1(b):
    x, fo, io, n = av(b, "x", FLOAT, 1), av(b, "fo", FLOAT, 1), av(b, "io", INT, 1), b.sym("n", INT, "capture")
    i = b.ti("global", 0)
    body = [ir.If(b.at("if (idx[0] >= n) return;"), b.bin(">=", i, b.v(n)),
                  b.block(ir.Return(b.sp, None)), None),
            b.assign("fo[idx] = sqrt(x[idx]) * 0.5f + 1;", b.el(fo, i),
                     b.bin("+", b.bin("*", ir.MathCall(b.sp, FLOAT, "sqrt", (b.el(x, i),)), b.f(0.5)),
                           b.conv(b.c(1), FLOAT))),
            b.assign("io[idx] = (idx[0] - 7) / 3 * 100 + (idx[0] - 7) % 3;", b.el(io, i),
                     b.bin("+", b.bin("*", b.bin("/", b.bin("-", i, b.c(7)), b.c(3)), b.c(100)),
                           b.bin("%", b.bin("-", i, b.c(7)), b.c(3))))]
    return b.kernel("untiled1", body, [x, fo, io, n], 1)


def k_untiled2(b):
    a, c, alpha = av(b, "a", FLOAT, 2), av(b, "c", FLOAT, 2), b.sym("alpha", FLOAT, "capture")
    i, j = b.ti("global", 0), b.ti("global", 1)
    body = [b.assign("c[idx] = a[idx] * alpha + (i < j ? 1.0f : -1.0f);", b.el(c, i, j),
                     b.bin("+", b.bin("*", b.el(a, i, j), b.v(alpha)),
                           ir.Conditional(b.sp, FLOAT, b.bin("<", i, j), b.f(1), b.f(-1))))]
    return b.kernel("untiled2", body, [a, c, alpha], 2)


def k_struct(b):
    desc = b.sym("descriptions", ir.ArrayView(ir.StructType("Description"), 2), "capture")
    i, j = b.ti("global", 0), b.ti("global", 1)
    e = b.el(desc, i, j)
    body = [b.assign("descriptions[idx].globalRow = idx[0];", ir.FieldRef(b.sp, INT, e, "globalRow", False), i),
            b.assign("descriptions[idx].value = idx[1] * 0.5f;", ir.FieldRef(b.sp, FLOAT, e, "value", False),
                     b.bin("*", b.conv(j, FLOAT), b.f(0.5)))]
    return b.kernel("struct_write", body, [desc], 2)


def k_atomic(b):
    hist, x = av(b, "hist", INT, 1), av(b, "x", INT, 1)
    i = b.ti("global", 0)
    target = b.el(hist, b.bin("%", b.el(x, i), b.c(4)))
    body = [ir.ExprStmt(b.at("atomic_fetch_add(&hist[x[idx] % 4], 1);"),
                        ir.AtomicCall(b.sp, INT, "atomic_fetch_add", target, (b.c(1),)))]
    return b.kernel("histogram", body, [hist, x], 1)


def k_while_reduce(b, T=8):
    """int stride = T / 2; while (stride > 0) { if (l < stride) s[l] += s[l + stride]; barrier;
    stride /= 2; }  then, in a tiled kernel with an early return: if (l != 0) return; out[tile] = s[0]."""
    data, out = av(b, "data", INT, 1), av(b, "out", INT, 1)
    s = b.sym("s", ir.CArray(INT, (T,)), storage=("tile_static",))
    stride = b.sym("stride", INT)
    L = b.ti("local", 0)
    body = [ir.TileStatic(b.at(f"tile_static int s[{T}];"), s),
            b.assign("s[l] = data[g];", b.el(s, L), b.el(data, b.ti("global", 0))),
            b.decl(f"int stride = {T} / 2;", stride, b.bin("/", b.c(T), b.c(2))),
            b.barrier(),
            ir.While(b.at("while (stride > 0) {"), b.bin(">", b.v(stride), b.c(0)),
                     b.block(ir.If(b.at("if (l < stride) s[l] += s[l + stride];"), b.bin("<", L, b.v(stride)),
                                   b.block(b.assign("s[l] += ...", b.el(s, L), b.el(s, b.bin("+", L, b.v(stride))), "+")),
                                   None),
                             b.barrier(),
                             b.assign("stride /= 2;", b.v(stride), b.c(2), "/"))),
            ir.If(b.at("if (t_idx.local[0] != 0) return;"), b.bin("!=", L, b.c(0)),
                  b.block(ir.Return(b.sp, None)), None),
            b.assign("out[t_idx.tile[0]] = s[0];", b.el(out, b.ti("tile", 0)), b.el(s, b.c(0)))]
    return b.kernel("while_reduce", body, [data, out], 1, (T,))


BUILDERS = [k_tile_average, k_reduce, k_matmul, k_tile3d, k_untiled1, k_untiled2, k_struct, k_atomic,
            k_while_reduce]


@pytest.fixture(scope="module")
def mod(tmp_path_factory):
    b = B()
    kernels = [f(b) for f in BUILDERS]
    sources = SourceMap()
    sources.add(FILE, "\n".join(b.lines) + "\n")
    lines = cpu.module_prelude() + [""]
    for k in kernels:
        lines += [""] + cpu.emit_kernel(k, None, sources, set()) + [""]
    src = "\n".join(lines) + "\n"
    path = tmp_path_factory.mktemp("gen") / "gen_kernels.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("gen_kernels", path)
    m = importlib.util.module_from_spec(spec)
    sys.modules["gen_kernels"] = m
    spec.loader.exec_module(m)
    m.SOURCE = src
    return m


def test_generated_source_is_readable(mod):
    src = mod.SOURCE
    assert "# k.cpp:" in src and "nums[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx.global];" in src
    assert "prange" in src and "float64" not in src
    compile(src, "gen", "exec")


def test_tile_average(mod):
    rng = np.random.default_rng(1)
    m = rng.random((6, 8), dtype=np.float32)
    avgs = np.zeros((3, 4), np.float32)
    launch_cpu(mod.tile_average, amp.extent(6, 8).tile(2, 2), "k.cpp:1", amp.array_view(m), amp.array_view(avgs))
    ref = m.reshape(3, 2, 4, 2).sum(axis=(1, 3)) / np.float32(4)
    np.testing.assert_allclose(avgs, ref, rtol=1e-6)
    with pytest.raises(amp.invalid_compute_domain) as ei:
        launch_cpu(mod.tile_average, amp.extent(5, 8).tile(2, 2), "k.cpp:9", m, avgs)
    assert ei.value.where == "k.cpp:9"


def test_reduction(mod):
    data = np.arange(256, dtype=np.float32) % 7
    out, sums = np.zeros(256, np.float32), np.zeros(4, np.float32)
    launch_cpu(mod.reduce_tiles, amp.extent(256).tile(64), "k.cpp:1", data, out, sums)
    tile_sums = (data * 2).reshape(4, 64).sum(axis=1)
    np.testing.assert_allclose(sums, tile_sums)
    np.testing.assert_allclose(out, data * 2 + np.repeat(tile_sums, 64))
    assert "v_tile" in mod.SOURCE          # v lives across barriers


def test_matmul(mod):
    rng = np.random.default_rng(2)
    a, bb = rng.random((64, 48), dtype=np.float32), rng.random((48, 32), dtype=np.float32)
    c = np.zeros((64, 32), np.float32)
    launch_cpu(mod.matmul, amp.extent(64, 32).tile(16, 16), "k.cpp:1", a, bb, c)
    np.testing.assert_allclose(c, a @ bb, rtol=1e-5)
    src = mod.SOURCE
    assert "row_tile" not in src and "sum_tile" in src    # row is recomputed, sum is promoted


def test_while_reduction_with_tile_level_stride_and_early_return(mod):
    data = (np.arange(64, dtype=np.int32) * 7) % 11 - 5
    out = np.zeros(8, np.int32)
    launch_cpu(mod.while_reduce, amp.extent(64).tile(8), "k.cpp:1", data, out)
    np.testing.assert_array_equal(out, data.reshape(8, 8).sum(axis=1))
    src = mod.SOURCE
    assert "stride = cdiv(stride, 2)" in src or "stride //= 2" in src or "stride = stride // 2" in src


def test_tile3d(mod):
    out = np.zeros((4, 6, 8), np.int32)
    launch_cpu(mod.tile3d, amp.extent(4, 6, 8).tile(2, 2, 4), "k.cpp:1", out)
    g = np.indices((4, 6, 8))
    t, loc = g // np.array([2, 2, 4])[:, None, None, None], g % np.array([2, 2, 4])[:, None, None, None]
    src = t * np.array([2, 2, 4])[:, None, None, None] + (np.array([1, 1, 3])[:, None, None, None] - loc)
    ref = src[0] * 100 + src[1] * 10 + src[2] + t[2] * 4 * 10000 + t[1]
    np.testing.assert_array_equal(out, ref)


def test_untiled_1d(mod):
    x = np.arange(20, dtype=np.float32)
    fo, io = np.zeros(20, np.float32), np.full(20, -999, np.int32)
    launch_cpu(mod.untiled1, amp.extent(20), "k.cpp:1", x, fo, io, 15)
    np.testing.assert_allclose(fo[:15], np.sqrt(x[:15]) * np.float32(0.5) + 1, rtol=1e-6)
    assert (fo[15:] == 0).all() and (io[15:] == -999).all()
    i = np.arange(15) - 7
    q = np.trunc(i / 3).astype(int)
    np.testing.assert_array_equal(io[:15], q * 100 + (i - q * 3))     # C++ truncation


def test_untiled_2d(mod):
    a = np.random.default_rng(3).random((5, 7), dtype=np.float32)
    c = np.zeros_like(a)
    launch_cpu(mod.untiled2, amp.extent(5, 7), "k.cpp:1", amp.array_view(a), amp.array_view(c), np.float32(3))
    i, j = np.indices(a.shape)
    np.testing.assert_allclose(c, a * np.float32(3) + np.where(i < j, 1, -1), rtol=1e-6)
    assert serial_twin(mod.untiled2).nopython_signatures[0].args[-1] == __import__("numba").float32  # (a small launch)


def test_struct_fields(mod):
    @struct
    class Description:
        globalRow: np.int32
        flag: np.int8
        value: np.float32
    arr = amp.array(amp.extent(3, 4), Description)
    launch_cpu(mod.struct_write, amp.extent(3, 4), "k.cpp:1", arr)
    h = arr.host_buffer()                   # (data() is the flat `T*` of C++)
    np.testing.assert_array_equal(h["globalRow"], np.indices((3, 4))[0])
    np.testing.assert_allclose(h["value"], np.indices((3, 4))[1] * 0.5)
    assert arr[2, 3].globalRow == 2


def test_atomic_histogram(mod):
    x = np.arange(100_000, dtype=np.int32)
    hist = np.zeros(4, np.int32)
    launch_cpu(mod.histogram, amp.extent(x.size), "k.cpp:1", hist, x)
    np.testing.assert_array_equal(hist, np.bincount(x % 4))


def _nonuniform_kernel():
    b = B()
    s = b.sym("s", ir.CArray(FLOAT, (4,)), storage=("tile_static",))
    out = av(b, "out", FLOAT, 1)
    L = b.ti("local", 0)
    body = [ir.TileStatic(b.at("tile_static float s[4];"), s),
            ir.If(b.at("if (t_idx.local[0] < 2) {"), b.bin("<", L, b.c(2)),
                  b.block(b.assign("s[l] = 1;", b.el(s, L), b.f(1)), b.barrier()), None),
            b.assign("out[g] = s[l];", b.el(out, b.ti("global", 0)), b.el(s, L))]
    return b.kernel("bad", body, [out], 1, (4,))


def test_nonuniform_barrier_is_a_clear_error():
    k = _nonuniform_kernel()
    with pytest.raises(barrier_regions.BarrierLoweringError) as ei:
        cpu.emit_kernel(k, None, None)
    cond = k.body.body[1].cond
    assert "thread-dependent" in str(ei.value) and ei.value.span == cond.left.span   # t_idx.local[0]
    u = uniformity.analyse(k)
    assert not u.is_uniform(cond) and u.thread_dependent_reason(cond) is not None


def test_uniformity_facts():
    b = B()
    k = k_reduce(b)
    u = uniformity.analyse(k)
    loop = k.body.body[4]
    assert u.control_reason(loop) is None and u.control_reason(loop.body.body[0]) is not None
    v = k.body.body[0].sym
    assert not u.is_uniform_var(v) and u.is_uniform_var(loop.init[0].sym)
    lk = barrier_regions.lower(k)
    assert lk.promoted == [v] and loop.init[0].sym in lk.tile_vars


def test_expression_spelling():
    b = B()
    em = KernelExprEmitter()
    x, y, z = b.sym("x", INT), b.sym("y", INT), b.sym("u", UINT)
    lt = b.bin("<", b.bin("<", b.v(x), b.v(y)), b.c(3, BOOL))
    assert em.expr(lt) == "(x < y) < True"
    assert em.expr(b.bin("/", b.v(x), b.v(y))) == "cdiv(x, y)"
    assert em.expr(b.bin("%", b.v(z), b.c(4, UINT))) == "u % np.uint32(4)"
    # int arithmetic wraps at 32 bits (numba would widen it): one wrap for the whole chain
    assert em.expr(b.bin("-", b.v(x), b.bin("-", b.v(y), b.c(1)))) == "np.int32(x - (y - 1))"
    assert em.expr(b.conv(b.v(x), FLOAT)) == "float32(x)"
    # np.floor keeps a float (Numba's math.floor gives an int64, wrong for NaN, inf and huge values)
    assert em.expr(ir.MathCall(b.sp, FLOAT, "floor", (b.f(1.5),))) == "float32(np.floor(float32(1.5)))"
    assert em.expr(ir.Unary(b.sp, BOOL, "!", b.bin("&&", b.v(x), b.v(y)))) == "not (x and y)"
    with pytest.raises(KernelCodegenError):
        em.expr(ir.Assign(b.sp, INT, "=", b.v(x), b.v(y), INT))
