// Long kernels: statement lists of hundreds of statements (written here with macros), with
// early returns, break/continue, switch, local arrays, values live across a barrier and a long
// restrict(amp) function. amppy compiles such lists as a row of smaller functions; the results
// must be what the C++ program computes.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define MIX(k) x = x * 3 + (k); y = y ^ x;
#define MIX4(k) MIX(k) MIX(k + 1) MIX(k + 2) MIX(k + 3)
#define MIX16(k) MIX4(k) MIX4(k + 4) MIX4(k + 8) MIX4(k + 12)
#define MIX64(k) MIX16(k) MIX16(k + 16) MIX16(k + 32) MIX16(k + 48)

// 128 statements in one function body
int churn(int x, int y) restrict(amp) {
    MIX64(5)
    return x + y;
}

int main() {
    const int N = 16;
    std::vector<int> v(N), w(N), t(N);
    array_view<int, 1> a(N, v);
    array_view<int, 1> b(N, w);
    array_view<int, 1> c(N, t);

    parallel_for_each(a.extent, [=](index<1> idx) restrict(amp) {
        int x = idx[0];
        int y = 7;
        int hist[4] = {1, 2, 3, 4};           // used after many statements
        MIX64(0)
        int z = x & 255;                      // declared in one part, read in a later one
        MIX64(64)
        if (idx[0] == 3) {                    // an early return in the middle of the list
            a[idx] = -1;
            return;
        }
        MIX16(128)
        for (int i = 0; i < 6; i++) {         // a loop body longer than a part, with continue and break
            if (i == 1) continue;
            MIX64(i)
            if (i == 4) break;
            hist[i & 3] += x & 7;
        }
        switch (idx[0] % 3) {
        case 0: MIX16(200) break;
        case 1: y += z; break;
        default: MIX4(300) break;
        }
        MIX64(400)
        a[idx] = x + y + z + hist[0] + hist[1] + hist[2] + hist[3];
    });

    parallel_for_each(b.extent.tile<8>(), [=](tiled_index<8> ti) restrict(amp) {
        tile_static int shared[8];
        int x = ti.global[0];
        int y = ti.local[0];
        MIX64(1)
        MIX64(65)
        int keep = x ^ y;                     // live across the barrier
        shared[ti.local[0]] = x;
        ti.barrier.wait();
        x = shared[7 - ti.local[0]];
        MIX64(129)
        MIX16(193)
        b[ti.global] = x + y + keep;
    });

    parallel_for_each(c.extent, [=](index<1> idx) restrict(amp) {
        c[idx] = churn(idx[0], 1) + churn(2, idx[0]);
    });

    for (int i = 0; i < N; i++) std::cout << a[i] << " ";
    std::cout << std::endl;
    for (int i = 0; i < N; i++) std::cout << b[i] << " ";
    std::cout << std::endl;
    for (int i = 0; i < N; i++) std::cout << c[i] << " ";
    std::cout << std::endl;
    return 0;
}
