#!/usr/bin/env python3
"""Independently derived expected outputs for amppy's golden samples.

Each reference below recomputes what a sample prints with a plain, direct
computation (numpy matrix products, sums, rolls, closed-form index formulas),
never by translating the sample's tiled algorithm, and formats it the way the
C++ program's iostream/printf code does:

- ``std::cout << x`` for float/double is ``%g`` with 6 significant digits
  (``setprecision(p)`` changes 6 to p); ``std::fixed << setprecision(2)`` is ``%.2f``;
- ``std::setw(n)`` right-aligns in n characters (``std::left`` left-aligns);
- integer ``/`` and ``%`` truncate toward zero; unsigned arithmetic is mod 2**32.

The data in the samples is chosen so that every float result is an exactly
representable small integer or dyadic fraction, so summation order cannot
change a printed digit.

Usage:
    python tests/reference_outputs.py            # compare with samples/**/X.expected, exit 1 on mismatch
    python tests/reference_outputs.py --write    # (re)write the .expected (and .exitcode) files
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

U32 = 0xFFFFFFFF

# sample path (relative to samples/, without .cpp) -> function returning stdout text
REFERENCES: dict[str, Callable[[], str]] = {}
# sample path -> expected process exit code (only non-zero ones get a .exitcode file)
EXIT_CODES: dict[str, int] = {}


def reference(*paths: str, exit_code: int = 0):
    def register(fn: Callable[[], str]) -> Callable[[], str]:
        for p in paths:
            REFERENCES[p] = fn
            if exit_code:
                EXIT_CODES[p] = exit_code
        return fn
    return register


# ---------------------------------------------------------------- C++ formatting helpers

def g(x, precision: int = 6) -> str:
    """std::ostream default floating-point output (printf %g)."""
    return "%.*g" % (precision, float(x))


def setw(x, n: int) -> str:
    return str(x).rjust(n)


def cdiv(a: int, b: int) -> int:
    """C++ integer division: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def cmod(a: int, b: int) -> int:
    """C++ remainder: has the sign of the dividend, a == cdiv(a, b) * b + cmod(a, b)."""
    return a - cdiv(a, b) * b


def to_int32(u: int) -> int:
    u &= U32
    return u - (1 << 32) if u >= (1 << 31) else u


def lines(rows) -> str:
    return "".join(r + "\n" for r in rows)


# ---------------------------------------------------------------- samples/using-tiles (the doc page)

def _tile_averages(samplesize: int) -> str:
    matrix = np.arange(64, dtype=np.float32).reshape(8, 8)
    n = 8 // samplesize
    avg = matrix.reshape(n, samplesize, n, samplesize).mean(axis=(1, 3))
    return lines("".join(g(v) + " " for v in row) for row in avg)


@reference("using-tiles/tile_average", "using-tiles/tile_average_fence",
           "errors/rules/block4_no_race")
def tile_average_2x2() -> str:
    out = _tile_averages(2)
    # The page documents this output (block 2's comment).
    assert out.split() == "4.5 6.5 8.5 10.5 20.5 22.5 24.5 26.5 36.5 38.5 40.5 42.5 52.5 54.5 56.5 58.5".split()
    return out


@reference("using-tiles/tile_average_4x4")
def tile_average_4x4() -> str:
    out = _tile_averages(4)
    assert out.split() == "13.5 17.5 45.5 49.5".split()
    return out


@reference("using-tiles/tiling_description")
def tiling_description() -> str:
    # The Win32 console calls print nothing when stdout is not a terminal; the
    # final `std::cin >> wait` reads from an empty stdin and prints nothing.
    rows, cols, th, tw = 8, 9, 2, 3
    out = []
    for r in range(rows):
        out.append("".join("Value: " + setw(r * cols + c, 2) + "      " for c in range(cols)))
        out.append("".join("Tile:   (%d,%d)  " % (r // th, c // tw) for c in range(cols)))
        out.append("".join("Global: (%d,%d)  " % (r, c) for c in range(cols)))
        out.append("".join("Local:  (%d,%d)  " % (r % th, c % tw) for c in range(cols)))
        out.append("")
    # The page's figure: value 25 is at global (2,7), tile (1,2), local (0,1).
    col7 = [line[7 * 15:8 * 15] for line in out[10:14]]  # every cell is 15 characters wide
    assert col7 == ["Value: 25      ", "Tile:   (1,2)  ", "Global: (2,7)  ", "Local:  (0,1)  "], col7
    return lines(out)


# ---------------------------------------------------------------- samples/reduction

@reference("reduction/tree_reduction")
def tree_reduction() -> str:
    n, ts = 1024, 64
    data = ((np.arange(n) * 7) % 13 - 4).astype(np.float32)
    tile_sums = data.reshape(n // ts, ts).sum(axis=1, dtype=np.float64)
    total = float(data.sum(dtype=np.float64))
    mean = np.float32(total) / np.float32(n)
    return lines([
        "tile sums:" + "".join(" " + g(s) for s in tile_sums),
        "total: " + g(total),
        "mean: " + g(mean),
        "match",
    ])


# ---------------------------------------------------------------- samples/matrix

@reference("matrix/matmul_tiled", "matrix/matmul_simple")
def matmul() -> str:
    m, k, n = 64, 32, 48
    i, kk = np.indices((m, k))
    a = (i * kk + i + 2 * kk) % 9 - 4
    kk, j = np.indices((k, n))
    b = (kk * j + 3 * j + kk) % 7 - 3
    c = a.astype(np.int64) @ b.astype(np.int64)  # exact: |c| <= 4*3*32
    # float32 represents every partial sum exactly (all below 2**24 in magnitude)
    assert np.array_equal(a.astype(np.float32) @ b.astype(np.float32), c.astype(np.float32))
    ii, jj = np.indices((m, n))
    weighted = int((((ii * n + jj) % 11) * c).sum())
    out = [
        "C is %d x %d" % (m, n),
        "checksum: " + g(c.sum()),
        "weighted: %d" % weighted,
        "C(0,0) = %s, C(17,31) = %s, C(63,47) = %s" % (g(c[0, 0]), g(c[17, 31]), g(c[63, 47])),
    ]
    for r in range(4):
        out.append("row %d:" % (r * 21) + "".join(setw(g(c[r * 21, col * 6]), 5) for col in range(8)))
    return lines(out)


# ---------------------------------------------------------------- samples/tiles

@reference("tiles/tiles_3d")
def tiles_3d() -> str:
    ext = np.array([4, 6, 8]).reshape(3, 1, 1, 1)
    tile = np.array([2, 3, 4]).reshape(3, 1, 1, 1)
    gidx = np.indices((4, 6, 8))
    t, l = gidx // tile, gidx % tile
    code = t[0] * 100000 + t[1] * 10000 + t[2] * 1000 + l[0] * 100 + l[1] * 10 + l[2]
    mg = t * tile + (tile - 1 - l)  # the element at the mirrored local position
    mirror = (mg[0] * ext[1, 0, 0, 0] + mg[1]) * ext[2, 0, 0, 0] + mg[2]
    picks = [(0, 0, 0), (1, 2, 3), (2, 3, 4), (3, 5, 7), (2, 4, 1), (1, 3, 6)]
    out = ["global (%d,%d,%d)  code %s  mirror %s" % (i, j, k, setw(code[i, j, k], 6), setw(mirror[i, j, k], 3))
           for i, j, k in picks]
    out.append("sum of codes: %d" % code.sum())
    assert mirror.sum() == sum(range(4 * 6 * 8))  # a permutation within each tile
    out.append("sum of mirrored values: %d" % mirror.sum())
    return lines(out)


@reference("tiles/value_after_barrier")
def value_after_barrier() -> str:
    ts, n = 8, 32
    x = (np.arange(n) ** 2 % 11).reshape(n // ts, ts)
    stage = 2 * x + np.roll(x, -1, axis=1)  # own value doubled + right neighbour (cyclic)
    out_vals = stage[:, ::-1] - np.arange(ts)  # read reversed, minus local index
    out = ["input:"] + ["".join(setw(v, 4) for v in row) for row in x]
    out += ["output:"] + ["".join(setw(v, 4) for v in row) for row in out_vals]
    return lines(out)


@reference("tiles/uniform_branch_barrier")
def uniform_branch_barrier() -> str:
    ts, n, passes = 8, 32, 3
    i = np.arange(n)
    vals = (i % 5 + i // 8).reshape(n // ts, ts)
    out = ["passes = %d" % passes]
    for t, x in enumerate(vals):
        if t % 2 == 0:
            x = np.roll(x, -1)
        for _ in range(passes):
            x = x + np.roll(x, 1)
        label = " (rotated):" if t % 2 == 0 else "          :"
        out.append("tile %d%s" % (t, label) + "".join(setw(v, 5) for v in x))
    return lines(out)


# ---------------------------------------------------------------- samples/untiled

@reference("untiled/untiled_1d")
def untiled_1d() -> str:
    out = ["   i   a   b  sum  a/4  a%4       hash   a*0.25"]
    for i in range(12):
        a, b = 2 * i - 7, 5 - i
        total = a + b + (3 * a - b)
        h = (i * 2654435761) & U32
        h ^= h >> 16
        quarter = np.float32(a) * np.float32(0.25)
        out.append(setw(i, 4) + setw(a, 4) + setw(b, 4) + setw(total, 5) + setw(cdiv(a, 4), 5)
                   + setw(cmod(a, 4), 5) + setw(h, 11) + setw(g(quarter), 9))
    return lines(out)


@reference("untiled/untiled_2d")
def untiled_2d() -> str:
    rows, cols = 5, 7
    r, c = np.indices((rows, cols))
    m = (r * 3 + c * c) % 10
    p = np.pad(m, 1)  # out-of-range neighbours contribute nothing
    stencil = p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4 * m
    out = ["stencil:"] + ["".join(setw(v, 5) for v in row) for row in stencil]
    out += ["transposed:"] + ["".join(setw(v, 3) for v in row) for row in m.T]
    out.append("(r-2c)/3*10 + (r-c)%3:")
    for rr in range(rows):
        out.append("".join(setw(cdiv(rr - 2 * cc, 3) * 10 + cmod(rr - cc, 3), 5) for cc in range(cols)))
    return lines(out)


@reference("untiled/untiled_3d")
def untiled_3d() -> str:
    d0, d1, d2 = 3, 4, 5
    lin, quot, wrap = {}, {}, {}
    for i in range(d0):
        for j in range(d1):
            for k in range(d2):
                lin[i, j, k] = (i * d1 + j) * d2 + k
                quot[i, j, k] = cdiv(k - 3 * j - i, 4)
                u = (i - j) & U32
                wrap[i, j, k] = (u % 7 + u // 1000000000) & U32
    out = ["sums: %d %d %d" % (sum(lin.values()), sum(quot.values()), sum(wrap.values()) & U32)]
    for j in range(d1):
        out.append("[1][%d]:" % j + "".join(
            " %s/%s/%d" % (setw(lin[1, j, k], 2), setw(quot[1, j, k], 2), wrap[1, j, k]) for k in range(d2)))
    out.append("max unsigned from -3: %d" % ((0 - 3) & U32))
    return lines(out)


# ---------------------------------------------------------------- samples/host

@reference("host/host_semantics", exit_code=3)
def host_semantics() -> str:
    out = []
    out.append(" ".join(str(v) for v in [cdiv(-7, 2), cmod(-7, 2), cdiv(7, -2), cmod(7, -2),
                                         cdiv(-7, -2), cmod(-7, -2)]) + " " + g(-7 / 2.0))
    u = (0 - 1) & U32
    # `seven > minusOne`: -1 converts to unsigned (4294967295), so the comparison is false
    out.append("%d %d %d %d" % (u, (u + 2) & U32, to_int32(4000000000), int(7 > ((-1) & U32))))
    out.append(g(np.float32(0.1), 17) + " " + g(0.1, 17))
    out.append(" ".join(g(v) for v in [100000.0, 1000000.0, 0.00001, 123456.7, 0.0001, 2.0,
                                       np.float32(1) / np.float32(3)]) + " 1")
    out.append("[" + "42".rjust(6) + "]" + "[" + "42".ljust(6) + "]" + "[" + "-5".rjust(6, "*") + "]")
    out.append("a=(1,2) b=(10,2)")  # b is a copy; shift() gets its own copy
    out.append("%5.2f|%-4d|%x" % (3.14159, 42, 255))
    # switch: case 0 falls into case 1 (break); case 2 falls into default
    case_order, adds, breaks_after = [0, 1, 2, "default"], [1, 10, 100, 1000], {1}
    for i in range(4):
        start = case_order.index(i) if i in case_order else case_order.index("default")
        count = 0
        for pos in range(start, len(case_order)):
            count += adds[pos]
            if case_order[pos] in breaks_after:
                break
        out.append("switch %d -> %d" % (i, count))
    n = 0
    while True:  # do { n += 3; } while (n < 10);
        n += 3
        if not n < 10:
            break
    out.append("do-while: %d %d" % (n, 1))
    out.append(" ".join("%.2f" % v for v in [3.14159, 2.5, 1e6, -0.126]))
    return lines(out)


# ---------------------------------------------------------------- driver

@reference("tiles/tile_static_loop_bound")
def tile_static_loop_bound() -> str:
    data = [i % 3 + 1 for i in range(16)]
    out = []
    for t in range(4):
        buf = data[4 * t: 4 * t + 4]
        for _ in range(buf[0]):                       # rounds = the tile's first element
            buf = [buf[l] + buf[(l + 1) % 4] for l in range(4)]
        out += buf
    return " ".join(map(str, out)) + " \n"


@reference("atomics/histogram")
def histogram() -> str:
    n, bins, ts = 4096, 13, 64
    data = np.array([(i * i + (7 * i) // 3) % 1000 for i in range(n)])
    hist = np.bincount(data % bins, minlength=bins)
    evens = (data.reshape(n // ts, ts) % 2 == 0).sum(axis=1)
    return lines([" ".join(map(str, hist)) + " ", f"total {hist.sum()}",
                  f"even values {evens.sum()}, first tiles {evens[0]} {evens[1]} {evens[2]}",
                  f"max {data.max()}"])


@reference("overview/vector_add")
def vector_add() -> str:
    return lines(str(a + b) for a, b in zip([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]))


@reference("matrix/walkthrough_multiply")
def walkthrough_multiply() -> str:
    a = np.array([1, 4, 2, 5, 3, 6]).reshape(3, 2)
    b = np.array([7, 8, 9, 10, 11, 12]).reshape(2, 3)
    return lines("".join(f"{v}  " for v in row) for row in a @ b)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write the .expected/.exitcode files")
    args = ap.parse_args(argv)
    bad = 0
    for rel, fn in sorted(REFERENCES.items()):
        cpp = SAMPLES / (rel + ".cpp")
        if not cpp.exists():
            print("missing sample: %s" % cpp.relative_to(ROOT))
            bad += 1
            continue
        want = {cpp.with_suffix(".expected"): fn().encode("ascii")}
        if rel in EXIT_CODES:
            want[cpp.with_suffix(".exitcode")] = b"%d\n" % EXIT_CODES[rel]
        for path, data in want.items():
            shown = path.relative_to(ROOT)
            if args.write:
                if not path.exists() or path.read_bytes() != data:
                    path.write_bytes(data)
                    print("wrote %s" % shown)
            elif not path.exists():
                print("MISSING %s" % shown)
                bad += 1
            elif path.read_bytes() != data:
                print("MISMATCH %s" % shown)
                bad += 1
    if not args.write:
        print("%d reference files checked, %d problems" % (
            len(REFERENCES) + len(EXIT_CODES), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
