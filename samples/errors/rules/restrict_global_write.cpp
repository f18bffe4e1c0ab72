// Rule amp-restrict: restrict(amp) code cannot write a global variable (Visual Studio: C3586),
// also one only declared here: that is the compiler's error, before the linker would miss it.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int gLastIndex = 0;
extern int gFlag;

void set_flag(bool set) restrict(amp) {
    gFlag = set ? 1 : 0; // expected-error {{[amp-restrict]}}
}

int main() {
    std::vector<int> data;
    for (int i = 0; i < 16; i++) data.push_back(i);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        av[idx] += 1;
        gLastIndex = idx[0]; // expected-error {{[amp-restrict]}}
    });
    av.synchronize();
    std::cout << data[5] << " " << gLastIndex << std::endl;
    return 0;
}
