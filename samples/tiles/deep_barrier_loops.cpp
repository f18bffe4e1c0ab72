// A barrier twelve loops deep: every loop's condition is the same for all threads of a tile, so
// the barrier is legal; the CPU target emits the deepest loops as a function of their own (Python
// allows at most 20 nested loops in one function, and its tile and thread loops count).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    const int N = 8;
    int data[N] = {3, 1, 4, 1, 5, 9, 2, 6};
    array<int, 1> a(N, data);
    std::vector<int> zeros(N / 4, 0);
    array<int, 1> sums(N / 4, zeros.begin());
    int levels = 12;
    parallel_for_each(a.extent.tile<4>(), [=, &a, &sums](tiled_index<4> t) restrict(amp) {
        tile_static int buf[4];
        int rounds = 0;                          // the same in every thread: a value of the tile
        for (int i0 = 0; i0 < levels - 11; i0++)
        for (int i1 = 0; i1 < levels - 11; i1++)
        for (int i2 = 0; i2 < levels - 11; i2++)
        for (int i3 = 0; i3 < levels - 11; i3++)
        for (int i4 = 0; i4 < levels - 11; i4++)
        for (int i5 = 0; i5 < levels - 11; i5++)
        for (int i6 = 0; i6 < levels - 11; i6++)
        for (int i7 = 0; i7 < levels - 11; i7++)
        for (int i8 = 0; i8 < levels - 11; i8++)
        for (int i9 = 0; i9 < levels - 11; i9++)
        for (int i10 = 0; i10 < levels - 11; i10++)
        for (int i11 = 0; i11 < 2; i11++) {
            buf[t.local[0]] = a[t] * (i11 + 1);
            t.barrier.wait();
            if (t.local[0] == 0) sums[t.tile] += buf[0] + buf[1] + buf[2] + buf[3];
            rounds++;
            t.barrier.wait();
        }
        if (t.local[0] == 0) sums[t.tile] += rounds * 1000;
    });
    std::vector<int> out(N / 4);
    copy(sums, out.begin());
    std::cout << out[0] << " " << out[1] << std::endl;
    return 0;
}
