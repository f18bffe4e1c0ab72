// Demonstrates: an untiled 1-D parallel_for_each (index<1>) with a restrict(amp)
// helper, C++ integer division/modulo of negative numbers (truncation toward
// zero), unsigned 32-bit wraparound and shifts, and a float result.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

const int SIZE = 12;

int combine(int a, int b) restrict(amp) {
    return a * 3 - b;
}

int main() {
    std::vector<int> va, vb, vsum, vquot, vrem;
    std::vector<unsigned> vhash;
    std::vector<float> vquarter;
    for (int i = 0; i < SIZE; i++) {
        va.push_back(i * 2 - 7);
        vb.push_back(5 - i);
        vsum.push_back(0);
        vquot.push_back(0);
        vrem.push_back(0);
        vhash.push_back(0);
        vquarter.push_back(0.0f);
    }
    array_view<const int, 1> a(SIZE, va);
    array_view<const int, 1> b(SIZE, vb);
    array_view<int, 1> sum(SIZE, vsum);
    array_view<int, 1> quot(SIZE, vquot);
    array_view<int, 1> rem(SIZE, vrem);
    array_view<unsigned, 1> hash(SIZE, vhash);
    array_view<float, 1> quarter(SIZE, vquarter);

    parallel_for_each(sum.extent, [=](index<1> idx) restrict(amp) {
        int i = idx[0];
        sum[idx] = a[idx] + b[idx] + combine(a[i], b[i]);
        quot[idx] = a[idx] / 4;
        rem[idx] = a[idx] % 4;
        unsigned h = (unsigned)i * 2654435761u;
        h = h ^ (h >> 16);
        hash[idx] = h;
        quarter[idx] = a[idx] * 0.25f;
    });

    std::cout << "   i   a   b  sum  a/4  a%4       hash   a*0.25" << std::endl;
    for (int i = 0; i < SIZE; i++) {
        std::cout << std::setw(4) << i << std::setw(4) << a[i] << std::setw(4) << b[i]
                  << std::setw(5) << sum[i] << std::setw(5) << quot[i] << std::setw(5) << rem[i]
                  << std::setw(11) << hash[i] << std::setw(9) << quarter[i] << std::endl;
    }
    return 0;
}
