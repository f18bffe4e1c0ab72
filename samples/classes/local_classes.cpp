// Local classes: classes defined inside a function body.  Their member functions see the
// enclosing function's types, enumerators, constants and static variables, and take its
// restriction when they declare none (so a local class in a kernel has restrict(amp) members).
// In a tiled kernel they may use the kernel's tile_static data: amppy puts such a member
// function's body into the kernel at each call, also when the call is part of a larger
// expression or is the result of another member function; so may a restrict(amp) function's
// local class use the function's tile_static data.
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int scaled(int x) restrict(cpu, amp) {
    struct Pair {
        int a, b;
        Pair(int x, int y) : a(x), b(y) {}
        int sum() const { return a + b; }
        Pair operator+(const Pair& o) const { return Pair(a + o.a, b + o.b); }
    };
    Pair p(x, 2 * x);
    Pair q = p + Pair(1, 1);
    return q.sum();
}

// a restrict(amp) function's local class using the function's tile_static data
int tile_total(tiled_index<4> t, int x) restrict(amp) {
    tile_static int part[4];
    struct Sum {
        int all() { return part[0] + part[1] + part[2] + part[3]; }
    };
    part[t.local[0]] = x;
    t.barrier.wait();
    return Sum().all();
}

int main() {
    enum Mode { Low = 1, High = 5 };
    static int calls = 0;
    struct Counter {
        int n;
        void add(Mode m) { n += m; ++calls; }
        int total() const { return n * 10 + calls; }
    };
    Counter c;
    c.n = 0;
    c.add(High);
    c.add(Low);
    printf("host: %d %d %d\n", c.n, c.total(), scaled(3));

    std::vector<int> v(8);
    array_view<int> av(8, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        struct Square {
            int x;
            int get() const { return x * x; }
        };
        Square s;
        s.x = i[0];
        av[i] = scaled(i[0]) + s.get();
    });
    printf("untiled:");
    for (int i = 0; i < 8; ++i) printf(" %d", av[i]);
    printf("\n");

    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        tile_static int sum[4];
        const int K = 3;
        struct Acc {
            int base;
            Acc(int b) : base(b) {}
            void store(int i) { sum[i] = base * K; }            // a write of the tile's data
            int read(int i) { return sum[i]; }                  // a read
            int twice(int i) { return read(i) * 2; }            // through another member
        };
        struct Plain {
            int x;
            int sq() const { return x * x; }
        };
        Acc(t.global[0]).store(t.local[0]);
        t.barrier.wait();
        Acc a(0);
        int r = a.twice(3 - t.local[0]);
        Plain p;
        p.x = t.local[0];
        av[t.global] = r + p.sq() + Acc(1).read(0) * 100;      // a read inside an expression
    });
    printf("tiled:");
    for (int i = 0; i < 8; ++i) printf(" %d", av[i]);
    printf("\n");

    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        av[t.global] = tile_total(t, av[t.global] % 7);
    });
    printf("tiled:");
    for (int i = 0; i < 8; ++i) printf(" %d", av[i]);
    printf("\n");
    return 0;
}
