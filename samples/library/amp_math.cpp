// C++ AMP's math library in kernels: every function of concurrency::precise_math (float and
// double overloads, the f-suffixed float spellings) and of concurrency::fast_math (float only),
// with the ones that return values through pointers to locals (sincos, frexp, modf, remquo,
// lgamma's sign), and <cmath>'s counterparts on the host.  Floating results are printed with 4
// decimals (6 for double): a CPU library and a GPU's may differ in the last bit, as Visual C++
// and a C++ AMP accelerator do.  Integer results (exponents, quotients, classes) are exact.
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;

#define N 4

void print_table(const char* title, const std::vector<float>& v, int cols) {
    printf("%s\n", title);
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < cols; c++) printf(" %.4f", v[r * cols + c] + 0.0f);
        printf("\n");
    }
}

int main() {
    std::vector<float> in = {0.3f, 1.7f, -2.25f, 3.6f};
    array_view<const float, 1> x(N, in);

    // trigonometric and hyperbolic functions
    std::vector<float> trig(N * 19);
    array_view<float, 2> t(N, 19, trig);
    parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
        float v = x[i];
        int r = i[0];
        t(r, 0) = precise_math::acos(v / 4);
        t(r, 1) = precise_math::acosh(precise_math::fabs(v) + 1);
        t(r, 2) = precise_math::asin(v / 4);
        t(r, 3) = precise_math::asinh(v);
        t(r, 4) = precise_math::atan(v);
        t(r, 5) = precise_math::atan2(v, 1.5f);
        t(r, 6) = precise_math::atanhf(v / 4);
        t(r, 7) = precise_math::cos(v);
        t(r, 8) = precise_math::cosh(v);
        t(r, 9) = precise_math::cospi(v);
        t(r, 10) = precise_math::sinf(v);
        t(r, 11) = precise_math::sinh(v);
        t(r, 12) = precise_math::sinpif(v);
        t(r, 13) = precise_math::tan(v);
        t(r, 14) = precise_math::tanh(v);
        t(r, 15) = precise_math::tanpi(v / 10);
        t(r, 16) = precise_math::hypot(v, 2.0f);
        float s, c;
        precise_math::sincos(v, &s, &c);
        t(r, 17) = s;
        t(r, 18) = c;
    });
    t.synchronize();
    print_table("trigonometry", trig, 19);

    // exponentials, logarithms, powers and special functions
    std::vector<float> ex(N * 24);
    std::vector<int> signs(N);
    array_view<float, 2> e(N, 24, ex);
    array_view<int, 1> sg(N, signs);
    parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
        float v = x[i];
        float a = precise_math::fabsf(v);
        int r = i[0];
        e(r, 0) = precise_math::cbrt(v);
        e(r, 1) = precise_math::erf(v);
        e(r, 2) = precise_math::erfc(v);
        e(r, 3) = precise_math::erfinv(v / 4);
        e(r, 4) = precise_math::erfcinvf(a / 4 + 0.05f);
        e(r, 5) = precise_math::exp(v);
        e(r, 6) = precise_math::exp10(v / 2);
        e(r, 7) = precise_math::exp2(v);
        e(r, 8) = precise_math::expm1(v);
        e(r, 9) = precise_math::log(a);
        e(r, 10) = precise_math::log10(a);
        e(r, 11) = precise_math::log1p(a);
        e(r, 12) = precise_math::log2(a);
        e(r, 13) = precise_math::logb(v * 10);
        e(r, 14) = precise_math::pow(a, 1.5f);
        e(r, 15) = precise_math::rcbrt(v);
        e(r, 16) = precise_math::rsqrt(a);
        e(r, 17) = precise_math::sqrt(a);
        e(r, 18) = precise_math::tgamma(v);
        e(r, 19) = precise_math::lgamma(v);
        int sign;
        e(r, 20) = precise_math::lgamma(v, &sign);
        sg[i] = sign;
        e(r, 21) = precise_math::phi(v);
        e(r, 22) = precise_math::probitf(a / 4);
        e(r, 23) = precise_math::powf(2.0f, v);
    });
    e.synchronize();
    sg.synchronize();
    print_table("exponents and special functions", ex, 24);
    printf("sign of gamma:");
    for (int r = 0; r < N; r++) printf(" %d", signs[r]);
    printf("\n");

    // rounding, remainders, parts of a number: exact results
    std::vector<float> rd(N * 18);
    std::vector<int> ints(N * 4);
    std::vector<float> steps(N);
    array_view<float, 2> d(N, 18, rd);
    array_view<int, 2> k(N, 4, ints);
    array_view<float, 1> st(N, steps);
    parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
        float v = x[i];
        float w = v * 2;
        int r = i[0];
        d(r, 0) = precise_math::ceil(w);
        d(r, 1) = precise_math::floor(w);
        d(r, 2) = precise_math::trunc(w);
        d(r, 3) = precise_math::round(w);
        d(r, 4) = precise_math::nearbyint(w);
        d(r, 5) = precise_math::fmod(v, 0.7f);
        d(r, 6) = precise_math::remainder(v, 0.7f);
        int q;
        d(r, 7) = precise_math::remquo(v, 0.7f, &q);
        d(r, 8) = precise_math::fdim(v, 1.0f);
        d(r, 9) = precise_math::fmax(v, 1.0f) + precise_math::fmin(v, 1.0f);
        d(r, 10) = precise_math::copysign(2.0f, v);
        d(r, 11) = precise_math::fma(v, 3.0f, 0.5f);
        d(r, 12) = precise_math::ldexp(v, 3);
        d(r, 13) = precise_math::scalbn(v, -2) + precise_math::scalb(v, 2.0f);
        int exponent;
        d(r, 14) = precise_math::frexp(v, &exponent);
        float whole;
        d(r, 15) = precise_math::modf(v, &whole);
        d(r, 16) = whole;
        d(r, 17) = precise_math::logbf(v);
        k(r, 0) = q;
        k(r, 1) = exponent;
        k(r, 2) = precise_math::ilogb(v * 100);
        k(r, 3) = precise_math::nearbyint(2.5f) == 2.0f ? 1 : 0;
        st[i] = precise_math::nextafter(v, 0.0f) - v;
    });
    d.synchronize();
    k.synchronize();
    st.synchronize();
    print_table("rounding and parts", rd, 18);
    for (int r = 0; r < N; r++)
        printf("quotient %d, exponent %d, ilogb %d, halves to even %d, step %.3e\n", ints[r * 4], ints[r * 4 + 1],
               ints[r * 4 + 2], ints[r * 4 + 3], steps[r]);

    // the double overloads
    std::vector<double> dbl(N * 12);
    std::vector<int> dints(N * 2);
    array_view<double, 2> db(N, 12, dbl);
    array_view<int, 2> di(N, 2, dints);
    parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
        double v = x[i] + 0.125;
        int r = i[0];
        db(r, 0) = precise_math::sin(v) + precise_math::cos(v);
        db(r, 1) = precise_math::exp(v) - precise_math::log(precise_math::fabs(v));
        db(r, 2) = precise_math::sqrt(precise_math::fabs(v)) + precise_math::cbrt(v);
        db(r, 3) = precise_math::erfinv(v / 4) + precise_math::erfcinv(1.5);
        db(r, 4) = precise_math::sinpi(v) * precise_math::cospi(v);
        db(r, 5) = precise_math::hypot(v, 0.5) + precise_math::fma(v, v, 1.0);
        db(r, 6) = precise_math::phi(v) + precise_math::probit(0.9);
        double s, c;
        precise_math::sincos(v, &s, &c);
        db(r, 7) = s * c;
        double whole;
        db(r, 8) = precise_math::modf(v, &whole) + whole * 10;
        int q, ex2;
        db(r, 9) = precise_math::remquo(v, 0.75, &q);
        db(r, 10) = precise_math::frexp(v, &ex2);
        db(r, 11) = precise_math::nearbyint(v * 4) + precise_math::round(v * 4) * 10;
        di(r, 0) = q;
        di(r, 1) = ex2;
    });
    db.synchronize();
    di.synchronize();
    printf("double\n");
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < 12; c++) printf(" %.6f", dbl[r * 12 + c] + 0.0);
        printf(" | %d %d\n", dints[r * 2], dints[r * 2 + 1]);
    }
    return 0;
}
