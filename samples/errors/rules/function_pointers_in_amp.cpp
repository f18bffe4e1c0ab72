// Rule amp-restrict: C++ AMP has no function pointers, function references or pointers to
// member functions in restrict(amp) code (Visual Studio: C3581, "unsupported type in amp
// restricted code"): not as a variable, a parameter, a cast or through a typedef, and no class
// with a function pointer member as a parameter or a capture ([amp-capture]) of amp code; and
// no code has a pointer or reference to a restrict(amp) function (C3939): not as a parameter's
// type on the host, and not by taking the address of an amp-only function or binding a
// pointer to one (C2440).
#include <vector>
#include <amp.h>
using namespace concurrency;

typedef int (*unary_fn)(int);

int twice(int x) restrict(cpu, amp) { return 2 * x; }
int gpu_only(int x) restrict(amp) { return x + 1; }

struct counter {
    int step(int x) restrict(cpu, amp) { return x + 1; }
};

struct handler {
    int id;
    int (*callback)(int);
};

int through_pointer(int x) restrict(amp) {
    int (*f)(int) = twice; // expected-error {{[amp-restrict]}}
    int (&g)(int) restrict(amp) = gpu_only; // expected-error {{[amp-restrict]}}
    unary_fn h = 0; // expected-error {{[amp-restrict]}}
    int (counter::*m)(int) restrict(cpu, amp) = &counter::step; // expected-error {{[amp-restrict]}}
    return x;
}

int by_parameter(int (*f)(int), int x) restrict(amp) { // expected-error {{[amp-restrict]}}
    return x;
}

int casts(int x) restrict(amp) {
    return ((int (*)(int) restrict(amp))gpu_only)(x); // expected-error {{[amp-restrict]}}
}

int host_callback(int (*f)(int) restrict(amp), int x) { // expected-error {{[amp-restrict]}}
    return x;
}

int handler_id(handler h) restrict(amp) { // expected-error {{[amp-restrict]}}
    return h.id;
}

int main() {
    int (*ok)(int) = twice;
    int (*p)(int) = &gpu_only; // expected-error {{[amp-restrict]}}
    int (&r)(int) = gpu_only; // expected-error {{[amp-restrict]}}
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    handler h = {1, twice};
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        int (*k)(int) = twice; // expected-error {{[amp-restrict]}}
        v[i] = i[0];
    });
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        v[i] = h.id;
    }); // expected-error {{[amp-capture]}}
    return ok(1);
}
