// Ranks above 3: extent<4>/index<4> made from int arrays, an array_view<int, 4> filled by an
// untiled kernel (on CUDA one row-major thread numbering split into four components), index
// arithmetic and a projection to rank 3 on the host and in a kernel.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
int main() {
    int dims[4] = {2, 3, 4, 5};
    extent<4> e(dims);
    std::vector<int> v(e.size(), 0);
    array_view<int, 4> a(e, v);
    parallel_for_each(a.extent, [=](index<4> i) restrict(amp) {
        a[i] = i[0] * 1000 + i[1] * 100 + i[2] * 10 + i[3];
    });
    int at[4] = {1, 2, 3, 4};
    index<4> p(at);
    std::cout << e.size() << " " << a[p] << " " << v[119] << " " << a.extent[3] << " " << e.rank << "\n";
    index<4> q = p - 1;
    std::cout << a[q] << " " << e.contains(q * 2) << "\n";
    array_view<int, 3> half = a[1];
    std::vector<int> sums(3, 0);
    array_view<int, 1> s(3, sums);
    parallel_for_each(s.extent, [=](index<1> j) restrict(amp) {
        int total = 0;
        for (int k = 0; k < 4; k++)
            for (int m = 0; m < 5; m++) total += half(j[0], k, m);
        s[j] = total;
    });
    std::cout << s[0] << " " << s[1] << " " << s[2] << "\n";
    return 0;
}
