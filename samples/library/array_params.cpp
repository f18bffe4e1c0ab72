// Array parameters are pointers in C++: the callee writes the caller's array,
// on the host and in a restrict(amp) function called from a kernel.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;
void fill(int a[3], int v) { for (int i = 0; i < 3; i++) a[i] = v + i; }
void bump(int m[2][2]) { m[1][1] += 10; }
void twice(int a[2]) restrict(amp) { a[0] *= 2; a[1] *= 2; }
int main() {
    int a[3] = {0, 0, 0};
    fill(a, 5);
    int m[2][2] = {{1, 2}, {3, 4}};
    bump(m);
    std::cout << a[0] << a[1] << a[2] << " " << m[1][1] << std::endl;
    std::vector<int> v(2);
    array_view<int, 1> out(2, v);
    parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
        int loc[2] = {i[0] + 1, 7};
        twice(loc);
        out[i] = loc[0] + loc[1];
    });
    std::cout << out[0] << " " << out[1] << std::endl;
    return 0;
}
