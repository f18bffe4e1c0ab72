// Errors C++ compilers report in classes, overloads and operators: no overload takes the
// arguments, two fit equally well, a class without a default constructor declared without
// arguments, a member function declared twice, a field's bare name inside a kernel (it would
// capture `this`), a member initializer naming no field, `this` outside a member function, and
// a static_assert that fails, a virtual restrict(amp) function.
#include <amp.h>
#include <vector>
using namespace concurrency;

struct V {
    float x, y;
    V(float a, float b) restrict(cpu, amp) : x(a), y(b) {}
    V operator+(const V& o) const restrict(cpu, amp) { return V(x + o.x, y + o.y); }
    float len() const { return x + y; }
    float len() const { return x; } // expected-error {{[redefinition]}}
    void fill(std::vector<float>& out) {
        array_view<float, 1> av(2, out);
        parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = x; }); // expected-error {{[amp-capture]}}
    }
};

struct W {
    int a;
    virtual int get() const restrict(amp) { return a; } // expected-error {{[amp-restrict]}}
    W(int v) : b(v) {} // expected-error {{[no-member]}}
};

static_assert(sizeof(int) == 8, "64-bit int"); // expected-error {{[static-assert]}}

float pick(float v) { return v; }
float pick(double v) { return (float)v; }
int whole(int v) { return v; }

int main() {
    V a(1, 2);
    V b = a + 1.0f; // expected-error {{[no-matching-function]}}
    V c; // expected-error {{[no-default-ctor]}}
    float p = pick(3); // expected-error {{[ambiguous-call]}}
    int q = whole(1, 2); // expected-error {{[call-args]}}
    float r = this->x; // expected-error {{[bad-this]}}
    return 0;
}
