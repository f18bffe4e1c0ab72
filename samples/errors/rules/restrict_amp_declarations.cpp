// What C++ AMP forbids in restrict(amp) declarations and literals, which Visual Studio rejects:
// a variadic restrict(amp) function, an exception specification on one, 'tile_static' on a
// function, and an integer literal too large for int (its type would be long long).
#include <amp.h>
#include <vector>
using namespace concurrency;

int first(int n, ...) restrict(amp) { return n; } // expected-error {{[amp-restrict]}}
int safe(int v) restrict(amp) throw() { return v; } // expected-error {{[amp-restrict]}}
tile_static int shared_value(int v) restrict(amp) { return v; } // expected-error {{[bad-specifier]}}

int main() {
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        int big = 3000000000; // expected-error {{[amp-restrict]}}
        av[i] = big + first(1) + safe(2);
    });
    return 0;
}
