// Templates as class libraries write them: a class template deriving from a dependent base
// (`std::iterator<std::random_access_iterator_tag, typename C::value_type>`), `typename` before
// dependent names, `template` before a dependent member template, and a derived template
// reaching its base's members through `this->`.
#include <amp.h>
#include <iostream>
#include <iterator>
#include <vector>
using namespace concurrency;

template <typename C>
struct Cursor : public std::iterator<std::random_access_iterator_tag, typename C::value_type> {
    typedef typename C::value_type value_type;
    C c;
    int i;
    value_type get() const { return c[i]; }
};

template <typename T> struct Base {
    T scale;
    template <int N> T times() const restrict(cpu, amp) { return scale * N; }
};

template <typename T> struct Derived : Base<T> {
    T offset;
    T value() const restrict(cpu, amp) { return this->template times<3>() + offset + this->scale; }
};

template <typename C> typename C::value_type sum(const C& c) {
    typename C::value_type s = 0;
    for (typename C::size_type k = 0; k < c.size(); ++k) s += c[k];
    return s;
}

int twice(int x) restrict(cpu, amp) { return 2 * x; }

int main() {
    std::vector<int> v(4);
    for (int k = 0; k < 4; ++k) v[k] = k * k;
    Cursor<std::vector<int> > cur;
    cur.c = v;
    cur.i = 3;
    std::cout << cur.get() << " " << sum(v) << std::endl;
    int a = 5, arr[3] = {1, 2, 3}, thrice(int);     // a variable, an array and a function
    std::cout << a + arr[2] << " " << thrice(a) << std::endl;
    Derived<int> d;
    d.scale = 2;
    d.offset = 10;
    std::cout << d.value() << " " << d.template times<4>() << std::endl;
    std::vector<int> out(4);
    array_view<int, 1> av(4, out);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        av[i] = d.value() + d.template times<2>() * i[0] + twice(i[0]);
    });
    av.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << std::endl;
    return 0;
}
int thrice(int x) { return 3 * x; }
