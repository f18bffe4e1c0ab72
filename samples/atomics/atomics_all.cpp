// Every atomic function of C++ AMP: the fetch-and-op family on unsigned int (in global memory,
// in a 2-D view and on tile_static variables), atomic_exchange on unsigned int and float, and
// atomic_compare_exchange on int and unsigned int, as a one-winner flag and in the retry loops
// that build other atomic operations (`while (!atomic_compare_exchange(&x, &old, f(old)))`).
// Every printed value is the same whatever order the threads run in.
// (The real <amp.h> declares atomic_compare_exchange; <amp_math.h> is included for the g++
// emulation of it.)
#include <amp.h>
#include <amp_math.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

#define N 256
#define TS 64

int main() {
    std::vector<unsigned int> data(N);
    for (int i = 0; i < N; i++) data[i] = (unsigned int)(i * 2654435761u) >> 21;
    std::vector<unsigned int> acc = {0, 1000000, 0, 1000, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0, 7, 0};
    std::vector<unsigned int> grid(4 * 3, 0);
    std::vector<unsigned int> tiles(N / TS * 3, 0);
    std::vector<float> slot = {1.5f};
    std::vector<int> flags = {0, 0, 0, 0, 0, 0};
    std::vector<unsigned int> mix = {0, 0};

    array_view<const unsigned int, 1> in(N, data);
    array_view<unsigned int, 1> a(11, acc);
    array_view<unsigned int, 2> g(4, 3, grid);
    array_view<unsigned int, 2> per_tile(N / TS, 3, tiles);
    array_view<float, 1> fs(1, slot);
    array_view<int, 1> f(6, flags);
    array_view<unsigned int, 1> h(2, mix);

    parallel_for_each(in.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        tile_static unsigned int odd;
        tile_static unsigned int bits;
        tile_static unsigned int largest;
        if (t.local[0] == 0) {
            odd = 0;
            bits = 0;
            largest = 0;
        }
        t.barrier.wait();
        unsigned int v = in[t.global];
        int id = t.global[0];
        atomic_fetch_add(&a[0], v);
        atomic_fetch_sub(&a[1], v);
        atomic_fetch_inc(&a[2]);
        atomic_fetch_dec(&a[3]);
        atomic_fetch_max(&a[4], v);
        atomic_fetch_min(&a[5], v);
        atomic_fetch_and(&a[6], v | 0xFFFFF000u);
        atomic_fetch_or(&a[7], v);
        atomic_fetch_xor(&a[8], v);
        if (atomic_exchange(&a[9], 5u) == 7u) atomic_fetch_inc(&a[10]);   // one thread sees the 7
        atomic_fetch_add(&g(v % 4, v % 3), 1u);
        if (v % 2 == 1) atomic_fetch_inc(&odd);
        atomic_fetch_or(&bits, v);
        atomic_fetch_max(&largest, v);

        // float: only exchange (C++ AMP has no atomic float arithmetic)
        if (atomic_exchange(&fs[0], 2.5f) == 1.5f) atomic_fetch_add(&f[0], 1);

        // compare-and-exchange: one thread wins the flag, every other one learns the winner
        int expected = 0;
        if (atomic_compare_exchange(&f[1], &expected, id + 1)) {
            atomic_fetch_add(&f[2], 1);
        } else if (expected > 0) {
            atomic_fetch_add(&f[3], 1);
        }
        // an atomic add built from compare-and-exchange (retried until no other thread interfered)
        int old = f[4];
        while (!atomic_compare_exchange(&f[4], &old, old + (int)v)) {
        }
        // the same as a do-while, and on unsigned int: an atomic "xor of hashes"
        unsigned int seen = h[0];
        do {
        } while (!atomic_compare_exchange(&h[0], &seen, seen ^ (v * 2654435761u)));
        unsigned int zero = 0;
        atomic_compare_exchange(&h[1], &zero, 99u);          // as a statement: the first one stores 99
        t.barrier.wait();
        if (t.local[0] == 0) {
            per_tile(t.tile[0], 0) = odd;
            per_tile(t.tile[0], 1) = bits;
            per_tile(t.tile[0], 2) = largest;
        }
    });
    a.synchronize();
    unsigned int sum = 0, mx = 0, mn = 0xFFFFFFFFu, ored = 0, xored = 0, anded = 0xFFFFFFFFu, hashes = 0;
    for (int i = 0; i < N; i++) {
        unsigned int v = data[i];
        sum += v;
        mx = v > mx ? v : mx;
        mn = v < mn ? v : mn;
        ored |= v;
        xored ^= v;
        anded &= v | 0xFFFFF000u;
        hashes ^= v * 2654435761u;
    }
    printf("add %u (expected %u), sub %u, inc %u, dec %u\n", acc[0], sum, acc[1], acc[2], acc[3]);
    printf("max %u (%u), min %u (%u), and %u (%u), or %u (%u), xor %u (%u)\n", acc[4], mx, acc[5], mn, acc[6], anded,
           acc[7], ored, acc[8], xored);
    printf("exchange: final %u, threads that saw the first value %u\n", acc[9], acc[10]);
    printf("2-D counts:");
    for (int i = 0; i < 12; i++) printf(" %u", g(i / 3, i % 3));
    printf("\n");
    for (int t = 0; t < N / TS; t++)
        printf("tile %d: odd %u, or %u, max %u\n", t, per_tile(t, 0), per_tile(t, 1), per_tile(t, 2));
    printf("float exchange: final %.1f, first value seen %d time(s)\n", fs[0], f[0]);
    printf("compare_exchange: winners %d, losers told the winner %d, flag set %s\n", f[2], f[3],
           f[1] > 0 ? "yes" : "no");
    printf("CAS-loop add %d (expected %d)\n", f[4], (int)sum);
    printf("CAS-loop xor %u (expected %u), statement CAS %u\n", h[0], hashes, h[1]);
    return 0;
}
