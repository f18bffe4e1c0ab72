"""`amppy.load` (issue 44): a C++ AMP program's functions as a Python module called with NumPy
arrays (transpiler/library.py, codegen/exports.py).  The CPU target here; the GPU target in the
`cuda` tests at the end (run on the lent GPU machine)."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import amppy
from build_cache import program_file
from conftest import SAMPLES

LIB = r"""
#include <amp.h>
#include <stdexcept>
#include <string>
#include <vector>
using namespace concurrency;

// y = a * x + y
void saxpy(float a, array_view<const float, 1> x, array_view<float, 1> y) {
    parallel_for_each(y.extent, [=](index<1> i) restrict(amp) { y[i] += a * x[i]; });
}
void scale2d(array_view<int, 2> m, int k) {
    parallel_for_each(m.extent, [=](index<2> i) restrict(amp) { m[i] *= k; });
}
float total(const std::vector<float>& xs) {
    float s = 0;
    for (size_t i = 0; i < xs.size(); i++) s += xs[i];
    return s;
}
void fill(std::vector<int>& v, int k) { for (size_t i = 0; i < v.size(); i++) v[i] = k * (int)i; }
void grow(std::vector<int>& v) { v.push_back(7); }
void twice(array<int, 2>& a) { parallel_for_each(a.extent, [&a](index<2> i) restrict(amp) { a[i] *= 2; }); }
int area(const array<int, 2>& a) { return a.extent[0] * a.extent[1]; }
int check(int x) {
    if (x < 0) throw std::invalid_argument("negative: " + std::to_string(x));
    if (x == 0) throw 42;
    return x * 2;
}
unsigned int as_unsigned(unsigned int x) { return x; }
bool is_even(long long x) { return x % 2 == 0; }
std::string greet(const std::string& who, bool loud) { return loud ? "HELLO " + who : "hello " + who; }
std::vector<double> squares(int n) { std::vector<double> v; for (int i = 0; i < n; i++) v.push_back(0.5 * i * i); return v; }
static int helper(int x) { return x + 1; }
namespace { int hidden(int x) { return x; } }
int bump(int x) { return helper(x) + hidden(0); }
int pick(int x) { return x; }
float pick(float x) { return x + 0.5f; }
void pointer_arg(int* p, int n) { for (int i = 0; i < n; i++) p[i] = 2 * i; }
float sum_const(const float* p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
void set_third(int (&a)[4]) { a[2] = 9; }
struct P { int a; float b; };
P make(int a) { P p; p.a = a; p.b = a * 0.5f; return p; }
float use(P p) { return p.a + p.b; }
void mod(P& p) { p.a += 1; }
void bump_ref(int& n) { n += 1; }
int add_to(int& n, float& f, int k) { n += k; f *= 2; return n * 2; }
void exclaim(std::string& s) { s += "!"; }
"""


@pytest.fixture(scope="module")
def lib():
    return amppy.load(program_file(LIB, "kernels.cpp"), target="cpu")


def test_exported_functions_and_their_help(lib):
    public = sorted(n for n in dir(lib) if not n.startswith("_"))
    # internal linkage (static, anonymous namespace) is not exported; an overload keeps its Python name
    assert public == ["P", "add_to", "area", "as_unsigned", "bump", "bump_ref", "check", "exclaim", "fill", "greet",
                      "grow", "is_even", "make", "mod", "pick", "pick_float", "pointer_arg", "saxpy", "scale2d",
                      "set_third", "squares", "sum_const", "total", "twice", "use"]
    assert lib.saxpy.__doc__.startswith(
        "void saxpy(float a, array_view<const float, 1> x, array_view<float, 1> y)\n\nC++ AMP function at kernels.cpp:")
    import inspect
    assert str(inspect.signature(lib.saxpy)) == "(a, x, y)"
    assert lib.__amppy_source__[0].endswith("kernels.cpp") and lib.__amppy_python__.endswith(".py")
    assert lib.__amppy_target__ == "cpu"


CLASSES = r"""
#include <amp.h>
#include <vector>
using namespace concurrency;

class Smoother {
public:
    Smoother() : weight_(0.5f), calls_(0) {}
    explicit Smoother(float weight) : weight_(weight), calls_(0) {}
    void run(array_view<const float, 1> in, array_view<float, 1> out) {
        float w = weight_;
        parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
            int n = in.extent[0];
            int l = i[0] > 0 ? i[0] - 1 : 0, r = i[0] < n - 1 ? i[0] + 1 : n - 1;
            out[i] = w * in[i] + (1 - w) * 0.5f * (in[l] + in[r]);
        });
        calls_++;
    }
    int calls() const { return calls_; }
    void calls(int& out) const { out = calls_; }
    static int clamp(int x) { return x < 0 ? 0 : x; }
    int label = 7;
private:
    float weight_;
    int calls_;
    void reset() { calls_ = 0; }
};

struct Tally {                       // an aggregate with member functions
    int count;
    float total;
    void add(float x) { count++; total += x; }
    float mean() const { return count ? total / count : 0.0f; }
};

struct Named : Tally {               // a base class's members are the derived class's
    std::vector<float> seen;
    void note(float x) { seen.push_back(x); add(x); }
};

template <int N>
class Scaled {                       // a class template: the instances the program uses
public:
    void apply(accelerator_view& view, array_view<float, 1> v) const {
        parallel_for_each(view, v.extent, [=](index<1> i) restrict(amp) { v[i] *= N; });
    }
};
void scale_both(accelerator_view& view, array_view<float, 1> v) { Scaled<2>().apply(view, v); Scaled<3>().apply(view, v); }

Tally tally_of(const Smoother& s) { Tally t = {s.calls(), 1.0f}; return t; }
void merge(Tally& into, Tally other) { into.count += other.count; into.total += other.total; other.count = 0; }
"""


@pytest.mark.parametrize("target", ["cpu", pytest.param("cuda", marks=pytest.mark.cuda)])
def test_classes_public_members_from_python(target):
    """A class's public constructors, member functions (static ones, overloads, base classes'),
    and fields; its objects passed to functions by reference and by value, and returned."""
    cls = amppy.load(program_file(CLASSES, "classes.cpp"), target=target)
    assert sorted(n for n in dir(cls) if not n.startswith("_")) == [
        "Named", "Scaled", "Scaled_2", "Scaled_3", "Smoother", "Tally", "merge", "scale_both", "tally_of"]
    s = cls.Smoother(0.5)
    x, y = np.arange(6, dtype=np.float32), np.zeros(6, np.float32)
    s.run(x, y)
    s.run(x, y)
    assert y.tolist() == [0.25, 1.0, 2.0, 3.0, 4.0, 4.75] and s.calls() == 2
    n = np.zeros((), np.int32)
    s.calls(n)                                           # the other version: an int& parameter
    assert int(n) == 2 and cls.Smoother.clamp(-3) == 0 and cls.Smoother().calls() == 0
    assert s.label == 7
    s.label = 2.9                                        # a field: C++'s conversion (truncation)
    assert s.label == 2 and isinstance(s.label, int)
    for private in ("weight_", "calls_", "reset"):
        assert not hasattr(s, private)
    assert "Smoother(float weight)" in cls.Smoother.__init__.__doc__
    t = cls.tally_of(s)                                  # a class with member functions comes back as one
    assert isinstance(t, cls.Tally) and (t.count, t.total) == (2, 1.0)
    t.add(4.0)
    assert t.mean() == np.float32(5.0) / np.float32(3.0)
    u = cls.Tally(1, 10.0)                               # aggregate initialisation
    cls.merge(t, u)                                      # by reference: t changes; by value: u does not
    assert (t.count, t.total, u.count) == (4, 15.0, 1)
    named = cls.Named()
    named.note(2.0)
    named.note(4.0)
    assert named.mean() == 3.0 and named.seen.tolist() == [2.0, 4.0] and named.count == 2
    with pytest.raises(TypeError, match=r"parameter 'into' \(Tally&\) .* takes a Tally, not a Smoother"):
        cls.merge(s, u)
    with pytest.raises(AttributeError, match="field 'seen' .* can only be read"):
        named.seen = [1.0]
    with pytest.raises(TypeError, match="Named has no constructor taking arguments"):
        cls.Named(1, 2.0)                                # (a derived class is no aggregate)
    v = np.ones(4, np.float32)
    cls.Scaled[3]().apply(None, v)                       # an accelerator_view: None, the default one
    cls.Scaled_2().apply(None, v)
    cls.scale_both(None, v)
    assert v.tolist() == [36.0] * 4
    with pytest.raises(KeyError, match=r"Scaled<4> is not one of the program's instances .*: Scaled<2>, Scaled<3>"):
        cls.Scaled[4]
    with pytest.raises(TypeError, match="takes an amppy.runtime.accelerator_view"):
        cls.scale_both("gpu", v)


def test_views_are_made_over_the_arrays_and_written_in_place(lib):
    x = np.arange(8, dtype=np.float32)
    y = np.ones(8, np.float32)
    assert lib.saxpy(2.0, x, y) is None
    assert y.tolist() == [1 + 2 * i for i in range(8)]
    assert x.tolist() == list(range(8))                  # (a const view: untouched)
    m = np.arange(6, dtype=np.int32).reshape(2, 3)
    lib.scale2d(m=m, k=3)
    assert m.tolist() == [[0, 3, 6], [9, 12, 15]]


def test_vectors_arrays_strings_and_results(lib):
    assert lib.total(np.arange(5, dtype=np.float32)) == 10.0
    assert lib.total([1.5, 2.5]) == 4.0                  # a sequence for a const vector
    v = np.zeros(5, np.int32)
    lib.fill(v, 3)
    assert v.tolist() == [0, 3, 6, 9, 12]                # a non-const reference: copied back
    with pytest.raises(ValueError, match=r"changed the size of 'v' .*\(3 -> 4\)"):
        lib.grow(np.zeros(3, np.int32))
    lib.grow([1, 2])                                     # a list: no write-back, no error
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    lib.twice(a)
    assert a.tolist() == [[0, 2, 4], [6, 8, 10]] and lib.area(a) == 6
    assert lib.greet("ada", True) == "HELLO ada" and lib.greet(who="bob", loud=False) == "hello bob"
    sq = lib.squares(4)
    assert isinstance(sq, np.ndarray) and sq.dtype == np.float64 and sq.tolist() == [0.0, 0.5, 2.0, 4.5]


def test_numbers_convert_as_cpp_converts_them(lib):
    assert lib.check(2.9) == 4                           # a float to int truncates
    assert lib.bump(2 ** 31 - 1) == -(2 ** 31)          # int wraps
    assert lib.as_unsigned(-1) == 2 ** 32 - 1
    assert lib.is_even(2 ** 40) is True
    assert lib.pick_float(3) == 3.5


def test_an_overload_set_is_one_function_choosing_as_cpp_does(lib):
    assert lib.pick(3) == 3 and lib.pick(np.float32(3)) == 3.5
    with pytest.raises(TypeError, match=r"the call of pick is ambiguous between int pick\(int x\) and "
                                        r"float pick\(float x\)"):
        lib.pick(3.0)                                    # a double: both are conversions (C++ agrees)
    with pytest.raises(TypeError, match="no version of pick takes these arguments"):
        lib.pick("3")
    assert "pick_float is the float pick(float x) alone" in lib.pick.__doc__


def test_pointers_c_arrays_and_structs(lib):
    a = np.zeros(5, np.int32)
    lib.pointer_arg(a[1:], 3)                            # a pointer: the array itself, any offset
    assert a.tolist() == [0, 0, 2, 4, 0]
    assert lib.sum_const(np.arange(4, dtype=np.float32), 4) == 6.0
    c = np.zeros(4, np.int32)
    lib.set_third(c)
    assert c.tolist() == [0, 0, 9, 0]
    with pytest.raises(TypeError, match=r"parameter 'a' \(int \(&\)\[4\]\) .* takes an array of shape \(4,\), not \(3,\)"):
        lib.set_third(np.zeros(3, np.int32))
    p = lib.make(3)
    assert isinstance(p, np.void) and (p["a"], p["b"]) == (3, 1.5)
    assert lib.use(p) == 4.5 and lib.use((1, 2.5)) == 3.5 and lib.use({"a": 2, "b": 0.25}) == 2.25
    q = np.array((5, 1.0), dtype=p.dtype)
    lib.mod(q)                                           # a 0-d structured array: written through
    assert q["a"] == 6
    with pytest.raises(TypeError, match=r"parameter 'p' \(P\) .* takes a record of \('a', 'b'\)"):
        lib.use("no")


def test_checks_raise_instead_of_ending_the_process():
    from amppy.runtime.checks import CheckError
    checked = amppy.load(program_file(LIB, "kernels.cpp"), target="cpu", checks=("bounds",))
    x, y = np.arange(8, dtype=np.float32), np.ones(8, np.float32)
    checked.saxpy(1.0, x, y)
    assert y[7] == 8.0
    with pytest.raises(CheckError, match=r"kernels\.cpp:\d+:\d+: error: index \(4\) is out of bounds for 'x' "
                                         r"with extent \(4\) \[amp-out-of-bounds\]"):
        checked.saxpy(1.0, x[:4], y)
    with pytest.raises(ValueError, match="checks are 'bounds' and 'races'"):
        amppy.load(program_file(LIB, "kernels.cpp"), target="cpu", checks=("speed",))


def test_numbers_and_strings_by_reference(lib):
    n = np.array(1, np.int32)
    assert lib.bump_ref(n) is None and n == 2                     # a 0-d array gets the new value
    assert lib.bump_ref(5) is None                                 # a plain number: nothing to write
    m, f = np.array([4], np.int32), np.array(1.5, np.float32)
    assert lib.add_to(m, f, 3) == 14 and m.tolist() == [7] and f == 3.0     # the result, then the refs
    s = ["hi"]
    lib.exclaim(s)
    assert s == ["hi!"]
    with pytest.raises(TypeError, match=r"parameter 'n' \(int&\) .* takes a number or a one-element NumPy array of "
                                        r"int32, not 2 elements of int32"):
        lib.bump_ref(np.zeros(2, np.int32))


def test_cpp_exceptions_come_through(lib):
    from amppy.runtime import stdexcept
    with pytest.raises(stdexcept.std_invalid_argument, match="negative: -3"):
        lib.check(-3)
    with pytest.raises(stdexcept.cpp_exception, match="42"):
        lib.check(0)


def test_wrong_arguments_are_type_errors_naming_the_cpp_parameter(lib):
    x, y = np.arange(8, dtype=np.float32), np.ones(8, np.float32)
    import re
    sig = re.escape("of void saxpy(float a, array_view<const float, 1> x, array_view<float, 1> y)")
    with pytest.raises(TypeError, match=rf"parameter 'x' \(array_view<const float, 1>\) {sig} takes a "
                                        r"1-D NumPy array of float32, not a 1-D array of float64"):
        lib.saxpy(2.0, x.astype(np.float64), y)
    with pytest.raises(TypeError, match=r"parameter 'y' .* takes a 1-D NumPy array of float32, not a 2-D"):
        lib.saxpy(2.0, x, y.reshape(2, 4))
    with pytest.raises(TypeError, match=r"parameter 'y' .* takes a C-contiguous array"):
        lib.saxpy(2.0, x[:4], y[::2])
    with pytest.raises(TypeError, match=r"parameter 'x' .* takes a NumPy array, not list"):
        lib.saxpy(2.0, [1.0], y)
    with pytest.raises(TypeError, match=r"parameter 'a' \(float\) .* takes a number, not str"):
        lib.saxpy("2", x, y)
    with pytest.raises(TypeError, match=r"saxpy\(\) is missing 'y'"):
        lib.saxpy(2.0, x)
    with pytest.raises(TypeError, match=r"saxpy\(\) has no parameter 'z'"):
        lib.saxpy(2.0, x, y, z=1)
    with pytest.raises(TypeError, match=r"parameter 'p' \(int\*\) .* takes a 1-D NumPy array of int32, not a 1-D array of int64"):
        lib.pointer_arg(np.zeros(1, np.int64), 1)


def test_a_program_with_errors_is_a_load_error_with_its_diagnostics():
    from amppy.library import LoadError
    bad = program_file("int f(int x) { return y; }\n", "bad.cpp")
    with pytest.raises(LoadError, match=r"bad\.cpp:1:\d+: error: .*'y'"):
        amppy.load(bad, target="cpu")
    with pytest.raises(FileNotFoundError):
        amppy.load(str(bad) + ".missing", target="cpu")


def test_an_unchanged_program_is_not_translated_again(monkeypatch):
    src = program_file(LIB.replace("y[i] += a * x[i]", "y[i] += a * x[i] + 0"), "again.cpp")
    amppy.load(src, target="cpu")
    from amppy import driver

    def no(*a, **k):
        raise AssertionError("translated again")
    monkeypatch.setattr(driver, "translate_units", no)
    y = np.zeros(2, np.float32)
    amppy.load(src, target="cpu").saxpy(1.0, np.ones(2, np.float32), y)
    assert y.tolist() == [1.0, 1.0]


@pytest.mark.parametrize("target", ["cpu", pytest.param("cuda", marks=pytest.mark.cuda)])
def test_sample_script_prints_its_expected_output(target):
    """(On the GPU the script goes on with CuPy arrays: `blur_and_sum.cuda.expected`, the same
    numbers and two lines more.)"""
    script = SAMPLES / "python" / "blur_and_sum.py"
    if target == "cuda":
        pytest.importorskip("cupy")
    r = subprocess.run([sys.executable, str(script), target], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    want = script.with_suffix(".cuda.expected" if target == "cuda" else ".expected")
    assert r.stdout == want.read_text(encoding="utf-8")


@pytest.mark.cuda
def test_on_the_gpu_numpy_arrays_get_the_kernels_results():
    lib = amppy.load(program_file(LIB, "kernels.cpp"), target="cuda")
    x, y = np.arange(1000, dtype=np.float32), np.ones(1000, np.float32)
    lib.saxpy(2.0, x, y)
    assert np.array_equal(y, 1 + 2 * x)
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    lib.twice(a)
    assert a.tolist() == [[0, 2, 4], [6, 8, 10]]


@pytest.mark.cuda
def test_gpu_arrays_are_used_in_place():
    """CuPy (and numba device) arrays: the kernels run on that memory; nothing crosses to the host."""
    cupy = pytest.importorskip("cupy")
    from amppy.runtime import launch_cuda
    lib = amppy.load(program_file(LIB, "kernels.cpp"), target="cuda")
    x, y = cupy.arange(1000, dtype=cupy.float32), cupy.ones(1000, dtype=cupy.float32)
    lib.saxpy(2.0, x, y)                                 # (compiles and warms up)
    stats = launch_cuda._current().stats
    before = dict(stats)
    lib.saxpy(2.0, x, y)
    assert (stats["h2d"], stats["d2h"], stats["h2d_bytes"], stats["d2h_bytes"]) == \
        (before["h2d"], before["d2h"], before["h2d_bytes"], before["d2h_bytes"])
    assert cupy.asnumpy(y).tolist() == (1 + 4 * np.arange(1000, dtype=np.float32)).tolist()
    m = cupy.arange(6, dtype=cupy.int32).reshape(2, 3)
    lib.scale2d(m, 5)
    assert cupy.asnumpy(m).tolist() == [[0, 5, 10], [15, 20, 25]]
    launches = []                                        # the memory and stream each kernel got
    ops = launch_cuda._current()
    run = ops.run

    def spy(kernel, grid, block, args, stream=None):
        launches.append(([a.__cuda_array_interface__["data"][0] for a in args
                          if hasattr(a, "__cuda_array_interface__")], stream))
        return run(kernel, grid, block, args, stream)
    ops.run = spy
    try:
        lib.saxpy(1.0, x, y)                             # the CuPy arrays' own pointers, default stream
        with cupy.cuda.Stream(non_blocking=True) as s:   # CuPy's current stream: the kernel queues there
            lib.saxpy(1.0, x, y)
            s.synchronize()
    finally:
        ops.run = run
    assert launches[0] == ([y.data.ptr, x.data.ptr], None)
    assert launches[1][0] == [y.data.ptr, x.data.ptr] and int(launches[1][1].handle) == s.ptr
    assert cupy.asnumpy(y).tolist() == (1 + 6 * np.arange(1000, dtype=np.float32)).tolist()
    from numba import cuda
    d = cuda.to_device(np.zeros(4, np.float32))
    lib.saxpy(1.0, cupy.ones(4, dtype=cupy.float32), d)
    assert d.copy_to_host().tolist() == [1.0] * 4
    with pytest.raises(TypeError, match=r"parameter 'y' .* takes a 1-D GPU array of float32, not a 1-D array of float64"):
        lib.saxpy(2.0, x, cupy.ones(1000, dtype=cupy.float64))
    with pytest.raises(TypeError, match="takes a C-contiguous GPU array"):
        lib.saxpy(2.0, x[::2], y[::2])


@pytest.mark.cuda
def test_gpu_arrays_of_the_second_gpu_are_worked_on_there():
    """(Several GPUs: the kernels run on the device that holds the memory, not on the current one.)"""
    cupy = pytest.importorskip("cupy")
    if cupy.cuda.runtime.getDeviceCount() < 2:
        pytest.skip("needs two GPUs")
    from amppy.runtime import launch_cuda
    lib = amppy.load(program_file(LIB, "kernels.cpp"), target="cuda")
    with cupy.cuda.Device(1):
        x, y = cupy.arange(1000, dtype=cupy.float32), cupy.ones(1000, dtype=cupy.float32)
    ops = launch_cuda._current()
    run, where = ops.run, []

    def spy(kernel, grid, block, args, stream=None):
        where.append(ops.current)
        return run(kernel, grid, block, args, stream)
    ops.run = spy
    try:
        lib.saxpy(2.0, x, y)                             # (device 0 is the current one here)
    finally:
        ops.run = run
    assert where == [1]
    with cupy.cuda.Device(1):
        assert cupy.asnumpy(y).tolist() == (1 + 2 * np.arange(1000, dtype=np.float32)).tolist()



def test_template_arguments_are_keys_as_written_or_as_numpy_types():
    """(`lib.Box[...]`: a class template's instances by their arguments, nested template-ids whole.)"""
    from amppy.library import _split_args, _template_key
    assert _template_key(_split_args("Pair<Box<1, 2>, 3>, float")) == ("Pair<Box<1, 2>, 3>", "float")
    assert _template_key((np.float32, 4)) == ("float", "4") and _template_key(("int",)) == ("int",)
