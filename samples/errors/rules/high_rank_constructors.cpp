// C++ AMP's index, extent, array and array_view take their extents as separate ints only up to
// rank 3; a higher rank is made from an extent or from an array of ints (Visual Studio: C2661);
// `extent<N>::contains` takes an index of its own rank (C2664).
// A cast down to a derived class through a reference parameter of restrict(amp) code (which holds
// only the base's fields there) is valid C++ amppy does not translate yet.
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Base { int a; };
struct Derived : Base { int b; };

int second(Base& b) restrict(amp) {
    return static_cast<Derived&>(b).b; // expected-error {{[unsupported]}}
}

int main() {
    index<4> i(1, 2, 3, 4); // expected-error {{[ctor-args]}}
    extent<5> e(1, 2, 3, 4, 5); // expected-error {{[ctor-args]}}
    std::vector<int> cells(16);
    array_view<int, 4> v(2, 2, 2, 2, cells); // expected-error {{[ctor-args]}}
    int dims[4] = {2, 2, 2, 2};
    array_view<int, 4> fine(extent<4>(dims), cells);
    int comps[4] = {0, 1, 1, 0};
    index<4> at(comps);
    fine[at] = 1;
    extent<3> box(2, 2, 2);
    index<2> corner(1, 1);
    bool inside = box.contains(corner); // expected-error {{[type-mismatch]}}
    std::vector<int> out(4);
    array_view<int, 1> av(4, out);
    parallel_for_each(av.extent, [=](index<1> k) restrict(amp) {
        Derived d;
        d.a = k[0];
        d.b = 2;
        Base& b = d;
        av[k] = static_cast<Derived&>(b).b + second(d);
    });
    return 0;
}
