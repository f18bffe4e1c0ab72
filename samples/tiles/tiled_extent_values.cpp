// tiled_extent values in restrict(cpu, amp) code: tile<...>() makes one (any tile size: only a
// launch limits a tile to 1024 threads), pad() rounds up to whole tiles (in unsigned arithmetic,
// as C++ AMP does), truncate() rounds down; a kernel can capture one.  A lambda called where it
// is written is a function of its own, on the host and in a kernel.  parallel_for_each<D0>(e, k)
// launches on e tiled by D0 (the extent converts to tiled_extent<D0>).
#include <iostream>
#include <climits>
#include <amp.h>
using namespace concurrency;

int shapes(int n) restrict(cpu, amp) {
    extent<2> e(n, n + 5);
    tiled_extent<4, 8> te = e.tile<4, 8>();
    tiled_extent<4, 8> padded = te.pad();
    tiled_extent<4, 8> cut = te.truncate();
    auto big = extent<1>(INT_MAX - 1).tile<INT_MAX - 1>();    // never launched: allowed
    int same = padded == te ? 1 : 0;
    return padded[0] * 1000 + padded[1] * 100 + cut[0] * 10 + cut[1] + same
           + (big.pad()[0] == INT_MAX - 1 ? 100000 : 0);
}

int main() {
    int on_host = []() restrict(cpu, amp) -> int { return shapes(10); }();
    std::vector<int> out(2);
    array_view<int, 1> v(2, out);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        v[i] = [](int n) restrict(amp) -> int { return shapes(n); }(i[0] == 0 ? 10 : 4);
    });
    std::cout << on_host << " " << v[0] << " " << v[1] << std::endl;
    tiled_extent<2> te = v.extent.tile<2>();           // captured by the kernel it is the domain of
    parallel_for_each(te, [=](tiled_index<2> t) restrict(amp) {
        v[t] = te[0] * 10 + te.pad()[0] + t.local[0];
    });
    std::cout << v[0] << " " << v[1] << std::endl;
    parallel_for_each<2>(v.extent, [=](tiled_index<2> t) restrict(amp) {   // the extent, tiled by 2
        v[t] = t.local[0] - 5;
    });
    std::cout << v[0] << " " << v[1] << std::endl;
    return 0;
}
