// C++ AMP's math intrinsics and atomics where C++ AMP rejects them: the direct3d intrinsics are
// restrict(amp) only (also not from restrict(cpu, amp) code), the atomic functions have int and
// unsigned int overloads only (atomic_exchange also float), fast_math declares fewer functions
// than precise_math, and an out parameter needs the address of a variable of its own type.
// (fast_math::sqrt(2.0) is valid: the double converts to float.)
#include <amp.h>
#include <amp_math.h>
#include <vector>
using namespace concurrency;

int lowest(int x) restrict(cpu, amp) {
    return direct3d::firstbitlow(x); // expected-error {{which is restrict(amp) only, from CPU code [amp-restrict]}}
}

int main() {
    unsigned int bits = direct3d::countbits(7u); // expected-error {{call to 'direct3d::countbits', which is restrict(amp) only, from CPU code [amp-restrict]}}
    float c = direct3d::clamp(2.0f, 0.0f, 1.0f); // expected-error {{[amp-restrict]}}
    std::vector<float> data(16);
    std::vector<int> counts(16);
    std::vector<double> wide(16);
    array_view<float, 1> av(16, data);
    array_view<int, 1> cv(16, counts);
    array_view<double, 1> dv(16, wide);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        atomic_fetch_add(&av[i], 1.0f); // expected-error {{no overload of 'atomic_fetch_add' takes a pointer to 'float' (only to int or unsigned int) [no-matching-function]}}
        atomic_fetch_max(&av[0], av[i]); // expected-error {{[no-matching-function]}}
        atomic_exchange(&dv[i], 1.0); // expected-error {{[no-matching-function]}}
        float ex = 0;
        atomic_compare_exchange(&cv[i], &ex, 1); // expected-error {{takes pointers to 'int' and to 'float' [no-matching-function]}}
        av[i] = fast_math::cbrt(av[i]); // expected-error {{no function 'cbrt' in namespace 'concurrency::fast_math' [undeclared]}}
        float s;
        double co;
        precise_math::sincos(av[i], &s, &co); // expected-error {{needs a pointer to 'float' here, not to 'double' [type-mismatch]}}
        float notint;
        av[i] = precise_math::frexp(av[i], &notint); // expected-error {{'precise_math::frexp' needs a pointer to 'int' here, not to 'float' [type-mismatch]}}
        av[i] = direct3d::noise(av[i]); // expected-error {{'direct3d::noise' is not supported yet [unsupported]}}
        av[i] = fast_math::sqrt(2.0) + lowest(cv[i]);
    });
    return 0;
}
