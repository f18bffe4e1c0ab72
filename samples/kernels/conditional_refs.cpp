// A conditional of two lvalues (`c ? x : y`) is itself an lvalue: passed to a non-const
// reference parameter, the function changes whichever variable the condition chose, in
// restrict(amp) code and on the host.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

// moves the caller's pointer on
void advance(int*& p, int n) restrict(amp, cpu)
{
    p += n;
}

// writes through the caller's pointer and leaves the pointer itself alone
void add_to(int*& p, int by) restrict(amp)
{
    *p += by;
}

void count(int& n) restrict(amp, cpu)
{
    n++;
}

int main()
{
    std::vector<int> out(8 * 3, 0);
    array_view<int, 2> results(8, 3, out);
    parallel_for_each(extent<1>(8), [=](index<1> idx) restrict(amp) {
        int i = idx[0];
        int a[3] = {1, 2, 3};
        int b[3] = {10, 20, 30};
        int* pa = &a[0];
        int* pb = &b[0];
        bool odd = i % 2 == 1;
        add_to(odd ? pa : pb, 5);
        advance(odd ? pa : pb, 1 + i % 3 / 2);
        int evens = 0, others = 0;
        count(i % 4 == 0 ? evens : others);
        count(i < 6 ? (i > 2 ? evens : others) : evens);
        results(i, 0) = *pa * 100 + *pb;
        results(i, 1) = (int)(pa - &a[0]) * 10 + (int)(pb - &b[0]);
        results(i, 2) = evens * 10 + others;
    });
    results.synchronize();
    for (int r = 0; r < 8; r++)
        std::cout << out[r * 3] << " " << out[r * 3 + 1] << " " << out[r * 3 + 2] << std::endl;

    int x[2] = {7, 8};
    int y[2] = {70, 80};
    int* px = &x[0];
    int* py = &y[0];
    for (int k = 0; k < 3; k++)
        advance(k == 1 ? px : py, 1);
    int hits = 0, misses = 0;
    count(px == &x[1] ? hits : misses);
    std::cout << "host: " << *px << " " << *(py - 1) << " " << hits << " " << misses << std::endl;
    return 0;
}
