// concurrency::fast_math in a kernel (float only: a double argument is converted to float, as
// with the real header), the classification functions of both math namespaces on special
// values (they return int in C++ AMP), and <cmath>'s functions with out parameters on the host
// (frexp, modf, remquo through the address of a local).  Floating results are printed with 4
// decimals: a CPU library and a GPU's may differ in the last bit.
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
    const int n = 4;
    std::vector<float> in = {0.3f, 1.7f, -2.25f, 3.6f};
    std::vector<float> out(n * 16);
    std::vector<int> exps(n);
    array_view<const float, 1> x(n, in);
    array_view<float, 2> y(n, 16, out);
    array_view<int, 1> ex(n, exps);
    parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
        float v = x[i];
        float a = fast_math::fabsf(v);
        double wide = v;                        // fast_math::sqrt(double) computes in float
        int r = i[0];
        y(r, 0) = fast_math::acos(v / 4) + fast_math::asin(v / 4) + fast_math::atan(v);
        y(r, 1) = fast_math::atan2f(v, 2.0f) + fast_math::cos(v) + fast_math::coshf(v / 2);
        y(r, 2) = fast_math::exp(v) - fast_math::exp2f(v);
        y(r, 3) = fast_math::log(a) + fast_math::log10(a) + fast_math::log2f(a);
        y(r, 4) = fast_math::pow(a, 0.5f) + fast_math::rsqrt(a) + fast_math::sqrt(wide * wide);
        y(r, 5) = fast_math::sin(v) + fast_math::sinhf(v / 2) + fast_math::tan(v / 2) + fast_math::tanh(v);
        y(r, 6) = fast_math::ceil(v) * 100 + fast_math::floor(v) * 10 + fast_math::trunc(v);
        y(r, 7) = fast_math::round(v) + fast_math::fabs(v) + fast_math::fmodf(v, 0.5f);
        y(r, 8) = fast_math::fmax(v, 1.0f) - fast_math::fmin(v, 1.0f);
        y(r, 9) = fast_math::ldexp(v, 2);
        int e;
        y(r, 10) = fast_math::frexp(v, &e);
        ex[i] = e;
        float whole;
        y(r, 11) = fast_math::modf(v, &whole);
        y(r, 12) = whole;
        float s, c;
        fast_math::sincosf(v, &s, &c);
        y(r, 13) = s * s + c * c;
        y(r, 14) = (float)fast_math::signbit(v) + fast_math::isfinite(v) * 2;
        y(r, 15) = fast_math::sqrtf(a) + fast_math::truncf(v);
    });
    y.synchronize();
    ex.synchronize();
    printf("fast_math\n");
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < 16; c++) printf(" %.4f", out[r * 16 + c] + 0.0f);
        printf(" | %d\n", exps[r]);
    }

    // classification of special values, in both namespaces (1 for true)
    float zero = 0.0f;
    std::vector<float> special = {1.5f, -0.0f, 1.0f / zero, -1.0f / zero, std::nanf(""), 1e-40f, -2.0f, 3e38f};
    const int m = 8;
    std::vector<int> classes(m * 8);
    array_view<const float, 1> sp(m, special);
    array_view<int, 2> cl(m, 8, classes);
    parallel_for_each(sp.extent, [=](index<1> i) restrict(amp) {
        float v = sp[i];
        int r = i[0];
        cl(r, 0) = precise_math::isfinite(v);
        cl(r, 1) = precise_math::isinf(v);
        cl(r, 2) = precise_math::isnan(v);
        cl(r, 3) = precise_math::isnormal(v);
        cl(r, 4) = precise_math::signbit(v);
        int k = precise_math::fpclassify(v);
        cl(r, 5) = k == FP_NAN ? 0 : k == FP_INFINITE ? 1 : k == FP_ZERO ? 2 : k == FP_SUBNORMAL ? 3 : 4;
        cl(r, 6) = fast_math::isnan(v) * 4 + fast_math::isinf(v) * 2 + fast_math::isfinite(v);
        double d = v;
        cl(r, 7) = precise_math::isnormal(d) + precise_math::isinf(d * 1e10) * 2;
    });
    cl.synchronize();
    printf("finite inf nan normal signbit class fast double\n");
    for (int r = 0; r < m; r++) {
        for (int c = 0; c < 8; c++) printf(" %d", classes[r * 8 + c]);
        printf("\n");
    }

    // <cmath> on the host: out parameters through the address of a local
    double value = -7.75;
    int exponent;
    double mantissa = std::frexp(value, &exponent);
    double whole;
    double fraction = std::modf(value, &whole);
    int quotient;
    double rest = std::remquo(value, 2.0, &quotient);
    printf("frexp %.4f %d, modf %.4f %.1f, remquo %.4f %d\n", mantissa, exponent, fraction, whole, rest, quotient);
    printf("fma %.3e, fdim %.1f %.1f, nextafter %.3e, ilogb %d, logb %.1f, nearbyint %.1f, remainder %.2f\n",
           std::fma(0.1, 10.0, -1.0), std::fdim(3.0, 1.0), std::fdim(1.0, 3.0), std::nextafter(1.0, 2.0) - 1.0,
           std::ilogb(1000.0), std::logb(0.01), std::nearbyint(-3.5), std::remainder(7.0, 2.0));
    int cls = std::fpclassify(value);
    printf("isnormal %d, signbit %d, normal class %d, frexpf %.3f, scalbn %.1f, ldexp %.2f\n",
           (int)std::isnormal(value), (int)std::signbit(value), cls == FP_NORMAL ? 1 : 0, std::frexp(12.0f, &exponent),
           std::scalbn(3.0, 4), std::ldexp(1.0f, -2));
    return 0;
}
