// Function objects as kernels: parallel_for_each(extent, Multiply(a, b, c, w)) runs the class's
// restrict(amp) operator()(index<2>) on every index (the C++ AMP book's chapter 4 style), with the
// object's fields (array_views and an int) as the kernel's by-value captures; a named function
// object over a tiled extent, reading a field through this->.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
class Multiply {
private:
    array_view<const float, 2> m_mA;
    array_view<const float, 2> m_mB;
    array_view<float, 2> m_mC;
    int m_W;
public:
    Multiply(const array_view<const float, 2>& a, const array_view<const float, 2>& b,
             const array_view<float, 2>& c, int w) : m_mA(a), m_mB(b), m_mC(c), m_W(w) {}
    void operator()(index<2> idx) const restrict(amp) {
        int row = idx[0]; int col = idx[1];
        float sum = 0.0f;
        for (int i = 0; i < m_W; i++) sum += m_mA(row, i) * m_mB(i, col);
        m_mC[idx] = sum;
    }
};
struct AddOne {
    array_view<int, 1> v;
    int k;
    AddOne(array_view<int, 1> a, int kk) : v(a), k(kk) {}
    void operator()(tiled_index<2> t) const restrict(amp) { this->v[t.global] += k + t.local[0]; }
};
int main() {
    std::vector<float> a(6), b(6), c(4);
    for (int i = 0; i < 6; i++) { a[i] = i; b[i] = 6 - i; }
    array_view<const float, 2> av(2, 3, a), bv(3, 2, b);
    array_view<float, 2> cv(2, 2, c);
    parallel_for_each(cv.extent, Multiply(av, bv, cv, 3));
    std::vector<int> w(4, 10);
    array_view<int, 1> wv(4, w);
    AddOne f(wv, 5);
    parallel_for_each(wv.extent.tile<2>(), f);
    std::cout << cv(0, 0) << " " << cv(0, 1) << " " << cv(1, 0) << " " << cv(1, 1) << " " << wv[0] << " " << wv[3] << std::endl;
}
