// Rule amp-restrict: a floating literal beyond its type's largest finite value (FLT_MAX for a
// float, DBL_MAX for a double) in restrict(amp) code (Visual Studio: C2177, constant too big).
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
    std::vector<float> v(8, 1.0f);
    array_view<float, 1> av(8, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        float largest = 3.402823466e+38f;          // FLT_MAX as <float.h> writes it: fine
        float beyond = 3.402823467e+38f; // expected-error {{[amp-restrict]}}
        double too_big = 1.7976931348623159e+308; // expected-error {{[amp-restrict]}}
        av[i] = largest - beyond + (float)too_big;
    });
    av.synchronize();
    return 0;
}
