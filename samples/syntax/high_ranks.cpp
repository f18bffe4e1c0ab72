// index and extent of ranks above 3 (C++ AMP sets no limit): made from a C array of components,
// read by subscript, compared, added, `size()` of an extent<10>, on the host and in a kernel;
// an array_view of rank 4 walked by a rank-4 kernel; an index and an extent captured by value.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

const int R = 10;

int check(int base) restrict(amp, cpu) {
    int comps[R];
    for (int i = 0; i < R; ++i) comps[i] = base + i;
    index<R> idx(comps);
    extent<R> ext(comps);
    index<R> twice = idx + idx;
    int sum = 0;
    for (int i = 0; i < R; ++i) sum += twice[i] - ext[i];
    return sum + (idx == index<R>(comps) ? 1000 : 0);
}

int main() {
    int ones[R];
    for (int i = 0; i < R; ++i) ones[i] = i % 3 + 1;
    extent<R> e(ones);
    std::cout << "rank " << extent<R>::rank << " size " << e.size() << " e[9] " << e[9] << "\n";
    std::cout << "host " << check(2) << "\n";

    std::vector<int> results(4);
    array_view<int, 1> out(4, results);
    parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
        out[i] = check(i[0]);
    });
    out.synchronize();
    for (int r : results) std::cout << r << " ";
    std::cout << "\n";

    std::vector<int> cells(2 * 3 * 2 * 2);
    int dims[4] = {2, 3, 2, 2};
    array_view<int, 4> grid(extent<4>(dims), cells);
    parallel_for_each(grid.extent, [=](index<4> i) restrict(amp) {
        grid[i] = i[0] * 1000 + i[1] * 100 + i[2] * 10 + i[3];
    });
    grid.synchronize();
    std::cout << cells[0] << " " << cells[7] << " " << cells[23] << "\n";

    index<2> origin(1, 1);                  // an index and an extent captured by value
    extent<2> size(2, 3);
    std::vector<int> picked(4);
    array_view<int, 1> pv(4, picked);
    parallel_for_each(pv.extent, [=](index<1> i) restrict(amp) {
        index<2> at = origin + index<2>(i[0] / 2, i[0] % 2);
        pv[i] = at[0] * 10 + at[1] + size[1] * 100 + (size.contains(at) ? 1000 : 0);
    });
    pv.synchronize();
    for (int x : picked) std::cout << x << " ";
    std::cout << "\n";
    return 0;
}
