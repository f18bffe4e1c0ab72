// A row-partitioned tiled matrix multiply over every accelerator that runs kernels ("chunk and
// stream"): each accelerator computes a band of C's rows in its own queue, all at once; the host
// waits only when it reads C.  The result does not depend on how many accelerators there are.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

#define TILE 16
const int M = 96;          // rows of A and C: six tiles, shared out between the accelerators
const int K = 48;          // columns of A, rows of B
const int N = 32;          // columns of B and C

std::vector<accelerator_view> compute_views()
{
    std::vector<accelerator_view> views;
    for (const accelerator& acc : accelerator::get_all()) {
        if (!acc.is_emulated) {              // C++ AMP's "CPU accelerator" holds data only
            views.push_back(acc.default_view);
        }
    }
    if (views.empty())                       // no hardware: the default (WARP-like) accelerator
        views.push_back(accelerator().default_view);
    return views;
}

void multiply_rows(const accelerator_view& view, array_view<const float, 2> a, array_view<const float, 2> b,
                   array_view<float, 2> c)
{
    c.discard_data();
    parallel_for_each(view, c.extent.tile<TILE, TILE>(), [=](tiled_index<TILE, TILE> t) restrict(amp) {
        tile_static float as[TILE][TILE];
        tile_static float bs[TILE][TILE];
        int row = t.local[0], col = t.local[1];
        float sum = 0.0f;
        for (int k0 = 0; k0 < K; k0 += TILE) {
            as[row][col] = a(t.global[0], k0 + col);
            bs[row][col] = b(k0 + row, t.global[1]);
            t.barrier.wait();
            for (int k = 0; k < TILE; k++) {
                sum += as[row][k] * bs[k][col];
            }
            t.barrier.wait();
        }
        c[t.global] = sum;
    });
}

int main()
{
    std::vector<float> a(M * K), b(K * N), c(M * N, -1.0f);
    for (int i = 0; i < M * K; i++) a[i] = (float)((i * 7) % 11 - 5);
    for (int i = 0; i < K * N; i++) b[i] = (float)((i * 3) % 7 - 3);

    std::vector<accelerator_view> views = compute_views();
    int count = (int)views.size();
    int tiles = M / TILE;
    array_view<const float, 2> av(M, K, a), bv(K, N, b);
    array_view<float, 2> cv(M, N, c);

    int first = 0;
    for (int d = 0; d < count; d++) {
        int share = tiles / count + (d < tiles % count ? 1 : 0);     // whole tiles of rows
        if (share == 0) continue;
        int rows = share * TILE;
        multiply_rows(views[d], av.section(first, 0, rows, K), bv, cv.section(first, 0, rows, N));
        first += rows;
    }
    cv.synchronize();                        // the host waits for every accelerator here

    double total = 0.0;
    for (int i = 0; i < M * N; i++) total += c[i];
    std::cout << "C = A * B, " << M << "x" << K << " by " << K << "x" << N << std::endl;
    std::cout << "sum of C: " << total << std::endl;
    for (int r = 0; r < M; r += 19) {
        std::cout << "C[" << r << "][0..3]:";
        for (int j = 0; j < 4; j++) std::cout << " " << c[r * N + j];
        std::cout << std::endl;
    }
    std::cout << "last row: " << c[(M - 1) * N] << " ... " << c[M * N - 1] << std::endl;
    return 0;
}
