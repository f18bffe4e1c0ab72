// An n-body step with a small vector class: every body sums the pull of all others
// (softened gravity) with overloaded operators, then moves.  The class values live in
// array_views (records) and in kernel locals (one local per field).  benchmarks/nbody.py
// times this kernel against hand-written Numba versions of the same algorithm.
#include <amp.h>
#include <amp_math.h>
#include <iostream>
#include <iomanip>
#include <vector>
using namespace concurrency;

struct Vec3 {
    float x, y, z;
    Vec3() restrict(cpu, amp) : x(0), y(0), z(0) {}
    Vec3(float a, float b, float c) restrict(cpu, amp) : x(a), y(b), z(c) {}
    Vec3 operator+(const Vec3& o) const restrict(cpu, amp) { return Vec3(x + o.x, y + o.y, z + o.z); }
    Vec3 operator-(const Vec3& o) const restrict(cpu, amp) { return Vec3(x - o.x, y - o.y, z - o.z); }
    Vec3 operator*(float k) const restrict(cpu, amp) { return Vec3(x * k, y * k, z * k); }
    Vec3& operator+=(const Vec3& o) restrict(cpu, amp) {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
    float length_sq() const restrict(cpu, amp) { return x * x + y * y + z * z; }
};

const int N = 256;                    // bodies
const int STEPS = 4;
const float DT = 0.01f;
const float SOFTENING = 0.05f;

void step(array_view<const Vec3, 1> pos, array_view<Vec3, 1> vel, array_view<Vec3, 1> next,
          array_view<const float, 1> mass) {
    parallel_for_each(next.extent, [=](index<1> i) restrict(amp) {
        Vec3 p = pos[i];
        Vec3 acc;
        for (int j = 0; j < N; j++) {
            Vec3 d = pos[j] - p;
            float r2 = d.length_sq() + SOFTENING;
            float inv = 1.0f / precise_math::sqrt(r2);
            acc += d * (mass[j] * inv * inv * inv);
        }
        Vec3 v = vel[i] + acc * DT;
        vel[i] = v;
        next[i] = p + v * DT;
    });
}

int main() {
    std::vector<Vec3> p(N), v(N), q(N);
    std::vector<float> m(N);
    for (int i = 0; i < N; i++) {     // bodies on a twisted ring, deterministic
        float t = (float)i / N;
        p[i] = Vec3((float)(i % 16) - 7.5f, (float)(i / 16) - 7.5f, 0.25f * (i % 5));
        v[i] = Vec3(-t, t, 0.0f);
        m[i] = 1.0f + (i % 3) * 0.5f;
    }
    array_view<Vec3, 1> pos(N, p), vel(N, v), next(N, q);
    array_view<const float, 1> mass(N, m);
    for (int s = 0; s < STEPS; s += 2) {     // two steps: there and back between the buffers
        step(pos, vel, next, mass);
        step(next, vel, pos, mass);
    }
    Vec3 centre, momentum;
    for (int i = 0; i < N; i++) {
        centre += pos[i] * (1.0f / N);
        momentum += vel[i] * m[i];
    }
    std::cout << std::fixed << std::setprecision(3);
    std::cout << "centre " << centre.x << " " << centre.y << " " << centre.z << std::endl;
    std::cout << "momentum " << momentum.x << " " << momentum.y << " " << momentum.z << std::endl;
    for (int i = 0; i < N; i += 51)
        std::cout << i << ": " << pos[i].x << " " << pos[i].y << " " << pos[i].z << std::endl;
    return 0;
}
