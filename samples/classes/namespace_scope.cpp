// Namespace-scope definitions that C++ AMP programs write beside their kernels: static data
// members defined with constructor arguments (a C++ AMP array among them), lambdas at namespace
// scope (a restrict(cpu, amp) one called from a kernel and from the host), a reference to a
// static array captured by a kernel, and concurrency::copy called with its template arguments.
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;

struct Grid {
    static array<int, 1> cells;         // one accelerator array for the whole program
    static std::string label;
    static int generation;
};
array<int, 1> Grid::cells(8);
std::string Grid::label("grid");
int Grid::generation(3);

// a lambda that captures nothing is a function: this one runs on both sides
auto twice = [](int x) restrict(cpu, amp) { return 2 * x; };
auto banner = [](const std::string& s) { std::cout << "== " << s << " ==" << std::endl; };

int main() {
    banner(Grid::label);
    int gen = Grid::generation;         // (restrict(amp) code reads no global: a local copy)
    array_view<int, 1> view(Grid::cells);
    parallel_for_each(view.extent, [=](index<1> i) restrict(amp) {
        view[i] = twice(i[0]) + gen;
    });
    view.synchronize();
    array<int, 1>& cells = Grid::cells;     // a reference to the static array, captured by reference
    parallel_for_each(cells.extent, [&cells](index<1> i) restrict(amp) { cells[i] += 100; });

    array<int, 1> copied(8);
    copy<int, 1>(Grid::cells, copied);          // array -> array, <value_type, rank> given
    std::vector<int> out(8, 0);
    array_view<int, 1> out_view(8, out);
    concurrency::copy<int, 1>(copied, out_view);    // array -> array_view
    out_view.synchronize();
    for (int k = 0; k < 8; ++k)
        std::cout << out[k] << (k < 7 ? " " : "\n");

    std::vector<int> back(8, 0);
    array_view<int, 1> back_view(8, back);
    copy<int, 1>(out_view, back_view);           // array_view -> array_view
    back_view.synchronize();
    std::cout << "twice(21) = " << twice(21) << ", last = " << back[7] << std::endl;
    Grid::generation += 1;
    banner(Grid::label + " generation " + std::to_string(Grid::generation));
    return 0;
}
