// Templates as real C++ AMP code specialises them: an explicit specialisation that ends a
// compile-time recursion (a bit count, as the C++ AMP book's scan sample writes it),
// conversions specialised per element type (as a radix sort writes them, used in a kernel),
// explicit and partial specialisations of class templates (a compile-time power-of-two test
// picking a tile size), member function templates with deduced and explicit arguments, and
// functions whose return type is deduced (`auto f() { ... }`, `auto f() -> T`).
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

// ---- function templates, specialised ----
template <unsigned int MaxBit>
unsigned int CountBits(unsigned int n) {
    return (n & 0x1) + CountBits<MaxBit - 1>(n >> 1);
}

template <>                                   // ends the recursion
unsigned int CountBits<1>(unsigned int n) { return n & 0x1; }

template <typename T>
unsigned to_key(const T& v) restrict(amp, cpu) { return static_cast<unsigned>(v); }

template <>
unsigned to_key(const int& v) restrict(amp, cpu) { return static_cast<unsigned>(v) ^ 0x80000000u; }

template <>
unsigned to_key<float>(const float& v) restrict(amp, cpu) { return static_cast<unsigned>(v * 10.0f); }

// ---- class templates, specialised ----
template <unsigned int N>
struct IsPowerOfTwo { enum { value = (N & (N - 1)) == 0 ? 1 : 0 }; };

template <>
struct IsPowerOfTwo<0> { enum { value = 0 }; };

template <int Size, bool Fits>
struct TileFor { static const int value = 256; };

template <int Size>
struct TileFor<Size, true> { static const int value = Size; };    // a small power of two: itself

template <typename T, int N>
struct Store { T v[N]; int count() const { return N; } };

template <typename T>
struct Store<T, 0> { int count() const { return -1; } };           // the empty store

// ---- member function templates ----
struct Scale {
    float k;
    template <typename T>
    T apply(T x) const restrict(amp, cpu) { return static_cast<T>(x * k); }
    template <int Times>
    float repeat(float x) const { float s = x; for (int i = 1; i < Times; i++) s += x; return s; }
};

// ---- deduced return types ----
auto cube(int x) { return x * x * x; }
auto halve(float x) restrict(amp, cpu) -> float { return x / 2; }
template <typename T>
auto twice(T x) { return x + x; }

int main() {
    std::cout << "CountBits<32>(0xF0F0) = " << CountBits<32>(0xF0F0u) << "\n";
    std::cout << "CountBits<4>(255) = " << CountBits<4>(255u) << "\n";

    std::cout << "IsPowerOfTwo: 64 " << IsPowerOfTwo<64>::value << ", 48 " << IsPowerOfTwo<48>::value
              << ", 0 " << IsPowerOfTwo<0>::value << "\n";
    const int small = 16;
    const int tile = TileFor<small, IsPowerOfTwo<small>::value == 1>::value;
    std::cout << "tile for 16: " << tile << ", for 48: " << TileFor<48, IsPowerOfTwo<48>::value == 1>::value << "\n";
    Store<float, 3> s3;
    Store<float, 0> s0;
    std::cout << "stores: " << s3.count() << " " << s0.count() << "\n";

    std::vector<int> ints = {-2, -1, 0, 1, 2, 3, 4, 5};
    std::vector<float> floats = {0.5f, 1.25f, 2.0f, 3.75f, 4.0f, 5.5f, 6.0f, 7.25f};
    std::vector<unsigned> keys(16);
    array_view<const int, 1> ai(8, ints);
    array_view<const float, 1> af(8, floats);
    array_view<unsigned, 1> k(16, keys);
    k.discard_data();
    Scale sc{3.0f};
    parallel_for_each(extent<1>(8).tile<tile / 2>(), [=](tiled_index<tile / 2> t) restrict(amp) {
        int i = t.global[0];
        k[i] = to_key(ai[i]);
        k[i + 8] = to_key(sc.apply(af[i])) + to_key<unsigned>(static_cast<unsigned>(halve(4.0f)));
    });
    for (int i = 0; i < 16; i++) std::cout << k[i] << (i % 8 == 7 ? "\n" : " ");

    std::cout << "apply: " << sc.apply(2) << " " << sc.apply(2.5f) << " " << sc.apply<double>(0.25)
              << ", repeat<4>(1.5) = " << sc.repeat<4>(1.5f) << "\n";
    std::cout << "cube(-3) = " << cube(-3) << ", halve(5) = " << halve(5.0f) << ", twice: " << twice(21)
              << " " << twice(1.25) << "\n";
    return 0;
}
