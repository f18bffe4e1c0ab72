// Rule amp-barrier-divergent: the loop bound is the local index, so threads of
// one tile execute different numbers of barriers.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t_idx) restrict(amp) {
        tile_static int buf[4];
        buf[t_idx.local[0]] = av[t_idx];
        for (int i = 0; i < t_idx.local[0]; i++) {
            t_idx.barrier.wait(); // expected-error {{[amp-barrier-divergent]}}
            buf[t_idx.local[0]] += buf[i];
        }
        av[t_idx] = buf[t_idx.local[0]];
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
