// `++`/`--` used as values inside kernels and restrict(amp) functions, as packing loops write
// them: `out[k++] = x`, `int m = ++k;`, `return n--;`.  Each runs exactly where C++ runs it;
// the same functions run on the host too.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

// Copies the odd values of `in` to the front of `out`; returns how many.
int pack_odd(const int in[8], int out[8]) restrict(amp, cpu) {
    int k = 0;
    for (int i = 0; i < 8; i++) {
        if (in[i] % 2 != 0) out[k++] = in[i];
    }
    return k;
}

int countdown(int n) restrict(amp, cpu) {
    int steps = 0;
    while (n > 0) {
        int before = n--;
        steps += before;
    }
    return steps;
}

int main() {
    std::vector<int> v(32, 0);
    array_view<int, 1> av(32, v);
    av.discard_data();
    parallel_for_each(extent<1>(4), [=](index<1> idx) restrict(amp) {
        int base = idx[0] * 8;
        int in[8];
        for (int i = 0; i < 8; i++) in[i] = idx[0] * 8 + i * 3;
        int out[8];
        int n = pack_odd(in, out);
        int k = base;
        for (int i = 0; i < n; i++) av[k++] = out[i];
        int m = ++k;                     // k is one past the gap now
        av[k - 1] = -m;
        while (k < base + 8) av[k++] = countdown(idx[0] + 1);
    });
    for (int i = 0; i < 32; i++) std::cout << av[i] << (i % 8 == 7 ? "\n" : " ");

    int in[8] = {1, 2, 3, 4, 5, 6, 7, 9};
    int out[8];
    int n = pack_odd(in, out);
    std::cout << "host: " << n << " odd:";
    for (int i = 0; i < n; i++) std::cout << " " << out[i];
    std::cout << ", countdown(4) = " << countdown(4) << "\n";
    return 0;
}
