// Demonstrates: tiled matrix multiplication with 16x16 tiles, following
// Microsoft's "Walkthrough: Matrix Multiplication" (tiled version). Two
// tile_static 16x16 float arrays are filled per step of K, with two barriers
// per iteration; `sum` is a per-thread value that lives across the barriers.
// A is M x K, B is K x N, all integer-valued so the float results are exact.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

static const int TS = 16;
static const int M = 64;
static const int K = 32;
static const int N = 48;

int main() {
    std::vector<float> vA, vB, vC;
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++)
            vA.push_back((float)((i * k + i + 2 * k) % 9 - 4));
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++)
            vB.push_back((float)((k * j + 3 * j + k) % 7 - 3));
    for (int i = 0; i < M * N; i++)
        vC.push_back(0.0f);

    array_view<const float, 2> a(M, K, vA);
    array_view<const float, 2> b(K, N, vB);
    array_view<float, 2> product(M, N, vC);
    product.discard_data();

    parallel_for_each(product.extent.tile<TS, TS>(),
        [=](tiled_index<TS, TS> t_idx) restrict(amp) {
            int row = t_idx.local[0];
            int col = t_idx.local[1];
            float sum = 0.0f;
            for (int i = 0; i < K; i += TS) {
                tile_static float locA[TS][TS];
                tile_static float locB[TS][TS];
                locA[row][col] = a(t_idx.global[0], col + i);
                locB[row][col] = b(row + i, t_idx.global[1]);
                t_idx.barrier.wait();
                for (int k = 0; k < TS; k++) {
                    sum += locA[row][k] * locB[k][col];
                }
                t_idx.barrier.wait();
            }
            product[t_idx.global] = sum;
        });
    product.synchronize();

    double checksum = 0.0;
    int weighted = 0;
    for (int i = 0; i < M; i++) {
        for (int j = 0; j < N; j++) {
            checksum += product(i, j);
            weighted += ((i * N + j) % 11) * (int)product(i, j);
        }
    }
    std::cout << "C is " << M << " x " << N << std::endl;
    std::cout << "checksum: " << checksum << std::endl;
    std::cout << "weighted: " << weighted << std::endl;
    std::cout << "C(0,0) = " << product(0, 0) << ", C(17,31) = " << product(17, 31)
              << ", C(63,47) = " << product(63, 47) << std::endl;
    for (int i = 0; i < 4; i++) {
        std::cout << "row " << i * 21 << ":";
        for (int j = 0; j < 8; j++) {
            std::cout << std::setw(5) << vC[(i * 21) * N + j * 6];
        }
        std::cout << std::endl;
    }
    return 0;
}
