"""amppy.runtime.random: <random> as the Microsoft STL computes it.

The engines are checked against numbers the C++ standard pins ([rand.predef]: the 10000th output of
a default-constructed engine) and against their widely published first outputs.  The distributions,
which no standard pins, are checked by redoing the Microsoft STL's arithmetic by hand on those known
engine words, by sanity properties, and (when g++ is present) against tests/cpp_emu/random, the
header that makes g++ compute the Microsoft way for the oracle.
"""
import math
import shutil
import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest

from amppy.runtime import random as R

# Widely published first outputs: default-seeded (5489) mt19937, mt19937(1), default mt19937_64.
MT_DEFAULT = [3499211612, 581869302, 3890346734, 3586334585, 545404204, 4161255391, 3922919429,
              949333985, 2715962298, 1323567403]
MT_SEED1 = [1791095845, 4282876139, 3093770124, 4005303368, 491263, 550290313, 1298508491,
            4290846341, 630311759, 1013994432]
MT64_DEFAULT = [14514284786278117030, 4620546740167642908, 13109570281517897720]


@pytest.fixture(autouse=True)
def _newest_msstl():
    saved = R.get_msstl_update()
    R.set_msstl_update(R.MSSTL_UPDATE_NEWEST)
    yield
    R.set_msstl_update(saved)


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


# ----------------------------------------------------------------------------- engines

def test_tenth_thousand_outputs_are_the_standard_ones():
    for cls, expected in [(R.mt19937, 4123659995), (R.mt19937_64, 9981545732273789042),
                          (R.minstd_rand0, 1043618065), (R.minstd_rand, 399268537)]:
        e = cls()
        for _ in range(9999):
            e()
        assert e() == expected, cls.__name__
        e = cls()
        e.discard(9999)
        assert e() == expected, cls.__name__ + " discard"


def test_first_outputs_and_seeding():
    e = R.mt19937()
    assert [e() for _ in range(10)] == MT_DEFAULT
    e = R.mt19937(1)
    assert [e() for _ in range(10)] == MT_SEED1
    e.seed()
    assert e() == MT_DEFAULT[0]
    assert R.mt19937(2**32 + 1)() == MT_SEED1[0]          # result_type is 32 bits
    e = R.mt19937_64()
    assert [e() for _ in range(3)] == MT64_DEFAULT
    assert R.mt19937.min() == 0 and R.mt19937.max() == 2**32 - 1
    assert R.mt19937_64.max() == 2**64 - 1
    assert R.minstd_rand.min() == 1 and R.minstd_rand.max() == 2**31 - 2
    e = R.minstd_rand()
    assert [e(), e()] == [48271, 48271 * 48271 % (2**31 - 1)]
    assert R.minstd_rand(0)() == 48271                   # seed 0 (mod m) becomes 1
    assert R.minstd_rand0(2**31 - 1)() == 16807


def test_default_random_engine_is_mt19937_as_in_msstl():
    assert R.default_random_engine is R.mt19937
    assert R.default_random_engine()() == MT_DEFAULT[0]


def test_discard_matches_drawing_across_block_boundaries():
    for cls in (R.mt19937, R.mt19937_64):
        for skip in (0, 1, 623, 624, 625, 1500, 2000):
            a, b = cls(7), cls(7)
            a()                                 # start mid-block
            b()
            for _ in range(skip):
                a()
            b.discard(skip)
            assert a() == b(), (cls.__name__, skip)
        assert cls(3) == cls(3) and cls(3) != cls(4)


def test_random_device():
    rd = R.random_device()
    assert rd.entropy() == 32.0
    values = {rd() for _ in range(50)}
    assert all(0 <= v <= 2**32 - 1 for v in values) and len(values) > 40
    assert R.uniform_int_distribution(1, 6)(rd) in range(1, 7)


# ----------------------------------------------------------------------------- by hand

def test_uniform_int_is_lemire_on_the_engine_words():
    # _Rng_from_urng_v2 with 32-bit words: m = x * n; result m >> 32, redrawn only when
    # (m mod 2**32) < (2**32 - n) mod n.
    d = R.uniform_int_distribution(1, 6)
    e = R.mt19937()
    expected = []
    for x in MT_DEFAULT:
        m = x * 6
        assert (m & 0xFFFFFFFF) >= (2**32 - 6) % 6       # no rejection for these words
        expected.append((m >> 32) + 1)
    assert [d(e) for _ in range(10)] == expected
    assert expected[:3] == [5, 1, 6]


def test_uniform_int_full_and_wide_ranges_concatenate_words():
    # full 64-bit range from a 32-bit engine: _Get_all_bits = (w0 << 32) | w1
    d = R.uniform_int_distribution(0, 2**64 - 1, type="unsigned long long")
    assert d(R.mt19937()) == (MT_DEFAULT[0] << 32) | MT_DEFAULT[1]
    # full int range: one word, then the sign bit flipped back (_Adjust)
    d = R.uniform_int_distribution(-2**31, 2**31 - 1)
    v = MT_DEFAULT[0] ^ 0x80000000
    assert d(R.mt19937()) == (v - 2**32 if v >= 2**31 else v)
    # short full range: the 32-bit word truncated to 16 bits
    d = R.uniform_int_distribution(0, 65535, type="unsigned short")
    assert d(R.mt19937()) == MT_DEFAULT[0] & 0xFFFF
    # a 64-bit range wider than 32 bits: two words make x, then Lemire in 64 bits
    n = 10**18 + 1
    x = (MT_DEFAULT[0] << 32) | MT_DEFAULT[1]
    assert R.uniform_int_distribution(0, 10**18, type="long long")(R.mt19937()) == (x * n) >> 64
    # mt19937_64 with an int distribution: one 64-bit word, Lemire in 64 bits
    assert R.uniform_int_distribution(0, 99)(R.mt19937_64()) == (MT64_DEFAULT[0] * 100) >> 64


def test_uniform_int_legacy_msstl_is_mask_and_modulo():
    R.set_msstl_update(202208)
    e = R.mt19937()
    # _Rng_from_urng: 32-bit word, kept unless in the biased top part, then % n
    assert [R.uniform_int_distribution(1, 6)(e) for _ in range(5)] == [x % 6 + 1 for x in MT_DEFAULT[:5]]


def test_uniform_int_types_and_parameters():
    d = R.uniform_int_distribution()
    assert (d.a(), d.b(), d.min(), d.max()) == (0, 2**31 - 1, 0, 2**31 - 1)
    assert R.uniform_int_distribution(type="long").b() == 2**31 - 1        # MSVC: long is 32-bit
    assert R.uniform_int_distribution(type="unsigned long long").b() == 2**64 - 1
    assert R.uniform_int_distribution(type="std::int16_t").b() == 32767
    with pytest.raises(TypeError):
        R.uniform_int_distribution(type="char")
    with pytest.raises(ValueError):
        R.uniform_int_distribution(5, 1)
    e = R.mt19937(5)
    assert {R.uniform_int_distribution(3, 3)(e) for _ in range(5)} == {3}
    assert d(R.mt19937(9), param=(1, 6)) == R.uniform_int_distribution(1, 6)(R.mt19937(9))


def test_canonical_double_and_float_from_mt19937():
    # P0952R2 generate_canonical: double = ((w0 >> 11) + (w1 << 21)) / 2**53, float = (w0 >> 8) / 2**24
    w0, w1 = MT_DEFAULT[0], MT_DEFAULT[1]
    u = ((w0 >> 11) + (w1 << 21)) / 2.0**53
    assert R.uniform_real_distribution()(R.mt19937()) == u
    assert R.generate_canonical(R.mt19937(), "double") == u
    uf = (w0 >> 8) / 2.0**24
    got = R.uniform_real_distribution(type="float")(R.mt19937())
    assert isinstance(got, np.float32) and float(got) == uf
    # mt19937_64: one word per value, the top 53 (24) bits
    assert R.uniform_real_distribution()(R.mt19937_64()) == (MT64_DEFAULT[0] >> 11) / 2.0**53
    assert float(R.generate_canonical(R.mt19937_64(), "float")) == (MT64_DEFAULT[0] >> 40) / 2.0**24


def test_canonical_non_power_of_two_engine():
    # minstd_rand: R = 2**31 - 2 is not a power of two: k = 2 words for 53 bits, S = w0' + w1' * R,
    # rejected when S >= x * 2**53 with x = R**2 // 2**53, result (S // x) / 2**53
    r = 2**31 - 2
    x = r * r // 2**53
    e = R.minstd_rand()
    w = [e() - 1 for _ in range(2)]
    s = w[0] + w[1] * r
    assert s < x * 2**53
    assert R.uniform_real_distribution()(R.minstd_rand()) == (s // x) / 2.0**53


class _Zx81:
    """linear_congruential_engine<uint32_t, 75, 74, 65537> (R = 65537), used by the MS STL's own
    P0952R2 test, whose first words (149, 11249, 57305, 38044) it asserts."""
    def __init__(self):
        self.x = 1

    @classmethod
    def min(cls):
        return 0

    @classmethod
    def max(cls):
        return 65536

    def __call__(self):
        self.x = (75 * self.x + 74) % 65537
        return self.x


def test_canonical_cases_from_msstls_own_test():
    # tests/std/tests/P0952R2_new_generate_canonical/test.cpp in microsoft/STL
    r = 2**31 - 2
    x1 = r // (1 << 24)
    assert float(R.generate_canonical(R.minstd_rand(), "float", 32)) == ((48271 - 1) // x1) / 2.0**24
    x2 = r * r // 2**53
    assert R.generate_canonical(R.minstd_rand(), "double", 64) == \
        ((48271 - 1) + r * (182605794 - 1)) // x2 / 2.0**53
    e = _Zx81()
    assert [e() for _ in range(4)] == [149, 11249, 57305, 38044]
    rr = 65537
    x = rr**4 // 2**53
    v = [149, 11249, 57305, 38044]
    assert R.generate_canonical(_Zx81(), "double", 64) == \
        ((v[0] + rr * (v[1] + rr * (v[2] + rr * v[3]))) // x) / 2.0**53
    e = R.mt19937_64(1)                       # LWG 2524: never 1.0
    e.discard(517517)
    assert all(R.generate_canonical(e, "float", 32) < 1.0 for _ in range(3))


def test_uniform_real_scales_in_its_type():
    w0, w1 = MT_DEFAULT[0], MT_DEFAULT[1]
    u = ((w0 >> 11) + (w1 << 21)) / 2.0**53
    d = R.uniform_real_distribution(-3.5, 7.25)
    assert d(R.mt19937()) == u * (7.25 - -3.5) + -3.5
    uf = (w0 >> 8) / 2.0**24
    df = R.uniform_real_distribution(-1, 0.1, type="float")
    a, b = f32(-1.0), f32(0.1)
    assert float(df(R.mt19937())) == f32(f32(uf * f32(b - a)) + a)
    assert (df.a(), df.b()) == (np.float32(-1), np.float32(0.1))


def test_legacy_canonical_sums_in_floating_point():
    R.set_msstl_update(202405)
    w0, w1 = MT_DEFAULT[0], MT_DEFAULT[1]
    assert R.uniform_real_distribution()(R.mt19937()) == (w0 + w1 * 2.0**32) / 2.0**64
    assert float(R.uniform_real_distribution(type="float")(R.mt19937())) == f32(float(w0)) / 2.0**32
    assert R.uniform_real_distribution()(R.mt19937_64()) == float(MT64_DEFAULT[0]) / 2.0**64


def test_bernoulli_compares_a_double_canonical():
    e = R.mt19937()
    expected = []
    words = iter(MT_DEFAULT)
    for w0, w1 in zip(words, words):
        expected.append(((w0 >> 11) + (w1 << 21)) / 2.0**53 < 0.3)
    d = R.bernoulli_distribution(0.3)
    assert [d(e) for _ in range(5)] == expected
    assert d.p() == 0.3 and (d.min(), d.max()) == (False, True)


def test_normal_is_the_polar_method_with_a_cached_second_value():
    w = MT_DEFAULT
    u1 = ((w[0] >> 11) + (w[1] << 21)) / 2.0**53
    u2 = ((w[2] >> 11) + (w[3] << 21)) / 2.0**53
    v1, v2 = 2 * u1 - 1, 2 * u2 - 1
    s = v1 * v1 + v2 * v2
    assert s < 1                                # the first pair is accepted
    fx = math.sqrt(-2 * math.log(s) / s)
    e = R.mt19937()
    d = R.normal_distribution(10.0, 2.0)
    assert d(e) == fx * v1 * 2.0 + 10.0
    assert d(e) == fx * v2 * 2.0 + 10.0        # from the cache: no engine words drawn
    assert e() == w[4]
    # reset() forgets the cached value
    e = R.mt19937()
    d.reset()
    d(e)
    d.reset()
    after_reset = d(e)
    e2 = R.mt19937()
    e2.discard(4)
    assert after_reset == R.normal_distribution(10.0, 2.0)(e2) != fx * v2 * 2.0 + 10.0
    assert (d.mean(), d.stddev(), d.min(), d.max()) == (10.0, 2.0, -math.inf, math.inf)


def test_normal_float_rounds_every_operation():
    w = MT_DEFAULT
    u1, u2 = (w[0] >> 8) / 2.0**24, (w[1] >> 8) / 2.0**24
    v1, v2 = f32(2 * u1 - 1), f32(2 * u2 - 1)
    s = f32(f32(v1 * v1) + f32(v2 * v2))
    assert 1e-4 < s < 1
    fx = f32(math.sqrt(f32(f32(-2 * f32(math.log(s))) / s)))
    d = R.normal_distribution(10, 2, type="float")
    e = R.mt19937()
    first, second = d(e), d(e)
    assert isinstance(first, np.float32)
    assert float(first) == f32(f32(f32(fx * v1) * 2) + 10)
    assert float(second) == f32(f32(f32(fx * v2) * 2) + 10)
    assert e() == w[2]


# ----------------------------------------------------------------------------- sanity

def test_distribution_ranges_and_means():
    e = R.mt19937(12345)
    n = 100_000
    d = R.uniform_int_distribution(1, 6)
    xs = [d(e) for _ in range(n)]
    assert min(xs) == 1 and max(xs) == 6 and abs(sum(xs) / n - 3.5) < 0.03
    u = R.uniform_real_distribution(-2.0, 3.0)
    xs = [u(e) for _ in range(n)]
    assert -2.0 <= min(xs) and max(xs) < 3.0 and abs(sum(xs) / n - 0.5) < 0.03
    g = R.normal_distribution(1.0, 3.0)
    xs = [g(e) for _ in range(n)]
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / n
    assert abs(mean - 1.0) < 0.05 and abs(math.sqrt(var) - 3.0) < 0.05
    b = R.bernoulli_distribution(0.3)
    assert abs(sum(b(e) for _ in range(n)) / n - 0.3) < 0.01
    e64 = R.mt19937_64(99)
    f = R.uniform_real_distribution(type="float")
    xs = [f(e64) for _ in range(20_000)]
    assert all(0.0 <= x < 1.0 for x in xs) and abs(sum(map(float, xs)) / len(xs) - 0.5) < 0.02


# ----------------------------------------------------------------------------- g++ cross-check

EMU = Path(__file__).resolve().parent.parent / "cpp_emu"
GXX = shutil.which("g++")

ENGINES = [("mt19937", "std::mt19937", R.mt19937), ("mt19937_64", "std::mt19937_64", R.mt19937_64),
           ("minstd_rand", "std::minstd_rand", R.minstd_rand),
           ("default_random_engine", "std::default_random_engine", R.default_random_engine)]
SEEDS = [1, 42]
# (tag, C++ distribution expression, Python factory, printer)
CASES = [
    ("uid_1_6", "std::uniform_int_distribution<int>(1, 6)", lambda: R.uniform_int_distribution(1, 6), "i"),
    ("uid_0_99", "std::uniform_int_distribution<int>(0, 99)", lambda: R.uniform_int_distribution(0, 99), "i"),
    ("uid_big", "std::uniform_int_distribution<int>(-5, 1000000000)",
     lambda: R.uniform_int_distribution(-5, 1000000000), "i"),
    ("uid_default", "std::uniform_int_distribution<int>()", lambda: R.uniform_int_distribution(), "i"),
    ("uid_intfull", "std::uniform_int_distribution<int>(INT_MIN, INT_MAX)",
     lambda: R.uniform_int_distribution(-2**31, 2**31 - 1), "i"),
    ("uid_ll", "std::uniform_int_distribution<long long>(-1000000000000000LL, 1000000000000000000LL)",
     lambda: R.uniform_int_distribution(-10**15, 10**18, type="long long"), "i"),
    ("uid_ullfull", "std::uniform_int_distribution<unsigned long long>()",
     lambda: R.uniform_int_distribution(type="unsigned long long"), "u"),
    ("uid_uint", "std::uniform_int_distribution<unsigned int>(0, 4000000000u)",
     lambda: R.uniform_int_distribution(0, 4000000000, type="unsigned int"), "u"),
    ("uid_short", "std::uniform_int_distribution<short>(-300, 300)",
     lambda: R.uniform_int_distribution(-300, 300, type="short"), "i"),
    ("uid_ushortfull", "std::uniform_int_distribution<unsigned short>(0, 65535)",
     lambda: R.uniform_int_distribution(0, 65535, type="unsigned short"), "u"),
    ("urd", "std::uniform_real_distribution<double>(0, 1)", lambda: R.uniform_real_distribution(0, 1), "d"),
    ("urd2", "std::uniform_real_distribution<double>(-3.5, 7.25)",
     lambda: R.uniform_real_distribution(-3.5, 7.25), "d"),
    ("urf", "std::uniform_real_distribution<float>(-1, 1)",
     lambda: R.uniform_real_distribution(-1, 1, type="float"), "f"),
    ("urf2", "std::uniform_real_distribution<float>(0.1f, 0.7f)",
     lambda: R.uniform_real_distribution(0.1, 0.7, type="float"), "f"),
    ("nd", "std::normal_distribution<double>(0, 1)", lambda: R.normal_distribution(0, 1), "d"),
    ("nd2", "std::normal_distribution<double>(5, 0.3)", lambda: R.normal_distribution(5, 0.3), "d"),
    ("nf", "std::normal_distribution<float>(10, 2)", lambda: R.normal_distribution(10, 2, type="float"), "f"),
    ("nf2", "std::normal_distribution<float>(-1.5f, 0.1f)",
     lambda: R.normal_distribution(-1.5, 0.1, type="float"), "f"),
    ("bern", "std::bernoulli_distribution(0.3)", lambda: R.bernoulli_distribution(0.3), "b"),
    ("canon_d", "[](auto& e) { return std::generate_canonical<double, 64>(e); }",
     lambda: (lambda e: R.generate_canonical(e, "double", 64)), "d"),
    ("canon_d10", "[](auto& e) { return std::generate_canonical<double, 10>(e); }",
     lambda: (lambda e: R.generate_canonical(e, "double", 10)), "d"),
    ("canon_f", "[](auto& e) { return std::generate_canonical<float, 32>(e); }",
     lambda: (lambda e: R.generate_canonical(e, "float", 32)), "f"),
]
DRAWS = 12

CPP = r"""
#include <algorithm>   // reads <bits/uniform_int_dist.h> first, as tests/cpp_emu/amp.h does
#include <random>
#include <climits>
#include <cstdio>
static void pr(int v) { std::printf(" %d", v); }
static void pr(short v) { std::printf(" %d", (int)v); }
static void pr(unsigned short v) { std::printf(" %u", (unsigned)v); }
static void pr(unsigned v) { std::printf(" %u", v); }
static void pr(long long v) { std::printf(" %lld", v); }
static void pr(unsigned long long v) { std::printf(" %llu", v); }
static void pr(bool v) { std::printf(" %d", (int)v); }
static void pr(double v) { std::printf(" %.17g", v); }
static void pr(float v) { std::printf(" %.9g", (double)v); }
template <class Eng, class Dist>
static void show(const char* en, const char* tag, unsigned seed, Dist d) {
    Eng e(seed);
    std::printf("%s %s %u:", en, tag, seed);
    for (int i = 0; i < DRAWS; ++i) pr(d(e));
    std::printf("\n");
}
int main() {
    std::vector<int> v{1, 2, 3, 4, 5};          // <algorithm>'s users still compile
    std::mt19937 g(3);
    std::shuffle(v.begin(), v.end(), g);
BODY
}
"""


def _cpp_program() -> str:
    lines = []
    for en, ecpp, _ in ENGINES:
        for seed in SEEDS:
            for tag, dcpp, _, _ in CASES:
                lines.append(f'    show<{ecpp}>("{en}", "{tag}", {seed}u, {dcpp});')
    return CPP.replace("DRAWS", str(DRAWS)).replace("BODY", "\n".join(lines)).replace(
        "#include <climits>", "#include <climits>\n#include <vector>")


def _python_lines() -> list:
    out = []
    for en, _, ecls in ENGINES:
        for seed in SEEDS:
            for tag, _, factory, kind in CASES:
                e, d = ecls(seed), factory()
                vals = []
                for _ in range(DRAWS):
                    v = d(e)
                    if kind == "d":
                        vals.append("%.17g" % v)
                    elif kind == "f":
                        assert isinstance(v, np.float32)
                        vals.append("%.9g" % float(v))
                    elif kind == "b":
                        vals.append(str(int(v)))
                    else:
                        vals.append(str(v))
                out.append(f"{en} {tag} {seed}:" + "".join(" " + s for s in vals))
    return out


@pytest.mark.skipif(GXX is None, reason="g++ not found")
def test_gxx_with_cpp_emu_random_prints_the_same_numbers(tmp_path):
    src = tmp_path / "x.cpp"
    src.write_text(_cpp_program())
    updates = [R.MSSTL_UPDATE_NEWEST, 202405, 202208]
    procs = []
    for upd in updates:          # compile the three library versions in parallel
        exe = tmp_path / f"x{upd}"
        procs.append((upd, exe, subprocess.Popen(
            [GXX, "-std=c++20", "-O1", "-fwrapv", "-w", f"-I{EMU}", f"-DAMPPY_MSSTL_UPDATE={upd}L",
             "-o", str(exe), str(src)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    for _upd, _exe, p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err[-3000:]
    for upd, exe, _ in procs:
        got = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60, check=True).stdout
        R.set_msstl_update(upd)
        expected = _python_lines()
        got_lines = got.splitlines()
        assert len(got_lines) == len(expected)
        for g, x in zip(got_lines, expected):
            assert g == x, f"_MSVC_STL_UPDATE {upd}"
