// SAXPY over float_4 elements: y = a * x + y, four floats per element, with C++ AMP's short
// vector operators (the scalar `a` becomes a float_4 through its one-value constructor).
// benchmarks/short_vectors.py times this kernel against hand-written Numba and the device's
// copy bandwidth (it replaces N).
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

const int N = 4096;                   // float_4 elements

void saxpy(float a, array_view<const float_4, 1> x, array_view<float_4, 1> y) {
    parallel_for_each(y.extent, [=](index<1> i) restrict(amp) {
        y[i] = a * x[i] + y[i];
    });
}

int main() {
    std::vector<float_4> xs(N), ys(N);
    for (int i = 0; i < N; i++) {
        xs[i] = float_4((float)(i % 7), (float)(i % 5) - 2.0f, 0.25f * (i % 9), 1.0f);
        ys[i] = float_4(1.0f, 0.5f * (i % 3), -1.0f, (float)(i % 4));
    }
    array_view<const float_4, 1> x(N, xs);
    array_view<float_4, 1> y(N, ys);
    saxpy(2.5f, x, y);
    saxpy(-0.5f, x, y);
    y.synchronize();
    float_4 sum(0.0f);
    for (int i = 0; i < N; i++) sum += ys[i];
    for (int i = 0; i < 3; i++)
        std::cout << "y[" << i << "] = " << ys[i].x << " " << ys[i].y << " " << ys[i].z << " " << ys[i].w << std::endl;
    std::cout << "sum = " << sum.x << " " << sum.y << " " << sum.z << " " << sum.w << std::endl;
    return 0;
}
