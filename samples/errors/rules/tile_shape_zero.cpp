// Rule amp-tile-shape: every tile dimension must be at least 1.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 2> av(4, 4, data);
    parallel_for_each(av.extent.tile<4, 0>(), [=](tiled_index<4, 0> t_idx) restrict(amp) { // expected-error {{[amp-tile-shape]}}
        av[t_idx] += t_idx.local[0];
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
