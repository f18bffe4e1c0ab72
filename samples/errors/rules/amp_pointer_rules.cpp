// Rule amp-restrict: what C++ AMP forbids pointers in restrict(amp) code: arithmetic on a
// pointer to bool (Visual Studio: C3599; amp code moves pointers in 4-byte steps), the address
// of a global variable (C3586: amp code cannot reach host globals) and casts between a pointer
// and an integer (C3588).
#include <vector>
#include <amp.h>
using namespace concurrency;

static const int limit = 4;

int next_flag(bool* flags) restrict(amp) {
    bool* second = flags + 1; // expected-error {{[amp-restrict]}}
    return *second ? 1 : 0;
}

int bounded(int x) restrict(amp) {
    const int* p = &limit; // expected-error {{[amp-restrict]}}
    int where = (int)&x; // expected-error {{[amp-restrict]}}
    return x < limit ? x + where : *p;
}

int main() {
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        bool flags[2] = {true, false};
        bool* f = &flags[0];
        f++; // expected-error {{[amp-restrict]}}
        v[i] = next_flag(flags) + bounded(i[0]);
    });
    bool host_flags[2] = {true, false};
    bool* h = host_flags;
    h++;                                            // the host may move any pointer
    return *h ? 1 : 0;
}
