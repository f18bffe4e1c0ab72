// Rule amp-tile-shape: a tile may hold at most 1024 threads; 32 x 64 is 2048.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<float> data;
    for (int i = 0; i < 64 * 64; i++) data.push_back(1.0f);
    array_view<float, 2> av(64, 64, data);
    parallel_for_each(av.extent.tile<32, 64>(), [=](tiled_index<32, 64> t_idx) restrict(amp) { // expected-error {{[amp-tile-shape]}}
        av[t_idx] *= 2.0f;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
