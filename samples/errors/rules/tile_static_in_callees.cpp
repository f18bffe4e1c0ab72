// Rules amp-tile-static-init and amp-tile-static-context in called functions, the same on both
// targets: a tile_static variable cannot have an initializer, also in a function a kernel calls,
// and a function that declares one can be called only from a tiled kernel.
#include <amp.h>
using namespace concurrency;

int sum_in_tile(int a, int b) restrict(amp) {
    tile_static int c = a + b; // expected-error {{[amp-tile-static-init]}}
    return c;
}

int through_tile(int a) restrict(amp) {
    tile_static int c; // expected-error {{[amp-tile-static-context]}}
    c = a;
    return c;
}

int main() {
    array<int, 1> tiled(16), plain(16);
    parallel_for_each(tiled.extent.tile<4>(), [&](tiled_index<4> t) restrict(amp) {
        tiled[t] = sum_in_tile(1, 2);
    });
    parallel_for_each(plain.extent, [&](index<1> i) restrict(amp) {
        plain[i] = through_tile(3);
    });
    return 0;
}
