// Rule amp-restrict: try/catch is not allowed in restrict(amp) code.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        try { // expected-error {{[amp-restrict]}}
            av[idx] = av[idx] * 2;
        } catch (...) {
            av[idx] = -1;
        }
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
