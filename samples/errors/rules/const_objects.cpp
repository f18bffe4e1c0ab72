// Const objects (C3490, C2166, C2662): a const variable, a const reference parameter and *this
// in a const member function are read only: no assignment to them or their fields (a `mutable`
// field excepted), no call of a member function that is not const.  What is above main is
// allowed except the marked lines.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Counter {
    mutable int reads;
    int value;
    int table[2];
    Counter(int v) : reads(0), value(v) { table[0] = table[1] = 0; }
    int get() const { reads = reads + 1; return value; }     // a mutable field: allowed
    int twice() const { return get() * 2; }                   // a const member function of *this
    void set(int v) { value = v; }
    void clear() const {
        value = 0;                  // expected-error {{cannot assign to non-static data member within const member function 'clear' [not-assignable]}}
    }
    void wipe() const {
        table[0] = 0;               // expected-error {{cannot assign to non-static data member within const member function 'wipe' [not-assignable]}}
    }
    void reset() const {
        set(0);                     // expected-error {{member function 'set' is not marked const: it cannot be called on *this, a const 'Counter' [const-object]}}
    }
};

struct Logged : Counter {
    Logged() : Counter(1) {}
    int peek() const { reads = reads + 1; return value; }   // a base's mutable field: allowed
    void forget() const {
        value = 0;                  // expected-error {{cannot assign to non-static data member within const member function 'forget' [not-assignable]}}
    }
};

void fill(const array_view<float, 1>& out) {                  // a const view: its elements are writable
    out[0] = 1.0f;
}

int total(const std::vector<int>& v, const Counter& c) {
    return v[0] + c.get() + c.twice();
}

void spoil(const std::vector<int>& v, const Counter& c) {
    v[0] = 1;                       // expected-error {{cannot assign to variable 'v' with const-qualified type [not-assignable]}}
    c.set(3);                       // expected-error {{member function 'set' is not marked const: it cannot be called on variable 'c', a const 'Counter' [const-object]}}
}

void reset_to(Counter& c, int& n) { c.set(n); n = 0; }

bool retarget(int*&& p, int* q) { p = q; return *p == 2; }   // an rvalue reference to a pointer: not const

void lend(const Counter& c, const int& n) {
    int copy = n;
    reset_to(c, copy);              // expected-error {{a non-const reference to 'Counter' cannot bind to variable 'c', which is const [ref-binding]}}
}

mutable int stray = 0;              // expected-error {{'mutable' can only be applied to non-static data members [bad-specifier]}}

int main() {
    const Counter k(4);
    std::vector<int> v(3, 1);
    std::vector<float> data(4);
    array_view<float, 1> out(4, data);
    fill(out);
    std::cout << total(v, k) << " " << k.reads << std::endl;
    k.set(5);                       // expected-error {{member function 'set' is not marked const: it cannot be called on variable 'k', a const 'Counter' [const-object]}}
    k.value = 6;                    // expected-error {{cannot assign to variable 'k' with const-qualified type [not-assignable]}}
    const int limit = 3;
    Counter free_one(1);
    reset_to(free_one, limit);      // expected-error {{a non-const reference to 'int' cannot bind to variable 'limit', which is const [ref-binding]}}
    int& alias = k.value;           // expected-error {{a non-const reference to 'int' cannot bind to variable 'k', which is const [ref-binding]}}
    const Counter& view = free_one;
    std::cout << view.get() << std::endl;
    view.value = 2;                 // expected-error {{cannot assign to the reference 'view' with const-qualified type [not-assignable]}}
    std::vector<Counter> all(2, free_one);
    for (const auto& each : all) {
        each.set(1);                // expected-error {{member function 'set' is not marked const: it cannot be called on the reference 'each', a const 'Counter' [const-object]}}
    }
    for (auto& each : all) {
        each.set(1);                // (a non-const reference: allowed)
    }
    const array_view<float, 1>& out_ref = out;
    out_ref[1] = 2.0f;              // (a const view's elements are writable)
    std::vector<array_view<float, 1>> views(1, out);
    for (const auto& each : views) {
        each[2] = 3.0f;
    }
    const std::vector<int>& numbers = v;
    numbers[0] = 2;                 // expected-error {{cannot assign to the reference 'numbers' with const-qualified type [not-assignable]}}
    return 0;
}
