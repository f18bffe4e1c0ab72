// Visual C++'s class properties, `__declspec(property(get = ..., put = ...))`: reading the
// property calls its get accessor, assigning it calls put (`+=` and `++` call both), inside
// member functions by bare name and `this->`, through a derived class, on the host and in a
// kernel. (g++ has no properties: this sample's .expected was worked out by hand; the values
// are in the comments.)
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

class Meter {
    int cm_;
public:
    Meter() restrict(cpu, amp) : cm_(0) {}
    int get_cm() const restrict(cpu, amp) { return cm_; }
    void set_cm(int v) restrict(cpu, amp) { cm_ = v < 0 ? 0 : v; }     // never negative
    float get_m() const restrict(cpu, amp) { return cm_ / 100.0f; }
    __declspec(property(get = get_cm, put = set_cm)) int cm;
    __declspec(property(get = get_m)) float m;                       // read-only
    void grow() restrict(cpu, amp) { cm += 10; ++cm; }
    int thrice() const restrict(cpu, amp) { return cm * 2 + this->cm; }
};

struct Ruler : Meter {
    int marks() const restrict(cpu, amp) { return cm / 10; }
};

int main() {
    Meter a;
    a.cm = 250;
    a.cm += 5;                          // 255
    a.grow();                           // 266
    a.cm++;                             // 267
    std::cout << a.cm << " " << a.m << " " << a.thrice() << std::endl;      // 267 2.67 801
    a.cm = -4;                          // set_cm clamps it: 0
    Ruler r;
    r.cm = 120;
    std::cout << a.cm << " " << r.marks() << std::endl;                     // 0 12

    std::vector<int> out(4);
    array_view<int, 1> v(4, out);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        Meter k;
        k.cm = i[0] * 7;                // 0 7 14 21, then grow(): 11 18 25 32
        k.grow();
        v[i] = k.cm + k.thrice();       // 4 * cm: 44 72 100 128
    });
    v.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << std::endl;
    return 0;
}
