// C++ round(): halfway cases go away from zero (2.5 -> 3, -0.5 -> -1, -0.4 -> -0), also
// just below one half, on the host and in a kernel; roundf is the float overload.
#include <iostream>
#include <cmath>
#include <cstdio>
#include <vector>
#include <amp.h>
using namespace concurrency;
int main() {
    double xs[] = {2.5, -0.5, -0.4, 0.49999999999999994, 3.5, -2.5, 1e300, -7.5};
    for (int i = 0; i < 8; i++) printf("%g ", std::round(xs[i]));
    printf("%g %g\n", roundf(2.5f), round(-1.5f));
    std::vector<float> v(4);
    array_view<float, 1> a(4, v);
    parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {
        a[i] = round(i[0] + 0.5f) * (i[0] % 2 == 0 ? 1.0f : -1.0f);
    });
    for (int i = 0; i < 4; i++) printf("%g ", a[i]);
    printf("\n");
    return 0;
}
