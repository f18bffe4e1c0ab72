// Member access control (C2248): a private member is usable inside its class (its member
// functions, the lambdas and kernels in them) and by its friends; a protected one also in the
// classes derived from it.  Everything above main is allowed; main's uses are errors.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

class Meter {
    int reading;
    friend int inspect(const Meter& m);
    friend class Service;
protected:
    int serial;
public:
    Meter(int r) : reading(r), serial(42) {}
    int get() const { return reading; }
    bool same(const Meter& other) const { return other.reading == reading; }   // another object of the class
    int scaled(int k) const {
        auto times = [&](int x) { return x * reading; };                      // a lambda in a member function
        return times(k);
    }
private:
    int twice() const { return reading * 2; }
};

class Gauge : public Meter {
public:
    Gauge() : Meter(3) {}
    int id() const { return serial; }                       // protected, in a derived class
    int other_id(const Gauge& g) const { return g.serial; }
    int peek() const { return reading; }    // expected-error {{'reading' is a private member of 'Meter', a base of 'Gauge' [access]}}
    int doubled() const { return twice(); } // expected-error {{'twice' is a private member of 'Meter', a base of 'Gauge' [access]}}
};

class Service {
public:
    int peek(const Meter& m) const { return m.reading + m.twice(); }   // a friend class
};

int inspect(const Meter& m) { return m.reading; }           // a friend function

struct Sample {
private:
    float weight;
public:
    float value;
    Sample() restrict(cpu, amp) : weight(2.0f), value(1.0f) {}
    void spread(array_view<float, 1> out) const {
        Sample s = *this;
        parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
            out[i] = s.weight * s.value;                    // a kernel in a member function
        });
    }
};

class Weight {
    float k;
    friend class Scale;
public:
    Weight(float k) restrict(cpu, amp) : k(k) {}
};

class Scale {                                               // a function object as the kernel
    array_view<float, 1> data;
    Weight w;
public:
    Scale(array_view<float, 1> d, float k) : data(d), w(k) {}
    void operator()(index<1> i) const restrict(amp) { data[i] = data[i] * w.k; }   // a friend's
};

class Token {
    int v;
    Token(int v) : v(v) {}
    static int counter() { return 3; }
    friend class Factory;
public:
    int get() const { return v; }
    static Token zero() { return Token(0); }               // its own private constructor
};

class Factory {
public:
    static Token make(int v) { return Token(v); }           // a friend's use of it
};

class Shape {
protected:
    Shape() {}
public:
    int sides() const { return 4; }
};

class Square : public Shape {
public:
    Square() : Shape() {}                                   // a protected constructor, from a derived class
};

int main() {
    Meter m(10);
    Gauge g;
    std::cout << m.get() + g.id() + g.other_id(g) + inspect(m) + Service().peek(m) + m.scaled(2) << std::endl;
    int a = m.reading;      // expected-error {{'reading' is a private member of 'Meter' [access]}}
    int b = m.serial;       // expected-error {{'serial' is a protected member of 'Meter' [access]}}
    int c = m.twice();      // expected-error {{'twice' is a private member of 'Meter' [access]}}
    int d = g.serial;       // expected-error {{'serial' is a protected member of 'Meter', a base of 'Gauge' [access]}}
    Sample s;
    std::vector<float> data(4);
    array_view<float, 1> out(4, data);
    s.spread(out);
    parallel_for_each(out.extent, Scale(out, 3.0f));
    parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
        out[i] = s.weight;  // expected-error {{'weight' is a private member of 'Sample' [access]}}
    });
    Token t = Factory::make(5);                             // (a copy: the implicit copy constructor)
    Token z = Token::zero();
    Square sq;
    std::cout << t.get() + z.get() + sq.sides() << std::endl;
    int e = Token::counter();   // expected-error {{'counter' is a private member of 'Token' [access]}}
    Token bad(7);               // expected-error {{calling a private constructor of class 'Token' [access]}}
    Shape shape;                // expected-error {{calling a protected constructor of class 'Shape' [access]}}
    Meter* p = &m;
    return a + b + c + d + e + bad.get() + shape.sides() + p->reading;      // expected-error {{'reading' is a private member of 'Meter' [access]}}
}
