// A small CPU emulation of the C++ AMP API, for building amppy's test programs with g++ on
// Linux so that their expected outputs come from a real C++ compiler, not from amppy.
//
// Written for amppy's tests from the C++ AMP specification's interface; it is not Microsoft's
// header.  What it covers: extent/index of rank 1-3, array_view over C arrays, std::vector and
// extents, array, copy, untiled parallel_for_each (threads run one after another) and tiled
// parallel_for_each with barriers (each tile's threads run as real threads that meet at a
// barrier; tiles one after another, so `tile_static` can be a function-local static).
// Limits: no textures; atomics are plain
// read-modify-write guarded by one mutex.
#pragma once
// Visual C++'s keywords that C++ AMP programs use, as g++ spells them (amppy's own preprocessor
// knows them: preprocess/virtual_headers.py, preprocess/attributes.py)
#ifndef _MSC_VER
#define __int64 long long
#define __int32 int
#define __int16 short
#define __int8 char
#define __w64
#define __forceinline inline
#define __declspec(x)
#endif
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#define restrict(...)
#define tile_static static
// Microsoft's keywords that Visual Studio programs use around C++ AMP code (g++ has none of them)
#define __declspec(...)
#define __forceinline inline

namespace concurrency {

// index<N> and extent<N> with an int: component-wise `+ - * / %`, both orders, compound forms, ++/--
#define AMPPY_EMU_SCALAR_OPS(T)                                                                    \
    T& operator+=(int k) { for (int d = 0; d < N; d++) v[d] += k; return *this; }                  \
    T& operator-=(int k) { for (int d = 0; d < N; d++) v[d] -= k; return *this; }                  \
    T& operator*=(int k) { for (int d = 0; d < N; d++) v[d] *= k; return *this; }                  \
    T& operator/=(int k) { for (int d = 0; d < N; d++) v[d] /= k; return *this; }                  \
    T& operator%=(int k) { for (int d = 0; d < N; d++) v[d] %= k; return *this; }                  \
    T& operator++() { return *this += 1; }                                                          \
    T& operator--() { return *this -= 1; }                                                          \
    T operator++(int) { T old = *this; *this += 1; return old; }                                    \
    T operator--(int) { T old = *this; *this -= 1; return old; }                                    \
    friend T operator+(T a, int k) { return a += k; }                                               \
    friend T operator-(T a, int k) { return a -= k; }                                               \
    friend T operator*(T a, int k) { return a *= k; }                                               \
    friend T operator/(T a, int k) { return a /= k; }                                               \
    friend T operator%(T a, int k) { return a %= k; }                                               \
    friend T operator+(int k, T a) { return a += k; }                                               \
    friend T operator-(int k, T a) { for (int d = 0; d < N; d++) a.v[d] = k - a.v[d]; return a; }  \
    friend T operator*(int k, T a) { return a *= k; }                                               \
    friend T operator/(int k, T a) { for (int d = 0; d < N; d++) a.v[d] = k / a.v[d]; return a; }  \
    friend T operator%(int k, T a) { for (int d = 0; d < N; d++) a.v[d] = k % a.v[d]; return a; }

template <int N> struct extent;

template <int N>
struct index {
    int v[N > 0 ? N : 1] = {};
    static const int rank = N;
    index() = default;
    explicit index(int i0) { v[0] = i0; }
    index(int i0, int i1) { v[0] = i0; v[1] = i1; }
    index(int i0, int i1, int i2) { v[0] = i0; v[1] = i1; v[2] = i2; }
    explicit index(const int c[]) { for (int d = 0; d < N; d++) v[d] = c[d]; }
    int operator[](int d) const { return v[d]; }
    int& operator[](int d) { return v[d]; }
    index operator+(const index& o) const { index r; for (int d = 0; d < N; d++) r.v[d] = v[d] + o.v[d]; return r; }
    index operator-(const index& o) const { index r; for (int d = 0; d < N; d++) r.v[d] = v[d] - o.v[d]; return r; }
    bool operator==(const index& o) const { for (int d = 0; d < N; d++) if (v[d] != o.v[d]) return false; return true; }
    bool operator!=(const index& o) const { return !(*this == o); }
    index& operator+=(const index& o) { *this = *this + o; return *this; }
    index& operator-=(const index& o) { *this = *this - o; return *this; }
    AMPPY_EMU_SCALAR_OPS(index)
};

template <int D0, int D1 = 0, int D2 = 0> struct tiled_extent;

template <int N>
struct extent {
    int v[N > 0 ? N : 1] = {};
    static const int rank = N;
    extent() = default;
    explicit extent(int e0) { v[0] = e0; }
    extent(int e0, int e1) { v[0] = e0; v[1] = e1; }
    extent(int e0, int e1, int e2) { v[0] = e0; v[1] = e1; v[2] = e2; }
    explicit extent(const int c[]) { for (int d = 0; d < N; d++) v[d] = c[d]; }
    int operator[](int d) const { return v[d]; }
    int& operator[](int d) { return v[d]; }
    int size() const { int s = 1; for (int d = 0; d < N; d++) s *= v[d]; return s; }
    bool contains(const index<N>& i) const { for (int d = 0; d < N; d++) if (i[d] < 0 || i[d] >= v[d]) return false; return true; }
    extent operator+(const extent& o) const { extent r; for (int d = 0; d < N; d++) r.v[d] = v[d] + o.v[d]; return r; }
    extent operator-(const extent& o) const { extent r; for (int d = 0; d < N; d++) r.v[d] = v[d] - o.v[d]; return r; }
    extent operator+(const index<N>& o) const { extent r; for (int d = 0; d < N; d++) r.v[d] = v[d] + o[d]; return r; }
    extent operator-(const index<N>& o) const { extent r; for (int d = 0; d < N; d++) r.v[d] = v[d] - o[d]; return r; }
    extent& operator+=(const extent& o) { return *this = *this + o; }
    extent& operator-=(const extent& o) { return *this = *this - o; }
    bool operator==(const extent& o) const { for (int d = 0; d < N; d++) if (v[d] != o.v[d]) return false; return true; }
    bool operator!=(const extent& o) const { return !(*this == o); }
    AMPPY_EMU_SCALAR_OPS(extent)
    template <int T0> tiled_extent<T0> tile() const { return tiled_extent<T0>(*this); }
    template <int T0, int T1> tiled_extent<T0, T1> tile() const { return tiled_extent<T0, T1>(*this); }
    template <int T0, int T1, int T2> tiled_extent<T0, T1, T2> tile() const { return tiled_extent<T0, T1, T2>(*this); }
};

template <int N>
inline int linear(const extent<N>& e, const index<N>& i) {
    int off = 0;
    for (int d = 0; d < N; d++) off = off * e[d] + i[d];
    return off;
}

// C++ AMP's exceptions: a message and an HRESULT (a signed 32-bit long on Windows)
class runtime_exception : public std::runtime_error {
public:
    explicit runtime_exception(const std::string& m, int code = -2147467259) : std::runtime_error(m), code_(code) {}
    int get_error_code() const { return code_; }
private:
    int code_;
};
class invalid_compute_domain : public runtime_exception {
public:
    explicit invalid_compute_domain(const std::string& m) : runtime_exception(m, -2147024809) {}
};
class out_of_memory : public runtime_exception {
public:
    explicit out_of_memory(const std::string& m) : runtime_exception(m, -2147024882) {}
};
class unsupported_feature : public runtime_exception {
public:
    explicit unsupported_feature(const std::string& m) : runtime_exception(m, -2147024809) {}
};
class accelerator_view_removed : public runtime_exception {
public:
    accelerator_view_removed(const std::string& m, int reason) : runtime_exception(m, reason) {}
    int get_view_removed_reason() const { return get_error_code(); }
};

class completion_future {
public:
    void get() const {}
    void wait() const {}
    bool valid() const { return true; }
    template <typename F> void then(const F& f) const { f(); }
};

// A view is a base pointer, an extent and a stride per dimension (in elements): sections and
// projections of a view see the same memory.
template <typename T, int N = 1>
class array_view {
public:
    using value_type = std::remove_const_t<T>;
    static const int rank = N;
    concurrency::extent<N> extent;
    value_type* data_;
    int stride[N];
    std::shared_ptr<std::vector<value_type>> own_;

    void dense() { int s = 1; for (int d = N - 1; d >= 0; d--) { stride[d] = s; s *= extent[d]; } }
    array_view(const concurrency::extent<N>& e, T* p) : extent(e), data_(const_cast<value_type*>(p)) { dense(); }
    array_view(const concurrency::extent<N>& e, std::vector<value_type>& v) : extent(e), data_(v.data()) { dense(); }
    array_view(const concurrency::extent<N>& e, const std::vector<value_type>& v)
        : extent(e), data_(const_cast<value_type*>(v.data())) { dense(); }
    explicit array_view(const concurrency::extent<N>& e)
        : extent(e), own_(std::make_shared<std::vector<value_type>>(e.size())) { data_ = own_->data(); dense(); }
    explicit array_view(int e0) : array_view(concurrency::extent<N>(e0)) {}
    array_view(int e0, int e1) : array_view(concurrency::extent<N>(e0, e1)) {}
    array_view(int e0, int e1, int e2) : array_view(concurrency::extent<N>(e0, e1, e2)) {}
    array_view(int e0, T* p) : array_view(concurrency::extent<N>(e0), p) {}
    array_view(int e0, int e1, T* p) : array_view(concurrency::extent<N>(e0, e1), p) {}
    array_view(int e0, int e1, int e2, T* p) : array_view(concurrency::extent<N>(e0, e1, e2), p) {}
    array_view(int e0, std::vector<value_type>& v) : array_view(concurrency::extent<N>(e0), v) {}
    array_view(int e0, int e1, std::vector<value_type>& v) : array_view(concurrency::extent<N>(e0, e1), v) {}
    array_view(int e0, int e1, int e2, std::vector<value_type>& v) : array_view(concurrency::extent<N>(e0, e1, e2), v) {}
    array_view(int e0, const std::vector<value_type>& v) : array_view(concurrency::extent<N>(e0), v) {}
    array_view(int e0, int e1, const std::vector<value_type>& v) : array_view(concurrency::extent<N>(e0, e1), v) {}
    // a view of an array (anything with the array's `store`: `array<T, N>` is defined below)
    template <typename A, typename = decltype(std::declval<A&>().store)>
    array_view(A& a) : extent(a.extent), data_(const_cast<value_type*>(a.store.data())) { dense(); }
    template <typename U> array_view(const array_view<U, N>& o) : extent(o.extent), data_(o.data_), own_(o.own_) {
        for (int d = 0; d < N; d++) stride[d] = o.stride[d];
    }
    array_view(const concurrency::extent<N>& e, value_type* p, const int* st, std::shared_ptr<std::vector<value_type>> own)
        : extent(e), data_(p), own_(own) { for (int d = 0; d < N; d++) stride[d] = st[d]; }

    int offset(const index<N>& i) const { int o = 0; for (int d = 0; d < N; d++) o += i[d] * stride[d]; return o; }
    T& operator[](const index<N>& i) const { return data_[offset(i)]; }
    T& get_ref(const index<N>& i) const { return (*this)[i]; }
    T& operator()(const index<N>& i) const { return (*this)[i]; }
    T& operator()(int i0) const { return (*this)[index<N>(i0)]; }
    T& operator()(int i0, int i1) const { return (*this)[index<N>(i0, i1)]; }
    T& operator()(int i0, int i1, int i2) const { return (*this)[index<N>(i0, i1, i2)]; }
    decltype(auto) operator[](int i0) const {      // rank 1: the element; rank N: a projection
        if constexpr (N == 1) {
            return (data_[i0 * stride[0]]);
        } else {
            concurrency::extent<N - 1> e;
            for (int d = 1; d < N; d++) e[d - 1] = extent[d];
            return array_view<T, N - 1>(e, data_ + i0 * stride[0], stride + 1, own_);
        }
    }
    array_view section(const index<N>& o, const concurrency::extent<N>& e) const {
        for (int d = 0; d < N; d++)
            if (o[d] < 0 || e[d] < 0 || o[d] + e[d] > extent[d]) throw std::out_of_range("section");
        return array_view(e, data_ + offset(o), stride, own_);
    }
    array_view section(const index<N>& o) const { return section(o, extent - o); }
    array_view section(const concurrency::extent<N>& e) const { return section(index<N>(), e); }
    array_view section(int i0, int e0) const { return section(index<N>(i0), concurrency::extent<N>(e0)); }
    array_view section(int i0, int i1, int e0, int e1) const {
        return section(index<N>(i0, i1), concurrency::extent<N>(e0, e1));
    }
    array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const {
        return section(index<N>(i0, i1, i2), concurrency::extent<N>(e0, e1, e2));
    }
    template <int K> array_view<T, K> view_as(const concurrency::extent<K>& e) const {
        static_assert(N == 1, "view_as is only permissible on array views of rank 1");
        array_view<T, K> r(e, data_);
        r.own_ = own_;
        return r;
    }
    template <typename U> array_view<U, 1> reinterpret_as() const {
        static_assert(N == 1, "reinterpret_as is only permissible on array views of rank 1");
        return array_view<U, 1>(int(extent.size() * sizeof(T) / sizeof(U)), reinterpret_cast<U*>(data_));
    }
    void synchronize() const {}
    completion_future synchronize_async() const { return {}; }
    void refresh() const {}
    void discard_data() const {}
    value_type* data() const { static_assert(N == 1, "data() needs rank 1"); return data_; }
    concurrency::extent<N> get_extent() const { return extent; }
    template <typename V> void copy_to(const V& dst) const;
};

enum access_type { access_type_none = 0, access_type_read = 1, access_type_write = 2,
                   access_type_read_write = 3, access_type_auto = 1 << 30 };
enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };
struct accelerator_view;

template <typename T, int N = 1>
class array {
public:
    static const int rank = N;
    concurrency::extent<N> extent;
    std::vector<T> store;
    std::shared_ptr<accelerator_view> view_, associated_;
    access_type access_ = access_type_auto;
    template <typename... A> array(const concurrency::extent<N>& e, const A&... a);   // (..., view[, view | access])
    template <typename It, typename V, typename... A>
    array(int e0, It first, It last, const V& view, const A&... a) : array(concurrency::extent<N>(e0), first) {
        place(view, a...);
    }
    void place(const accelerator_view& v);
    void place(const accelerator_view& v, const accelerator_view& w);
    void place(const accelerator_view& v, access_type t);
    accelerator_view get_accelerator_view() const;
    accelerator_view get_associated_accelerator_view() const;
    access_type get_cpu_access_type() const { return access_ == access_type_auto ? access_type_read_write : access_; }
    explicit array(const concurrency::extent<N>& e) : extent(e), store(e.size()) {}
    array(int e0) : array(concurrency::extent<N>(e0)) {}
    array(int e0, int e1) : array(concurrency::extent<N>(e0, e1)) {}
    template <typename It> requires (!std::is_same_v<It, accelerator_view>)
    array(const concurrency::extent<N>& e, It first) : extent(e), store(e.size()) {
        std::copy_n(first, e.size(), store.begin());        // (any input iterator: a list's, a set's)
    }
    template <typename It> requires (!std::is_same_v<It, accelerator_view>)
    array(const concurrency::extent<N>& e, It first, It) : array(e, first) {}
    template <typename It> array(int e0, It first) : array(concurrency::extent<N>(e0), first) {}
    template <typename It> requires (!std::is_integral_v<It>)
    array(int e0, It first, It) : array(concurrency::extent<N>(e0), first) {}
    template <typename It> array(int e0, int e1, It first) : array(concurrency::extent<N>(e0, e1), first) {}
    T& operator[](const index<N>& i) { return store[linear(extent, i)]; }
    const T& operator[](const index<N>& i) const { return store[linear(extent, i)]; }
    T& operator()(int i0) { return store[i0]; }
    T& operator()(int i0, int i1) { return (*this)[index<N>(i0, i1)]; }
    T& operator()(int i0, int i1, int i2) { return (*this)[index<N>(i0, i1, i2)]; }
    T& operator[](int i0) { return store[i0]; }
    T* data() { return store.data(); }
    concurrency::extent<N> get_extent() const { return extent; }
    operator std::vector<T>() const { return store; }
    array_view<T, N> view() { return array_view<T, N>(extent, store.data()); }
    array_view<T, N> section(const index<N>& o, const concurrency::extent<N>& e) { return view().section(o, e); }
    template <int K> array_view<T, K> view_as(const concurrency::extent<K>& e) { return array_view<T, K>(e, store.data()); }
    template <typename U> array_view<U, 1> reinterpret_as() {      // (the array's elements, flattened)
        return array_view<U, 1>(int(store.size() * sizeof(T) / sizeof(U)), reinterpret_cast<U*>(store.data()));
    }
    template <typename V> void copy_to(V& dst) const;
    array& operator=(const array_view<const T, N>& src);        // (a copy of the view's elements)
    array& operator=(const array_view<T, N>& src);
};

// copy: every element in row-major order, between arrays, views (strided too) and iterators
template <typename T, int N> std::vector<std::remove_const_t<T>> elements(const array_view<T, N>& v) {
    std::vector<std::remove_const_t<T>> out;
    int total = v.extent.size();
    for (int k = 0; k < total; k++) {
        index<N> i; int r = k;
        for (int d = N - 1; d >= 0; d--) { i[d] = r % v.extent[d]; r /= v.extent[d]; }
        out.push_back(v[i]);
    }
    return out;
}
template <typename T, int N> std::vector<T> elements(const array<T, N>& a) { return a.store; }
template <typename T, int N, typename It> void fill_from(const array_view<T, N>& v, It first) {
    int total = v.extent.size();
    for (int k = 0; k < total; k++, ++first) {
        index<N> i; int r = k;
        for (int d = N - 1; d >= 0; d--) { i[d] = r % v.extent[d]; r /= v.extent[d]; }
        v[i] = *first;
    }
}
template <typename T, int N, typename It> void fill_from(array<T, N>& a, It first) {
    std::copy_n(first, a.extent.size(), a.store.begin());
}
template <typename S> constexpr bool is_amp_container = false;
template <typename T, int N> constexpr bool is_amp_container<array<T, N>> = true;
template <typename T, int N> constexpr bool is_amp_container<array_view<T, N>> = true;

template <typename S, typename D> void copy_any(const S& src, D&& dst) {
    auto e = elements(src);
    if constexpr (is_amp_container<std::remove_cv_t<std::remove_reference_t<D>>>) fill_from(dst, e.begin());
    else std::copy(e.begin(), e.end(), dst);
}
// the overloads C++ AMP declares (more specialised than std::copy, which ADL also finds)
template <typename T, int N, typename D> void copy(const array<T, N>& s, D&& d) { copy_any(s, d); }
template <typename T, int N, typename D> void copy(const array_view<T, N>& s, D&& d) { copy_any(s, d); }
template <typename It, typename T, int N> void copy(It first, It, array<T, N>& d) { fill_from(d, first); }
template <typename It, typename T, int N> void copy(It first, It, const array_view<T, N>& d) { fill_from(d, first); }
template <typename It, typename T, int N> requires (!is_amp_container<It>) void copy(It first, array<T, N>& d) {
    fill_from(d, first);
}
template <typename It, typename T, int N> requires (!is_amp_container<It>) void copy(It first, const array_view<T, N>& d) {
    fill_from(d, first);
}
template <typename... A> completion_future copy_async(A&&... a) { copy(std::forward<A>(a)...); return {}; }
template <typename T, int N> template <typename V> void array_view<T, N>::copy_to(const V& dst) const { copy(*this, dst); }
template <typename T, int N> template <typename V> void array<T, N>::copy_to(V& dst) const { copy(*this, dst); }
template <typename T, int N> array<T, N>& array<T, N>::operator=(const array_view<const T, N>& src) {
    copy(src, *this);
    return *this;
}
template <typename T, int N> array<T, N>& array<T, N>::operator=(const array_view<T, N>& src) {
    copy(src, *this);
    return *this;
}

// ---- untiled ---------------------------------------------------------------------------------
template <int N, typename F>
void parallel_for_each(const extent<N>& e, const F& f) {
    for (int d = 0; d < N; d++)
        if (e[d] <= 0) throw invalid_compute_domain("concurrency::parallel_for_each: unsupported compute domain, the extent of dimension 0 of the compute domain (0) cannot be smaller than or equal to 0.");
    index<N> i;
    int total = e.size();
    for (int k = 0; k < total; k++) {
        int r = k;
        for (int d = N - 1; d >= 0; d--) { i[d] = r % e[d]; r /= e[d]; }
        f(i);
    }
}

// ---- tiled -----------------------------------------------------------------------------------
struct tile_barrier {
    std::barrier<>* b;
    void wait() const { b->arrive_and_wait(); }
    void wait_with_all_memory_fence() const { wait(); }
    void wait_with_global_memory_fence() const { wait(); }
    void wait_with_tile_static_memory_fence() const { wait(); }
};
// the free fences order this thread's memory operations; they wait for no other thread
inline void all_memory_fence(const tile_barrier&) { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void global_memory_fence(const tile_barrier&) { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void tile_static_memory_fence(const tile_barrier&) { std::atomic_thread_fence(std::memory_order_seq_cst); }

template <int D0, int D1 = 0, int D2 = 0>
struct tiled_index {
    static const int rank = D2 ? 3 : (D1 ? 2 : 1);
    index<rank> global, local, tile, tile_origin;
    tile_barrier barrier;
    operator index<rank>() const { return global; }
    extent<rank> get_tile_extent() const { return D2 ? extent<rank>(D0, D1, D2) : (D1 ? extent<rank>(D0, D1) : extent<rank>(D0)); }
    static const int tile_dim0 = D0, tile_dim1 = D1, tile_dim2 = D2;
    extent<rank> tile_extent = get_tile_extent();
};

template <int D0, int D1, int D2>
struct tiled_extent : extent<D2 ? 3 : (D1 ? 2 : 1)> {
    static const int rank = D2 ? 3 : (D1 ? 2 : 1);
    tiled_extent(const extent<rank>& e) : extent<rank>(e) {}
    static const int tile_dim0 = D0, tile_dim1 = D1, tile_dim2 = D2;
    tiled_extent pad() const { extent<rank> e = *this; const int t[3] = {D0, D1, D2};
        for (int d = 0; d < rank; d++)      // unsigned, as amp.h computes it
            e[d] = (int)(((unsigned)e[d] + t[d] - 1) / t[d] * t[d]);
        return e; }
    tiled_extent truncate() const { extent<rank> e = *this; const int t[3] = {D0, D1, D2};
        for (int d = 0; d < rank; d++) e[d] = e[d] / t[d] * t[d]; return e; }
    extent<rank> get_tile_extent() const { return D2 ? extent<rank>(D0, D1, D2) : (D1 ? extent<rank>(D0, D1) : extent<rank>(D0)); }
    extent<rank> tile_extent = get_tile_extent();
};

template <int D0, int D1, int D2, typename F>
void parallel_for_each(const tiled_extent<D0, D1, D2>& e, const F& f) {
    const int R = tiled_extent<D0, D1, D2>::rank;
    const int t[3] = {D0, D1 ? D1 : 1, D2 ? D2 : 1};
    for (int d = 0; d < R; d++)
        if (e[d] <= 0 || e[d] % t[d] != 0)
            throw invalid_compute_domain("concurrency::parallel_for_each (tiling): unsupported compute domain, the extent of dimension " +
                std::to_string(d) + " of the compute domain (" + std::to_string(e[d]) + ") cannot be evenly divided by the extent of dimension " +
                std::to_string(d) + " of the tile (" + std::to_string(t[d]) + ").");
    int tiles[3] = {1, 1, 1};
    for (int d = 0; d < R; d++) tiles[d] = e[d] / t[d];
    int per_tile = t[0] * t[1] * t[2];
    for (int a = 0; a < tiles[0]; a++) for (int b = 0; b < tiles[1]; b++) for (int c = 0; c < tiles[2]; c++) {
        std::barrier<> bar(per_tile);
        if (per_tile == 1) {            // a one-thread tile: its barriers never wait, no thread is needed
            tiled_index<D0, D1, D2> ti;
            const int tl[3] = {a, b, c};
            for (int d = 0; d < R; d++) {
                ti.tile[d] = tl[d]; ti.local[d] = 0; ti.tile_origin[d] = tl[d] * t[d]; ti.global[d] = tl[d] * t[d];
            }
            ti.barrier.b = &bar;
            f(ti);
            continue;
        }
        std::vector<std::thread> threads;
        for (int x = 0; x < t[0]; x++) for (int y = 0; y < t[1]; y++) for (int z = 0; z < t[2]; z++) {
            tiled_index<D0, D1, D2> ti;
            const int tl[3] = {a, b, c}, lo[3] = {x, y, z};
            for (int d = 0; d < R; d++) {
                ti.tile[d] = tl[d]; ti.local[d] = lo[d];
                ti.tile_origin[d] = tl[d] * t[d]; ti.global[d] = tl[d] * t[d] + lo[d];
            }
            ti.barrier.b = &bar;
            threads.emplace_back([&f, ti] { f(ti); });
        }
        for (auto& th : threads) th.join();
    }
}

// parallel_for_each<D0[, D1[, D2]]>(e, f): the tile sizes given, the extent converts
template <int D0, typename F>
void parallel_for_each(const tiled_extent<D0>& e, const F& f) { parallel_for_each<D0, 0, 0, F>(e, f); }
template <int D0, int D1, typename F>
void parallel_for_each(const tiled_extent<D0, D1>& e, const F& f) { parallel_for_each<D0, D1, 0, F>(e, f); }

// ---- atomics ---------------------------------------------------------------------------------
inline std::mutex& atomic_mutex() { static std::mutex m; return m; }
#define AMPPY_EMU_ATOMIC(name, expr)                                                        \
    template <typename T> T name(T* p, T v) { std::lock_guard<std::mutex> g(atomic_mutex()); \
        T old = *p; *p = (expr); return old; }
AMPPY_EMU_ATOMIC(atomic_fetch_add, old + v)
AMPPY_EMU_ATOMIC(atomic_fetch_sub, old - v)
AMPPY_EMU_ATOMIC(atomic_fetch_max, std::max(old, v))
AMPPY_EMU_ATOMIC(atomic_fetch_min, std::min(old, v))
AMPPY_EMU_ATOMIC(atomic_fetch_and, old & v)
AMPPY_EMU_ATOMIC(atomic_fetch_or, old | v)
AMPPY_EMU_ATOMIC(atomic_fetch_xor, old ^ v)
AMPPY_EMU_ATOMIC(atomic_exchange, v)
template <typename T> T atomic_fetch_inc(T* p) { return atomic_fetch_add(p, T(1)); }
template <typename T> T atomic_fetch_dec(T* p) { return atomic_fetch_sub(p, T(1)); }

// ---- accelerators ----------------------------------------------------------------------------
// Two: a kernel-running default device ("emu") and C++ AMP's CPU accelerator (data only).
// Programs printing hardware facts print them only where every device agrees.
struct accelerator;
struct accelerator_view {
    std::wstring path_;              // its accelerator's device path (views outlive accelerator objects)
    int id_;
    ::concurrency::queuing_mode queuing_mode = ::concurrency::queuing_mode_automatic;
    accelerator get_accelerator() const;
    void wait() const {}
    void flush() const {}
    completion_future create_marker() const { return {}; }
    bool operator==(const accelerator_view& o) const { return id_ == o.id_; }
    bool operator!=(const accelerator_view& o) const { return id_ != o.id_; }
};
struct accelerator {
    static constexpr const wchar_t* default_accelerator = L"default";
    static constexpr const wchar_t* cpu_accelerator = L"cpu";
    static constexpr const wchar_t* direct3d_warp = L"direct3d\\warp";
    static constexpr const wchar_t* direct3d_ref = L"direct3d\\ref";
    std::wstring device_path, description;
    bool is_emulated = false, supports_double_precision = true, supports_limited_double_precision = true,
         has_display = false, is_debug = false, supports_cpu_shared_memory = false;
    size_t dedicated_memory = 1 << 20;
    unsigned int version = 11u << 16;
    accelerator_view default_view;
    // The emulated devices as Windows 8.1 / Visual Studio 2013 (with the DirectX SDK: REF present)
    // reported them in a release build; sources in amppy's runtime/accelerators.py.
    explicit accelerator(const std::wstring& path = L"default") {
        device_path = path == L"default" ? use_default() : path;
        if (device_path == L"cpu") {
            description = L"CPU accelerator";
            is_emulated = supports_cpu_shared_memory = true;
            supports_double_precision = supports_limited_double_precision = false;
            version = 1;
        } else if (device_path == L"emu") {
            description = L"emulated device";
        } else if (device_path == L"direct3d\\warp") {
            description = L"Microsoft Basic Render Driver";
            is_emulated = supports_cpu_shared_memory = true;
            dedicated_memory = 0;
            version = (11u << 16) | 1;
        } else if (device_path == L"direct3d\\ref") {
            description = L"Software Adapter";
            is_emulated = has_display = true;
            dedicated_memory = 0;
            version = (11u << 16) | 1;
        } else {
            throw runtime_exception("no such accelerator");
        }
        int id = device_path == L"cpu" ? 0 : device_path == L"emu" ? 1 : device_path == L"direct3d\\warp" ? 2 : 3;
        default_view = accelerator_view{device_path, id};
    }
    accelerator(const accelerator& o) = default;
    accelerator& operator=(const accelerator& o) { this->~accelerator(); new (this) accelerator(o); return *this; }
    static std::vector<accelerator> get_all() {
        return {accelerator(L"emu"), accelerator(L"direct3d\\warp"), accelerator(L"direct3d\\ref"), accelerator(L"cpu")};
    }
    // C++ AMP: set once, before the default accelerator is used; false after that
    static std::wstring& default_path() { static std::wstring p; return p; }
    static const std::wstring& use_default() { if (default_path().empty()) default_path() = L"emu"; return default_path(); }
    static bool set_default(const std::wstring& path) {
        accelerator check(path);
        if (!default_path().empty()) return false;
        default_path() = check.device_path;
        return true;
    }
    std::wstring get_description() const { return description; }
    std::wstring get_device_path() const { return device_path; }
    accelerator_view create_view(queuing_mode m = queuing_mode_automatic) const {
        static int next = 100; return accelerator_view{device_path, next++, m};
    }
    bool operator==(const accelerator& o) const { return device_path == o.device_path; }
    bool operator!=(const accelerator& o) const { return device_path != o.device_path; }
};
inline accelerator accelerator_view::get_accelerator() const { return accelerator(path_); }
template <typename T, int N> template <typename... A> array<T, N>::array(const concurrency::extent<N>& e, const A&... a)
    : extent(e), store(e.size()) { if constexpr (sizeof...(A) > 0) place(a...); }
template <typename T, int N> void array<T, N>::place(const accelerator_view& v) {
    view_ = std::make_shared<accelerator_view>(v);
}
template <typename T, int N> void array<T, N>::place(const accelerator_view& v, const accelerator_view& w) {
    place(v); associated_ = std::make_shared<accelerator_view>(w);
}
template <typename T, int N> void array<T, N>::place(const accelerator_view& v, access_type t) { place(v); access_ = t; }
template <typename T, int N> accelerator_view array<T, N>::get_accelerator_view() const {
    return view_ ? *view_ : accelerator().default_view;
}
template <typename T, int N> accelerator_view array<T, N>::get_associated_accelerator_view() const {
    return associated_ ? *associated_ : get_accelerator_view();
}
template <typename E, typename F>     // an extent or a tiled extent
void parallel_for_each(const accelerator_view& v, const E& e, const F& f) {
    if (v.id_ == 0)
        throw runtime_exception("Concurrency::parallel_for_each is not supported on the selected accelerator \"CPU accelerator\".");
    parallel_for_each(e, f);
}

}  // namespace concurrency
namespace Concurrency = concurrency;
