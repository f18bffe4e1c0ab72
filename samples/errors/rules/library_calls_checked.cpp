// Calls of the C++ AMP library that Visual C++ refuses: concurrency::copy with template arguments
// its containers do not have (C2665), a member an array does not have (C2039), and the heap or a
// new array in restrict(amp) code (operator new, operator delete and array's constructors are
// restrict(cpu): C3930).
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
    std::vector<int> v(8, 1);
    array<int, 1> a(8, v.begin());
    array<int, 1> b(8);
    const array<int, 1> fixed(8);
    copy<int, 1>(a, b);
    copy<float, 1>(a, b); // expected-error {{[no-matching-function]}}
    copy<int, 2>(a, b); // expected-error {{[no-matching-function]}}
    copy<int, 1>(a, v.begin()); // expected-error {{[no-matching-function]}}
    copy<int, 1>(a, fixed); // expected-error {{[not-assignable]}}
    int x = a.x; // expected-error {{[no-member]}}
    if (b.rows) // expected-error {{[no-member]}}
        return 1;
    array_view<int, 1> av(b);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        int* p = new int; // expected-error {{[amp-restrict]}}
        delete p; // expected-error {{[amp-restrict]}}
        array<int, 1> scratch(4); // expected-error {{[amp-restrict]}}
        av[i] = i[0];
    });
    return 0;
}
