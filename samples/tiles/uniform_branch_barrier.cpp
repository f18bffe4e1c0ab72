// Demonstrates: barriers under tile-uniform control flow. The `if` depends only
// on the tile index, and the loop bound `passes` is a captured host scalar, so
// every thread of a tile reaches the same barriers.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define TS 8
#define N 32

int main() {
    std::vector<int> values;
    for (int i = 0; i < N; i++) {
        values.push_back(i % 5 + i / 8);
    }
    int passes = 3;
    array_view<int, 1> data(N, values);

    parallel_for_each(data.extent.tile<TS>(), [=](tiled_index<TS> t_idx) restrict(amp) {
        tile_static int buf[TS];
        int local = t_idx.local[0];
        buf[local] = data[t_idx.global];
        t_idx.barrier.wait();

        // Even-numbered tiles rotate their values one place to the left.
        if (t_idx.tile[0] % 2 == 0) {
            int v = buf[(local + 1) % TS];
            t_idx.barrier.wait();
            buf[local] = v;
            t_idx.barrier.wait();
        }

        // Each pass adds the left neighbour (cyclically within the tile).
        for (int p = 0; p < passes; p++) {
            int left = buf[(local + TS - 1) % TS];
            t_idx.barrier.wait();
            buf[local] += left;
            t_idx.barrier.wait();
        }
        data[t_idx.global] = buf[local];
    });
    data.synchronize();

    std::cout << "passes = " << passes << std::endl;
    for (int t = 0; t < N / TS; t++) {
        std::cout << "tile " << t << (t % 2 == 0 ? " (rotated):" : "          :");
        for (int l = 0; l < TS; l++) {
            std::cout << std::setw(5) << values[t * TS + l];
        }
        std::cout << std::endl;
    }
    return 0;
}
