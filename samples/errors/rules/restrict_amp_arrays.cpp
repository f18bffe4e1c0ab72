// Types C++ AMP forbids in restrict(amp) code that amppy once accepted: an array of bool and a
// pointer to a pointer.
#include <amp.h>
#include <vector>
using namespace concurrency;

void deep(int** p) restrict(amp) { } // expected-error {{[amp-restrict]}}

int main() {
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        bool flags[4]; // expected-error {{[amp-restrict]}}
        flags[0] = i[0] > 1;
        av[i] = flags[0] ? 1 : 0;
    });
    return 0;
}
