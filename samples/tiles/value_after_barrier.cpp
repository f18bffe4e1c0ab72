// Demonstrates: per-thread locals computed before a barrier and used after it.
// `mine` lives across two barriers and `right` across one; the tile_static
// buffer is reused after a barrier that separates its reads from its writes.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define TS 8
#define N 32

int main() {
    std::vector<int> input;
    std::vector<int> output;
    for (int i = 0; i < N; i++) {
        input.push_back((i * i) % 11);
        output.push_back(0);
    }
    array_view<const int, 1> in(N, input);
    array_view<int, 1> out(N, output);

    parallel_for_each(out.extent.tile<TS>(), [=](tiled_index<TS> t_idx) restrict(amp) {
        tile_static int tileData[TS];
        int g = t_idx.global[0];
        int local = t_idx.local[0];
        int mine = in[g] * 2;
        tileData[local] = in[g];
        t_idx.barrier.wait();

        int right = tileData[(local + 1) % TS];
        t_idx.barrier.wait();

        tileData[local] = mine + right;
        t_idx.barrier.wait();

        out[g] = tileData[TS - 1 - local] - local;
    });
    out.synchronize();

    std::cout << "input:" << std::endl;
    for (int t = 0; t < N / TS; t++) {
        for (int l = 0; l < TS; l++) {
            std::cout << std::setw(4) << input[t * TS + l];
        }
        std::cout << std::endl;
    }
    std::cout << "output:" << std::endl;
    for (int t = 0; t < N / TS; t++) {
        for (int l = 0; l < TS; l++) {
            std::cout << std::setw(4) << output[t * TS + l];
        }
        std::cout << std::endl;
    }
    return 0;
}
