// Rule amp-tile-shape: tile<...> needs one size per dimension of the extent; a
// rank-1 extent cannot be cut into 4 x 4 tiles.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 64; i++) data.push_back(i);
    array_view<int, 1> av(64, data);
    parallel_for_each(av.extent.tile<4, 4>(), [=](tiled_index<4, 4> t_idx) restrict(amp) { // expected-error {{a 2-dimensional tile of an extent of rank 1 [amp-tile-shape]}}
        av[t_idx.global[0]] = t_idx.local[1];
    });
    av.synchronize();
    std::cout << data[9] << std::endl;
    return 0;
}
