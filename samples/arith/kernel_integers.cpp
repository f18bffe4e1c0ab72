// Kernel arithmetic in exactly 32 bits: an overflowed hash, shifts and divisions of
// wrapped values, (int) of an unsigned above INT_MAX, unsigned decrement below zero.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;
int main() {
    std::vector<int> out(8);
    std::vector<unsigned> uout(2);
    array_view<int, 1> o(8, out);
    array_view<unsigned, 1> uo(2, uout);
    parallel_for_each(o.extent, [=](index<1> idx) restrict(amp) {
        if (idx[0] == 0) {
            int h = 0;
            for (int i = 0; i < 100; i++) h = h * 31 + i;
            o[0] = h; o[1] = h >> 28; o[2] = h / 7; o[3] = h % 7;
            unsigned u = 2147483649u;
            o[4] = (int)u / 2;
            int x = 2147483647; x++;
            o[5] = x >> 28;
            int y = 2147483647; y += 10;
            o[6] = y / 3;
            o[7] = -(x) / 5;
            unsigned v = 0u; v--;
            uo[0] = v;
            uo[1] = ~0u / 3u;
        }
    });
    for (int i = 0; i < 8; i++) std::cout << o[i] << " ";
    std::cout << uo[0] << " " << uo[1] << std::endl;
    return 0;
}
