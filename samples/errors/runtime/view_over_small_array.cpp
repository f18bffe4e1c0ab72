// An array_view whose extent, known only at run time, holds more elements than the C array
// under it. C++ AMP would read and write past the array (undefined behaviour); amppy stops the
// program where the view is made, with the concurrency::runtime_exception that C++ AMP throws
// for a container smaller than the view (the compile-time case is the array-bounds rule:
// samples/errors/rules/view_over_small_array.cpp).
#include <iostream>
#include <amp.h>
using namespace concurrency;

int main() {
    int samples[32];
    for (int i = 0; i < 32; i++) {
        samples[i] = i;
    }
    int count = 32;
    array_view<int> fits(count, samples);
    std::cout << "a view of " << fits.extent[0] << " elements" << std::endl;
    count *= 128;
    array_view<int> past(count, samples);
    std::cout << past[0] << std::endl;
    return 0;
}
