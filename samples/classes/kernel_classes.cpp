// Classes in kernels: constructors, const and changing member functions, member and free
// operators, a struct passed by reference (its changes come back), a class captured by value
// in an untiled and a tiled kernel, a functor called in a kernel, and overloads of one
// name chosen by argument type in kernel code.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Vec3 {
    float x, y, z;
    Vec3() restrict(cpu, amp) : x(0), y(0), z(0) {}
    Vec3(float a, float b, float c) restrict(cpu, amp) : x(a), y(b), z(c) {}
    float dot(const Vec3& o) const restrict(cpu, amp) { return x * o.x + y * o.y + z * o.z; }
    Vec3 operator+(const Vec3& o) const restrict(cpu, amp) { return Vec3(x + o.x, y + o.y, z + o.z); }
    Vec3 operator-(const Vec3& o) const restrict(cpu, amp) { return Vec3(x - o.x, y - o.y, z - o.z); }
    Vec3& operator+=(const Vec3& o) restrict(cpu, amp) {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
    void clamp_to(float limit) restrict(amp) {      // changes the object it is called on
        if (x > limit) x = limit;
        if (y > limit) y = limit;
        if (z > limit) z = limit;
    }
};

Vec3 operator*(float k, const Vec3& v) restrict(cpu, amp) { return Vec3(k * v.x, k * v.y, k * v.z); }

struct Stats { int count; float sum; };
void add(Stats& s, float v) restrict(amp) { s.count += 1; s.sum += v; }

struct Affine {                                     // a functor: y = a * x + b
    float a, b;
    float operator()(float x) const restrict(cpu, amp) { return a * x + b; }
};

int flavour(int v) restrict(cpu, amp) { return v + 1000; }
int flavour(float v) restrict(cpu, amp) { return (int)(v * 10) + 2000; }

int main() {
    const int n = 8;
    std::vector<float> out(n);
    array_view<float, 1> av(n, out);
    Vec3 shift(0.5f, 0.25f, 2.0f);                  // captured by value
    Affine f = {2.0f, 1.0f};
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        Vec3 p(i[0], 1.0f, -1.0f);
        Vec3 q = p + shift;
        q += p;
        q.clamp_to(6.0f);
        Vec3 r = 0.5f * (q - Vec3(1, 1, 1));
        Stats s = {0, 0.0f};
        add(s, r.x);
        add(s, r.dot(Vec3(0, 1, 0)));
        av[i] = s.sum + s.count + f(r.z);
    });
    std::vector<int> t(n);
    array_view<int, 1> tv(n, t);
    parallel_for_each(tv.extent.tile<4>(), [=](tiled_index<4> ti) restrict(amp) {
        tile_static float shared[4];
        Vec3 mine(ti.local[0], shift.y, shift.z);
        shared[ti.local[0]] = mine.dot(shift);
        ti.barrier.wait();
        tv[ti.global] = flavour((int)(shared[3 - ti.local[0]] * 4)) + flavour(shared[ti.local[0]]);
    });
    for (int i = 0; i < n; i++) std::cout << av[i] << " " << tv[i] << std::endl;
    Vec3 h = 2.0f * shift + Vec3(1, 2, 3);
    std::cout << h.x << " " << h.y << " " << h.z << " " << f(h.dot(shift)) << " " << flavour(1) << " " << flavour(1.5f) << std::endl;
    return 0;
}
