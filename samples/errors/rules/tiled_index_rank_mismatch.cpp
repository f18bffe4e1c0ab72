// Rule amp-tiled-index-mismatch: a rank-1 tiling (tile<16>) with a rank-2
// tiled_index<4, 4> parameter.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 64; i++) data.push_back(i);
    array_view<int, 1> av(64, data);
    parallel_for_each(av.extent.tile<16>(), [=](tiled_index<4, 4> t_idx) restrict(amp) { // expected-error {{[amp-tiled-index-mismatch]}}
        av[t_idx.global[0]] = t_idx.local[1];
    });
    av.synchronize();
    std::cout << data[9] << std::endl;
    return 0;
}
