// Atomics: a histogram in global memory (atomic_fetch_add on array_view
// elements), a per-tile counter in tile_static memory (atomic_fetch_inc by
// many threads, published by one thread after a barrier), and a global maximum
// (atomic_fetch_max).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define N 4096
#define BINS 13
#define TS 64

int main() {
    std::vector<int> data(N);
    for (int i = 0; i < N; i++) data[i] = (i * i + 7 * i / 3) % 1000;
    std::vector<int> bins(BINS, 0);
    std::vector<int> evens(N / TS, 0);
    std::vector<int> biggest(1, 0);

    array_view<const int, 1> in(N, data);
    array_view<int, 1> hist(BINS, bins);
    array_view<int, 1> tileEvens(N / TS, evens);
    array_view<int, 1> maxValue(1, biggest);

    parallel_for_each(in.extent.tile<TS>(), [=](tiled_index<TS> t_idx) restrict(amp) {
        tile_static int count;
        if (t_idx.local[0] == 0) count = 0;
        t_idx.barrier.wait();
        int v = in[t_idx.global];
        atomic_fetch_add(&hist[v % BINS], 1);
        if (v % 2 == 0) atomic_fetch_inc(&count);
        atomic_fetch_max(&maxValue[0], v);
        t_idx.barrier.wait();
        if (t_idx.local[0] == 0) tileEvens[t_idx.tile[0]] = count;
    });

    int total = 0;
    for (int b = 0; b < BINS; b++) {
        std::cout << hist[b] << " ";
        total += hist[b];
    }
    std::cout << std::endl << "total " << total << std::endl;
    int evenTotal = 0;
    for (int t = 0; t < N / TS; t++) evenTotal += tileEvens[t];
    std::cout << "even values " << evenTotal << ", first tiles " << tileEvens[0] << " "
              << tileEvens[1] << " " << tileEvens[2] << std::endl;
    std::cout << "max " << maxValue[0] << std::endl;
    return 0;
}
