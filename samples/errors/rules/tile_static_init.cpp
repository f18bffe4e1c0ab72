// Rule amp-tile-static-init: a tile_static variable cannot have an initializer
// ("Using Tiles": tile_static variables cannot have initializers).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<float> data;
    for (int i = 0; i < 16; i++) data.push_back((float)i);
    array_view<float, 1> av(16, data);
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t_idx) restrict(amp) {
        tile_static float total = 0; // expected-error {{[amp-tile-static-init]}}
        if (t_idx.local[0] == 0) total = av[t_idx];
        t_idx.barrier.wait();
        av[t_idx] = total;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
