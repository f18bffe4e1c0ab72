// A matrix multiply in a kernel checked against the triple loop on the CPU, as the C++ AMP
// book and Microsoft's samples check theirs.  n from the command line.
#include <amp.h>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <vector>
using namespace concurrency;

void matmul_cpu(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float sum = 0.0f;
            for (int k = 0; k < n; k++)
                sum += a[i * n + k] * b[k * n + j];
            c[i * n + j] = sum;
        }
}

int main(int argc, char* argv[]) {
    int n = argc > 1 ? atoi(argv[1]) : 256;
    std::vector<float> a(n * n), b(n * n), c(n * n), ref(n * n);
    for (int i = 0; i < n * n; i++) {
        a[i] = (float)((i * 7) % 17) / 16.0f;
        b[i] = (float)((i * 5) % 13) / 8.0f - 0.5f;
    }
    array_view<const float, 2> av(n, n, a), bv(n, n, b);
    array_view<float, 2> cv(n, n, c);
    cv.discard_data();
    parallel_for_each(cv.extent, [=](index<2> idx) restrict(amp) {
        int row = idx[0], col = idx[1];
        float sum = 0.0f;
        for (int k = 0; k < n; k++)
            sum += av(row, k) * bv(k, col);
        cv[idx] = sum;
    });
    cv.synchronize();
    matmul_cpu(a, b, ref, n);
    int mismatches = 0;
    double checksum = 0.0;
    for (int i = 0; i < n * n; i++) {
        if (std::fabs(c[i] - ref[i]) > 1e-3f * (1.0f + std::fabs(ref[i])))
            mismatches++;
        checksum += ref[i];
    }
    std::cout << "n = " << n << ", mismatches = " << mismatches << ", checksum = " << checksum << std::endl;
    return mismatches == 0 ? 0 : 1;
}
