// Class templates as base classes (`struct Celsius : Measure<float, 1>`, and a class template
// deriving from another with its own parameters), used on the host and in a kernel; and explicit
// instantiations of function templates (`template float scaled<2>(float);`).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

template <typename T, int Scale>
struct Measure {
    T value;
    T scaled() const restrict(cpu, amp) { return value * Scale; }
};

struct Celsius : Measure<float, 1> {
    float fahrenheit() const restrict(cpu, amp) { return value * 9.0f / 5.0f + 32.0f; }
};

template <typename T, int Scale>
struct Offset : public Measure<T, Scale> {
    T shift;
    T total() const restrict(cpu, amp) { return this->scaled() + shift; }
};

template <int N>
float scaled(float x) restrict(cpu, amp) { return N * x; }

template <typename T>
T clamp_to(T x, T hi) { return x > hi ? hi : x; }

template float scaled<2>(float);
template int clamp_to(int, int);

int main() {
    Celsius c;
    c.value = 25.0f;
    Offset<int, 3> o;
    o.value = 4;
    o.shift = 5;
    std::cout << c.scaled() << " " << c.fahrenheit() << " " << o.total() << std::endl;
    std::cout << scaled<2>(1.25f) << " " << clamp_to(9, 7) << std::endl;

    std::vector<float> out(4);
    array_view<float, 1> av(4, out);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        Celsius t;
        t.value = 10.0f * i[0];
        Offset<int, 2> k;
        k.value = i[0];
        k.shift = 1;
        av[i] = t.fahrenheit() + scaled<2>((float)k.total());
    });
    av.synchronize();
    for (int i = 0; i < 4; i++) std::cout << out[i] << " ";
    std::cout << std::endl;
    return 0;
}
