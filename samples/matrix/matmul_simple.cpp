// Demonstrates: untiled matrix multiplication over an index<2> domain, as in
// the first part of Microsoft's "Walkthrough: Matrix Multiplication". Same
// data as matmul_tiled.cpp, so both programs print the same result lines.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

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

    parallel_for_each(product.extent, [=](index<2> idx) restrict(amp) {
        int row = idx[0];
        int col = idx[1];
        float sum = 0.0f;
        for (int inner = 0; inner < K; inner++) {
            sum += a(row, inner) * b(inner, col);
        }
        product[idx] = sum;
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
