"""Run-time failures are reported at the C++ line, in text or JSON; resource bombs stop early."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest


from build_cache import program_file
from conftest import long_kernel_result, long_kernel_source

DIVIDE = """#include <iostream>
int divide(int a, int b) {
    return a / b;
}
int main() {
    int z = 0;
    std::cout << "before" << std::endl;
    std::cout << divide(10, z) << std::endl;
    return 0;
}
"""


def test_runtime_error_names_the_cpp_line(tmp_path, run_amppy):
    src = program_file(DIVIDE, "div.cpp")     # a path by content: warm caches in the next run
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (1, "before\n")
    assert err.endswith("div.cpp:3: runtime error: integer division by zero [runtime-division-by-zero]\n"), err
    assert "Traceback" not in err and "ZeroDivisionError" not in err


def test_translated_module_reports_the_same(tmp_path):
    src = tmp_path / "div.cpp"
    src.write_text(DIVIDE)
    py = tmp_path / "div.py"
    subprocess.run([sys.executable, "-m", "amppy", "translate", str(src), "-o", str(py)], check=True)
    r = subprocess.run([sys.executable, str(py)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 1 and "div.cpp:3: runtime error: integer division by zero" in r.stderr


def test_runtime_error_as_json(tmp_path, run_amppy):
    src = program_file(DIVIDE, "div.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", "--diagnostics-format", "json", str(src)])
    [d] = json.loads(err)
    assert (rc, d["code"], d["span"]["line"]) == (1, "runtime-division-by-zero", 3)


def test_terminate_message_as_json(samples_dir, run_amppy):
    src = samples_dir / "errors" / "runtime" / "invalid_compute_domain.cpp"
    rc, out, err = run_amppy(["run", "--target", "cpu", "--diagnostics-format", "json", str(src)])
    [d] = json.loads(err)
    assert rc == 1 and d["code"] == "uncaught-exception" and "invalid_compute_domain" in d["message"]


def test_check_report_as_json(samples_dir, run_amppy):
    src = samples_dir / "errors" / "runtime" / "out_of_bounds.cpp"
    rc, out, err = run_amppy(["run", "--check", "bounds", "--diagnostics-format", "json", str(src)])
    [d] = json.loads(err)
    assert rc == 1 and d["code"] == "amp-out-of-bounds" and d["span"]["line"] == 23


def test_macro_bomb_stops_with_a_diagnostic(tmp_path, run_amppy):
    src = tmp_path / "bomb.cpp"
    src.write_text("#define A(x) x x x x x x x x x x\n#define B(x) A(A(x))\n#define C(x) B(B(x))\n"
                   "#define D(x) C(C(x))\n#define E(x) D(D(x))\nint main() { int v[] = { E(1) }; return 0; }\n")
    rc, out, err = run_amppy(["check", str(src)])
    assert rc == 1 and "[macro-expansion-limit]" in err and "bomb.cpp:6:" in err


def test_large_vector_is_built_whole(tmp_path, run_amppy):
    src = program_file("#include <iostream>\n#include <vector>\nint main() { std::vector<float> v(1 << 24);"
                       " std::vector<int> w(1 << 22, -3); std::cout << v.size() << ' ' << v[7] << ' '"
                       " << w[(1 << 22) - 1] << std::endl; return 0; }\n", "big.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (0, "16777216 0 -3\n"), err


@pytest.mark.slow
def test_kernel_with_5000_statements_runs(tmp_path, run_amppy):
    """Numba's passes grow faster than a function's length: the kernel's statement list is
    compiled as a row of part functions (codegen/outline.py); before, 500 statements took minutes
    and 5,000 did not finish."""
    src = program_file(long_kernel_source(5000), "long.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (0, f"{long_kernel_result(5000)}\n"), err
