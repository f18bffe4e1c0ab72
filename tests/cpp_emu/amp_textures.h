// g++ emulation of C++ AMP's textures of scalars (concurrency::graphics::texture<T, N>,
// texture_view<T, N>, texture_view<const T, N>), written for amppy's tests from the documented
// interface: a texture owns its elements like an array; elements are read as values (`tex[idx]`,
// `tex(i, j)`, `get`) and written with `set`; `copy` to and from iterators and between textures.
#pragma once
#include <cmath>
#include <type_traits>
#include "amp.h"
#if __has_include("amp_short_vectors.h")
#include "amp_sampling.h"
#define AMPPY_SAMPLING 1
#endif

namespace concurrency {
namespace graphics {

// Bits per scalar element: a texture of 8- or 16-bit components holds what that format holds
// (integers clamped; norm/unorm rounded to the nearest of 2^bits - 1 (norm: 2^(bits-1) - 1)
// steps; 16-bit floats rounded to half precision): every write is stored that way.
namespace _texfmt {
template <typename T> struct comps { typedef T scalar; static const int n = 1; static T& at(T& v, int) { return v; } };
#ifdef AMPPY_SAMPLING
template <typename S, int N> struct comps<_sv<S, N>> {
    typedef S scalar; static const int n = N; static S& at(_sv<S, N>& v, int k) { return v._d[k]; }
};
#endif
template <typename S> struct kind { static const char value = std::is_floating_point_v<S> ? (sizeof(S) == 8 ? 'd' : 'f')
                                                                 : (std::is_signed_v<S> ? 'i' : 'u'); };
#ifdef AMPPY_SAMPLING
template <> struct kind<norm> { static const char value = 'n'; };
template <> struct kind<unorm> { static const char value = 'm'; };
#endif
inline unsigned default_bits(char k) { return k == 'd' ? 64 : (k == 'n' || k == 'm') ? 16 : 32; }
// the stored integer of component value v (as a double) and back
inline double scale(char k, unsigned b) { return k == 'n' ? std::ldexp(1.0, b - 1) - 1 : std::ldexp(1.0, b) - 1; }
inline long long encode(double v, char k, unsigned b) {
    if (k == 'n' || k == 'm') {
        double lo = k == 'n' ? -1.0 : 0.0;
        return (long long)std::nearbyint((v < lo ? lo : (v > 1.0 ? 1.0 : v)) * scale(k, b));
    }
    long long lo = k == 'i' ? -(1LL << (b - 1)) : 0, hi = k == 'i' ? (1LL << (b - 1)) - 1 : (1LL << b) - 1;
    long long x = (long long)v;
    return x < lo ? lo : (x > hi ? hi : x);
}
inline float decode_norm(long long q, char k, unsigned b) {
    float f = (float)q / (float)scale(k, b);
    return (k == 'n' && f < -1.0f) ? -1.0f : f;
}
template <typename S> S quantize(S v, unsigned b) {
    const char k = kind<S>::value;
    if (b >= 32) return v;
    if (k == 'f') return S((float)(_Float16)(float)v);
    if (k == 'n' || k == 'm') return S(decode_norm(encode((float)v, k, b), k, b));
    return S((float)encode((double)v, k, b));
}
}  // namespace _texfmt

template <typename T, int N = 1>
class texture {
    typedef _texfmt::comps<T> C;
    typedef typename C::scalar S;
    static const char K = _texfmt::kind<S>::value;
public:
    static const int rank = N;
    concurrency::extent<N> extent;
    std::vector<T> store;
    unsigned bits = _texfmt::default_bits(K);
    void quantize_all() { for (auto& v : store) for (int k = 0; k < C::n; k++) C::at(v, k) = _texfmt::quantize(C::at(v, k), bits); }
    explicit texture(const concurrency::extent<N>& e) : extent(e), store(e.size()) {}
    explicit texture(int e0) : texture(concurrency::extent<N>(e0)) {}
    texture(int e0, int e1) : texture(concurrency::extent<N>(e0, e1)) {}
    texture(int e0, int e1, int e2) : texture(concurrency::extent<N>(e0, e1, e2)) {}
    texture(const concurrency::extent<N>& e, unsigned b) : extent(e), store(e.size()), bits(b) {}
    texture(int e0, unsigned b) requires(N == 1) : texture(concurrency::extent<N>(e0), b) {}
    texture(int e0, int e1, unsigned b) requires(N == 2) : texture(concurrency::extent<N>(e0, e1), b) {}
    // VS 2013's (extent, bits_per_scalar_element, mipmap_levels[, av]); the emulation, as amppy,
    // holds one level (amppy rejects other counts at compile time)
    texture(const concurrency::extent<N>& e, unsigned b, unsigned mips) : texture(e, b) { mip_levels = mips; }
    texture(const concurrency::extent<N>& e, unsigned b, unsigned mips, const concurrency::accelerator_view&)
        : texture(e, b, mips) {}
    texture(const concurrency::extent<N>& e, unsigned b, const concurrency::accelerator_view&) : texture(e, b) {}
    texture(int e0, int e1, unsigned b, const concurrency::accelerator_view&) requires(N == 2)
        : texture(concurrency::extent<N>(e0, e1), b) {}
    unsigned mip_levels = 1;
    unsigned int get_mipmap_levels() const { return mip_levels; }
    texture(const concurrency::extent<N>& e, const void* src, unsigned size, unsigned b) : texture(e, b) { read_raw(src, size); }
    texture(int e0, int e1, const void* src, unsigned size, unsigned b) requires(N == 2)
        : texture(concurrency::extent<N>(e0, e1), src, size, b) {}
    // raw memory in the texture's format, component by component
    void read_raw(const void* src, unsigned) {
        const unsigned char* p = (const unsigned char*)src;
        for (auto& v : store)
            for (int k = 0; k < C::n; k++, p += bits / 8) C::at(v, k) = from_bytes(p);
    }
    void write_raw(void* dst, unsigned) const {
        unsigned char* p = (unsigned char*)dst;
        for (auto v : store)
            for (int k = 0; k < C::n; k++, p += bits / 8) to_bytes(C::at(v, k), p);
    }
    S from_bytes(const unsigned char* p) const {
        long long q = 0;
        if (bits == 8) q = (K == 'i' || K == 'n') ? (long long)*(const signed char*)p : (long long)*p;
        else if (bits == 16 && K != 'f') { short s; __builtin_memcpy(&s, p, 2); q = (K == 'i' || K == 'n') ? s : (unsigned short)s; }
        else if (bits == 16) { _Float16 h; __builtin_memcpy(&h, p, 2); return S((float)h); }
        else { S s; __builtin_memcpy(&s, p, sizeof(S)); return s; }
        if (K == 'n' || K == 'm') return S(_texfmt::decode_norm(q, K, bits));
        return S((float)q);
    }
    void to_bytes(S v, unsigned char* p) const {
        if (bits >= 32) { __builtin_memcpy(p, &v, sizeof(S)); return; }
        if (K == 'f') { _Float16 h = (_Float16)(float)v; __builtin_memcpy(p, &h, 2); return; }
        long long q = _texfmt::encode((K == 'n' || K == 'm') ? (double)(float)v : (double)v, K, bits);
        if (bits == 8) *p = (unsigned char)q; else { unsigned short s = (unsigned short)q; __builtin_memcpy(p, &s, 2); }
    }
    template <typename It> texture(const concurrency::extent<N>& e, It first, It last) : extent(e), store(first, last) {
        store.resize(e.size());
        quantize_all();
    }
    template <typename It> texture(int e0, It first, It last) : texture(concurrency::extent<N>(e0), first, last) {}
    template <typename It> texture(int e0, int e1, It first, It last) : texture(concurrency::extent<N>(e0, e1), first, last) {}
    template <typename It> texture(int e0, int e1, int e2, It first, It last)
        : texture(concurrency::extent<N>(e0, e1, e2), first, last) {}
    T operator[](const index<N>& i) const { return store[linear(extent, i)]; }
    T operator()(const index<N>& i) const { return (*this)[i]; }
    T operator()(int i0, int i1) const { return (*this)[index<N>(i0, i1)]; }
    T get(const index<N>& i) const { return (*this)[i]; }
    void set(const index<N>& i, const T& v) {
        T q = v;
        for (int k = 0; k < C::n; k++) C::at(q, k) = _texfmt::quantize(C::at(q, k), bits);
        store[linear(extent, i)] = q;
    }
    unsigned int get_bits_per_scalar_element() const { return bits; }
    unsigned int get_data_length() const { return unsigned(store.size() * C::n * bits / 8); }
    void copy_to(texture& d) const { d.store = store; d.quantize_all(); }
    concurrency::extent<N> get_extent() const { return extent; }
};

template <typename T, int N = 1>
class texture_view {
public:
    using value_type = std::remove_const_t<T>;
    static const int rank = N;
    concurrency::extent<N> extent;
    texture<value_type, N>* tex;
    texture_view(texture<value_type, N>& t) : extent(t.extent), tex(&t) {}
    value_type operator[](const index<N>& i) const { return (*tex)[i]; }
    value_type operator()(const index<N>& i) const { return (*tex)[i]; }
    value_type get(const index<N>& i) const { return (*tex)[i]; }
    void set(const index<N>& i, const value_type& v) const { tex->set(i, v); }
#ifdef AMPPY_SAMPLING
    typedef typename short_vector<float, N>::type coordinates_type;
    value_type sample(const sampler& s, const coordinates_type& c, float = 0.0f) const {
        return _sampling::sample(tex->store, extent, s, c);
    }
    template <filter_mode F = filter_linear, address_mode A = address_clamp>
    value_type sample(const coordinates_type& c, float = 0.0f) const {
        return _sampling::sample(tex->store, extent, sampler(F, A), c);
    }
#define AMPPY_GATHER(NAME, K)                                                                      \
    auto NAME(const sampler& s, const coordinates_type& c) const {                                 \
        return _sampling::gather(tex->store, extent, s, c, K);                                     \
    }                                                                                              \
    template <address_mode A = address_clamp> auto NAME(const coordinates_type& c) const {       \
        return _sampling::gather(tex->store, extent, sampler(filter_linear, A), c, K);             \
    }
    AMPPY_GATHER(gather_red, 0)
    AMPPY_GATHER(gather_green, 1)
    AMPPY_GATHER(gather_blue, 2)
    AMPPY_GATHER(gather_alpha, 3)
#undef AMPPY_GATHER
#endif
};

template <typename T, int N, typename It> void copy(const texture<T, N>& t, It out) {
    std::copy(t.store.begin(), t.store.end(), out);
}
template <typename It, typename T, int N> void copy(It first, It last, texture<T, N>& t) {
    std::copy(first, last, t.store.begin());
    t.quantize_all();
}
template <typename T, int N> void copy(const texture<T, N>& s, texture<T, N>& d) { s.copy_to(d); }
template <typename T, int N> void copy(const texture<T, N>& t, void* dst, unsigned size) { t.write_raw(dst, size); }
template <typename T, int N> void copy(const void* src, unsigned size, texture<T, N>& t) { t.read_raw(src, size); }

// writeonly_texture_view<T, N> (C++ AMP's older writable view): set() only
template <typename T, int N = 1>
class writeonly_texture_view {
public:
    texture<T, N>* tex;
    concurrency::extent<N> extent;
    writeonly_texture_view(texture<T, N>& t) : tex(&t), extent(t.extent) {}
    void set(const index<N>& i, const T& v) const { tex->set(i, v); }
};

}  // namespace graphics
}  // namespace concurrency
