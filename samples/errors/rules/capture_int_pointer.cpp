// Rule amp-capture: a host pointer (int*) cannot be captured into a kernel.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    int offset = 5;
    int* pOffset = &offset;                         // the host may take the address of a local
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) { av[idx] += *pOffset; }); // expected-error {{[amp-capture]}}
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
