// Math functions on the host (<cmath>) and in kernels (precise_math): classification
// (isnan, isinf, isfinite), hypot, cbrt, copysign, erf, tgamma, lgamma, log1p, expm1, asinh,
// fmin/fmax and float overloads. Kernel values are printed with 4 significant digits: float
// math functions may differ in their last bit between a CPU library and a GPU's (as they do
// between Visual C++ and a C++ AMP accelerator).
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <iomanip>
#include <iostream>
using namespace concurrency;

int main() {
    std::vector<float> in = {0.5f, 2.0f, -3.0f, 8.0f};
    std::vector<float> out(4 * 8);
    array_view<const float, 1> x(4, in);
    array_view<float, 2> y(4, 8, out);
    parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
        float v = x[i];
        int r = i[0];
        y(r, 0) = precise_math::hypot(v, 1.0f) + precise_math::cbrt(v);
        y(r, 1) = precise_math::copysign(2.0f, v) + precise_math::fmin(v, 1.0f) + precise_math::fmax(v, 1.0f);
        y(r, 2) = precise_math::erf(v * 0.5f) + precise_math::log1p(precise_math::fabs(v));
        y(r, 3) = precise_math::expm1(v * 0.25f) + precise_math::asinh(v);
        y(r, 4) = precise_math::tgamma(precise_math::fabs(v) + 1.0f) - precise_math::lgamma(precise_math::fabs(v) + 2.0f);
        float z = (v - v) / (v - v);           // 0/0 is NaN, x/0 is +-infinity
        float w = 1.0f / (v - v);
        y(r, 5) = (precise_math::isnan(z) ? 1.0f : 0.0f) + (precise_math::isinf(w) ? 10.0f : 0.0f)
                  + (precise_math::isfinite(v) ? 100.0f : 0.0f);
        y(r, 6) = precise_math::rsqrtf(precise_math::fabs(v)) + precise_math::sinf(v);
        y(r, 7) = precise_math::pow(precise_math::fabs(v), 1.5f) + precise_math::round(v * 1.25f);
    });
    std::cout << std::setprecision(4);
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 8; c++) std::cout << y(r, c) << " ";
        std::cout << std::endl;
    }
    std::cout << std::setprecision(6);
    double d = -2.5;
    std::cout << std::hypot(3.0, 4.0) << " " << std::cbrt(27.0) << " " << std::copysign(1.0, d) << " "
              << std::erf(0.5) << " " << std::tgamma(5.0) << " " << std::lgamma(10.0) << " "
              << std::log1p(1e-3) << " " << std::expm1(1e-3) << " " << std::asinh(1.0) << " "
              << std::isnan(d) << " " << std::isinf(d / 0.0) << " " << std::isfinite(d) << " "
              << std::fmin(d, 1.0) << " " << std::fmax(d, 1.0) << " " << sqrtf(2.0f) << std::endl;
    return 0;
}
