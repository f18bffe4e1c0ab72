// What Visual C++ accepts beyond standard C++ and Windows programs rely on:
// - a class temporary bound to a non-const reference (warning C4239): a function that changes
//   its `P&` parameter called with `make_p(3)`, `v.begin()` or `index<1>(...)`, on the host and
//   in a kernel, and `P& r = make_p(7);` (the temporary lives as long as the reference);
// - `typeid(T).name()` spelled as the Microsoft compiler spells it (`__int64`, `class Shape`,
//   `struct Point`, `int * __ptr64`), and `typeid(a) == typeid(b)`;
// - TRUE and FALSE after <amp.h> alone (Visual C++'s <amprt.h> reaches <windows.h>);
// - `typename T` of a template parameter in template arguments (the C++ AMP Algorithms Library's
//   `std::iterator<std::random_access_iterator_tag, typename value_type, int>`): the type T;
//   Cursor<float>(2.5f).twice() = 5, a vector<typename T> of 3 elements; and the member types of a
//   dependent base used unqualified in a class template (`difference_type`, without two-phase lookup): 4.
// g++ rejects the first and names types otherwise, so the expected output is worked out by hand:
// bump(make_p(3)) = (3 + 1) + 6 = 10; first_plus(v.begin()) = 0 + 10 = 10; in the kernel,
// bump(make_p(i)) + shift(index<1>(i + 1)) = (i + 1 + 2i) + (i + 2) = 4i + 3; r = {7, 14 + 1}.
#include <amp.h>
#include <iostream>
#include <iterator>
#include <typeinfo>
#include <vector>
using namespace concurrency;

struct P { int x; int y; };
struct Point { float x, y; };
class Shape { public: int sides; };

P make_p(int a) restrict(amp, cpu) { P p; p.x = a; p.y = a * 2; return p; }

int bump(P& p) restrict(amp, cpu) { p.x += 1; return p.x + p.y; }

int shift(index<1>& i) restrict(amp, cpu) { i[0] += 1; return i[0]; }

int first_plus(std::vector<int>::iterator& it) { int v = *it; ++it; return v + *it; }

template <typename value_type>
class Cursor : public std::iterator<std::random_access_iterator_tag, typename value_type, int> {
public:
    value_type v;
    explicit Cursor(value_type x) : v(x) {}
    value_type twice() const { return v * 2; }
    difference_type steps() const { return 4; }     // the base's member type, unqualified
};

template <typename T> int size_of(const std::vector<typename T>& items) { return (int)items.size(); }

template <typename T> void name_of(const T& value) {
    std::cout << typeid(T).name() << " / " << typeid(value).name() << "\n";
}

int main() {
    std::vector<int> v(4);
    for (int i = 0; i < 4; ++i) v[i] = i * 10;
    std::cout << bump(make_p(3)) << " " << first_plus(v.begin()) << "\n";

    std::vector<int> out(4);
    array_view<int, 1> av(4, out);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        av[idx] = bump(make_p(idx[0])) + shift(index<1>(idx[0] + 1));
    });
    av.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << "\n";
    P& r = make_p(7);
    r.y += 1;
    std::cout << r.x << " " << r.y << "\n";

    name_of(1);
    name_of(2.5f);
    name_of(3LL);
    name_of(4ull);
    name_of(Point());
    Shape s;
    std::cout << typeid(s).name() << ", " << typeid(int*).name() << "\n";
    std::cout << (typeid(s.sides) == typeid(int)) << (typeid(Point) != typeid(Shape)) << "\n";
    std::cout << "TRUE " << TRUE << ", FALSE " << FALSE << std::endl;
    std::vector<double> three(3);
    std::cout << Cursor<float>(2.5f).twice() << " " << size_of<double>(three) << " "
              << Cursor<int>(1).steps() << std::endl;
    return 0;
}
