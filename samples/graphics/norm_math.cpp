// A norm/unorm passed to fast_math/precise_math functions on the host and in a kernel: its float.
#include <amp.h>
#include <amp_math.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;
int main() {
    norm n(0.25f);
    float r = precise_math::sqrt(n);
    std::vector<float> v(2);
    array_view<float, 1> a(2, v);
    parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {
        unorm u(0.5f * i[0]);
        a[i] = fast_math::sqrt(u) + precise_math::fabs(n);
    });
    std::cout << r << " " << a[0] << " " << a[1] << "\n";
    return 0;
}
