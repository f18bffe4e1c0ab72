"""User-defined conversions (`sema/conversions.py`): a constructor that is not `explicit` and takes
one argument converts implicitly (initialisation, arguments, results, an operator's operands on
either side); an `explicit` one only in direct initialisation.  And `++`/`--` on a class call its
`operator++()` / `operator++(int)`.  (The short vectors' conversions: test_short_vectors.py.)
"""
from __future__ import annotations


from conftest import diagnostics_of, run_program


run, diagnostics = run_program, diagnostics_of


def test_converting_constructors_of_the_programs_classes(tmp_path):
    program = """#include <iostream>
struct V {
    float x, y;
    V(float v) : x(v), y(v) {}
    explicit V(int a, int b = 0) : x((float)a), y((float)b) {}
    V& operator++() { x += 1; return *this; }
    V operator--(int) { V old = *this; y -= 1; return old; }
};
V operator*(const V& a, const V& b) { return V(a.x * b.x) ; }
float sum(V v) { return v.x + v.y; }
V make() { return 2.5f; }
int main() {
    V a = 1.5f;                 // V(float), implicit
    V b = V(3, 4);              // explicit: direct initialisation
    V c = 2.0f * a;             // the scalar converts on the left
    ++c;
    V d = c--;
    std::cout << a.x << ' ' << b.y << ' ' << c.x << ' ' << c.y << ' ' << d.y << ' ' << sum(7.0f) << ' '
              << make().y << std::endl;
    return 0;
}
"""
    assert run(program, tmp_path) == "1.5 4 4 2 3 14 2.5\n"
    assert "cannot convert 'int' to 'V' [type-mismatch]" in diagnostics(
        "struct V { float x; explicit V(int a) : x((float)a) {} };\nint main() { V v = 3; return 0; }\n")


def test_conversions_and_increments_in_kernels(tmp_path):
    program = """#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
struct C {
    int n;
    C(int v) restrict(cpu, amp) : n(v) {}
    C& operator++() restrict(cpu, amp) { n += 10; return *this; }
    C operator++(int) restrict(cpu, amp) { C old = *this; n += 100; return old; }
};
C operator+(const C& a, const C& b) restrict(cpu, amp) { return C(a.n + b.n); }
int twice(C c) restrict(amp) { return 2 * c.n; }
int main() {
    std::vector<int> out(4);
    array_view<int, 1> av(4, out);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        C c = i[0];
        ++c;
        C d = c++;
        av[i] = twice(3) + (1 + d).n + c.n;
    });
    for (int k = 0; k < 4; k++) std::cout << out[k] << ' ';
    std::cout << std::endl;
    return 0;
}
"""
    want = "".join(f"{6 + 1 + (k + 10) + (k + 110)} " for k in range(4)) + "\n"
    assert run(program, tmp_path) == want
