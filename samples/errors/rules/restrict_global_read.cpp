// Rule amp-restrict: restrict(amp) code cannot read a mutable global variable
// (a const global with a constant initializer would be fine).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int gScale = 3;
const int kOffset = 1;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        int v = av[idx] + kOffset;
        av[idx] = v * gScale; // expected-error {{[amp-restrict]}}
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
