// C++ AMP's rules for views of views, copies and index arithmetic: each line is an error a C++ AMP
// compiler reports (amp.h's static_asserts and overload resolution).
#include <amp.h>
#include <vector>
using namespace concurrency;

void writes(array_view<int, 2> v) {}

int main() {
    std::vector<int> v(48, 0);
    std::vector<float> f(48, 0.0f);
    array_view<int, 2> a(6, 8, v);
    array_view<const int, 2> ca(6, 8, v);
    array_view<float, 1> fv(48, f);
    writes(ca); // expected-error {{[type-mismatch]}}
    writes(a);
    array_view<int, 2> s1 = a.section(index<1>(1), extent<2>(2, 2)); // expected-error {{[rank-mismatch]}}
    array_view<int, 2> s2 = a.section(1, 2, 3); // expected-error {{[no-matching-function]}}
    array_view<int, 1> flat = a.view_as(extent<1>(48)); // expected-error {{[rank-mismatch]}}
    int* p = a.data(); // expected-error {{[rank-mismatch]}}
    array_view<int, 1> r = a.reinterpret_as<int>(); // expected-error {{[rank-mismatch]}}
    array_view<double, 1> d = fv.reinterpret_as<double>();
    copy(fv, a); // expected-error {{[type-mismatch]}}
    copy(a, ca); // expected-error {{[not-assignable]}}
    copy(v.begin(), fv); // expected-error {{[type-mismatch]}}
    copy(1, 2); // expected-error {{[no-matching-function]}}
    const array<int, 2> frozen(6, 8);
    copy(a, frozen); // expected-error {{[not-assignable]}}
    frozen.copy_to(frozen); // expected-error {{[not-assignable]}}
    array<int, 2> writable(6, 8);
    copy(a, writable);
    const int* readonly_data = v.data();
    copy(a, readonly_data); // expected-error {{[not-assignable]}}
    copy(a, v.cbegin()); // expected-error {{[not-assignable]}}
    copy(a, v.begin());
    index<2> i(1, 2);
    index<1> j(1);
    index<2> k = i + j; // expected-error {{[rank-mismatch]}}
    bool less = i < i; // expected-error {{[type-mismatch]}}
    index<2> m = i + extent<2>(1, 1); // expected-error {{[type-mismatch]}}
    parallel_for_each(a.extent, [=](index<2> idx) restrict(amp) {
        a.synchronize(); // expected-error {{[amp-restrict]}}
        a[idx] = 1;
    });
    return 0;
}
