// Rule amp-restrict: C++ that restrict(amp) code cannot contain, each Visual Studio's own error:
// a volatile member function or pointer, a cast to char& (C3581), an exception specification (C3594), a string
// literal (C3589), dynamic_cast (C3587) and typeid (C3591).  The host versions of the same code
// are valid.  (Bit-fields and enums of char: errors/rules/amp_class_types.cpp.)
#include <typeinfo>
#include <vector>
#include <amp.h>
using namespace concurrency;

struct Gauge {
    int level;
    int read() volatile restrict(amp) { return level; } // expected-error {{[amp-restrict]}}
    int peek() volatile { return level; }
};

struct Base { int b; };
struct Derived : Base { int d; };

void checked(int x) restrict(amp) throw(int) {} // expected-error {{[amp-restrict]}}
void host_checked(int x) throw(int) {}

int first_letter() restrict(amp) {
    return "amp"[0]; // expected-error {{[amp-restrict]}}
}

int kinds(Derived* p) restrict(amp) {
    Base* b = dynamic_cast<Base*>(p); // expected-error {{[amp-restrict]}}
    typeid(*p); // expected-error {{[amp-restrict]}}
    return 0;
}

int main() {
    std::vector<int> data(4);
    array_view<int, 1> av(4, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        int* volatile p = &av[i]; // expected-error {{[amp-restrict]}}
        char& low = (char&)av[i]; // expected-error {{[amp-restrict]}}
        av[i] = *p;
    });
    return 0;
}
