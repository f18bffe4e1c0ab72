// Runtime check amp-out-of-bounds (`amppy run --check bounds`) on tile_static
// memory: the buffer has one element per thread but the shift reads one past
// the end for the last thread of each tile, index (4).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<float> data(16, 1.0f);
    array_view<float, 1> view(16, data);
    parallel_for_each(view.extent.tile<4>(), [=](tiled_index<4> t_idx) restrict(amp) {
        tile_static float buffer[4];
        buffer[t_idx.local[0]] = view[t_idx.global];
        t_idx.barrier.wait();
        view[t_idx.global] = buffer[t_idx.local[0] + 1];
    });
    std::cout << view[0] << std::endl;
    return 0;
}
