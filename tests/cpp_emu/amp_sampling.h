// g++ emulation of C++ AMP's texture sampling (concurrency::graphics::sampler, filter_mode,
// address_mode, texture_view<const T, N>::sample and gather_red/green/blue/alpha), written for
// amppy's tests from the documented interface (the C++ AMP reference pages of sampler,
// texture_view::sample and gather_*) and Direct3D 11's description of texture filtering:
//   point:  texel floor(u * size);
//   linear: texels floor(t) and floor(t) + 1 around t = u * size - 0.5, weight frac(t) for the
//           upper one, blended t0 * (1 - a) + t1 * a along x (the last index dimension) first;
//   address modes map a texel number outside [0, size): wrap, mirror, clamp, border (colour);
//   gather: one component of the four texels of linear filtering, (u0,v1) (u1,v1) (u1,v0) (u0,v0).
// All arithmetic is float, as amppy promises (its docs/coverage.md).
#pragma once
#include <cmath>
#include "amp_short_vectors.h"

namespace concurrency {
namespace graphics {

enum filter_mode { filter_point = 0, filter_linear = 0x15, filter_unknown = 0xFFFFFFFF };
enum address_mode { address_wrap = 1, address_mirror = 2, address_clamp = 3, address_border = 4,
                    address_unknown = 0xFFFFFFFF };

// C++ AMP's properties filter_mode, address_mode, border_color are data members here (copies).
class sampler {
public:
    enum filter_mode filter_mode;
    enum address_mode address_mode;
    float_4 border_color;
    sampler() : filter_mode(filter_linear), address_mode(address_clamp), border_color(0.0f, 0.0f, 0.0f, 0.0f) {}
    sampler(enum filter_mode f) : filter_mode(f), address_mode(address_clamp), border_color(0.0f, 0.0f, 0.0f, 0.0f) {}
    sampler(enum address_mode a, float_4 b = float_4(0.0f, 0.0f, 0.0f, 0.0f))
        : filter_mode(filter_linear), address_mode(a), border_color(b) {}
    sampler(enum filter_mode f, enum address_mode a, float_4 b = float_4(0.0f, 0.0f, 0.0f, 0.0f))
        : filter_mode(f), address_mode(a), border_color(b) {}
    enum filter_mode get_filter_mode() const { return filter_mode; }
    enum address_mode get_address_mode() const { return address_mode; }
    float_4 get_border_color() const { return border_color; }
};

namespace _sampling {

template <typename T> struct parts {                 // a scalar texel
    static const int n = 1;
    static float get(const T& v, int) { return (float)v; }
    static T make(const float* f) { return T(f[0]); }
    typedef T scalar;
};
template <typename T, int N> struct parts<_sv<T, N>> {
    static const int n = N;
    static float get(const _sv<T, N>& v, int k) { return (float)v._d[k]; }
    static _sv<T, N> make(const float* f) { _sv<T, N> r; for (int k = 0; k < N; k++) r._d[k] = T(f[k]); return r; }
    typedef T scalar;
};

inline long long number(long long t, long long n, int mode) {     // -1: the border colour
    if (mode == address_wrap) return ((t % n) + n) % n;
    if (mode == address_mirror) { long long m = ((t % (2 * n)) + 2 * n) % (2 * n); return m >= n ? 2 * n - 1 - m : m; }
    if (mode == address_border) return (t >= 0 && t < n) ? t : -1;
    return t < 0 ? 0 : (t >= n ? n - 1 : t);
}
inline long long floor_of(float x) { return x != x ? 0 : (long long)std::floor(x); }

inline float coord(float c, int) { return c; }
template <int N> inline float coord(const _sv<float, N>& c, int k) { return c._d[k]; }

// The texel (numbers `at`, per index dimension) of `store` (row-major, extent `e`), component k.
template <typename T, int N>
float texel(const std::vector<T>& store, const concurrency::extent<N>& e, const long long* at, int k, const sampler& s) {
    long long lin = 0;
    for (int d = 0; d < N; d++) {
        if (at[d] < 0) return s.border_color._d[k];
        lin = lin * e[d] + at[d];
    }
    return parts<T>::get(store[lin], k);
}

template <typename T, int N, typename C>
T sample(const std::vector<T>& store, const concurrency::extent<N>& e, const sampler& s, const C& c) {
    float out[4];
    int mode = s.address_mode;
    if (s.filter_mode == filter_point) {
        long long at[N];
        for (int d = 0; d < N; d++) at[d] = number(floor_of(coord(c, N - 1 - d) * (float)e[d]), e[d], mode);
        for (int k = 0; k < parts<T>::n; k++) out[k] = texel(store, e, at, k, s);
        return parts<T>::make(out);
    }
    long long lo[N], hi[N];
    float a[N];
    for (int d = 0; d < N; d++) {
        float t = coord(c, N - 1 - d) * (float)e[d] - 0.5f;
        long long t0 = floor_of(t);
        a[d] = t - (float)t0;
        lo[d] = number(t0, e[d], mode);
        hi[d] = number(t0 + 1, e[d], mode);
    }
    for (int k = 0; k < parts<T>::n; k++) {
        float v[1 << N];                        // corner bits: bit (N-1-d) set = upper texel in d
        for (int b = 0; b < (1 << N); b++) {
            long long at[N];
            for (int d = 0; d < N; d++) at[d] = (b >> (N - 1 - d)) & 1 ? hi[d] : lo[d];
            v[b] = texel(store, e, at, k, s);
        }
        for (int d = N - 1; d >= 0; d--) {       // blend away the last dimension first
            int shift = N - 1 - d;
            for (int b = 0; b < (1 << N); b++)
                if (!((b >> shift) & 1) && (b & ((1 << shift) - 1)) == 0)
                    v[b] = v[b] * (1.0f - a[d]) + v[b | (1 << shift)] * a[d];
        }
        out[k] = v[0];
    }
    return parts<T>::make(out);
}

template <typename T>
typename short_vector<typename parts<T>::scalar, 4>::type
gather(const std::vector<T>& store, const concurrency::extent<2>& e, const sampler& s, const float_2& c, int k) {
    long long lo[2], hi[2];
    for (int d = 0; d < 2; d++) {
        float t = coord(c, 1 - d) * (float)e[d] - 0.5f;
        long long t0 = floor_of(t);
        lo[d] = number(t0, e[d], s.address_mode);
        hi[d] = number(t0 + 1, e[d], s.address_mode);
    }
    long long corners[4][2] = {{hi[0], lo[1]}, {hi[0], hi[1]}, {lo[0], hi[1]}, {lo[0], lo[1]}};
    typename short_vector<typename parts<T>::scalar, 4>::type r;
    for (int j = 0; j < 4; j++) r._d[j] = typename parts<T>::scalar(texel(store, e, corners[j], k, s));
    return r;
}

}  // namespace _sampling

}  // namespace graphics
}  // namespace concurrency
