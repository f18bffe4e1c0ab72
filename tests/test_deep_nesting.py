"""Programs nested deeper than one Python function may be: CPython refuses more than 20 nested
loop blocks ("too many statically nested blocks"), so a loop met 10 loops deep becomes a part
function of its own (codegen/outline.py in kernels, HostWriter.part on the host).  Before, these
programs translated "successfully" into Python that failed to import."""
from __future__ import annotations


from test_cuda_codegen import compile_all, load_module, needs_ptx, translate
from build_cache import program_file

DEPTH = 40
TWICE = (0, 13, 26, 39)          # loops that run twice; the others once


def _loops(pad0: int, var: str) -> tuple[str, str]:
    opens = "".join(f"{'    ' * (pad0 + i)}for (int {var}{i} = 0; {var}{i} < {2 if i in TWICE else 1}; "
                    f"{var}{i}++) {{\n" for i in range(DEPTH))
    closes = "".join(f"{'    ' * (pad0 + i)}}}\n" for i in reversed(range(DEPTH)))
    return opens, closes


def kernel_source() -> str:
    opens, closes = _loops(2, "i")
    inner = "    " * (DEPTH + 2)
    return f"""#include <amp.h>
#include <iostream>
using namespace concurrency;
int main() {{
    std::vector<int> v(4);
    array_view<int, 1> a(4, v);
    parallel_for_each(a.extent, [=](index<1> idx) restrict(amp) {{
        int s = idx[0];
{opens}{inner}s += i0 + i39 + 1;
{inner}if (i26 == 1) continue;
{inner}s += 100;
{closes}        a[idx] = s;
    }});
    std::cout << a[0] << " " << a[3] << std::endl;
    return 0;
}}
"""


def host_source() -> str:
    opens, closes = _loops(1, "j")
    ifs = "".join(f"{'    ' * (i + 1)}if (n > {i}) {{\n" for i in range(DEPTH))
    endifs = "".join(f"{'    ' * (i + 1)}}}\n" for i in reversed(range(DEPTH)))
    inner = "    " * (DEPTH + 1)
    return f"""#include <iostream>
int g = 0;
int main() {{
    int n = 100, s = 0;
{ifs}{inner}s += 7;
{endifs}{opens}{inner}s += j13 + 1;
{inner}g += 2;
{inner}if (j0 == 1) break;
{closes}    std::cout << s << " " << g << std::endl;
    return 0;
}}
"""


def expected_kernel(start: int) -> int:
    s = start
    for i0 in range(2):
        for _i13 in range(2):
            for i26 in range(2):
                for i39 in range(2):
                    s += i0 + i39 + 1
                    if i26 != 1:
                        s += 100
    return s


def expected_host() -> str:
    s, g = 7, 0
    for j0 in range(2):
        for j13 in range(2):
            for _j26 in range(2):
                for _j39 in range(2):
                    s += j13 + 1
                    g += 2
                    if j0 == 1:
                        break          # leaves only the innermost loop, as in C++
    return f"{s} {g}\n"


def test_kernel_with_40_nested_loops_runs(tmp_path, run_amppy):
    src = program_file(kernel_source(), "deep_kernel.cpp")    # a path by content: warm caches next run
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (0, f"{expected_kernel(0)} {expected_kernel(3)}\n"), err


def test_host_function_with_40_nested_blocks_runs(tmp_path, run_amppy):
    src = program_file(host_source(), "deep_host.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src)])
    assert (rc, out) == (0, expected_host()), err


@needs_ptx
def test_kernel_with_40_nested_loops_compiles_to_ptx(tmp_path):
    src = tmp_path / "deep_kernel.cpp"
    src.write_text(kernel_source())
    program, source = translate(src)
    assert "main_kernel_part" in source
    mod = load_module(source, tmp_path, "deep_kernel")
    assert "main_kernel" in compile_all(program, mod)
