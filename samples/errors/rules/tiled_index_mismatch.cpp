// Rule amp-tiled-index-mismatch: the lambda's tiled_index<2, 8> does not match
// the tiled_extent<4, 4> the kernel is launched over.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 64; i++) data.push_back(i);
    array_view<int, 2> av(8, 8, data);
    parallel_for_each(av.extent.tile<4, 4>(), [=](tiled_index<2, 8> t_idx) restrict(amp) { // expected-error {{[amp-tiled-index-mismatch]}}
        av[t_idx] = t_idx.tile[0] * 10 + t_idx.tile[1];
    });
    av.synchronize();
    std::cout << data[9] << std::endl;
    return 0;
}
