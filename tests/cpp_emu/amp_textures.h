// g++ emulation of C++ AMP's textures of scalars (concurrency::graphics::texture<T, N>,
// texture_view<T, N>, texture_view<const T, N>), written for amppy's tests from the documented
// interface: a texture owns its elements like an array; elements are read as values (`tex[idx]`,
// `tex(i, j)`, `get`) and written with `set`; `copy` to and from iterators and between textures.
#pragma once
#include "amp.h"

namespace concurrency {
namespace graphics {

template <typename T, int N = 1>
class texture {
public:
    static const int rank = N;
    concurrency::extent<N> extent;
    std::vector<T> store;
    explicit texture(const concurrency::extent<N>& e) : extent(e), store(e.size()) {}
    explicit texture(int e0) : texture(concurrency::extent<N>(e0)) {}
    texture(int e0, int e1) : texture(concurrency::extent<N>(e0, e1)) {}
    texture(int e0, int e1, int e2) : texture(concurrency::extent<N>(e0, e1, e2)) {}
    template <typename It> texture(const concurrency::extent<N>& e, It first, It last) : extent(e), store(first, last) {
        store.resize(e.size());
    }
    template <typename It> texture(int e0, It first, It last) : texture(concurrency::extent<N>(e0), first, last) {}
    template <typename It> texture(int e0, int e1, It first, It last) : texture(concurrency::extent<N>(e0, e1), first, last) {}
    T operator[](const index<N>& i) const { return store[linear(extent, i)]; }
    T operator()(const index<N>& i) const { return (*this)[i]; }
    T operator()(int i0, int i1) const { return (*this)[index<N>(i0, i1)]; }
    T get(const index<N>& i) const { return (*this)[i]; }
    void set(const index<N>& i, const T& v) { store[linear(extent, i)] = v; }
    unsigned int get_bits_per_scalar_element() const {
#if __has_include("amp_short_vectors.h")
        return sizeof(T) * 8 / short_vector_traits<T>::size;
#else
        return sizeof(T) * 8;
#endif
    }
    unsigned int get_data_length() const { return unsigned(store.size() * sizeof(T)); }
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
};

template <typename T, int N, typename It> void copy(const texture<T, N>& t, It out) {
    std::copy(t.store.begin(), t.store.end(), out);
}
template <typename It, typename T, int N> void copy(It first, It last, texture<T, N>& t) {
    std::copy(first, last, t.store.begin());
}
template <typename T, int N> void copy(const texture<T, N>& s, texture<T, N>& d) { d.store = s.store; }

}  // namespace graphics
}  // namespace concurrency
