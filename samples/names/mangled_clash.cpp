// `sum` must be renamed in Python (a builtin); the rename must not collide with the
// program's own `sum_` (globals, host locals and kernel locals alike).
#include <amp.h>
#include <iostream>
using namespace concurrency;

int sum = 11;
int sum_ = 2;
int sum_1 = 5;

int twice(int len) { int len_ = len * 2; return len_ + len; }

int main()
{
    int list = 7;
    int list_ = 8;
    int out[3] = { 0, 0, 0 };
    array_view<int, 1> v(3, out);
    parallel_for_each(v.extent, [=](index<1> idx) restrict(amp) {
        int max = idx[0];
        int max_ = 100;
        int max_1 = 1000;
        v[idx] = max + max_ + max_1 + list + list_;
    });
    v.synchronize();
    std::cout << sum << " " << sum_ << " " << sum_1 << " " << list << " " << list_ << " "
              << twice(4) << "\n";
    for (int i = 0; i < 3; i++)
        std::cout << out[i] << " ";
    std::cout << std::endl;
    return 0;
}
