// Rule amp-tile-static-context: tile_static is only allowed in a tiled
// parallel_for_each; this kernel takes an index<1>, not a tiled_index.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        tile_static int scratch[16]; // expected-error {{[amp-tile-static-context]}}
        scratch[idx[0]] = av[idx] * 2;
        av[idx] = scratch[idx[0]];
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
