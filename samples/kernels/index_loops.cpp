// Index and extent components read in loops (`e[d]` with a run-time d, on the host and in a
// kernel) and an extent made from an `int*` (C++ AMP's `extent(const int _Array[])`), as the
// conformance suite's rank-generic helpers write them; and components assigned with a run-time
// subscript (`ex[i] = v`, `id[i] += v`, `id[k]++`, `p[d] = ...` in a kernel); and an element
// subscripted by an index a call makes (`grid[*w] += 5`), the call made once.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Walker {                 // an iterator over a 2 x 3 grid whose `*` counts its calls
    int pos = 0, calls = 0;
    index<2> operator*() { calls++; return index<2>(pos / 3, pos % 3); }
};

template <int N> int linear(const index<N>& idx, const extent<N>& ext) restrict(cpu, amp) {
    int flat = 0;
    for (int d = 0; d < N; d++) flat = flat * ext[d] + idx[d];
    return flat;
}

int main() {
    int* dims = new int[3];
    for (int d = 0; d < 3; d++) dims[d] = d + 2;
    extent<3> e(dims);                                  // 2 x 3 x 4
    int product = 1;
    for (int d = 0; d < 3; d++) product *= e[d];
    std::cout << product << " " << e.size() << " " << linear(index<3>(1, 2, 3), e) << std::endl;
    delete[] dims;

    std::vector<int> data(e.size());
    array_view<int, 3> v(e, data);
    parallel_for_each(v.extent, [=](index<3> idx) restrict(amp) {
        int digits = 0;
        for (int d = 0; d < 3; d++) digits = digits * 10 + idx[d];
        v[idx] = linear(idx, v.extent) * 1000 + digits;
    });
    v.synchronize();
    std::cout << data[0] << " " << data[7] << " " << data[23] << std::endl;

    extent<3> ex;
    for (int i = 0; i < 3; i++) ex[i] = i + 2;
    index<3> id(1, 1, 1);
    for (int i = 0; i < 3; i++) id[i] += i * 10;
    int k = 1;
    id[k]++;
    std::cout << ex[0] << ex[1] << ex[2] << " " << id[0] << " " << id[1] << " " << id[2] << std::endl;
    std::vector<int> out(4);
    array_view<int, 1> ov(4, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
        index<2> p(0, 0);
        for (int d = 0; d < 2; d++) p[d] = i[0] + d;
        p[i[0] % 2] += 100;
        ov[i] = p[0] * 1000 + p[1];
    });
    ov.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << std::endl;

    std::vector<int> cells(6, 1);
    array_view<int, 2> grid(2, 3, cells);
    Walker w;
    w.pos = 4;
    grid[*w] += 5;
    int seen = grid[*w];
    std::cout << seen << " " << w.calls << " " << grid(1, 1) << std::endl;
    return 0;
}
