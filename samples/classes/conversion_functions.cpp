// Conversion functions: a class converts its values with `operator T()`, implicitly (initialisation,
// arguments, built-in operators) or, when `explicit`, only in casts and conditions; defined in the
// class or outside it; restrict(cpu, amp) ones work in kernels too.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Meters {
    float v;
    Meters(float x) : v(x) {}
    operator float() const { return v; }
};

struct Flag {
    int bits;
    explicit operator bool() const { return bits != 0; }
};

struct Id {
    int n;
    operator int() const;
};

Id::operator int() const { return n * 10; }

struct Fixed {                                   // a fixed-point number: raw / 256
    int raw;
    Fixed(int r) restrict(cpu, amp) : raw(r) {}
    operator float() const restrict(cpu, amp) { return raw / 256.0f; }
};

struct Mixed {
    operator int() const { return 1; }
    operator float() const { return 2.5f; }      // float -> double is a promotion: chosen for double
};

int twice(int x) { return 2 * x; }

int main()
{
    Meters m(2.5f);
    float f = m;
    double d = m + 1.0;
    Flag on{3}, off{0};
    Id id{4};
    int i = id;
    std::cout << f << " " << d << " " << (on ? "on" : "off") << " " << (off ? "on" : "off") << " "
              << i << " " << twice(id) << " " << static_cast<int>(m) << " " << (bool)on << std::endl;
    if (on && !off) std::cout << "flags" << std::endl;
    Mixed x;
    double dx = x;
    int ix = x;
    std::cout << dx << " " << ix << std::endl;

    std::vector<float> out(4);
    array_view<float, 1> o(4, out);
    parallel_for_each(o.extent, [=](index<1> k) restrict(amp) {
        Fixed q(k[0] * 128 + 64);
        o[k] = q * 2.0f;                         // operator float() in a kernel
    });
    o.synchronize();
    for (int k = 0; k < 4; k++) std::cout << out[k] << (k < 3 ? " " : "\n");
    return 0;
}
