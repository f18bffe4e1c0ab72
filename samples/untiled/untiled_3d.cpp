// Demonstrates: an untiled 3-D kernel (index<3>) with index arithmetic in a
// restrict(amp) helper taking an index<3>, negative division truncating toward
// zero, and an int converted to unsigned (negative values wrap modulo 2^32).
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define D0 3
#define D1 4
#define D2 5

int linearize(index<3> i) restrict(amp) {
    return (i[0] * D1 + i[1]) * D2 + i[2];
}

int main() {
    std::vector<int> vlin, vdiv;
    std::vector<unsigned> vwrap;
    for (int n = 0; n < D0 * D1 * D2; n++) {
        vlin.push_back(0);
        vdiv.push_back(0);
        vwrap.push_back(0u);
    }
    extent<3> e(D0, D1, D2);
    array_view<int, 3> lin(e, vlin);
    array_view<int, 3> quotient(e, vdiv);
    array_view<unsigned, 3> wrap(e, vwrap);

    parallel_for_each(e, [=](index<3> idx) restrict(amp) {
        lin[idx] = linearize(idx);
        quotient[idx] = (idx[2] - idx[1] * 3 - idx[0]) / 4;
        unsigned u = (unsigned)(idx[0] - idx[1]);
        wrap[idx] = u % 7u + u / 1000000000u;
    });
    lin.synchronize();
    quotient.synchronize();
    wrap.synchronize();

    int linSum = 0;
    int quotSum = 0;
    unsigned wrapSum = 0;
    for (int n = 0; n < D0 * D1 * D2; n++) {
        linSum += vlin[n];
        quotSum += vdiv[n];
        wrapSum += vwrap[n];
    }
    std::cout << "sums: " << linSum << " " << quotSum << " " << wrapSum << std::endl;
    for (int j = 0; j < D1; j++) {
        std::cout << "[1][" << j << "]:";
        for (int k = 0; k < D2; k++) {
            std::cout << " " << std::setw(2) << lin(1, j, k) << "/" << std::setw(2) << quotient(1, j, k)
                      << "/" << wrap(1, j, k);
        }
        std::cout << std::endl;
    }
    std::cout << "max unsigned from -3: " << (unsigned)(0 - 3) << std::endl;
    return 0;
}
