// A 5-point stencil over a 2-D grid, untiled: each interior point becomes a quarter of its four
// neighbours' sum less itself, the border is copied.  The input is a const view (read only on the
// accelerator), the output is discarded before the kernel (nothing to copy in).
// benchmarks/stencil.py runs this kernel at N = 8192 against the same stencil in CUDA C.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int N = 64;

int main()
{
    std::vector<float> a(N * N), b(N * N);
    for (int i = 0; i < N * N; i++)
        a[i] = (float)(i % 97);
    array_view<const float, 2> in(N, N, a);
    array_view<float, 2> out(N, N, b);
    out.discard_data();
    parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
        int i = idx[0], j = idx[1];
        if (i > 0 && i < N - 1 && j > 0 && j < N - 1)
            out[idx] = 0.25f * (in(i - 1, j) + in(i + 1, j) + in(i, j - 1) + in(i, j + 1)) - in(idx);
        else
            out[idx] = in(idx);
    });
    out.synchronize();
    double sum = 0;
    for (int i = 0; i < N * N; i++)
        sum += b[i];
    std::cout << b[0] << " " << b[N + 1] << " " << b[N * N / 2 + 7] << " " << b[N * N - 1] << " " << sum << "\n";
    return 0;
}
