// Rule not-assignable: a const local, a const pointer and the parts of a const value cannot be
// assigned (C++: "cannot assign to a variable that is const"); what a const pointer points at can.
// Rule ref-binding: nor can a non-const reference bind to a const variable.
#include <vector>
#include <amp.h>
using namespace concurrency;

struct Point {
    int x;
    int y;
};

int main() {
    const int limit = 4;
    limit = 5; // expected-error {{[not-assignable]}}
    int& loophole = limit; // expected-error {{[ref-binding]}}
    const Point origin = {0, 0};
    origin.x = 1; // expected-error {{[not-assignable]}}
    const int table[2] = {1, 2};
    table[1]++; // expected-error {{[not-assignable]}}
    int value = 1;
    int* const fixed = &value;
    *fixed = 2;                                     // the pointee is not const
    fixed = &value; // expected-error {{[not-assignable]}}
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        int slot = i[0];
        int* const here = &slot;
        here += 1; // expected-error {{[not-assignable]}}
        v[i] = *here;
    });
    return value;
}
