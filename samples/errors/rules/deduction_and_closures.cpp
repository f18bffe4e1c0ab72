// Errors C++ reports for deduced return types, specialisations and stored restrict(amp) lambdas:
// a deduced return type used before the function's definition, two returns that deduce different
// types, a specialisation no template matches, a specialisation of a class template never
// declared, calling a restrict(amp) lambda from CPU code, and launching a stored kernel on a
// compute domain its index does not fit.
#include <amp.h>
using namespace concurrency;

auto later();
int early() { return later(); } // expected-error {{[auto-return]}}
auto later() { return 3; }

auto mixed(bool b) {
    if (b) return 1;
    return 2.5; // expected-error {{[auto-return]}}
}

template <typename T>
T ident(T x) { return x; }

template <>
float ident(int x, int y) { return x; } // expected-error {{[no-matching-function]}}

template <>
struct Missing<1> { int v; }; // expected-error {{[undeclared]}}

int main() {
    std::vector<float> v(8, 1.0f);
    array_view<float, 1> av(8, v);
    auto k = [=](index<1> i) restrict(amp) { av[i] += 1.0f; };
    k(index<1>(0)); // expected-error {{[amp-restrict]}}
    parallel_for_each(extent<2>(2, 4), k); // expected-error {{[pfe-lambda]}}
    parallel_for_each(av.extent.tile<4>(), k); // expected-error {{[amp-tiled-index-mismatch]}}
    return mixed(true);
}
