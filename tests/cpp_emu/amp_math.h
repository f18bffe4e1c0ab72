// CPU emulation of <amp_math.h> for the g++ oracle: fast_math and precise_math are the
// <cmath> functions (amppy computes both with the precise versions).
#pragma once
#include <cmath>
namespace concurrency {
namespace precise_math {
using std::sqrt; using std::cbrt; using std::fabs; using std::exp; using std::exp2; using std::expm1;
using std::log; using std::log2; using std::log10; using std::log1p; using std::pow; using std::sin;
using std::cos; using std::tan; using std::asin; using std::acos; using std::atan; using std::atan2;
using std::sinh; using std::cosh; using std::tanh; using std::asinh; using std::acosh; using std::atanh;
using std::hypot; using std::erf; using std::erfc; using std::tgamma; using std::lgamma; using std::floor;
using std::ceil; using std::trunc; using std::round; using std::fmod; using std::fmin; using std::fmax;
using std::copysign;
inline bool isnan(float x) { return std::isnan(x); }
inline bool isnan(double x) { return std::isnan(x); }
inline bool isinf(float x) { return std::isinf(x); }
inline bool isinf(double x) { return std::isinf(x); }
inline bool isfinite(float x) { return std::isfinite(x); }
inline bool isfinite(double x) { return std::isfinite(x); }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline float sqrtf(float x) { return std::sqrt(x); }
inline float sinf(float x) { return std::sin(x); }
inline float hypotf(float x, float y) { return std::hypot(x, y); }
}
namespace fast_math = precise_math;
}
