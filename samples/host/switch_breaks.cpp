// A switch case may leave early: a 'break' inside an if or a block of the case ends the switch
// there (the rest of the case runs only on the paths that do not break), on the host and in a
// kernel.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int pick(int k, int c) restrict(cpu, amp) {
    int r = 0;
    switch (k) {
    case 0:
        if (c > 1) { r += 10; break; }
        r += 1;
        break;
    case 1:
        { r += 100; if (c == 0) break; else r += 1000; }
        r += 5;
        break;
    default:
        if (c) { if (c > 2) break; r += 7; } else { r += 3; }
        r += 2;
        break;
    }
    return r;
}

int main() {
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 4; c++) std::cout << pick(k, c) << " ";
    std::cout << std::endl;
    std::vector<int> out(12);
    array_view<int, 2> v(3, 4, out);
    parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = pick(i[0], i[1]); });
    v.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << std::endl;
    return 0;
}
