// C++11/14/17 attributes, `alignas` and the Microsoft specifiers real headers use:
// `[[nodiscard]]`, `[[maybe_unused]]`, `[[fallthrough]]`, `[[deprecated("...")]]`, `alignas`,
// `__declspec(align(16))`, `__declspec(noinline)`, `__forceinline`, `__int64`, `unsigned __int64`,
// `__w64`; with `enum class` over an underlying type and a trailing return type.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct alignas(16) Particle { float x, y, z, w; };
__declspec(align(16)) struct Cell { int id; };

enum class Level : unsigned char { Low = 1, Mid = 4, High = 9 };

[[nodiscard]] int weight(Level l) { return static_cast<int>(l) * 10; }

[[deprecated("use weight")]] int old_weight(int v) { return v; }

__declspec(noinline) __int64 big(int k) { return static_cast<__int64>(k) << 33; }

__forceinline auto twice(int v) restrict(cpu, amp) -> int { return v * 2; }

int classify(int v) {
    int r = 0;
    switch (v) {
    case 0:
        r += 1;
        [[fallthrough]];
    case 1:
        r += 10;
        break;
    default:
        r = -1;
    }
    return r;
}

int main() {
    [[maybe_unused]] int unused = 3;
    alignas(8) int aligned = 5;
    unsigned __int64 u = 1ull << 40;
    __w64 int w = 6;
    Particle p = {1.0f, 2.0f, 3.0f, 4.0f};
    std::cout << weight(Level::High) << " " << big(1) << " " << u << " " << twice(aligned + w) << std::endl;
    std::cout << classify(0) << " " << classify(1) << " " << classify(5) << " " << p.z << std::endl;

    std::vector<int> out(4);
    array_view<int, 1> v(4, out);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        [[maybe_unused]] int scratch = 0;
        alignas(4) int k = i[0];
        v[i] = twice(k) + 1;
    });
    for (int i = 0; i < 4; i++) std::cout << v[i] << (i == 3 ? "\n" : " ");
    return 0;
}
