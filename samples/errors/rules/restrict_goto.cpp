// Rule amp-restrict: goto is not allowed in restrict(amp) code.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        int v = av[idx];
        if (v > 8) goto done; // expected-error {{[amp-restrict]}}
        v = v * 2;
    done:
        av[idx] = v;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
