"""Compiled host loops (issue 14): which loops are compiled, and that a compiled loop keeps C++
semantics.  The decisions are checked on the IR (`lower/host_loops.HostCode`), the semantics by
running programs whose expected output is written by hand (samples/host/compiled_loops.cpp has
g++'s)."""
from __future__ import annotations

from amppy import ir
from amppy.diagnostics import DiagnosticSink
from amppy.driver import Options, analyse
from amppy.lower.host_loops import HostCode
from build_cache import program_file


def _compiled(tmp_path, text: str) -> tuple[list, list]:
    """(C++ lines of the compiled loops, names of the functions compiled code may call)."""
    src = tmp_path / "p.cpp"
    src.write_text(text)
    _, program = analyse(str(src), Options(target="cpu"), DiagnosticSink())
    code = HostCode(program)
    lines = []
    for f in program.functions:
        ids = code.loops(f.body)
        lines += [x.span.line for x in ir.walk(f.body) if id(x) in ids]
    return sorted(lines), sorted(f.sym.name for f in code.functions.values())


HEAD = "#include <iostream>\n#include <vector>\n#include <cstdlib>\n"


def test_a_computing_loop_is_compiled_and_one_that_prints_is_not(tmp_path):
    lines, _ = _compiled(tmp_path, HEAD + """
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    std::vector<float> v(n);
    for (int i = 0; i < n; i++) v[i] = i * 0.5f;
    for (int r = 0; r < n; r++) {
        std::cout << r << std::endl;
        int s = 0;
        for (int i = 0; i < n; i++) s += i % 7;
    }
    return 0;
}
""")
    assert lines == [8, 12]        # the fill, and the computing loop inside the printing one


def test_a_loop_known_to_be_short_stays_python(tmp_path):
    lines, _ = _compiled(tmp_path, HEAD + """
const int ROWS = 8, COLS = 9;
int main() {
    std::vector<int> v(ROWS * COLS), w(100000);
    for (int i = 0; i < ROWS * COLS; i++) v[i] = i;
    for (int i = 0; i < 100; i++) for (int j = 0; j < 1000; j++) w[i * 1000 + j] = j;
    int once = 0;
    do { once++; } while (false);
    return 0;
}
""")
    assert lines == [9]            # 72 rounds and a do-while(false) stay; 100 x 1000 is compiled


def test_what_keeps_a_loop_in_python(tmp_path):
    lines, functions = _compiled(tmp_path, HEAD + """
int show(int x) { std::cout << x; return x; }
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int twice(int x) { return 2 * x; }
int quad(int x) { return twice(twice(x)); }
void grow(std::vector<int> v) { v[0] = 1; }
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    std::vector<int> v(n);
    for (int i = 0; i < n; i++) v[i] = show(i);           // I/O
    for (int i = 0; i < n; i++) v[i] = fact(i % 10);      // recursion
    for (int i = 0; i < n; i++) v.push_back(i);           // the vector grows
    char c = 'a';
    for (int i = 0; i < n; i++) c = c + 1;                // char is a string on the host
    for (int i = 0; i < n; i++) v[i] = quad(i);           // computes: compiled
    return 0;
}
""")
    assert lines == [18]
    assert functions == ["quad", "twice"]     # not show, fact, nor grow (writes a by-value vector)


def test_compiled_loops_keep_cpp_semantics(run_amppy, tmp_path):
    """Hand-computed: 32-bit wraparound, truncating division of negatives, float32 sums, a
    reference parameter's new value, and a global assigned by the loop."""
    src = program_file(HEAD + """
int calls = 0;
void add(int& to, int v) { to += v; }
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    int h = 1, q = 0, s = 0;
    float f = 0.0f;
    unsigned int u = 0u;
    for (int i = 0; i < n; i++) {
        h = h * 65536;               // 1, 65536, 0 (wraps)
        q += (-7 - i) / 2 + (-7 - i) % 2;
        f += 0.1f;
        u -= 1u;
        add(s, i);
        calls++;
    }
    std::cout << h << " " << q << " " << f << " " << u << " " << s << " " << calls << std::endl;
    return 0;
}
""", "p.cpp")                                   # a path by content: warm caches in the next run
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src), "3"])
    # q: (-7/2 + -7%2) + (-8/2 + -8%2) + (-9/2 + -9%2) = (-3 - 1) + (-4 + 0) + (-4 - 1) = -13
    # f: 0.1f + 0.1f + 0.1f in float32 = 0.3 (printed with 6 digits: 0.3)
    assert (rc, out, err) == (0, "0 -13 0.3 4294967293 3 3\n", "")


AMP_HEAD = HEAD + "#include <amp.h>\nusing namespace concurrency;\n"


def test_loops_over_amp_containers_and_plain_objects_are_compiled(tmp_path):
    """Elements of arrays and views, indices, and objects of a class whose members are numbers,
    indices and extents (an iterator with its operators) compile; a class with a destructor or a
    virtual function, and a view of objects, keep their loops in Python."""
    lines, functions = _compiled(tmp_path, AMP_HEAD + """
struct Walk {
    Walk(extent<2> e) : ext(e), pos(0) {}
    bool more() const { return pos < (unsigned)ext.size(); }
    index<2> at() const { return index<2>(pos / ext[1], pos % ext[1]); }
    void next() { pos++; }
    extent<2> ext;
    unsigned pos;
};
struct Counted { int n; ~Counted() {} void next() { n++; } };
struct Shape { int n; virtual int step() { return 1; } };
struct P { float x; };
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    array_view<float, 2> v(n, n);
    array<int, 2> a(n, n);
    array_view<P, 1> ps(n);
    for (Walk w(v.extent); w.more(); w.next()) v[w.at()] = 1.0f;              // compiled
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a(i, j) = (int)v(i, j);  // compiled
    Counted c = {0};
    for (int i = 0; i < n; i++) c.next();                                    // destructor
    Shape s;
    int k = 0;
    for (int i = 0; i < n; i++) k += s.step();                               // virtual
    for (int i = 0; i < n; i++) ps[i].x = 1.0f;                              // a view of objects
    return 0;
}
""")
    assert lines == [23, 24]
    assert {"Walk", "more", "at", "next"} <= set(functions) and "step" not in functions


def test_a_compiled_loop_over_a_view_is_seen_by_the_next_kernel(run_amppy):
    """The loop writes the host copy (marked written, as element stores are), a kernel doubles
    it, and an index kept across the loop comes back; hand-computed."""
    src = program_file(AMP_HEAD + """
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    std::vector<int> data(n * 200);
    array_view<int, 2> v(n, 200, data);
    for (int i = 0; i < n; i++) for (int j = 0; j < 200; j++) v(i, j) = i + j;
    parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] *= 2; });
    index<2> top(0, 0);
    long long sum = 0;
    for (int i = 0; i < n; i++) for (int j = 0; j < 200; j++) {
        sum += v(i, j);
        if (v(i, j) > v[top]) top = index<2>(i, j);
    }
    std::cout << sum << " " << top[0] << " " << top[1] << std::endl;
    return 0;
}
""", "p.cpp")
    rc, out, err = run_amppy(["run", "--target", "cpu", str(src), "150"])
    # sum of 2 (i + j) over 150 x 200: 2 (200 * (0 + ... + 149) + 150 * (0 + ... + 199)) = 2 (2235000 + 2985000)
    assert (rc, out, err) == (0, "10440000 149 199\n", "")
