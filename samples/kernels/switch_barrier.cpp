// A barrier inside a switch on a tile-uniform value: every thread of a tile takes the same
// case, so every thread reaches the same barriers (C++ AMP allows it; the CPU target turns
// the switch into an if/else-if chain to cut the kernel at its barriers).
#include <amp.h>
#include <iostream>
using namespace concurrency;
int main() {
    std::vector<int> v(16);
    array_view<int, 1> av(16, v);
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        tile_static int shared[4];
        shared[t.local[0]] = t.global[0];
        t.barrier.wait();
        int got = 0;
        switch (t.tile[0]) {
        case 0:
            got = shared[3 - t.local[0]];
            t.barrier.wait();
            shared[t.local[0]] = got * 2;
            t.barrier.wait();
            got = shared[(t.local[0] + 1) % 4];
            break;
        case 1:
        case 2:
            t.barrier.wait();
            got = shared[0] + 100 * t.tile[0];
            break;
        default:
            got = -shared[t.local[0]];
            break;
        }
        av[t.global] = got;
    });
    for (int i = 0; i < 16; i++) std::cout << av[i] << " ";
    std::cout << std::endl;
    return 0;
}
