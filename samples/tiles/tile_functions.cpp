// restrict(amp) functions that use their caller's tile: the kernel's tiled_index passed in, the tile
// barrier waited on and tile_static data declared inside the function (by value and by reference,
// called twice, its result initialising and assigned to variables).
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
static const int TS = 4;

int tile_sum(tiled_index<TS> t, array_view<const int, 1> a) restrict(amp) {
    tile_static int part[TS];
    part[t.local[0]] = a[t.global];
    t.barrier.wait();
    int s = 0;
    for (int k = 0; k < TS; k++) s += part[k];
    t.barrier.wait();
    return s;
}

void scale(const tiled_index<TS>& t, array_view<int, 1> out, int f) restrict(amp) {
    tile_static int first;
    if (t.local[0] == 0) first = out[t.tile_origin];
    t.barrier.wait();
    out[t.global] = out[t.global] * f + first;
}

int main() {
    std::vector<int> v(12);
    for (int i = 0; i < 12; i++) v[i] = i * i;
    array_view<const int, 1> a(12, v);
    std::vector<int> r(12, 0);
    array_view<int, 1> res(12, r);
    parallel_for_each(a.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        int s = tile_sum(t, a);
        int k = 0;
        k = tile_sum(t, a);
        res[t.global] = s * 100 + t.local[0] + k * 0;
        scale(t, res, 2);
    });
    for (int i = 0; i < 12; i++) std::cout << res[i] << " ";
    std::cout << "\n";
    return 0;
}
