// Rule amp-restrict: a kernel may only call functions marked restrict(amp);
// `twice` is an ordinary (restrict(cpu)) function.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int twice(int v) {
    return v * 2;
}

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        av[idx] = twice(av[idx]); // expected-error {{[amp-restrict]}}
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
