"""`#define` constants keep their names in the generated Python (amppy/preprocess/macro_constants.py).

Where the C++ writes `N` for `#define N 16`, the Python writes `N` and the module defines
`N = 16` with the `#define` line as its comment.  A macro that is not one number, one defined
twice with different values, or one whose name a local variable takes, is expanded as before.
"""
from __future__ import annotations

import re

import pytest
from build_cache import program_file


def _translate(run_amppy, tmp_path, text, target="cpu"):
    src = tmp_path / "m.cpp"
    src.write_text(text)
    out = tmp_path / f"m_{target}.py"
    rc, _, err = run_amppy(["translate", "--target", target, str(src), "-o", str(out)])
    assert rc == 0, err
    return out.read_text()


PROGRAM = """\
#include <amp.h>
#include <iostream>
#define N 8
#define SCALE 0.5f
#define NEG (-3)
#define TWICE (N * 2)
using namespace concurrency;
int main() {
    std::vector<float> v(N);
    array_view<float, 1> av(N, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        av[i] = i[0] * SCALE + NEG;
    });
    float sum = 0;
    for (int k = 0; k < N; k++) sum += av[k];
    std::cout << sum << " " << TWICE << std::endl;
    return 0;
}
"""


@pytest.mark.parametrize("target", ["cpu", "cuda"])
def test_single_number_macros_are_named_in_host_code_and_kernels(run_amppy, tmp_path, target):
    py = _translate(run_amppy, tmp_path, PROGRAM, target)
    assert "N = 8  # m.cpp:3: #define N 8" in py
    assert "SCALE = 0.5  # m.cpp:4: #define SCALE 0.5f" in py
    assert "NEG = -3  # m.cpp:5: #define NEG (-3)" in py
    assert "for k in range(N):" in py
    assert "float32(SCALE)" in py and "NEG" in py.split("def main")[0]     # in the kernel
    assert not re.search(r"^TWICE\b", py, re.M) and " 16 " in py            # an expression: expanded


def test_named_program_runs_like_cxx(run_amppy, tmp_path):
    src = program_file(PROGRAM, "m.cpp")      # a path by content: warm caches in the next run
    assert run_amppy(["run", "--target", "cpu", str(src)]) == (0, "-10 16\n", "")


def test_ambiguous_or_shadowed_macros_stay_literals(run_amppy, tmp_path):
    py = _translate(run_amppy, tmp_path, """\
#include <iostream>
#define A 1
#undef A
#define A 2
#define B 5
int main() {
    int x = A;
#undef B
    int B = 7;
    std::cout << x + B << std::endl;
    return 0;
}
""")
    assert "A =" not in py and "x = 2" in py
    assert not re.search(r"^B = 5", py, re.M)
