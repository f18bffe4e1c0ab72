// What C++ AMP's containers and views take, each Visual Studio's own error: element types of
// int, unsigned int, long, float, double or classes of them (amp.h's static_assert, C2338/C3581:
// [amp-restrict]; no references: C2528), an array_view of another rank or without const from a const view (C2664) or
// over a pointer to const (C2228),
// index<N> from more than three coordinates (C2661), an array_view without a data source in
// restrict(amp) code (its constructor is restrict(cpu): C3930), no class with virtual
// functions (a virtual destructor too) captured by a kernel (C3596), and no container nested in an
// array or array_view, also through a class's member (C2973; a std::vector of them is fine).
#include <vector>
#include <amp.h>
using namespace concurrency;

struct Empty { int get() { return 1; } };
struct Shape { float area; virtual ~Shape() {} };
struct Holder { int id; array_view<float, 1> data; };

void scratch() restrict(amp) {
    array_view<int, 2> tmp(16, 16); // expected-error {{[amp-restrict]}}
}

int main() {
    array<char, 1> bytes(10); // expected-error {{[amp-restrict]}}
    array<Empty, 1> empties(10); // expected-error {{[amp-restrict]}}
    array<int&, 1> refs(10); // expected-error {{[template-args]}}
    array<array<int, 1>, 1> nested(4); // expected-error {{[template-args]}}
    array_view<Holder, 1> holders(4); // expected-error {{[template-args]}}
    std::vector<array<int, 1>> fine;
    std::vector<int> v(10);
    array_view<int, 1> av(10, v);
    array_view<int, 2> av2(av); // expected-error {{[rank-mismatch]}}
    array_view<const int, 1> ro(av);
    array_view<int, 1> rw(ro); // expected-error {{[type-mismatch]}}
    const int* fixed = new int[10];
    array_view<int, 1> over(10, fixed); // expected-error {{[type-mismatch]}}
    array_view<const int, 1> read_only(10, fixed);
    index<4> idx(1, 2, 3, 4); // expected-error {{[ctor-args]}}
    Shape s;
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        av[i] = (int)s.area;
    }); // expected-error {{[amp-capture]}}
    return 0;
}
