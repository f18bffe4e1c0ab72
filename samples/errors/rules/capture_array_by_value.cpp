// Rule amp-capture: a concurrency::array must be captured by reference; the
// default capture [=] would copy it into the kernel.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<float> data;
    for (int i = 0; i < 16; i++) data.push_back((float)i);
    array<float, 1> values(16, data.begin(), data.end());
    parallel_for_each(values.extent, [=](index<1> idx) restrict(amp) { values[idx] += 1.0f; }); // expected-error {{[amp-capture]}}
    data = values;
    std::cout << data[5] << std::endl;
    return 0;
}
