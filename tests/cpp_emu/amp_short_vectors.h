// <amp_short_vectors.h> of the g++ emulation: C++ AMP's concurrency::graphics short vectors.
//
// Written for amppy's tests from the documented interface (the C++ AMP reference pages of
// float_4, int_2, norm, unorm, norm_2, short_vector, short_vector_traits and the "Short Vector
// Library" overview), not from Microsoft's header and independently of amppy's own version
// (amppy/short_vectors.py), so that sample outputs built with it check amppy.
//
// One class template `_sv<T, N>` stands for the eighteen types (typedefs below).  C++ AMP's
// components and swizzles are properties (`__declspec(property)`); here each is a member of an
// anonymous union of proxies over the N components (GCC allows reading a union member other than
// the last one written): `v.x`, `v.zyx`, `v.rg` convert to the value (a scalar or a short vector)
// and can be assigned (`v.xy = w`, `v.x += 1`).  Operators are friends, so a scalar converts on
// either side (`2.0f * v`).  norm/unorm clamp with comparisons: NaN stays NaN.
#pragma once
#include <type_traits>
#include "amp.h"

namespace concurrency {
namespace graphics {

typedef unsigned int uint;

class unorm;

class norm {
    float _v;
    static float _clamp(float f) { return f < -1.0f ? -1.0f : (f > 1.0f ? 1.0f : f); }
public:
    norm() : _v(0.0f) {}
    explicit norm(float f) : _v(_clamp(f)) {}
    explicit norm(unsigned int u) : _v(_clamp((float)u)) {}
    explicit norm(int i) : _v(_clamp((float)i)) {}
    explicit norm(double d) : _v(_clamp((float)d)) {}
    norm(const unorm& u);
    operator float() const { return _v; }
    norm& operator+=(const norm& o) { _v = _clamp(_v + o._v); return *this; }
    norm& operator-=(const norm& o) { _v = _clamp(_v - o._v); return *this; }
    norm& operator*=(const norm& o) { _v = _clamp(_v * o._v); return *this; }
    norm& operator/=(const norm& o) { _v = _clamp(_v / o._v); return *this; }
    norm& operator++() { _v = _clamp(_v + 1.0f); return *this; }
    norm& operator--() { _v = _clamp(_v - 1.0f); return *this; }
    norm operator++(int) { norm old = *this; ++*this; return old; }
    norm operator--(int) { norm old = *this; --*this; return old; }
    norm operator-() const { return norm(-_v); }
};

class unorm {
    float _v;
    static float _clamp(float f) { return f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f); }
public:
    unorm() : _v(0.0f) {}
    explicit unorm(float f) : _v(_clamp(f)) {}
    explicit unorm(unsigned int u) : _v(_clamp((float)u)) {}
    explicit unorm(int i) : _v(_clamp((float)i)) {}
    explicit unorm(double d) : _v(_clamp((float)d)) {}
    explicit unorm(const norm& n) : _v(_clamp((float)n)) {}
    operator float() const { return _v; }
    unorm& operator+=(const unorm& o) { _v = _clamp(_v + o._v); return *this; }
    unorm& operator-=(const unorm& o) { _v = _clamp(_v - o._v); return *this; }
    unorm& operator*=(const unorm& o) { _v = _clamp(_v * o._v); return *this; }
    unorm& operator/=(const unorm& o) { _v = _clamp(_v / o._v); return *this; }
    unorm& operator++() { _v = _clamp(_v + 1.0f); return *this; }
    unorm& operator--() { _v = _clamp(_v - 1.0f); return *this; }
    unorm operator++(int) { unorm old = *this; ++*this; return old; }
    unorm operator--(int) { unorm old = *this; --*this; return old; }
};

inline norm::norm(const unorm& u) : _v((float)u) {}

#define AMPPY_SCALAR_OPS(S)                                                                         \
    inline S operator+(const S& a, const S& b) { return S((float)a + (float)b); }                  \
    inline S operator-(const S& a, const S& b) { return S((float)a - (float)b); }                  \
    inline S operator*(const S& a, const S& b) { return S((float)a * (float)b); }                  \
    inline S operator/(const S& a, const S& b) { return S((float)a / (float)b); }                  \
    inline bool operator==(const S& a, const S& b) { return (float)a == (float)b; }                \
    inline bool operator!=(const S& a, const S& b) { return (float)a != (float)b; }                \
    inline bool operator<(const S& a, const S& b) { return (float)a < (float)b; }                  \
    inline bool operator>(const S& a, const S& b) { return (float)a > (float)b; }                  \
    inline bool operator<=(const S& a, const S& b) { return (float)a <= (float)b; }                \
    inline bool operator>=(const S& a, const S& b) { return (float)a >= (float)b; }
AMPPY_SCALAR_OPS(norm)
AMPPY_SCALAR_OPS(unorm)
#undef AMPPY_SCALAR_OPS

template <typename T, int N> class _sv;
template <typename T, int K> struct _svt { typedef _sv<T, K> type; };
template <typename T> struct _svt<T, 1> { typedef T type; };

// One component or a swizzle of an N-vector: the components I... of the N in the union.
template <typename T, int N, int... I>
struct _swz {
    T _d[N];
    typedef typename _svt<T, sizeof...(I)>::type R;
    R get() const {
        if constexpr (sizeof...(I) == 1) { return ((_d[I]), ...); } else { return R(_d[I]...); }
    }
    void put(const R& r) {
        if constexpr (sizeof...(I) == 1) { ((_d[I] = r), ...); } else { int k = 0; ((_d[I] = r._d[k++]), ...); }
    }
    operator R() const { return get(); }
    // a norm/unorm component converts on to float, as C++ AMP's norm component does
    template <typename U = R, typename = std::enable_if_t<std::is_same_v<U, norm> || std::is_same_v<U, unorm>>>
    operator float() const { return (float)get(); }
    _swz& operator=(const R& r) { put(r); return *this; }
    _swz& operator=(const _swz& o) { put(o.get()); return *this; }
#define AMPPY_SWZ_COMPOUND(OP) _swz& operator OP##=(const R& r) { put(get() OP r); return *this; }
    AMPPY_SWZ_COMPOUND(+) AMPPY_SWZ_COMPOUND(-) AMPPY_SWZ_COMPOUND(*) AMPPY_SWZ_COMPOUND(/)
    AMPPY_SWZ_COMPOUND(%) AMPPY_SWZ_COMPOUND(&) AMPPY_SWZ_COMPOUND(|) AMPPY_SWZ_COMPOUND(^)
    AMPPY_SWZ_COMPOUND(<<) AMPPY_SWZ_COMPOUND(>>)
#undef AMPPY_SWZ_COMPOUND
    R operator-() const { return -get(); }
    R operator~() const { return ~get(); }
    R operator++(int) { R old = get(); R v = old; ++v; put(v); return old; }
    R operator--(int) { R old = get(); R v = old; --v; put(v); return old; }
    _swz& operator++() { R v = get(); ++v; put(v); return *this; }
    _swz& operator--() { R v = get(); --v; put(v); return *this; }
};

// The storage of an N-vector: its components, and every name C++ AMP gives them.
#define AMPPY_SWZ(X, RGBA, ...) _swz<T, N, __VA_ARGS__> X, RGBA;
template <typename T, int N> struct _svs;
#define AMPPY_STORAGE(N_, LIST)                                                                     \
    template <typename T> struct _svs<T, N_> {                                                      \
        static const int N = N_;                                                                     \
        union { T _d[N]; LIST };                                                                     \
        _svs() : _d{} {}                                                                             \
        _svs(const _svs& o) : _d{} { for (int i = 0; i < N; i++) _d[i] = o._d[i]; }                  \
        _svs& operator=(const _svs& o) { for (int i = 0; i < N; i++) _d[i] = o._d[i]; return *this; } \
        ~_svs() {}                                                                                   \
    };
#define AMPPY_SWIZZLES_2 \
        AMPPY_SWZ(x, r, 0) \
        AMPPY_SWZ(y, g, 1) \
        AMPPY_SWZ(xy, rg, 0, 1) \
        AMPPY_SWZ(yx, gr, 1, 0)
#define AMPPY_SWIZZLES_3 \
        AMPPY_SWZ(x, r, 0) \
        AMPPY_SWZ(y, g, 1) \
        AMPPY_SWZ(z, b, 2) \
        AMPPY_SWZ(xy, rg, 0, 1) \
        AMPPY_SWZ(xz, rb, 0, 2) \
        AMPPY_SWZ(yx, gr, 1, 0) \
        AMPPY_SWZ(yz, gb, 1, 2) \
        AMPPY_SWZ(zx, br, 2, 0) \
        AMPPY_SWZ(zy, bg, 2, 1) \
        AMPPY_SWZ(xyz, rgb, 0, 1, 2) \
        AMPPY_SWZ(xzy, rbg, 0, 2, 1) \
        AMPPY_SWZ(yxz, grb, 1, 0, 2) \
        AMPPY_SWZ(yzx, gbr, 1, 2, 0) \
        AMPPY_SWZ(zxy, brg, 2, 0, 1) \
        AMPPY_SWZ(zyx, bgr, 2, 1, 0)
#define AMPPY_SWIZZLES_4 \
        AMPPY_SWZ(x, r, 0) \
        AMPPY_SWZ(y, g, 1) \
        AMPPY_SWZ(z, b, 2) \
        AMPPY_SWZ(w, a, 3) \
        AMPPY_SWZ(xy, rg, 0, 1) \
        AMPPY_SWZ(xz, rb, 0, 2) \
        AMPPY_SWZ(xw, ra, 0, 3) \
        AMPPY_SWZ(yx, gr, 1, 0) \
        AMPPY_SWZ(yz, gb, 1, 2) \
        AMPPY_SWZ(yw, ga, 1, 3) \
        AMPPY_SWZ(zx, br, 2, 0) \
        AMPPY_SWZ(zy, bg, 2, 1) \
        AMPPY_SWZ(zw, ba, 2, 3) \
        AMPPY_SWZ(wx, ar, 3, 0) \
        AMPPY_SWZ(wy, ag, 3, 1) \
        AMPPY_SWZ(wz, ab, 3, 2) \
        AMPPY_SWZ(xyz, rgb, 0, 1, 2) \
        AMPPY_SWZ(xyw, rga, 0, 1, 3) \
        AMPPY_SWZ(xzy, rbg, 0, 2, 1) \
        AMPPY_SWZ(xzw, rba, 0, 2, 3) \
        AMPPY_SWZ(xwy, rag, 0, 3, 1) \
        AMPPY_SWZ(xwz, rab, 0, 3, 2) \
        AMPPY_SWZ(yxz, grb, 1, 0, 2) \
        AMPPY_SWZ(yxw, gra, 1, 0, 3) \
        AMPPY_SWZ(yzx, gbr, 1, 2, 0) \
        AMPPY_SWZ(yzw, gba, 1, 2, 3) \
        AMPPY_SWZ(ywx, gar, 1, 3, 0) \
        AMPPY_SWZ(ywz, gab, 1, 3, 2) \
        AMPPY_SWZ(zxy, brg, 2, 0, 1) \
        AMPPY_SWZ(zxw, bra, 2, 0, 3) \
        AMPPY_SWZ(zyx, bgr, 2, 1, 0) \
        AMPPY_SWZ(zyw, bga, 2, 1, 3) \
        AMPPY_SWZ(zwx, bar, 2, 3, 0) \
        AMPPY_SWZ(zwy, bag, 2, 3, 1) \
        AMPPY_SWZ(wxy, arg, 3, 0, 1) \
        AMPPY_SWZ(wxz, arb, 3, 0, 2) \
        AMPPY_SWZ(wyx, agr, 3, 1, 0) \
        AMPPY_SWZ(wyz, agb, 3, 1, 2) \
        AMPPY_SWZ(wzx, abr, 3, 2, 0) \
        AMPPY_SWZ(wzy, abg, 3, 2, 1) \
        AMPPY_SWZ(xyzw, rgba, 0, 1, 2, 3) \
        AMPPY_SWZ(xywz, rgab, 0, 1, 3, 2) \
        AMPPY_SWZ(xzyw, rbga, 0, 2, 1, 3) \
        AMPPY_SWZ(xzwy, rbag, 0, 2, 3, 1) \
        AMPPY_SWZ(xwyz, ragb, 0, 3, 1, 2) \
        AMPPY_SWZ(xwzy, rabg, 0, 3, 2, 1) \
        AMPPY_SWZ(yxzw, grba, 1, 0, 2, 3) \
        AMPPY_SWZ(yxwz, grab, 1, 0, 3, 2) \
        AMPPY_SWZ(yzxw, gbra, 1, 2, 0, 3) \
        AMPPY_SWZ(yzwx, gbar, 1, 2, 3, 0) \
        AMPPY_SWZ(ywxz, garb, 1, 3, 0, 2) \
        AMPPY_SWZ(ywzx, gabr, 1, 3, 2, 0) \
        AMPPY_SWZ(zxyw, brga, 2, 0, 1, 3) \
        AMPPY_SWZ(zxwy, brag, 2, 0, 3, 1) \
        AMPPY_SWZ(zyxw, bgra, 2, 1, 0, 3) \
        AMPPY_SWZ(zywx, bgar, 2, 1, 3, 0) \
        AMPPY_SWZ(zwxy, barg, 2, 3, 0, 1) \
        AMPPY_SWZ(zwyx, bagr, 2, 3, 1, 0) \
        AMPPY_SWZ(wxyz, argb, 3, 0, 1, 2) \
        AMPPY_SWZ(wxzy, arbg, 3, 0, 2, 1) \
        AMPPY_SWZ(wyxz, agrb, 3, 1, 0, 2) \
        AMPPY_SWZ(wyzx, agbr, 3, 1, 2, 0) \
        AMPPY_SWZ(wzxy, abrg, 3, 2, 0, 1) \
        AMPPY_SWZ(wzyx, abgr, 3, 2, 1, 0)
AMPPY_STORAGE(2, AMPPY_SWIZZLES_2)
AMPPY_STORAGE(3, AMPPY_SWIZZLES_3)
AMPPY_STORAGE(4, AMPPY_SWIZZLES_4)
#undef AMPPY_STORAGE
#undef AMPPY_SWZ
#undef AMPPY_SWIZZLES_2
#undef AMPPY_SWIZZLES_3
#undef AMPPY_SWIZZLES_4

template <typename T> struct _is_norm : std::bool_constant<std::is_same_v<T, norm> || std::is_same_v<T, unorm>> {};

template <typename T, int N>
class _sv : public _svs<T, N> {
public:
    typedef T value_type;
    static const int size = N;

    _sv() {}
    _sv(T v) { for (int i = 0; i < N; i++) this->_d[i] = v; }
    template <typename U = T, typename = std::enable_if_t<_is_norm<U>::value>>
    explicit _sv(float v) { for (int i = 0; i < N; i++) this->_d[i] = T(v); }
    template <typename... A, typename = std::enable_if_t<sizeof...(A) == N>>
    _sv(A... a) { T t[] = {T(a)...}; for (int i = 0; i < N; i++) this->_d[i] = t[i]; }
    template <typename U, typename = std::enable_if_t<!std::is_same_v<U, T>>>
    explicit _sv(const _sv<U, N>& o) { for (int i = 0; i < N; i++) this->_d[i] = T(o._d[i]); }

#define AMPPY_COMPOUND(OP)                                                                          \
    _sv& operator OP##=(const _sv& b) { for (int i = 0; i < N; i++) this->_d[i] OP##= b._d[i]; return *this; } \
    friend _sv operator OP(const _sv& a, const _sv& b) {                                            \
        _sv r; for (int i = 0; i < N; i++) r._d[i] = a._d[i] OP b._d[i]; return r; }
    AMPPY_COMPOUND(+) AMPPY_COMPOUND(-) AMPPY_COMPOUND(*) AMPPY_COMPOUND(/)
    AMPPY_COMPOUND(%) AMPPY_COMPOUND(&) AMPPY_COMPOUND(|) AMPPY_COMPOUND(^)
    AMPPY_COMPOUND(<<) AMPPY_COMPOUND(>>)
#undef AMPPY_COMPOUND
    friend bool operator==(const _sv& a, const _sv& b) {
        for (int i = 0; i < N; i++) if (!(a._d[i] == b._d[i])) return false;
        return true;
    }
    friend bool operator!=(const _sv& a, const _sv& b) { return !(a == b); }
    _sv operator-() const { _sv r; for (int i = 0; i < N; i++) r._d[i] = -this->_d[i]; return r; }
    _sv operator~() const { _sv r; for (int i = 0; i < N; i++) r._d[i] = ~this->_d[i]; return r; }
    _sv& operator++() { for (int i = 0; i < N; i++) ++this->_d[i]; return *this; }
    _sv& operator--() { for (int i = 0; i < N; i++) --this->_d[i]; return *this; }
    _sv operator++(int) { _sv old = *this; ++*this; return old; }
    _sv operator--(int) { _sv old = *this; --*this; return old; }

    // get_X()/set_X() for every component and swizzle C++ AMP has (used ones are instantiated)
#define AMPPY_GETSET(X, ...)                                                                        \
    typename _swz<T, N, __VA_ARGS__>::R get_##X() const { return this->X; }                         \
    void set_##X(const typename _swz<T, N, __VA_ARGS__>::R& v) { this->X = v; }
    AMPPY_GETSET(x, 0)
    AMPPY_GETSET(y, 1)
    AMPPY_GETSET(z, 2)
    AMPPY_GETSET(w, 3)
    AMPPY_GETSET(xy, 0, 1)
    AMPPY_GETSET(xz, 0, 2)
    AMPPY_GETSET(xw, 0, 3)
    AMPPY_GETSET(yx, 1, 0)
    AMPPY_GETSET(yz, 1, 2)
    AMPPY_GETSET(yw, 1, 3)
    AMPPY_GETSET(zx, 2, 0)
    AMPPY_GETSET(zy, 2, 1)
    AMPPY_GETSET(zw, 2, 3)
    AMPPY_GETSET(wx, 3, 0)
    AMPPY_GETSET(wy, 3, 1)
    AMPPY_GETSET(wz, 3, 2)
    AMPPY_GETSET(xyz, 0, 1, 2)
    AMPPY_GETSET(xyw, 0, 1, 3)
    AMPPY_GETSET(xzy, 0, 2, 1)
    AMPPY_GETSET(xzw, 0, 2, 3)
    AMPPY_GETSET(xwy, 0, 3, 1)
    AMPPY_GETSET(xwz, 0, 3, 2)
    AMPPY_GETSET(yxz, 1, 0, 2)
    AMPPY_GETSET(yxw, 1, 0, 3)
    AMPPY_GETSET(yzx, 1, 2, 0)
    AMPPY_GETSET(yzw, 1, 2, 3)
    AMPPY_GETSET(ywx, 1, 3, 0)
    AMPPY_GETSET(ywz, 1, 3, 2)
    AMPPY_GETSET(zxy, 2, 0, 1)
    AMPPY_GETSET(zxw, 2, 0, 3)
    AMPPY_GETSET(zyx, 2, 1, 0)
    AMPPY_GETSET(zyw, 2, 1, 3)
    AMPPY_GETSET(zwx, 2, 3, 0)
    AMPPY_GETSET(zwy, 2, 3, 1)
    AMPPY_GETSET(wxy, 3, 0, 1)
    AMPPY_GETSET(wxz, 3, 0, 2)
    AMPPY_GETSET(wyx, 3, 1, 0)
    AMPPY_GETSET(wyz, 3, 1, 2)
    AMPPY_GETSET(wzx, 3, 2, 0)
    AMPPY_GETSET(wzy, 3, 2, 1)
    AMPPY_GETSET(xyzw, 0, 1, 2, 3)
    AMPPY_GETSET(xywz, 0, 1, 3, 2)
    AMPPY_GETSET(xzyw, 0, 2, 1, 3)
    AMPPY_GETSET(xzwy, 0, 2, 3, 1)
    AMPPY_GETSET(xwyz, 0, 3, 1, 2)
    AMPPY_GETSET(xwzy, 0, 3, 2, 1)
    AMPPY_GETSET(yxzw, 1, 0, 2, 3)
    AMPPY_GETSET(yxwz, 1, 0, 3, 2)
    AMPPY_GETSET(yzxw, 1, 2, 0, 3)
    AMPPY_GETSET(yzwx, 1, 2, 3, 0)
    AMPPY_GETSET(ywxz, 1, 3, 0, 2)
    AMPPY_GETSET(ywzx, 1, 3, 2, 0)
    AMPPY_GETSET(zxyw, 2, 0, 1, 3)
    AMPPY_GETSET(zxwy, 2, 0, 3, 1)
    AMPPY_GETSET(zyxw, 2, 1, 0, 3)
    AMPPY_GETSET(zywx, 2, 1, 3, 0)
    AMPPY_GETSET(zwxy, 2, 3, 0, 1)
    AMPPY_GETSET(zwyx, 2, 3, 1, 0)
    AMPPY_GETSET(wxyz, 3, 0, 1, 2)
    AMPPY_GETSET(wxzy, 3, 0, 2, 1)
    AMPPY_GETSET(wyxz, 3, 1, 0, 2)
    AMPPY_GETSET(wyzx, 3, 1, 2, 0)
    AMPPY_GETSET(wzxy, 3, 2, 0, 1)
    AMPPY_GETSET(wzyx, 3, 2, 1, 0)
#undef AMPPY_GETSET
};

typedef _sv<unsigned int, 2> uint_2;  typedef _sv<unsigned int, 3> uint_3;  typedef _sv<unsigned int, 4> uint_4;
typedef _sv<int, 2> int_2;            typedef _sv<int, 3> int_3;            typedef _sv<int, 4> int_4;
typedef _sv<float, 2> float_2;        typedef _sv<float, 3> float_3;        typedef _sv<float, 4> float_4;
typedef _sv<double, 2> double_2;      typedef _sv<double, 3> double_3;      typedef _sv<double, 4> double_4;
typedef _sv<norm, 2> norm_2;          typedef _sv<norm, 3> norm_3;          typedef _sv<norm, 4> norm_4;
typedef _sv<unorm, 2> unorm_2;        typedef _sv<unorm, 3> unorm_3;        typedef _sv<unorm, 4> unorm_4;

template <typename T, int N> struct short_vector { typedef _sv<T, N> type; };
template <typename T> struct short_vector<T, 1> { typedef T type; };

template <typename V> struct short_vector_traits { typedef V value_type; static const int size = 1; };
template <typename T, int N> struct short_vector_traits<_sv<T, N>> { typedef T value_type; static const int size = N; };

}  // namespace graphics
}  // namespace concurrency
