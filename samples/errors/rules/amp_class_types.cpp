// Rule amp-restrict: a class used in restrict(amp) code must hold only what amp code can: no
// member of a type amp code lacks (also through a base class or a member's class), no virtual
// member functions, and no array of an empty class (Visual Studio: C3581).
#include <vector>
#include <amp.h>
using namespace concurrency;

struct Packed { short lo; int hi; };
struct Derived : Packed { float f; };
struct Polymorphic { int v; virtual int get() const { return v; } };
struct Empty {};

int first(const Derived& d) restrict(amp) { // expected-error {{[amp-restrict]}}
    return d.hi;
}

int main() {
    std::vector<int> data(4);
    array_view<int, 1> av(4, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        Polymorphic p; // expected-error {{[amp-restrict]}}
        Empty none[2]; // expected-error {{[amp-restrict]}}
        av[i] = p.v;
    });
    return 0;
}
