// Integer arithmetic where C++ and Python differ: 32-bit int wraparound, truncating division
// and remainders of negative numbers, unsigned wraparound, a 64-bit accumulator.  The same hash
// runs in a kernel, and the host checks it.
#include <amp.h>
#include <cstdlib>
#include <iostream>
#include <vector>
using namespace concurrency;

int hash_of(int i) restrict(cpu, amp) {
    int h = i * 747796405 + 1013904223;       // wraps
    h = (h ^ (h >> 13)) * 1274126177;
    return h;
}

int main(int argc, char* argv[]) {
    int n = argc > 1 ? atoi(argv[1]) : 1000000;
    std::vector<int> h(n);
    array_view<int, 1> hv(n, h);
    hv.discard_data();
    parallel_for_each(hv.extent, [=](index<1> idx) restrict(amp) {
        hv[idx] = hash_of(idx[0]);
    });
    hv.synchronize();
    long long acc = 0;
    int mixed = 17, bad = 0;
    unsigned int u = 1;
    for (int i = 0; i < n; i++) {
        int x = h[i];
        if (x != (i * 747796405 + 1013904223 ^ ((i * 747796405 + 1013904223) >> 13)) * 1274126177)
            bad++;
        acc += x % 1000 + x / -7 % 13;         // remainders and quotients of negatives truncate
        mixed = mixed * 31 + x % 97;           // int wraparound
        u = u * 2654435761u + (unsigned int)(x & 0xff);
    }
    std::cout << "n = " << n << ", bad = " << bad << ", acc = " << acc << ", mixed = " << mixed
              << ", u = " << u << std::endl;
    return bad == 0 ? 0 : 1;
}
