// Operator functions called by their names, as real class libraries write them: `!(operator==(o))`
// inside a member, `this->operator()(x)`, `a.operator[](i)`, `r.operator+=(v)`, and a free
// operator function called as `operator*(a, b)`; in host code and in a kernel.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Money {
    int cents;
    bool operator==(const Money& o) const restrict(cpu, amp) { return cents == o.cents; }
    bool operator!=(const Money& o) const restrict(cpu, amp) { return !(operator==(o)); }
    Money& operator+=(const Money& o) restrict(cpu, amp) { cents += o.cents; return *this; }
    int operator[](int i) const restrict(cpu, amp) { return i == 0 ? cents / 100 : cents % 100; }
};

Money operator*(const Money& m, int k) restrict(cpu, amp) { Money r = {m.cents * k}; return r; }

struct Scale {
    int factor;
    int operator()(int x) const restrict(cpu, amp) { return x * factor; }
    int twice(int x) const restrict(cpu, amp) { return this->operator()(x) + (*this)(x); }
};

int main() {
    Money a = {250}, b = {250}, c = {199};
    std::cout << (a != b) << " " << (a != c) << " " << a.operator==(b) << std::endl;
    Money& r = c;
    r.operator+=(a);
    std::cout << c.operator[](0) << "." << c.operator[](1) << " " << operator*(a, 3).cents << std::endl;
    Scale s = {3};
    std::cout << s.twice(7) << " " << s.operator()(5) << std::endl;

    std::vector<int> out(4);
    array_view<int, 1> v(4, out);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        Money m = {100 + i[0]};
        m.operator+=(operator*(m, 2));
        v[i] = s.twice(m.operator[](1)) + (m != m ? 1000 : 0);
    });
    for (int i = 0; i < 4; i++) std::cout << v[i] << (i == 3 ? "\n" : " ");
    return 0;
}
