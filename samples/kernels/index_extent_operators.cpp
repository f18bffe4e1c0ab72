// index<N> and extent<N> operators on the host and in kernels: with each other and with an int
// (+ - * / %, both orders), compound forms, ++/--, ==, extent::size() and contains() in a kernel.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
int main() {
    std::vector<int> v(24, 0);
    array_view<int, 2> a(4, 6, v);
    parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
        array_view<int, 1> row = a[i[0]];
        for (int j = 0; j < row.extent[0]; j++) row[j] = i[0] * 10 + j;
    });
    parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) {
        array_view<int, 2> s = a.section(index<2>(1, 2), extent<2>(2, 3));
        s(0, 0) = -1;
        s[index<2>(1, 2)] = -2;
        array_view<int, 2> t = a.section(index<2>(3, 4));
        t(0, 1) = t.extent[0] * 100 + t.extent[1];
    });
    std::vector<int> w(12, 0);
    array_view<int, 2> b(3, 4, w);
    parallel_for_each(b.extent, [=](index<2> idx) restrict(amp) {
        index<2> p = idx * 2 + 1;
        index<2> q = 10 - idx;
        q /= 3;
        extent<2> e(3, 4);
        ++p;
        int inside = e.contains(idx + index<2>(1, 1)) ? 1 : 0;
        b[idx] = p[0] * 1000 + p[1] * 100 + q[0] * 10 + q[1] + inside * 10000 + (int)e.size() * 100000;
    });
    for (int i = 0; i < 4; i++) { for (int j = 0; j < 6; j++) std::cout << a(i, j) << " "; std::cout << "\n"; }
    for (int i = 0; i < 3; i++) { for (int j = 0; j < 4; j++) std::cout << b(i, j) << " "; std::cout << "\n"; }
    index<2> h(7, -7);
    h = h / 2; std::cout << h[0] << "," << h[1] << " ";
    h = -9 % index<2>(4, 4); std::cout << h[0] << "," << h[1] << " ";
    h++; std::cout << h[0] << "," << h[1] << "\n";
    extent<3> e3(2, 3, 4);
    e3 *= 2;
    std::cout << e3.size() << " " << (e3 == extent<3>(4, 6, 8)) << "\n";
    return 0;
}
