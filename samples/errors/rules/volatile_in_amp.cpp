// Rule amp-restrict: C++ AMP has no 'volatile' in restrict(amp) code: not on a local, a
// parameter or a return type (Visual Studio: C3581, unsupported type).
#include <vector>
#include <amp.h>
using namespace concurrency;

volatile int twice(int x) restrict(amp) { // expected-error {{[amp-restrict]}}
    return 2 * x;
}

int scaled(int a, volatile int b) restrict(amp) { // expected-error {{[amp-restrict]}}
    return a * b;
}

int main() {
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        volatile int k = i[0]; // expected-error {{[amp-restrict]}}
        v[i] = twice(k) + scaled(k, 1);
    });
    volatile int host_side = 1;                     // the host may use volatile
    return host_side - 1;
}
