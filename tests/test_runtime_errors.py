"""C++ AMP runtime errors end the program like an uncaught C++ exception would:
the exception's C++ name and message, the parallel_for_each call site, exit 1,
and never a Python traceback."""
from __future__ import annotations

from build_cache import program_file
from conftest import SAMPLES


def test_invalid_compute_domain(run_amppy):
    src = SAMPLES / "errors" / "runtime" / "invalid_compute_domain.cpp"
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert rc == 1
    assert out == "before the kernel\n"            # output before the failure is flushed
    assert "terminate called after throwing an instance of 'concurrency::invalid_compute_domain'" in err
    assert ("the extent of dimension 0 of the compute domain (9) cannot be evenly divided "
            "by the extent of dimension 0 of the tile (2).") in err
    assert f"at {src}:12" in err
    assert "Traceback" not in err


def test_main_return_value_is_exit_code(run_amppy, tmp_path):
    src = program_file("#include <iostream>\nint main() { std::cout << \"x\\n\"; return 7; }\n", "ret.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out, err) == (7, "x\n", "")


def test_end_of_input_leaves_variable_unchanged(run_amppy, tmp_path):
    src = program_file("#include <iostream>\nint main() { char c = 'z'; int n = 5; std::cin >> c >> n;\n"
                       "  std::cout << c << n << std::endl; return 0; }\n", "cin.cpp")
    assert run_amppy(["run", "--target", "cpu", str(src)], stdin="")[:2] == (0, "z5\n")
    assert run_amppy(["run", "--target", "cpu", str(src)], stdin="q 42")[:2] == (0, "q42\n")


def test_view_over_small_array(run_amppy):
    """An array_view larger than its C array (extent known at run time): C++ AMP's
    runtime_exception at the line that made the view, not numpy's reshape error."""
    src = SAMPLES / "errors" / "runtime" / "view_over_small_array.cpp"
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert rc == 1
    assert out == "a view of 32 elements\n"
    assert "terminate called after throwing an instance of 'concurrency::runtime_exception'" in err
    assert "an array_view of extent (4096) needs 4096 elements, its source data has 32" in err
    assert f"at {src.name}:19" in err
    assert "Traceback" not in err and "reshape" not in err


def test_view_over_small_vector_is_runtime_exception(run_amppy, tmp_path):
    """A std::vector smaller than the view: Visual C++'s amp.h throws runtime_exception (catchable)."""
    src = program_file("#include <iostream>\n#include <vector>\n#include <amp.h>\nusing namespace concurrency;\n"
                       "int main() { std::vector<int> v(8); int n = 16;\n"
                       "  try { array_view<int> a(n, v); std::cout << a.extent[0] << std::endl; }\n"
                       "  catch (runtime_exception& e) { std::cout << e.get_error_code() << std::endl; }\n"
                       "  return 0; }\n", "vec.cpp")
    assert run_amppy(["run", "--target", "cpu", str(src)])[:2] == (0, "-2147024809\n")
