// view_as inside kernels: a rank-1 view seen as a 3 x 4 matrix, and an array's first 6 elements
// seen as a 2 x 3 view, made in the kernel from its captures; and reinterpret_as there: a float
// view's bits as unsigned ints, a rank-2 array's elements flattened as unsigned ints.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
int main() {
    std::vector<int> v(12);
    for (int i = 0; i < 12; i++) v[i] = i;
    array_view<int, 1> flat(12, v);
    array<int, 2> arr(3, 4, v.begin());
    std::vector<int> out(3, 0);
    array_view<int, 1> sums(3, out);
    parallel_for_each(sums.extent, [=, &arr](index<1> r) restrict(amp) {
        array_view<int, 2> m = flat.view_as(extent<2>(3, 4));
        array_view<int, 2> first = arr.view_as(extent<2>(2, 3));
        int s = 0;
        for (int c = 0; c < 4; c++) s += m(r[0], c);
        sums[r] = s * 100 + first(r[0] % 2, r[0]);
    });
    for (int i = 0; i < 3; i++) std::cout << sums[i] << " ";
    std::cout << "\n";

    std::vector<float> fv = {1.0f, -2.0f, 0.5f, 3.0f};
    array_view<float, 1> floats(4, fv);
    std::vector<unsigned int> bits(4, 0), flatu(4, 0);
    array_view<unsigned int, 1> bv(4, bits), fu(4, flatu);
    parallel_for_each(bv.extent, [=, &arr](index<1> i) restrict(amp) {
        array_view<unsigned int, 1> u = floats.reinterpret_as<unsigned int>();
        bv[i] = u[i];
        array_view<unsigned int, 1> all = arr.reinterpret_as<unsigned int>();
        fu[i] = all[11 - i[0]] + all.get_extent()[0] * 100;
    });
    bv.synchronize();
    fu.synchronize();
    for (int i = 0; i < 4; i++) std::cout << std::hex << bits[i] << " " << std::dec << flatu[i] << "\n";
    return 0;
}
