// Rule amp-restrict: the type short is not allowed in restrict(amp) code.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        short small = 7; // expected-error {{[amp-restrict]}}
        av[idx] += (int)small;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
