// Rule amp-restrict: a class with a virtual base class is no type of restrict(amp) code (Visual
// Studio: C3581), whichever way `virtual` and the access are written; the host may declare the
// class (amppy does not make its objects yet).
#include <amp.h>
using namespace concurrency;

struct Base { int i; };
struct Left : virtual public Base { int j; };
struct Right : public virtual Base { int k; };

int read(int x) restrict(amp)
{
    Left left; // expected-error {{[amp-restrict]}}
    left.i = x;
    return left.i;
}

int main()
{
    std::vector<int> data(4);
    array_view<int, 1> av(4, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        Right right; // expected-error {{has a virtual base class}}
        right.k = 1;
        av[i] = read(right.k);
    });
    return 0;
}
