// A typedef (or a class's member type) that names a reference type binds as the reference it
// names: a parameter of that type writes the caller's variable, a local of it is another name for
// its variable, a function returning it returns the variable itself; also in a restrict(amp)
// function a kernel calls.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

typedef int& IntRef;
typedef float& FloatRef;

int counter = 5;

IntRef the_counter() { return counter; }

void bump(IntRef x, int by) { x += by; }

void twice(FloatRef v) restrict(amp, cpu) { v *= 2.0f; }

template <typename T>
struct Slots {
    typedef T& reference;
    typedef const T& const_reference;
    T items[3];
    void put(reference target, const_reference value) const { target = value; }
    T sum() const { return items[0] + items[1] + items[2]; }
};

int main() {
    int v = 1;
    bump(v, 2);
    IntRef alias = v;
    alias += 10;
    std::cout << "v = " << v << ", counter = " << the_counter() << std::endl;

    float f = 1.25f;
    twice(f);
    Slots<int> s = {{1, 2, 3}};
    int slot = 0;
    s.put(slot, 40);
    std::cout << "f = " << f << ", slot = " << slot << ", sum = " << s.sum() << std::endl;

    std::vector<float> data(4);
    for (int i = 0; i < 4; i++) data[i] = i + 0.5f;
    array_view<float, 1> av(4, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        float x = av[idx];
        twice(x);
        av[idx] = x + 1.0f;
    });
    av.synchronize();
    std::cout << "kernel:";
    for (float x : data) std::cout << " " << x;
    std::cout << std::endl;
    return 0;
}
