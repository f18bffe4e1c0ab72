// CPU emulation of <amp_math.h> for the g++ oracle, written for amppy's tests from the C++ AMP
// documentation's function list (not Microsoft's header).
//
// precise_math: every function in a float and a double overload plus the f-suffixed float one;
// fast_math: the float overloads of its subset.  Both compute with <cmath> where it has the
// function, and otherwise by direct definitions in long double (cospi(x) = cos(pi x), erfinv by
// bisection on erf, ...), so expected outputs do not come from amppy's own formulas.
// Classification functions return int, as C++ AMP's do (1 for true).  fpclassify returns the
// <cmath> value, so programs compare it with FP_NAN, FP_NORMAL, ... (whose values differ
// between C libraries).  The direct3d intrinsics and atomic_compare_exchange (declared by the
// real <amp.h>) are in amp_intrinsics.h, included here.
#pragma once
#include <cmath>
#include "amp_intrinsics.h"

namespace concurrency {
namespace amppy_emu {
inline long double pi() { return 3.141592653589793238462643383279502884L; }
inline long double sinpi(long double x) {
    long double r = std::fmod(x, 2.0L);          // exact: keeps multiples of 1/2 exact
    return std::sin(pi() * r);
}
inline long double cospi(long double x) { return std::cos(pi() * std::fmod(x, 2.0L)); }
// the x with erf(x) = y (erfc(x) = y for erfcinv): bisection, 200 halvings of [-30, 30]
inline long double erfinv(long double y, bool complement) {
    if (std::isnan(y) || (!complement && (y < -1 || y > 1)) || (complement && (y < 0 || y > 2))) return NAN;
    long double lo = -30, hi = 30;
    for (int i = 0; i < 200; i++) {
        long double mid = (lo + hi) / 2;
        bool below = complement ? std::erfc(mid) > y : std::erf(mid) < y;
        (below ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}
}  // namespace amppy_emu

namespace precise_math {
#define AMPPY_EMU_1(name, expr)                                                    \
    template <typename T> inline T amppy_##name(T x) { return (T)(expr); }      \
    inline float name(float x) { return amppy_##name(x); }                      \
    inline double name(double x) { return amppy_##name(x); }                    \
    inline float name##f(float x) { return amppy_##name(x); }
#define AMPPY_EMU_2(name, expr)                                                    \
    template <typename T> inline T amppy_##name(T x, T y) { return (T)(expr); } \
    inline float name(float x, float y) { return amppy_##name(x, y); }          \
    inline double name(double x, double y) { return amppy_##name(x, y); }       \
    inline float name##f(float x, float y) { return amppy_##name(x, y); }
#define AMPPY_EMU_STD1(name) AMPPY_EMU_1(name, std::name(x))
#define AMPPY_EMU_STD2(name) AMPPY_EMU_2(name, std::name(x, y))
AMPPY_EMU_STD1(acos) AMPPY_EMU_STD1(acosh) AMPPY_EMU_STD1(asin) AMPPY_EMU_STD1(asinh) AMPPY_EMU_STD1(atan)
AMPPY_EMU_STD2(atan2) AMPPY_EMU_STD1(atanh) AMPPY_EMU_STD1(cbrt) AMPPY_EMU_STD1(ceil) AMPPY_EMU_STD2(copysign)
AMPPY_EMU_STD1(cos) AMPPY_EMU_STD1(cosh) AMPPY_EMU_STD1(erf) AMPPY_EMU_STD1(erfc) AMPPY_EMU_STD1(exp)
AMPPY_EMU_STD1(exp2) AMPPY_EMU_STD1(expm1) AMPPY_EMU_STD1(fabs) AMPPY_EMU_STD2(fdim) AMPPY_EMU_STD1(floor)
AMPPY_EMU_STD2(fmax) AMPPY_EMU_STD2(fmin) AMPPY_EMU_STD2(fmod) AMPPY_EMU_STD2(hypot) AMPPY_EMU_STD1(lgamma)
AMPPY_EMU_STD1(log) AMPPY_EMU_STD1(log10) AMPPY_EMU_STD1(log1p) AMPPY_EMU_STD1(log2) AMPPY_EMU_STD1(logb)
AMPPY_EMU_STD1(nearbyint) AMPPY_EMU_STD2(nextafter) AMPPY_EMU_STD2(pow) AMPPY_EMU_STD2(remainder)
AMPPY_EMU_STD1(round) AMPPY_EMU_STD1(sin) AMPPY_EMU_STD1(sinh) AMPPY_EMU_STD1(sqrt) AMPPY_EMU_STD1(tan)
AMPPY_EMU_STD1(tanh) AMPPY_EMU_STD1(tgamma) AMPPY_EMU_STD1(trunc)
AMPPY_EMU_1(cospi, amppy_emu::cospi(x))
AMPPY_EMU_1(sinpi, amppy_emu::sinpi(x))
AMPPY_EMU_1(tanpi, amppy_emu::sinpi(x) / amppy_emu::cospi(x))
AMPPY_EMU_1(exp10, std::pow(10.0L, (long double)x))
AMPPY_EMU_1(erfinv, amppy_emu::erfinv(x, false))
AMPPY_EMU_1(erfcinv, amppy_emu::erfinv(x, true))
AMPPY_EMU_1(phi, 0.5L * std::erfc(-(long double)x / std::sqrt(2.0L)))
AMPPY_EMU_1(probit, -std::sqrt(2.0L) * amppy_emu::erfinv(2.0L * x, true))
AMPPY_EMU_1(rcbrt, 1.0L / std::cbrt((long double)x))
AMPPY_EMU_1(rsqrt, 1.0L / std::sqrt((long double)x))
AMPPY_EMU_2(scalb, y == std::trunc(y) ? std::scalbn(x, (int)y) : NAN)
#undef AMPPY_EMU_STD1
#undef AMPPY_EMU_STD2
#undef AMPPY_EMU_1
#undef AMPPY_EMU_2

// the int-valued and classification functions
#define AMPPY_EMU_CLASS(name, expr)                                                \
    inline int name(float x) { return (expr) ? 1 : 0; }                        \
    inline int name(double x) { return (expr) ? 1 : 0; }
AMPPY_EMU_CLASS(isfinite, std::isfinite(x))
AMPPY_EMU_CLASS(isinf, std::isinf(x))
AMPPY_EMU_CLASS(isnan, std::isnan(x))
AMPPY_EMU_CLASS(isnormal, std::isnormal(x))
AMPPY_EMU_CLASS(signbit, std::signbit(x))
#undef AMPPY_EMU_CLASS
inline int signbitf(float x) { return signbit(x); }
inline int fpclassify(float x) { return std::fpclassify(x); }
inline int fpclassify(double x) { return std::fpclassify(x); }
inline int ilogb(float x) { return std::ilogb(x); }
inline int ilogb(double x) { return std::ilogb(x); }
inline int ilogbf(float x) { return std::ilogb(x); }
inline double nan(int) { return std::nan(""); }
inline float nanf(int) { return std::nanf(""); }
inline float fma(float x, float y, float z) { return std::fma(x, y, z); }
inline double fma(double x, double y, double z) { return std::fma(x, y, z); }
inline float fmaf(float x, float y, float z) { return std::fma(x, y, z); }
inline float ldexp(float x, int e) { return std::ldexp(x, e); }
inline double ldexp(double x, int e) { return std::ldexp(x, e); }
inline float ldexpf(float x, int e) { return std::ldexp(x, e); }
inline float scalbn(float x, int e) { return std::scalbn(x, e); }
inline double scalbn(double x, int e) { return std::scalbn(x, e); }
inline float scalbnf(float x, int e) { return std::scalbn(x, e); }
// out parameters
inline float frexp(float x, int* e) { return std::frexp(x, e); }
inline double frexp(double x, int* e) { return std::frexp(x, e); }
inline float frexpf(float x, int* e) { return std::frexp(x, e); }
inline float modf(float x, float* ip) { return std::modf(x, ip); }
inline double modf(double x, double* ip) { return std::modf(x, ip); }
inline float modff(float x, float* ip) { return std::modf(x, ip); }
inline float remquo(float x, float y, int* q) { return std::remquo(x, y, q); }
inline double remquo(double x, double y, int* q) { return std::remquo(x, y, q); }
inline float remquof(float x, float y, int* q) { return std::remquo(x, y, q); }
inline void sincos(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }
inline void sincos(double x, double* s, double* c) { *s = std::sin(x); *c = std::cos(x); }
inline void sincosf(float x, float* s, float* c) { sincos(x, s, c); }
inline float lgamma(float x, int* sign) { return ::lgammaf_r(x, sign); }
inline double lgamma(double x, int* sign) { return ::lgamma_r(x, sign); }
inline float lgammaf(float x, int* sign) { return ::lgammaf_r(x, sign); }
}  // namespace precise_math

// fast_math: float only (a double argument converts to float, as with the real header)
namespace fast_math {
#define AMPPY_EMU_F1(name)                                                         \
    inline float name(float x) { return precise_math::name##f(x); }            \
    inline float name##f(float x) { return precise_math::name##f(x); }
#define AMPPY_EMU_F2(name)                                                         \
    inline float name(float x, float y) { return precise_math::name##f(x, y); } \
    inline float name##f(float x, float y) { return precise_math::name##f(x, y); }
AMPPY_EMU_F1(acos) AMPPY_EMU_F1(asin) AMPPY_EMU_F1(atan) AMPPY_EMU_F2(atan2) AMPPY_EMU_F1(ceil)
AMPPY_EMU_F1(cos) AMPPY_EMU_F1(cosh) AMPPY_EMU_F1(exp) AMPPY_EMU_F1(exp2) AMPPY_EMU_F1(fabs)
AMPPY_EMU_F1(floor) AMPPY_EMU_F2(fmax) AMPPY_EMU_F2(fmin) AMPPY_EMU_F2(fmod) AMPPY_EMU_F1(log)
AMPPY_EMU_F1(log10) AMPPY_EMU_F1(log2) AMPPY_EMU_F2(pow) AMPPY_EMU_F1(round) AMPPY_EMU_F1(rsqrt)
AMPPY_EMU_F1(sin) AMPPY_EMU_F1(sinh) AMPPY_EMU_F1(sqrt) AMPPY_EMU_F1(tan) AMPPY_EMU_F1(tanh)
AMPPY_EMU_F1(trunc)
#undef AMPPY_EMU_F1
#undef AMPPY_EMU_F2
inline int isfinite(float x) { return precise_math::isfinite(x); }
inline int isinf(float x) { return precise_math::isinf(x); }
inline int isnan(float x) { return precise_math::isnan(x); }
inline int signbit(float x) { return precise_math::signbit(x); }
inline int signbitf(float x) { return precise_math::signbit(x); }
inline float ldexp(float x, int e) { return std::ldexp(x, e); }
inline float ldexpf(float x, int e) { return std::ldexp(x, e); }
inline float frexp(float x, int* e) { return std::frexp(x, e); }
inline float frexpf(float x, int* e) { return std::frexp(x, e); }
inline float modf(float x, float* ip) { return std::modf(x, ip); }
inline float modff(float x, float* ip) { return std::modf(x, ip); }
inline void sincos(float x, float* s, float* c) { precise_math::sincos(x, s, c); }
inline void sincosf(float x, float* s, float* c) { precise_math::sincos(x, s, c); }
}  // namespace fast_math
}  // namespace concurrency
