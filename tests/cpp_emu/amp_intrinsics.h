// What the real <amp.h> declares beyond tests/cpp_emu/amp.h, for the g++ oracle: the
// concurrency::direct3d intrinsics and atomic_compare_exchange.  Written for amppy's tests from
// the C++ AMP documentation (not Microsoft's header); included by amp_math.h, so a program that
// uses them includes <amp_math.h> too.
//
// Integers are 32-bit two's complement; firstbithigh is HLSL's signed form (the highest bit that
// differs from the sign bit, -1 for 0 and -1); float functions compute in float.
#pragma once
#include <algorithm>
#include <cmath>
#include <mutex>
#include "amp.h"

namespace concurrency {
namespace direct3d {
inline int abs(int x) { return x < 0 ? (int)(0u - (unsigned)x) : x; }
inline int clamp(int x, int lo, int hi) { return std::min(std::max(x, lo), hi); }
inline float clamp(float x, float lo, float hi) { return std::fmin(std::fmax(x, lo), hi); }
inline unsigned int countbits(unsigned int x) { return (unsigned)__builtin_popcount(x); }
inline int firstbithigh(int x) {
    unsigned u = x < 0 ? ~(unsigned)x : (unsigned)x;
    return u == 0 ? -1 : 31 - __builtin_clz(u);
}
inline int firstbitlow(int x) { return x == 0 ? -1 : __builtin_ctz((unsigned)x); }
inline int imax(int x, int y) { return std::max(x, y); }
inline int imin(int x, int y) { return std::min(x, y); }
inline unsigned int umax(unsigned int x, unsigned int y) { return std::max(x, y); }
inline unsigned int umin(unsigned int x, unsigned int y) { return std::min(x, y); }
inline int mad(int x, int y, int z) { return (int)((unsigned)x * (unsigned)y + (unsigned)z); }
inline unsigned int mad(unsigned int x, unsigned int y, unsigned int z) { return x * y + z; }
inline float mad(float x, float y, float z) { return x * y + z; }
inline double mad(double x, double y, double z) { return x * y + z; }
inline float radians(float x) { return x * 0.017453292519943295f; }
inline float rcp(float x) { return 1.0f / x; }
inline double rcp(double x) { return 1.0 / x; }
inline unsigned int reversebits(unsigned int x) {
    unsigned int r = 0;
    for (int i = 0; i < 32; i++) r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
inline float saturate(float x) { return std::fmin(std::fmax(x, 0.0f), 1.0f); }
inline int sign(int x) { return (x > 0) - (x < 0); }
inline float smoothstep(float lo, float hi, float x) {
    float t = saturate((x - lo) / (hi - lo));
    return t * t * (3.0f - 2.0f * t);
}
inline float step(float y, float x) { return x >= y ? 1.0f : 0.0f; }
}  // namespace direct3d

// stores value and returns true when *dest == *expected; else copies *dest to *expected
template <typename T> bool atomic_compare_exchange(T* dest, T* expected, T value) {
    std::lock_guard<std::mutex> g(atomic_mutex());
    if (*dest == *expected) {
        *dest = value;
        return true;
    }
    *expected = *dest;
    return false;
}
}  // namespace concurrency
