// Rule amp-restrict: restrict(amp) functions cannot be recursive, also through
// a cycle of two functions. Every call that lies on the cycle is reported.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int isOdd(int n) restrict(amp);

int isEven(int n) restrict(amp) {
    if (n == 0) return 1;
    return isOdd(n - 1); // expected-error {{[amp-restrict]}}
}

int isOdd(int n) restrict(amp) {
    if (n == 0) return 0;
    return isEven(n - 1); // expected-error {{[amp-restrict]}}
}

int main() {
    std::vector<int> data;
    for (int i = 0; i < 8; i++) data.push_back(i);
    array_view<int, 1> av(8, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        av[idx] = isEven(av[idx]);
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
