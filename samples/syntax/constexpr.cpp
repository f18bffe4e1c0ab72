// constexpr functions and variables where C++ needs a constant: an array's size, a template
// argument, a tile size, a constexpr variable computed by a call (recursion included); and the
// same functions called at run time, on the host and in a kernel.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

constexpr int sq(int x) restrict(cpu, amp) { return x * x; }
constexpr int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }   // (recursive: host only)
constexpr int TILE = sq(2) * 4;                 // 16
constexpr unsigned mask(int bits) { return (1u << bits) - 1; }

template <int K> struct Ring {
    int slots[K];
    int size() const { return K; }
};

int main() {
    constexpr int M = sq(4) + 1;                // 17
    int table[M];
    for (int k = 0; k < M; ++k) table[k] = k;
    Ring<fact(4)> ring;                         // 24 slots
    std::cout << sizeof(table) / sizeof(table[0]) << " " << ring.size() << " " << TILE << " "
              << mask(5) << " " << fact(10) << std::endl;

    std::vector<int> data(64);
    array_view<int, 1> v(64, data);
    parallel_for_each(v.extent.tile<TILE>(), [=](tiled_index<TILE> t) restrict(amp) {
        tile_static int part[TILE];
        part[t.local[0]] = sq(t.local[0]);
        t.barrier.wait();
        v[t.global] = part[TILE - 1 - t.local[0]] + sq(t.tile[0]);
    });
    v.synchronize();
    std::cout << data[0] << " " << data[15] << " " << data[16] << " " << data[63] << std::endl;
    return 0;
}
