// Tiling helpers: tiled_extent made from an extent, pad() and truncate() for extents tiles do not
// divide, tile_dim0/tile_extent/get_tile_extent(), and a kernel's tiled_index passed to
// restrict(amp) functions (by value and by const reference) that read its parts.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
static const int TS = 4;

// the tile's first element plus this thread's own: reads two parts of the tiled_index
int first_plus_own(tiled_index<TS> t, array_view<const int, 1> a) restrict(amp) {
    return a[t.tile_origin] * 100 + a[t.global] + t.tile[0] * 10000;
}

void store(const tiled_index<2, 2>& t, array_view<int, 2> out) restrict(amp) {
    out[t] = t.global[0] * 10 + t.global[1] + t.local[0] * 1000 + t.tile_dim0 * 100;
}

int main() {
    std::vector<int> v(10);
    for (int i = 0; i < 10; i++) v[i] = i + 1;
    array_view<const int, 1> a(10, v);
    tiled_extent<TS> te = a.extent.tile<TS>();
    tiled_extent<TS> padded = te.pad();
    tiled_extent<TS> cut = te.truncate();
    std::cout << "extent " << te[0] << " padded " << padded[0] << " truncated " << cut[0]
              << " tile_dim0 " << te.tile_dim0 << " tile_extent " << te.tile_extent[0]
              << " size " << padded.size() << "\n";
    tiled_extent<2, 3> built(extent<2>(4, 9));
    extent<2> plain = built;
    std::cout << "built " << built[0] << "x" << built[1] << " tiles " << built.tile_dim0 << "x" << built.tile_dim1
              << " get_tile_extent " << built.get_tile_extent()[1] << " as extent " << plain.size()
              << " contains " << built.contains(index<2>(3, 8)) << "\n";

    // the padded domain covers 12 threads: the last tile reads past the data only where guarded
    std::vector<int> r(12, 0);
    array_view<int, 1> res(12, r);
    parallel_for_each(padded, [=](tiled_index<TS> t) restrict(amp) {
        int own = 0;
        if (a.extent.contains(t.global)) own = first_plus_own(t, a);
        res[t.global] = own + t.get_tile_extent()[0] * 1000000;
    });
    for (int i = 0; i < 12; i++) std::cout << res[i] << " ";
    std::cout << "\n";

    // the truncated domain leaves the last elements alone
    std::vector<int> c(10, -1);
    array_view<int, 1> cv(10, c);
    parallel_for_each(cut, [=](tiled_index<TS> t) restrict(amp) {
        cv[t] = t.local[0];
    });
    for (int i = 0; i < 10; i++) std::cout << cv[i] << " ";
    std::cout << "\n";

    std::vector<int> w(16, 0);
    array_view<int, 2> out(4, 4, w);
    parallel_for_each(out.extent.tile<2, 2>(), [=](tiled_index<2, 2> t) restrict(amp) {
        store(t, out);
    });
    out.synchronize();
    for (int i = 0; i < 16; i++) std::cout << w[i] << " ";
    std::cout << "\n";
    return 0;
}
