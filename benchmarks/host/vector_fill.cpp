// Fill two vectors in a loop, add them in a kernel, verify every element on the CPU.
// The shape of most C++ AMP programs: host loops around one kernel.  n from the command line.
#include <amp.h>
#include <cstdlib>
#include <iostream>
#include <vector>
using namespace concurrency;

int main(int argc, char* argv[]) {
    int n = argc > 1 ? atoi(argv[1]) : 1000000;
    std::vector<float> a(n), b(n), c(n);
    // fill the inputs
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 1000) * 0.25f;
        b[i] = (float)(i % 7) - 3.0f;
    }
    array_view<const float, 1> av(n, a), bv(n, b);
    array_view<float, 1> cv(n, c);
    cv.discard_data();
    parallel_for_each(cv.extent, [=](index<1> idx) restrict(amp) {
        cv[idx] = av[idx] + bv[idx];
    });
    cv.synchronize();
    // verify every element, and sum them
    int errors = 0;
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        if (c[i] != a[i] + b[i])
            errors++;
        sum += c[i];
    }
    std::cout << "n = " << n << ", errors = " << errors << ", sum = " << sum << std::endl;
    return errors == 0 ? 0 : 1;
}
