// Rules amp-tile-static-context and amp-barrier-divergent through called functions: a
// restrict(amp) function that declares tile_static data and waits on the barrier is checked where
// the kernel calls it, through another function, under the control flow around each call.
#include <amp.h>
using namespace concurrency;

void exchange(tiled_index<4> t, const array<int, 1>& in, array<int, 1>& out) restrict(amp) {
    if (t.local[0] % 2 == 0) {
        tile_static int buf[4]; // expected-error {{[amp-tile-static-context]}}
        buf[t.local[0]] = in[t];
        t.barrier.wait(); // expected-error {{[amp-barrier-divergent]}}
        out[t] = buf[3 - t.local[0]];
    }
}

void step(tiled_index<4> t, const array<int, 1>& in, array<int, 1>& out, int rounds) restrict(amp) {
    for (; rounds > 0; rounds--) {
        {
            exchange(t, in, out);
        }
    }
}

void wait_if_low(tiled_index<4> t) restrict(amp) {
    t.barrier.wait(); // expected-error {{[amp-barrier-divergent]}}
}

int main() {
    array<int, 1> in(16), out(16);
    parallel_for_each(in.extent.tile<4>(), [&](tiled_index<4> t) restrict(amp) {
        step(t, in, out, 2);
        if (t.global[0] < 8) {
            wait_if_low(t);
        }
    });
    return 0;
}
