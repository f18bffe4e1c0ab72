// Demonstrates: untiled 2-D kernels (index<2>): a transpose into a COLS x ROWS
// array_view, a 5-point stencil with bounds checks, and negative integer
// division/modulo through a restrict(amp) helper.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

const int ROWS = 5;
const int COLS = 7;

int truncDiv(int num, int den) restrict(amp) {
    return num / den;
}

int main() {
    std::vector<int> vin, vt, vs, vd;
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) {
            vin.push_back((r * 3 + c * c) % 10);
            vt.push_back(0);
            vs.push_back(0);
            vd.push_back(0);
        }
    }
    array_view<const int, 2> m(ROWS, COLS, vin);
    array_view<int, 2> transposed(COLS, ROWS, vt);
    array_view<int, 2> stencil(ROWS, COLS, vs);
    array_view<int, 2> divmod(ROWS, COLS, vd);

    parallel_for_each(m.extent, [=](index<2> idx) restrict(amp) {
        int r = idx[0];
        int c = idx[1];
        transposed(c, r) = m(r, c);
        int s = -4 * m(r, c);
        if (r > 0) s += m(r - 1, c);
        if (r < ROWS - 1) s += m(r + 1, c);
        if (c > 0) s += m(r, c - 1);
        if (c < COLS - 1) s += m(r, c + 1);
        stencil[idx] = s;
        divmod[idx] = truncDiv(r - 2 * c, 3) * 10 + (r - c) % 3;
    });

    std::cout << "stencil:" << std::endl;
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) std::cout << std::setw(5) << stencil(r, c);
        std::cout << std::endl;
    }
    std::cout << "transposed:" << std::endl;
    for (int r = 0; r < COLS; r++) {
        for (int c = 0; c < ROWS; c++) std::cout << std::setw(3) << transposed(r, c);
        std::cout << std::endl;
    }
    std::cout << "(r-2c)/3*10 + (r-c)%3:" << std::endl;
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) std::cout << std::setw(5) << divmod(r, c);
        std::cout << std::endl;
    }
    return 0;
}
