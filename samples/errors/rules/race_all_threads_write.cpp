// Rule amp-tile-static-race (warning): an otherwise valid program in which all
// threads of a tile store to the same tile_static scalar before the barrier;
// which value survives is unspecified. (Reading it afterwards is fine.)
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define TS 4

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i * 3);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent.tile<TS>(), [=](tiled_index<TS> t_idx) restrict(amp) {
        tile_static int leader;
        leader = av[t_idx]; // expected-warning {{[amp-tile-static-race]}}
        t_idx.barrier.wait();
        av[t_idx] = av[t_idx] - leader;
    });
    av.synchronize();
    for (int i = 0; i < 16; i++) std::cout << data[i] << " ";
    std::cout << std::endl;
    return 0;
}
