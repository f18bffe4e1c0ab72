// Rule amp-restrict: a class whose member functions are restrict(amp) holds only what amp code
// can: no reference or pointer member (Visual Studio's C3581) and no concurrency::array by value
// (its copy constructor is restrict(cpu): C3930).  An array_view member is how such a class
// holds data.
#include <amp.h>
using namespace concurrency;

struct Refers {
    Refers(array_view<int>& a) restrict(cpu, amp) : view(a) {} // expected-error {{[amp-restrict]}}
    array_view<int>& view;
};

struct Points {
    Points(array_view<int>& a) restrict(cpu, amp) : view(&a) {} // expected-error {{[amp-restrict]}}
    array_view<int>* view;
};

struct Owns {
    Owns(array<int>& a) restrict(cpu, amp) : data(a) {} // expected-error {{[amp-restrict]}}
    array<int> data;
};

struct Views {
    Views(const array_view<int>& a) restrict(cpu, amp) : view(a) {}
    int first() const restrict(amp) { return view[0]; }
    array_view<int> view;
};

int main() { return 0; }
