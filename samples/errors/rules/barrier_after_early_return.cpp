// Rule amp-barrier-divergent: threads with an odd local index return early and
// never reach the barrier that the others wait on.
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
        if (t_idx.local[0] % 2 == 1) {
            return;
        }
        t_idx.barrier.wait(); // expected-error {{[amp-barrier-divergent]}}
        av[t_idx] = buf[t_idx.local[0] + 1];
    });
    av.synchronize();
    std::cout << data[4] << std::endl;
    return 0;
}
