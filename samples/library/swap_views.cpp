// std::swap of two arrays and of two array_views: they trade their data, as the C++ AMP book's
// Reduction swaps its input and output between passes; also of two `array_view&` parameters (the
// book's Scan does it), whose swap, like an assignment `a = b;` to one, the caller sees.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

// doubles `input` into `output` `rounds` times, ping-ponging the two views: after an odd number of
// rounds the caller's `input` is the view that holds the last result
template <typename T>
void ping_pong(array_view<T, 1>& input, array_view<T, 1>& output, int rounds) {
    for (int r = 0; r < rounds; ++r) {
        parallel_for_each(input.extent, [=](index<1> i) restrict(amp) { output[i] = input[i] * 2 + 1; });
        std::swap(input, output);
    }
}

void point_at(array_view<int, 1>& view, const array_view<int, 1>& other) {
    view = other;                       // the caller's variable is a view of `other`'s data now
}

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

    std::vector<int> p = {1, 2, 3}, q = {0, 0, 0};
    array_view<int, 1> vp(3, p), vq(3, q);
    ping_pong(vp, vq, 3);               // p -> q -> p -> q: vp is q's view now, vq p's
    std::cout << vp[0] << " " << vp[2] << " " << vq[0] << " " << vq[2] << std::endl;
    vp.synchronize();
    vq.synchronize();
    std::cout << "p: " << p[0] << " " << p[1] << " " << p[2] << ", q: " << q[0] << " " << q[1] << " " << q[2] << std::endl;

    point_at(vp, va);
    std::cout << vp[0] << " " << vp[1] << std::endl;
    return 0;
}
