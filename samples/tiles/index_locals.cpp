// index<N> and extent<N> locals in kernels are values: a component can be assigned, added to,
// incremented, and the variable kept across a barrier (the CPU target keeps each thread's copy).
#include <iostream>
#include <amp.h>
using namespace concurrency;

int main() {
    const int N = 8;
    int data[N * N];
    for (int i = 0; i < N * N; i++) data[i] = i;
    array<int, 2> a(N, N, data);
    array<int, 2> b(N, N);
    parallel_for_each(a.extent.tile<4, 4>(), [&a, &b](tiled_index<4, 4> t) restrict(amp) {
        tile_static int s[4][4];
        index<2> tile = t.tile;              // the same in every thread of the tile
        index<2> mirror = t.local;           // changed per thread, then kept across the barrier
        mirror[0] = 3 - mirror[0];
        mirror[1] += 0;
        mirror[1]--;
        mirror[1]++;
        extent<2> e(4, 4);
        e[1] *= 2;
        s[t.local[0]][t.local[1]] = a[t];
        t.barrier.wait();
        b[t] = s[mirror[0]][mirror[1]] * 100 + tile[0] * 10 + e[1] / 8;
    });
    std::cout << b(0, 0) << " " << b(1, 2) << " " << b(5, 6) << " " << b(7, 4) << std::endl;
    return 0;
}
