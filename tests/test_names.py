"""No C++ name reaches Python as itself when that would change what the program does.

`amppy.names` gives every C++ name its Python name.  These tests feed programs
whose every identifier is a Python keyword, soft keyword, builtin, runtime
export or prelude name, in every role (global, function, struct type, field,
local, kernel local), and compare the output with g++'s build of the same
program (tests/cpp_emu for <amp.h>); and check the rule itself.
"""
from __future__ import annotations

import builtins
import keyword
import shutil
import subprocess
from pathlib import Path

import pytest

from amppy.names import PRELUDE_NAMES, RUNTIME_NAMES, field_name, python_name
from build_cache import gxx_build, program_file

EMU = Path(__file__).resolve().parent / "cpp_emu"

#: Python-side names that are no valid C++ identifier in this program: C++ keywords and
#: alternative tokens, and names the C/C++ headers declare in the global namespace.
NOT_CXX = set("""
    and or not break case class continue else for if return try while bool float int struct
    EOF abs exit fflush fprintf fputc fputs getchar getline printf putchar puts stderr stdout
    rand srand time clock atoi atol atoll atof free memcpy memmove memset remove
    std_fill std_sort std_accumulate std_iota std_reverse std_count
""".split())
#: Names amppy does not yet let a program redefine: library type names are known without
#: their namespace (a variable `vector` is parsed as the type), and a struct named `cout` or `endl`
#: makes `std::cout` parse as that type (the parser knows no namespaces yet: the C++-core issue).
NOT_YET = {"COORD", "HANDLE", "SMALL_RECT", "LARGE_INTEGER", "invalid_compute_domain", "runtime_exception", "cout", "endl",
           "out_of_range", "mt19937", "mt19937_64", "default_random_engine", "minstd_rand", "minstd_rand0",
           "random_device", "bernoulli_distribution", "uniform_int_distribution", "uniform_real_distribution",
           "normal_distribution",
           "array", "array_view", "extent", "index", "tiled_extent", "vector",
           "stringstream", "ostringstream", "istringstream", "wstringstream", "ifstream", "ofstream", "fstream",
           "accelerator", "accelerator_view", "texture", "texture_view",
           "out_of_memory", "unsupported_feature", "accelerator_view_removed", "critical_section"}


def candidate_names() -> list[str]:
    """Every reserved name, and each with a `_` appended (what a naive mangling produces)."""
    names = set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(builtins)) | RUNTIME_NAMES | PRELUDE_NAMES
    names = sorted(n for n in names if n.isidentifier() and n not in NOT_CXX | NOT_YET)
    return names + [n + "_" for n in names]


def keyword_program(names: list[str], shift: int = 0) -> str:
    """Every name as a global, function or struct type (in turn, rotated by `shift`), and as
    a field, a local and a kernel local; the program prints sums that depend on each of them."""
    top, uses = [], []
    for i, n in enumerate(names):
        if (i + shift) % 3 == 0:
            top.append(f"int {n} = {i};")
            uses.append(f"{n}")
        elif (i + shift) % 3 == 1:
            top.append(f"int {n}(int a) {{ return a + {i}; }}")
            uses.append(f"{n}(0)")
        else:
            top.append(f"struct {n} {{ int v; }};")
            uses.append(f"make_{i}()")
            top.append(f"int make_{i}() {{ {n} s; s.v = {i}; return s.v; }}")
    fields = " ".join(f"int {n};" for n in names)
    set_fields = " ".join(f"f.{n} = {i};" for i, n in enumerate(names))
    sum_fields = " + ".join(f"f.{n}" for n in names)
    # Locals hide globals and functions; a local hiding a struct type name is valid C++ that
    # amppy's parser does not follow yet (it keeps reading the name as a type).
    var_names = [(i, n) for i, n in enumerate(names) if (i + shift) % 3 != 2]
    locals_ = " ".join(f"int {n} = {i} * 2;" for i, n in var_names)
    sum_locals = " + ".join(n for _, n in var_names)
    # Kernel locals: the names that are globals in this rotation (each name is one in one of the
    # three), so every name is a kernel local once over the three programs; a kernel of all of
    # them took Numba 45 s per program to compile.
    kernel_names = [(i, n) for i, n in var_names if (i + shift) % 3 == 0]
    kernel_locals = " ".join(f"int {n} = idx[0] + {i};" for i, n in kernel_names)
    sum_kernel = " + ".join(n for _, n in kernel_names)
    return "\n".join([
        "#include <iostream>", "#include <vector>", "#include <amp.h>",
        *top,
        f"struct Fields {{ {fields} }};",
        f"int use_fields() {{ Fields f; {set_fields} Fields g = f; f.{names[0]} = -1000; "
        f"return {sum_fields.replace('f.', 'g.')}; }}",
        f"int use_locals() {{ {locals_} return {sum_locals}; }}",
        "int main() {",
        f"    std::cout << {' + '.join(uses)} << std::endl;",
        "    std::cout << use_fields() << \" \" << use_locals() << std::endl;",
        "    std::vector<int> data(3);",
        "    concurrency::array_view<int, 1> view(3, data);",
        "    concurrency::parallel_for_each(view.extent, [=](concurrency::index<1> idx) restrict(amp) {",
        f"        {kernel_locals}",
        f"        view[idx] = {sum_kernel};",
        "    });",
        "    std::cout << view[0] << \" \" << view[2] << std::endl;",
        "    return 0;",
        "}", ""])


def expected_output(names: list[str], shift: int = 0) -> str:
    total = sum(range(len(names)))
    var = [i for i in range(len(names)) if (i + shift) % 3 != 2]
    kernel = [i for i in var if (i + shift) % 3 == 0]
    return f"{total}\n{total} {2 * sum(var)}\n{sum(kernel)} {sum(kernel) + 2 * len(kernel)}\n"


def test_runtime_exports_are_all_reserved():
    import amppy.runtime
    assert set(amppy.runtime.__all__) <= RUNTIME_NAMES


def test_rule_is_injective_and_avoids_reserved():
    names = sorted(set(candidate_names() + [n + "_" for n in candidate_names()] + ["x", "x_", "x__", "main_kernel",
                                                                                    "f_device", "copy", "copy_",
                                                                                    "_rec", "dtype", "None"]))
    py = [python_name(n) for n in names]
    assert len(set(py)) == len(py)
    fields = [field_name(n) for n in names]
    assert len(set(fields)) == len(fields)
    for n in candidate_names():
        assert python_name(n) != n, n
    assert python_name("total") == "total" and field_name("total") == "total"


@pytest.mark.parametrize("target", ["cpu", "cuda"])
def test_keyword_program_translates_to_valid_python(target, tmp_path, run_amppy):
    src = tmp_path / "keywords.cpp"
    src.write_text(keyword_program(candidate_names()))
    rc, out, err = run_amppy(["translate", "--target", target, str(src), "-o", "-"])
    assert rc == 0, err
    compile(out, "keywords.py", "exec")


@pytest.mark.slow
@pytest.mark.parametrize("shift", [0, 1, 2])
def test_keyword_program_output_matches_gxx(shift, tmp_path, run_amppy):
    names = candidate_names()
    # a path by content, a g++ build kept by content (tests/build_cache.py): warm in the next run
    src = program_file(keyword_program(names, shift), "keywords.cpp")
    want = expected_output(names, shift)
    if shutil.which("g++") is not None:
        exe, log = gxx_build({"keywords.cpp": src.read_text()}, ["-std=c++20", "-w", "-pthread"], [EMU],
                             name="keywords")
        assert exe is not None, log[-3000:]
        assert subprocess.run([str(exe)], capture_output=True, text=True, timeout=60, cwd=tmp_path).stdout == want
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (0, want), err


@pytest.mark.parametrize("stem", ["numpy", "numba", "array", "platform", "ctypes", "llvmlite"])
def test_program_named_like_a_module_runs(stem, tmp_path, run_amppy):
    src = program_file("#include <iostream>\nint main() { std::cout << 42 << std::endl; return 0; }\n", f"{stem}.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (0, "42\n"), err
