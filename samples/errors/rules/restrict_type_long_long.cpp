// Rule amp-restrict: restrict(amp) code has no 64-bit integers; `long long` is rejected as
// Visual Studio rejects it (C3581), and the help names the type to use.
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
    std::vector<int> v(8, 1);
    array_view<int, 1> av(8, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        long long wide = av[i]; // expected-error {{[amp-restrict]}}
        av[i] = (int)(wide * 2);
    });
    av.synchronize();
    return v[0];
}
