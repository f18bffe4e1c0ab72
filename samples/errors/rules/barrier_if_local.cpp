// Rule amp-barrier-divergent: a barrier inside `if (t_idx.local[0] == 0)` is
// reached by only one thread of the tile.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t_idx) restrict(amp) {
        tile_static int first;
        if (t_idx.local[0] == 0) {
            first = av[t_idx];
            t_idx.barrier.wait(); // expected-error {{[amp-barrier-divergent]}}
        }
        av[t_idx] += first;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
