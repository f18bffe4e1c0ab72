// do-while loops on the host and in a kernel: `continue` (which goes to the condition),
// `break`, nested do-while loops with `continue`, and the `do { ... } while (false)` idiom.
#include <amp.h>
#include <iostream>
using namespace concurrency;

#define CLAMP(x) do { if ((x) > 9) (x) = 9; } while (0)

int collatz_steps(int n) restrict(cpu, amp) {
    int steps = 0;
    do {
        if (n % 2 == 0) { n /= 2; steps++; continue; }
        n = 3 * n + 1;
        steps++;
    } while (n != 1);
    return steps;
}

int main() {
    int i = 0, odd = 0;
    do {
        i++;
        if (i % 2 == 0) continue;
        odd += i;
        int j = 0;
        do {
            j++;
            if (j == 2) continue;
            if (j > 3) break;
            odd += 100;
        } while (j < 10);
    } while (i < 7);
    int v = 42;
    CLAMP(v);
    do {
        v += 1;
        if (v > 5) break;
        v += 1000;
    } while (false);
    std::cout << i << " " << odd << " " << v << " " << collatz_steps(27) << std::endl;

    std::vector<int> out(4);
    array_view<int, 1> a(4, out);
    parallel_for_each(a.extent, [=](index<1> idx) restrict(amp) {
        int k = idx[0] + 5;
        CLAMP(k);
        a[idx] = collatz_steps(idx[0] + 6) * 10 + k;
    });
    for (int n = 0; n < 4; n++) std::cout << a[n] << " ";
    std::cout << std::endl;
    return 0;
}
