// A function object as the kernel holds its fields one by one in amppy's kernel, so its member
// functions and `this` other than `this->field` are valid C++ AMP not translated yet: each is
// [unsupported] at its place (before, a member function's name was "undeclared").
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Doubler {
    array_view<float, 1> a;
    float k;
    Doubler(array_view<float, 1> a, float k) : a(a), k(k) {}
    float twice(float x) const restrict(amp) { return x * k; }
    void operator()(index<1> i) const restrict(amp) {
        a[i] = twice(a[i]);         // expected-error {{calling the member function 'twice' of the function object 'Doubler' in its kernel is not supported yet [unsupported]}}
    }
};

struct Copier {
    array_view<float, 1> a;
    float k;
    Copier(array_view<float, 1> a, float k) : a(a), k(k) {}
    void operator()(index<1> i) const restrict(amp) {
        Copier me = *this;          // expected-error {{'this' in the kernel of the function object 'Copier', other than 'this->field', is not supported yet [unsupported]}}
        a[i] = this->k;             // (a field through this: translated)
    }
};

int main() {
    std::vector<float> v(4, 2.0f);
    array_view<float, 1> av(4, v);
    parallel_for_each(av.extent, Doubler(av, 3.0f));
    parallel_for_each(av.extent, Copier(av, 3.0f));
    return 0;
}
