// Image kernels written in C++ AMP, used from Python: a 3x3 box blur and a sum.
// blur_and_sum.py loads this file with amppy.load and calls the functions on NumPy arrays (on
// the GPU also on CuPy arrays); there is no main: the file is a library.
#include <amp.h>
#include <vector>
using namespace concurrency;

static const int TS = 256;      // threads of a tile in the sum

// out = the mean of each pixel's 3x3 neighbourhood (at the edges: of the neighbours inside)
void box_blur(array_view<const float, 2> in, array_view<float, 2> out) {
    out.discard_data();
    int rows = in.extent[0], cols = in.extent[1];
    parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
        float sum = 0.0f;
        int n = 0;
        for (int dr = -1; dr <= 1; dr++) {
            for (int dc = -1; dc <= 1; dc++) {
                int r = idx[0] + dr, c = idx[1] + dc;
                if (r >= 0 && r < rows && c >= 0 && c < cols) {
                    sum += in(r, c);
                    n++;
                }
            }
        }
        out[idx] = sum / n;
    });
}

// the sum of a view's values: a tree reduction per tile of TS values (zeros past the end), then
// the tiles' sums on the host
float sum_view(array_view<const float, 1> values) {
    int n = values.extent[0];
    int tiles = (n + TS - 1) / TS;
    std::vector<float> partial(tiles);
    array_view<float, 1> sums(tiles, partial);
    sums.discard_data();
    parallel_for_each(extent<1>(tiles * TS).tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        tile_static float part[TS];
        int l = t.local[0];
        part[l] = t.global[0] < n ? values[t.global] : 0.0f;
        t.barrier.wait();
        for (int s = TS / 2; s > 0; s /= 2) {
            if (l < s) part[l] += part[l + s];
            t.barrier.wait();
        }
        if (l == 0) sums[t.tile[0]] = part[0];
    });
    float result = 0.0f;
    for (int k = 0; k < tiles; k++) result += sums[k];
    return result;
}

// the sum of a vector's values (a view over it, summed as above)
float total(const std::vector<float>& values) {
    array_view<const float, 1> view((int)values.size(), values);
    return sum_view(view);
}
