// Rule amp-restrict: a restrict(cpu, amp) function must obey the amp rules too,
// so it cannot call a function that is only restrict(cpu).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int half(int v) {
    return v / 2;
}

int quarter(int v) restrict(cpu, amp) {
    return half(half(v)); // expected-error {{call to 'half', which is not restrict(amp), from restrict(amp) code [amp-restrict]}}
}

int main() {
    std::cout << quarter(8) << std::endl;
    return 0;
}
