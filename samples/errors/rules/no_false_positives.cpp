// expected-no-diagnostics
// Valid tiled code near every rule's edge: barriers in loops with tile-uniform
// bounds and under conditions on the tile index; all threads storing one uniform
// value; one-thread stores between barriers; per-thread elements; const globals.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

const int kScale = 2;

int twice(int v) restrict(amp) {
    return v * kScale;
}

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    int rounds = 2;
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t_idx) restrict(amp) {
        tile_static int s[4];
        tile_static int flag;
        tile_static int total;
        flag = 0;
        s[t_idx.local[0]] = twice(av[t_idx]);
        t_idx.barrier.wait();
        for (int r = 0; r < rounds; r++) {
            if (t_idx.tile[0] % 2 == 0) {
                t_idx.barrier.wait();
            }
            if (t_idx.local[0] == 0) {
                total = s[0] + s[1] + s[2] + s[3];
            }
            t_idx.barrier.wait();
        }
        for (int k = 2; k > 0; k /= 2) {
            if (t_idx.local[0] < k) s[t_idx.local[0]] += s[t_idx.local[0] + k];
            t_idx.barrier.wait();
        }
        av[t_idx] = total + s[0] + flag;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
