// restrict(amp) code lays arrays out in 4-byte words: an array of a class whose size is not a
// whole number of words (a lone bool member: 1 byte; three: 3 bytes) is Visual Studio's C3581,
// also through a base class; 4 bytes of bools are a word.
#include <amp.h>
using namespace concurrency;

struct Flag { bool on; };
struct Three { bool a, b, c; };
struct Flags4 { bool a, b, c, d; };
struct Base { bool m; };
class Derived : Base {};

int main() {
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        Flag flags[4]; // expected-error {{an array of 'Flag' (1 byte each, not a whole number of 4-byte words) is not allowed in restrict(amp) code [amp-restrict]}}
        Three threes[2]; // expected-error {{an array of 'Three' (3 bytes each, not a whole number of 4-byte words) is not allowed in restrict(amp) code [amp-restrict]}}
        Derived kept[10]; // expected-error {{[amp-restrict]}}
        Flags4 packed[2];
        Flag one;                            // one of them is not an array: allowed
        one.on = idx[0] > 0;
        packed[0].a = one.on;
        av[idx] = packed[0].a ? 1 : 0;
    });
    Flag host_flags[4];                      // the host has no such rule
    host_flags[0].on = true;
    return host_flags[0].on ? 0 : 1;
}
