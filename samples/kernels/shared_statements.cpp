// Host code and kernels accept the same statements: one restrict(cpu, amp) function with a
// switch that falls through, a do-while with continue, and counted loops written with
// `!=`, `<=` and an unsigned counter, and `a[f(k)] += v`, run once by the host and once per
// GPU thread.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int pick(int k) restrict(cpu, amp) {
    return k % 3;
}

int score(int k) restrict(cpu, amp) {
    int s = 0;
    int bins[3] = {0, 0, 0};
    bins[pick(k)] += 5;         // the subscript is computed once
    bins[pick(k + 1)]++;
    s += bins[0] * 1000 + bins[1] * 100 + bins[2] * 10;
    switch (k % 4) {
    case 0:
        s += 1;             // falls through into case 1
    case 1:
        s += 10;
        break;
    case 2:
    case 3:
        s += 100;
        break;
    }
    int i = 0;
    do {
        i++;
        if (i == 2) continue;   // goes to the condition
        s += i;
    } while (i < 4);
    for (int j = 0; j != k; j++) s += 2;
    for (int j = 3; j <= 5; j += 2) s += j;
    for (unsigned u = 0; u < 3u; u++) s += (int)u;
    for (int j = k; j > 0; j--) s -= 1;
    return s;
}

int main() {
    const int n = 8;
    std::vector<int> out(n);
    array_view<int, 1> av(n, out);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        av[idx] = score(idx[0]);
    });
    av.synchronize();
    for (int k = 0; k < n; k++) {
        std::cout << k << ": host " << score(k) << ", kernel " << out[k] << "\n";
    }
    return 0;
}
