// Kernels kept in variables before they are launched: `auto k = [=](index<1> i) restrict(amp)
// {...}; parallel_for_each(e, k);`.  A lambda is an object made where it is written: what it
// captures by value is copied there, so changing `gain` after defining `amplify` does not
// change what `amplify` computes.  One stored kernel launched twice, a tiled one, and one
// defined in a helper function.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

void smooth(std::vector<float>& v) {
    int n = static_cast<int>(v.size());
    std::vector<float> before(v);
    array_view<const float, 1> in(n, before);
    array_view<float, 1> out(n, v);
    auto step = [=](index<1> i) restrict(amp) {
        int j = i[0];
        if (j > 0 && j + 1 < in.extent[0]) out[i] = (in[j - 1] + in[j] + in[j + 1]) / 3.0f;
    };
    parallel_for_each(out.extent, step);
    out.synchronize();
}

int main() {
    std::vector<float> data(8);
    for (int i = 0; i < 8; i++) data[i] = static_cast<float>(i * i);
    array_view<float, 1> a(8, data);

    float gain = 2.0f;
    auto amplify = [=](index<1> i) restrict(amp) { a[i] = a[i] * gain + 1.0f; };
    gain = 100.0f;                              // the lambda copied gain = 2 already
    parallel_for_each(a.extent, amplify);
    parallel_for_each(a.extent, amplify);       // launched again: ((x * 2 + 1) * 2 + 1)
    a.synchronize();
    std::cout << "amplified twice:";
    for (float x : data) std::cout << " " << x;
    std::cout << "\ngain is now " << gain << "\n";

    std::vector<int> cells(16);
    array_view<int, 2> grid(4, 4, cells);
    grid.discard_data();
    auto mirror = [=](tiled_index<2, 2> t) restrict(amp) {
        tile_static int tile[2][2];
        tile[t.local[0]][t.local[1]] = t.global[0] * 10 + t.global[1];
        t.barrier.wait();
        grid[t.global] = tile[1 - t.local[0]][1 - t.local[1]];   // each 2x2 tile turned half round
    };
    parallel_for_each(grid.extent.tile<2, 2>(), mirror);
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++) std::cout << (c ? " " : "") << grid(r, c);
        std::cout << "\n";
    }

    std::vector<float> wave = {0, 3, 0, 3, 0, 3, 0, 3};
    smooth(wave);
    std::cout << "smoothed:";
    for (float x : wave) std::cout << " " << x;
    std::cout << "\n";
    return 0;
}
