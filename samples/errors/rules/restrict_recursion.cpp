// Rule amp-restrict: restrict(amp) functions cannot be recursive (direct
// recursion; the diagnostic is on the recursive call).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int factorial(int n) restrict(amp) {
    if (n <= 1) return 1;
    return n * factorial(n - 1); // expected-error {{[amp-restrict]}}
}

int main() {
    std::vector<int> data;
    for (int i = 0; i < 8; i++) data.push_back(i);
    array_view<int, 1> av(8, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        av[idx] = factorial(av[idx]);
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
