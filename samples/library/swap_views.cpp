// std::swap of two arrays and of two array_views (local variables): they trade their data, as the
// C++ AMP book's Reduction swaps its input and output between passes.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
int main() {
    std::vector<int> a = {1, 2, 3}, b = {10, 20, 30};
    array_view<int, 1> va(3, a), vb(3, b);
    array<int, 1> x(3, a.begin()), y(3, b.begin());
    for (int k = 0; k < 3; k++) {
        parallel_for_each(x.extent, [&x, &y](index<1> i) restrict(amp) { y[i] = x[i] + 1; });
        std::swap(x, y);
        std::swap(va, vb);
    }
    std::vector<int> out = x;
    std::cout << out[0] << " " << out[2] << " " << va[0] << " " << vb[0] << std::endl;
    return 0;
}
