// Demonstrates: a 3-D extent split into 3-D tiles (extent<3>(4, 6, 8).tile<2, 3, 4>()).
// Each thread packs its tile, local and global indices into one int, and
// reads the mirror-image element of a 3-D tile_static array after a barrier.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define D0 4
#define D1 6
#define D2 8

int main() {
    std::vector<int> codes;
    std::vector<int> mirrored;
    for (int n = 0; n < D0 * D1 * D2; n++) {
        codes.push_back(-1);
        mirrored.push_back(-1);
    }
    array_view<int, 3> codeView(D0, D1, D2, codes);
    array_view<int, 3> mirrorView(D0, D1, D2, mirrored);

    parallel_for_each(extent<3>(D0, D1, D2).tile<2, 3, 4>(),
        [=](tiled_index<2, 3, 4> t_idx) restrict(amp) {
            tile_static int cube[2][3][4];
            int l0 = t_idx.local[0];
            int l1 = t_idx.local[1];
            int l2 = t_idx.local[2];
            int linear = (t_idx.global[0] * D1 + t_idx.global[1]) * D2 + t_idx.global[2];
            cube[l0][l1][l2] = linear;
            t_idx.barrier.wait();
            codeView[t_idx.global] = t_idx.tile[0] * 100000 + t_idx.tile[1] * 10000
                + t_idx.tile[2] * 1000 + l0 * 100 + l1 * 10 + l2;
            mirrorView[t_idx.global] = cube[1 - l0][2 - l1][3 - l2];
        });
    codeView.synchronize();
    mirrorView.synchronize();

    int picks[6][3] = { {0, 0, 0}, {1, 2, 3}, {2, 3, 4}, {3, 5, 7}, {2, 4, 1}, {1, 3, 6} };
    for (int p = 0; p < 6; p++) {
        int i = picks[p][0];
        int j = picks[p][1];
        int k = picks[p][2];
        std::cout << "global (" << i << "," << j << "," << k << ")"
                  << "  code " << std::setw(6) << codeView(i, j, k)
                  << "  mirror " << std::setw(3) << mirrorView(i, j, k) << std::endl;
    }

    int codeSum = 0;
    int mirrorSum = 0;
    for (int n = 0; n < D0 * D1 * D2; n++) {
        codeSum += codes[n];
        mirrorSum += mirrored[n];
    }
    std::cout << "sum of codes: " << codeSum << std::endl;
    std::cout << "sum of mirrored values: " << mirrorSum << std::endl;
    return 0;
}
