"""amppy's own <amptest.h>: the C++ AMP conformance suite's harness API, so the suite's tests
compile unchanged (tools/conformance/).  These programs are ours, written against that API:
a passing test exits 0, a failing one 1 (with Verify's report), a skipped one 2."""
from __future__ import annotations

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
    accelerator device = require_device(Device::D3D11_REF);     // no reference rasterizer here
    return runall_fail;
}
"""


def _run(run_amppy, tmp_path, text):
    src = tmp_path / "test.cpp"
    src.write_text(text)
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
