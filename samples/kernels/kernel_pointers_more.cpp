// Pointers and calls in kernels that C++ AMP allows:
// - `av.data()` and `arr.data()` in restrict(amp) code (restrict(amp, cpu) members): the address
//   of element 0, moved and read through;
// - a pointer to a struct, null at first, then set to an array element and walked with `p++`
//   in an untiled kernel;
// - the library's operators called by name (`operator+(i, j)`, `operator==`);
// - a restrict(cpu, amp) function whose call picks a restrict(amp) overload on the accelerator
//   and the restrict(cpu) one on the host;
// - a function template's default argument that reads its template parameter.
// g++ cannot build it (overloads that differ only in restrict(...)), so the output is by hand:
// res[i] = data[i] + data[7 - i] * 100 with data[k] = 3k (2100 1803 ... 21); flags[0] = the
// cells 0..2 as a * 10 + (int)(b * 2) = 10 + 21 + 32 = 63, flags[1] = 43 + 54 + 65 = 162;
// sums[i] = (i + 10) + (i == 1 ? 100 : 0) + 2 * 1000 (pick(float) restrict(amp)) + i * 6 * 10000;
// on the host choose(2.5f) = 20 (pick(float) restrict(cpu)), scaled<4>(1) = 8, scaled<4>(1, 3) = 3.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Cell { int a; float b; };

int pick(int) restrict(amp) { return 1; }
int pick(float) restrict(amp) { return 2; }
int pick(int) restrict(cpu) { return 10; }
int pick(float) restrict(cpu) { return 20; }

int choose(float x) restrict(amp, cpu) { return pick(x); }

template <int N>
int scaled(int v, int factor = N * 2) restrict(amp, cpu) { return v * factor; }

int main() {
    std::vector<int> data(8);
    for (int i = 0; i < 8; ++i) data[i] = i * 3;
    array_view<int, 1> av(8, data);
    array<int, 2> grid(2, 4, data.begin(), data.end());
    std::vector<int> out(8);
    array_view<int, 1> res(8, out);
    parallel_for_each(res.extent, [=, &grid](index<1> i) restrict(amp) {
        const int* p = av.data();
        int* q = grid.data();
        res[i] = p[i[0]] + q[7 - i[0]] * 100;
    });
    res.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << "\n";

    std::vector<Cell> cells(6);
    for (int i = 0; i < 6; ++i) { cells[i].a = i + 1; cells[i].b = i * 0.5f; }
    array<Cell, 2> cg(2, 3, cells.begin(), cells.end());
    std::vector<int> flags(2, 0);
    array_view<int, 1> fv(2, flags);
    parallel_for_each(fv.extent, [=, &cg](index<1> i) restrict(amp) {
        const Cell* c = NULL;
        if (i[0] == 0) c = &cg[0][0];
        else c = &cg[1][0];
        int sum = 0;
        for (int k = 0; k < 3; ++k) {
            sum += (*c).a * 10 + (int)(c->b * 2);
            c++;
        }
        fv[i] = sum;
    });
    fv.synchronize();
    std::cout << flags[0] << " " << flags[1] << "\n";

    std::vector<int> sums(3);
    array_view<int, 1> sv(3, sums);
    parallel_for_each(sv.extent, [=](index<1> i) restrict(amp) {
        index<1> j = operator+(i, index<1>(10));
        sv[i] = j[0] + (operator==(i, index<1>(1)) ? 100 : 0) + choose(1.5f) * 1000 + scaled<3>(i[0]) * 10000;
    });
    sv.synchronize();
    for (int x : sums) std::cout << x << " ";
    std::cout << "\n" << choose(2.5f) << " " << scaled<4>(1) << " " << scaled<4>(1, 3) << "\n";
    return 0;
}
