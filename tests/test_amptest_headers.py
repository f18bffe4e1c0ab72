"""amppy's own <amptest.h>: the C++ AMP conformance suite's harness API, so the suite's tests
compile unchanged (tools/conformance/).  These programs are ours, written against that API:
a passing test exits 0, a failing one 1 (with Verify's report), a skipped one 2."""
from __future__ import annotations

from build_cache import program_file

PASSING = r"""
#include <amptest.h>
#include <amptest_main.h>
using namespace concurrency;
using namespace concurrency::Test;

runall_result check_square(int x) restrict(cpu, amp) { return runall_result(x * x == 49); }
int twice(int x) restrict(cpu, amp) { return 2 * x; }

runall_result test_main() {
    accelerator_view av = require_device(device_flags::NOT_SPECIFIED).get_default_view();
    std::vector<float> a(100), b(100);
    Fill<float>(a, -1.0f, 1.0f);
    for (size_t i = 0; i < a.size(); i++) b[i] = a[i] * 1.000001f;     // within Verify's tolerance
    std::vector<int> c(10), d(10);
    Fill<int>(c.data(), c.size(), 0, 100);
    d = c;
    runall_result result;
    result &= REPORT_RESULT(Verify(a, b));
    result &= REPORT_RESULT(Verify<int>(c.data(), d.data(), c.size()));
    result &= INVOKE_TEST_FUNC_ON_CPU_AND_GPU(av, check_square, 7);
    int t = GPU_INVOKE(av, int, twice, 21);
    result &= REPORT_RESULT(t == 42);
    return result;
}
"""

FAILING = r"""
#include <amptest.h>
#include <amptest_main.h>
using namespace Concurrency::Test;

runall_result test_main() {
    std::vector<int> got(5), want(5);
    for (int i = 0; i < 5; i++) { got[i] = i; want[i] = i; }
    got[3] = 7;
    runall_result result = runall_pass;
    result &= REPORT_RESULT(Verify(got, want));
    return result;
}
"""

SKIPPED = r"""
#include <amptest.h>
#include <amptest_main.h>
using namespace concurrency::Test;

runall_result test_main() {
    accelerator ref = require_device(Device::D3D11_REF);        // the reference rasterizer is here,
    if (ref.get_device_path() != L"direct3d\\ref") return runall_fail;
    accelerator device = require_device(Device::D3D11_ATI);     // an AMD GPU is not
    return runall_fail;
}
"""


def _run(run_amppy, tmp_path, text):
    src = program_file(text, "test.cpp")      # a path by content: warm caches in the next run
    return run_amppy(["run", "--target", "cpu", src])


def test_a_passing_test_exits_0(run_amppy, tmp_path):
    code, out, err = _run(run_amppy, tmp_path, PASSING)
    assert code == 0, err
    assert "check_square( 7) on GPU: PASS" in out.replace("(7)", "( 7)")
    assert out.rstrip().endswith("test_main(): Returned PASS")


def test_a_failing_test_exits_1_with_verify_report(run_amppy, tmp_path):
    code, out, err = _run(run_amppy, tmp_path, FAILING)
    assert code == 1
    assert "Element at index 3 is incorrect. Expected: 3 Actual: 7" in err
    assert "Verify(got, want): FAIL" in err
    assert "test_main(): Returned FAIL" in out


def test_a_test_without_its_device_is_skipped(run_amppy, tmp_path):
    code, out, err = _run(run_amppy, tmp_path, SKIPPED)
    assert code == 2, (out, err)
    assert "Skipping" in out


COORDINATES = r"""
#include <amptest.h>
#include <amptest/coordinates.h>
#include <amptest_main.h>
using namespace concurrency;
using namespace concurrency::Test;

// make_index/make_extent/flatten in code that runs on both sides (index<5> and extent<5>
// results cross from the host version to the kernel version of the same function)
int check_rank5() restrict(cpu, amp)
{
    extent<5> e = make_extent(2, 3, 4, 5, 6);
    index<5> i = make_index(1, 2, 3, 4, 5);
    bool ok = e.contains(i) && !e.contains(make_index(2, 0, 0, 0, 0)) && flatten(i, e) == 719;
    ok = ok && make_index(0, 0, 0, 7)[3] == 7 && make_extent(1, 2, 3, 4).size() == 24;
    return ok ? 1 : 0;
}

runall_result test_main()
{
    accelerator_view av = require_device(device_flags::NOT_SPECIFIED).get_default_view();
    runall_result result;
    result &= REPORT_RESULT(check_rank5() == 1);
    result &= REPORT_RESULT(GPU_INVOKE(av, int, check_rank5) == 1);

    index_iterator<3> walk(extent<3>(2, 3, 4));
    int visited = 0;
    bool in_order = true;
    for (index_iterator<3> it = walk.begin(); it != walk.end(); it++) {
        index<3> i = *it;
        in_order = in_order && flatten(i, extent<3>(2, 3, 4)) == visited;
        visited++;
    }
    result &= REPORT_RESULT(in_order && visited == 24);

    extent_coordinate_nest<2> nest(extent<2>(3, 5));
    result &= REPORT_RESULT(nest.get_linear(index<2>(2, 1)) == 11 && nest.get_absolute(index<2>(2, 1)) == index<2>(2, 1));

    std::vector<int> data(12);
    array_view<int, 2> view(3, 4, data);
    parallel_for_each(view.get_extent(), [=](index<2> i) restrict(amp) { view[i] = flatten(i, view.get_extent()); });
    view.synchronize();
    bool linear = true;
    for (int k = 0; k < 12; k++) linear = linear && data[k] == k;
    result &= REPORT_RESULT(linear);
    return result;
}
"""


def test_coordinates_helpers(run_amppy, tmp_path):
    code, out, err = _run(run_amppy, tmp_path, COORDINATES)
    assert code == 0, (out, err)
    assert out.count(": PASS") == 5, out
    assert out.rstrip().endswith("test_main(): Returned PASS")


# ArrayViewTest<T, N[, D = N]> / ArrayTest: views of one data set share their expected values;
# (also: a class template's default argument naming an earlier parameter, and a member template of
# a class template, projection<K = 1>, whose result type names the class's parameters)
ARRAY_TESTS = r"""
#include <amptest/array_test.h>
#include <amptest.h>
#include <amptest_main.h>
using namespace concurrency;
using namespace concurrency::Test;

runall_result test_main()
{
    runall_result r;
    ArrayViewTest<int, 2> av(extent<2>(6, 5));
    av.view()[index<2>(1, 1)] = 13;
    av.set_known_value(index<2>(1, 1), 13);
    ArrayViewTest<int, 2> part = av.section(index<2>(1, 1), extent<2>(3, 3));
    part.view()(0, 1) = 7;
    part.set_known_value(index<2>(0, 1), 7);
    ArrayViewTest<int, 1, 2> row = av.projection(4);
    row.set_value(index<1>(2), 9);
    r &= REPORT_RESULT(av.view()(1, 2) == 7 && av.view()(4, 2) == 9);
    r &= REPORT_RESULT(TestSection(av, index<2>(2, 1), extent<2>(2, 3)));
    r &= REPORT_RESULT(av.pass() == runall_pass);

    ArrayTest<int, 2> arr(extent<2>(4, 6));
    r &= REPORT_RESULT(TestSection(arr, index<2>(1, 2), extent<2>(2, 3)));
    ArrayViewTest<int, 1, 2> last = arr.projection(3);
    last.view()[2] = 5;
    last.set_known_value(index<1>(2), 5);
    arr.set_value(index<2>(0, 0), 8);
    r &= REPORT_RESULT(arr.pass() == runall_pass);
    arr.set_known_value(index<2>(0, 1), 99);           // the array holds 0 there
    r &= REPORT_RESULT(arr.pass() == runall_fail);
    return r;
}
"""


def test_array_view_and_array_tests(run_amppy, tmp_path):
    code, out, err = _run(run_amppy, tmp_path, ARRAY_TESTS)
    assert code == 0, (out, err)
    assert out.count(": PASS") == 6, out
    assert "Known value at position 1 should be: 99 was: 0" in err + out


def test_compose_incorrect_element_message(run_amppy, tmp_path):
    # the harness's message for a wrong element, which the suite's own helpers log
    code, out, err = _run(run_amppy, tmp_path, r"""
#include <amptest.h>
#include <amptest_main.h>
#include <iostream>
using namespace concurrency;
using namespace concurrency::Test;

runall_result test_main() {
    std::cout << compose_incorrect_element_message(3, 1.5f, 2.25f) << std::endl;
    std::cout << compose_incorrect_element_message(index<2>(1, 2), true, false) << std::endl;
    std::cout << compose_incorrect_element_message(index<3>(0, 1, 2), 7, 8) << std::endl;
    return runall_pass;
}
""")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:3] == ["Element at index 3 is incorrect. Expected: 1.5, Actual: 2.25",
                         "Element at index (1, 2) is incorrect. Expected: true, Actual: false",
                         "Element at index (0, 1, 2) is incorrect. Expected: 7, Actual: 8"]


def test_random_extents_and_verify_between_containers(run_amppy, tmp_path):
    # CreateRandomExtent<N>(max) and VerifyDataOnCpu of two C++ AMP containers (array/array_view
    # in each order), which the suite's data-container tests call
    code, out, err = _run(run_amppy, tmp_path, r"""
#include <amptest.h>
#include <amptest_main.h>
#include <iostream>
using namespace concurrency;
using namespace concurrency::Test;
runall_result test_main() {
    srand(3);
    extent<2> e = CreateRandomExtent<2>(8);
    bool ok = e[0] >= 1 && e[0] <= 8 && e[1] >= 1 && e[1] <= 8;
    std::vector<int> d(e.size(), 5);
    array<int, 2> a(e, d.begin()), b(e, d.begin());
    array_view<int, 2> av(e, d);
    std::vector<int> d2(e.size(), 6);
    array_view<int, 2> bv(e, d2);
    bool same = VerifyDataOnCpu(a, b) && VerifyDataOnCpu(av, a) && VerifyDataOnCpu(a, av) && VerifyDataOnCpu(av, av);
    bool differ = !VerifyDataOnCpu(av, bv);
    std::cout << ok << same << differ << std::endl;
    return runall_result(ok && same && differ);
}
""")
    assert code == 0, err
    assert out.splitlines()[0] == "111"
    assert "Element at index 0 is incorrect. Expected: 6 Actual: 5" in err
