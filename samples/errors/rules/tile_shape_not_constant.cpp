// Rule amp-tile-shape: the tile size must be a compile-time constant; `n` is
// an ordinary (non-const) int variable.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    int n = 4;
    parallel_for_each(av.extent.tile<n>(), [=](tiled_index<4> t_idx) restrict(amp) { // expected-error {{[amp-tile-shape]}}
        av[t_idx] += t_idx.local[0];
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
