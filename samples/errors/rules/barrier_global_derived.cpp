// Rule amp-barrier-divergent: the condition goes through a local variable that
// is derived from the global index, which differs between threads of a tile.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent.tile<8>(), [=](tiled_index<8> t_idx) restrict(amp) {
        tile_static int buf[8];
        buf[t_idx.local[0]] = av[t_idx];
        int g = t_idx.global[0];
        if (g > 3) {
            t_idx.barrier.wait(); // expected-error {{[amp-barrier-divergent]}}
        }
        av[t_idx] = buf[7 - t_idx.local[0]];
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
