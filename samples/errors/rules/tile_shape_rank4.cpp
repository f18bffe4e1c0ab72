// Rule amp-tile-shape: tiles have rank 1, 2 or 3; a rank-4 tiling is rejected.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    int dims[4] = {2, 2, 2, 2};
    extent<4> e(dims);
    array_view<int, 4> av(e, data);
    parallel_for_each(av.extent.tile<1, 2, 2, 2>(), [=](tiled_index<1, 2, 2, 2> t_idx) restrict(amp) { // expected-error {{[amp-tile-shape]}}
        av[t_idx.global] += 1;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
