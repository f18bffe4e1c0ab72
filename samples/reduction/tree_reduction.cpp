// Demonstrates: a tiled sum reduction. Each tile copies its slice into a
// tile_static array and halves the number of active threads per step; the
// barrier sits inside the stride loop (a tile-uniform loop). The per-tile
// partial sums are added up on the host.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define TS 64
static const int N = 1024;

int main() {
    std::vector<float> data;
    for (int i = 0; i < N; i++) {
        data.push_back((float)((i * 7) % 13) - 4.0f);
    }
    std::vector<float> partial;
    for (int t = 0; t < N / TS; t++) {
        partial.push_back(0.0f);
    }

    array_view<const float, 1> input(N, data);
    array_view<float, 1> sums(N / TS, partial);
    sums.discard_data();

    parallel_for_each(input.extent.tile<TS>(), [=](tiled_index<TS> t_idx) restrict(amp) {
        tile_static float sdata[TS];
        int local = t_idx.local[0];
        sdata[local] = input[t_idx.global];
        t_idx.barrier.wait();

        for (int stride = TS / 2; stride > 0; stride /= 2) {
            if (local < stride) {
                sdata[local] += sdata[local + stride];
            }
            t_idx.barrier.wait();
        }

        if (local == 0) {
            sums[t_idx.tile[0]] = sdata[0];
        }
    });
    sums.synchronize();

    float total = 0.0f;
    std::cout << "tile sums:";
    for (int t = 0; t < N / TS; t++) {
        std::cout << " " << partial[t];
        total += partial[t];
    }
    std::cout << std::endl;

    float expected = 0.0f;
    for (int i = 0; i < N; i++) {
        expected += data[i];
    }
    std::cout << "total: " << total << std::endl;
    std::cout << "mean: " << total / N << std::endl;
    std::cout << (total == expected ? "match" : "MISMATCH") << std::endl;
    return 0;
}
