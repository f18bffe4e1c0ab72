// mutable members: a const member function may change them, on the host and in a kernel; its
// object stays const otherwise (a const reference parameter, a const local).
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Reading {
    mutable int looks;          // how often the value was read: bookkeeping, not the value
    int value;
    int get() const restrict(cpu, amp) {
        looks = looks + 1;
        return value;
    }
};

class Cache {
    mutable int hits;
    mutable int computed;
    int base;
public:
    Cache(int b) : hits(0), computed(-1), base(b) {}
    int square() const {                    // computes once, then answers from the cache
        if (computed < 0) {
            computed = base * base;
        } else {
            hits = hits + 1;
        }
        return computed;
    }
    int cache_hits() const { return hits; }
};

int twice(const Cache& c) { return c.square() + c.square(); }

struct Scaled : Reading {                   // a derived class's const member function changes
    int factor;                             // the base's mutable field
    int scaled() const restrict(cpu, amp) {
        looks = looks + 10;
        return value * factor;
    }
};

int main() {
    std::vector<int> out(4, 0);
    array_view<int, 1> o(4, out);
    parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
        Reading r;
        r.looks = 0;
        r.value = i[0] + 1;
        int s = r.get() + r.get() + r.get();
        o[i] = s * 10 + r.looks;
    });
    o.synchronize();
    for (int i = 0; i < 4; i++) std::cout << out[i] << " ";
    std::cout << std::endl;

    const Reading fixed = {0, 7};
    int total = fixed.get() + fixed.get();
    std::cout << "total " << total << ", read " << fixed.looks << " times" << std::endl;

    Cache c(9);
    std::cout << twice(c) << " " << twice(c) << " hits " << c.cache_hits() << std::endl;

    parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
        Scaled sc;
        sc.looks = 0;
        sc.value = i[0];
        sc.factor = 3;
        int s = sc.scaled() + sc.get();
        o[i] = s * 100 + sc.looks;
    });
    o.synchronize();
    for (int i = 0; i < 4; i++) std::cout << out[i] << " ";
    std::cout << std::endl;
    return 0;
}
