// Rule amp-tile-shape: C++ AMP allows 32 KiB of tile_static memory per tile;
// 2 x 64 x 64 floats take 32768 bytes and the extra int makes 32772.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<float> data(64 * 64, 1.0f);
    array_view<float, 2> av(64, 64, data);
    parallel_for_each(av.extent.tile<16, 16>(), [=](tiled_index<16, 16> t_idx) restrict(amp) {
        tile_static float a[64][64];
        tile_static float b[64][64];
        tile_static int count; // expected-error {{tile_static memory of 32772 bytes per tile exceeds the limit of 32768 bytes (32 KiB) [amp-tile-shape]}}
        a[t_idx.local[0]][t_idx.local[1]] = av[t_idx];
        b[t_idx.local[0]][t_idx.local[1]] = av[t_idx];
        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) count = 1;
        t_idx.barrier.wait();
        av[t_idx] = a[t_idx.local[1]][t_idx.local[0]] + b[t_idx.local[0]][t_idx.local[1]] + count;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
