// index<N> and extent<N> values inside kernels: construction, +, -, +=, -=, == and !=,
// components, on a tiled and an untiled kernel.
#include <amp.h>
#include <iostream>
using namespace concurrency;
int main() {
    std::vector<int> v(16);
    array_view<int, 1> av(16, v);
    std::vector<int> w(16);
    array_view<int, 2> bv(4, 4, w);
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        index<1> q = t.tile_origin + index<1>(1);
        extent<1> e(4);
        index<1> r(2);
        r += q;
        r -= index<1>(1);
        r = r - index<1>(1);
        int same = (q == index<1>(5)) ? 1000 : 0;
        av[t.global] = same + q[0] * 100 + e[0] * 10 + r[0];
    });
    parallel_for_each(bv.extent, [=](index<2> i) restrict(amp) {
        index<2> j = i + index<2>(1, 0);
        extent<2> e2(4, 4);
        index<2> k(j);
        int moved = (k != i) ? 1 : 0;
        bv[i] = (j[0] % e2[0]) * 10 + j[1] + moved * 100;
    });
    for (int i = 0; i < 16; i++) std::cout << av[i] << " ";
    std::cout << std::endl;
    for (int i = 0; i < 16; i++) std::cout << bv(i / 4, i % 4) << " ";
    std::cout << std::endl;
    return 0;
}
