// Compute domains larger than one GPU grid holds along an axis: CUDA allows 65,535 blocks along
// y and z, and amppy folds a taller grid (rank 2: into z; untiled rank 3: into y), so a domain of
// 1,120,003 rows, a tiled one of 262,145 tile rows and a rank-3 one 300,001 deep run everywhere,
// every index exactly once.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main()
{
    // rank 2, untiled: 1,120,003 x 2 (70,001 rows of 16-row blocks)
    const int rows = 1120003;
    std::vector<int> a(rows * 2);
    array_view<int, 2> av(rows, 2, a);
    parallel_for_each(av.extent, [=](index<2> idx) restrict(amp) {
        av[idx] += idx[0] * 2 + idx[1] + 1;
    });
    av.synchronize();
    long long sum = 0;
    bool each_once = true;
    for (int i = 0; i < rows * 2; i++)
    {
        sum += a[i];
        if (a[i] != i + 1)
            each_once = false;
    }
    std::cout << "rank 2: " << sum << (each_once ? " each once" : " WRONG") << "\n";

    // rank 2, tiled: tile<1, 1> over 262,145 x 1 (262,145 tile rows: a folded grid whose last slice has
    // spare tiles, which skip the kernel, barrier and all)
    const int trows = 262145;
    std::vector<int> t(trows);
    array_view<int, 2> tv(trows, 1, t);
    parallel_for_each(tv.extent.tile<1, 1>(), [=](tiled_index<1, 1> ti) restrict(amp) {
        tile_static int row[1];
        row[ti.local[1]] = ti.tile[0] * 2;
        ti.barrier.wait();
        tv[ti.global] = row[0] + ti.local[0] + 1;
    });
    tv.synchronize();
    bool tiles_right = true;
    for (int r = 0; r < trows; r++)
        if (t[r] != r * 2 + 1)
            tiles_right = false;
    std::cout << "tiled: " << (tiles_right ? "every tile once" : "WRONG") << "\n";

    // rank 3, untiled: 300,001 x 2 x 3 (75,001 blocks of depth 4)
    const int depth = 300001;
    std::vector<int> c(depth * 6);
    array_view<int, 3> cv(depth, 2, 3, c);
    parallel_for_each(cv.extent, [=](index<3> idx) restrict(amp) {
        cv[idx] += (idx[0] * 2 + idx[1]) * 3 + idx[2] + 1;
    });
    cv.synchronize();
    bool cube_right = true;
    for (int i = 0; i < depth * 6; i++)
        if (c[i] != i + 1)
            cube_right = false;
    std::cout << "rank 3: " << (cube_right ? "each once" : "WRONG") << "\n";
    return 0;
}
