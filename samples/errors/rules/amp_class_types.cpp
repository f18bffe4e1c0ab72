// Rule amp-restrict: a class used in restrict(amp) code must hold only what amp code can: no
// member of a type amp code lacks (also through a base class or a member's class), no virtual
// member functions, no bit-fields, and no array of an empty class (Visual Studio: C3581); an enum
// whose underlying type is char is a char there.
#include <vector>
#include <amp.h>
using namespace concurrency;

struct Packed { short lo; int hi; };
struct Derived : Packed { float f; };
struct Polymorphic { int v; virtual int get() const { return v; } };
struct Empty {};
struct Flags { unsigned ready : 1; };
enum Shade : char { LIGHT, DARK };

int shade_value(Shade s) restrict(amp) { return s == DARK ? 1 : 0; } // expected-error {{[amp-restrict]}}

int first(const Derived& d) restrict(amp) { // expected-error {{[amp-restrict]}}
    return d.hi;
}

int main() {
    std::vector<int> data(4);
    array_view<int, 1> av(4, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        Polymorphic p; // expected-error {{[amp-restrict]}}
        Empty none[2]; // expected-error {{[amp-restrict]}}
        Flags f; // expected-error {{[amp-restrict]}}
        av[i] = p.v;
    });
    return 0;
}
