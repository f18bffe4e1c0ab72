// A loop whose bound is a tile_static value written by one thread before a
// barrier, with barriers inside the loop: the bound is the same for every thread
// of the tile, so this is valid C++ AMP (tiles run different numbers of rounds).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;
#define TS 4
int main() {
    std::vector<int> data(16);
    for (int i = 0; i < 16; i++) data[i] = i % 3 + 1;
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent.tile<TS>(), [=](tiled_index<TS> t_idx) restrict(amp) {
        tile_static int rounds;
        tile_static int buf[TS];
        if (t_idx.local[0] == 0) rounds = av[t_idx.tile_origin];
        buf[t_idx.local[0]] = av[t_idx.global];
        t_idx.barrier.wait();
        for (int r = 0; r < rounds; r++) {
            int next = buf[(t_idx.local[0] + 1) % TS];
            t_idx.barrier.wait();
            buf[t_idx.local[0]] += next;
            t_idx.barrier.wait();
        }
        av[t_idx.global] = buf[t_idx.local[0]];
    });
    for (int i = 0; i < 16; i++) std::cout << av[i] << " ";
    std::cout << std::endl;
    return 0;
}
