// Rule amp-restrict: C++ AMP keeps pointers out of the data of restrict(amp) code: no arrays
// of pointers, and no class with a pointer member, also through a member class (Visual
// Studio: C3581, unsupported type in amp-restricted code).
#include <vector>
#include <amp.h>
using namespace concurrency;

struct Link {
    float* next;
    int hops;
};

struct Route {
    Link first;
    int length;
};

int hops(int x) restrict(amp) {
    int* slots[2]; // expected-error {{[amp-restrict]}}
    Route r; // expected-error {{[amp-restrict]}}
    r.length = x;
    return r.length;
}

int main() {
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        Link l; // expected-error {{[amp-restrict]}}
        l.hops = i[0];
        v[i] = hops(l.hops);
    });
    Route host_route;                               // the host may hold pointers in classes
    host_route.length = 0;
    return host_route.length;
}
