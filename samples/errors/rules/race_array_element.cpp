// Rule amp-tile-static-race (warning): every thread adds to the same element
// a[0] of a tile_static array (the address does not depend on the local index),
// also inside a loop with a tile-uniform bound.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t_idx) restrict(amp) {
        tile_static int a[4];
        a[t_idx.local[0]] = 0;
        t_idx.barrier.wait();
        a[0] += av[t_idx]; // expected-warning {{every thread of the tile updates the same element of tile_static 'a' at once [amp-tile-static-race]}}
        for (int k = 0; k < 2; k++) {
            a[t_idx.tile[0] % 4]++; // expected-warning {{[amp-tile-static-race]}}
        }
        t_idx.barrier.wait();
        av[t_idx] = a[0];
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
