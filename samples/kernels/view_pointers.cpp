// Arrays of array_views and pointers to array_views in restrict(amp) code: a kernel picks the
// view to work on at run time, and functions take the view through a pointer.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int N = 8;

// adds to the element through a pointer into the view the pointer points at
void add_through(array_view<float, 1>* view, index<1> i, float amount) restrict(amp)
{
    float* element = &(*view)[i];
    *element += amount;
}

int main()
{
    std::vector<float> a(N), b(N), c(N);
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = 10.0f * i;
        c[i] = 100.0f;
    }
    array_view<float, 1> va(N, a), vb(N, b), vc(N, c);
    parallel_for_each(va.extent, [=](index<1> i) restrict(amp) {
        array_view<float, 1> views[] = {va, vb, vc};
        array_view<float, 1>* p = &views[i[0] % 2];      // a or b, by the thread's parity
        add_through(p, i, 0.5f);
        array_view<float, 1>* last = &views[2];
        if (i[0] >= N / 2)
            p = last;                                    // the upper half writes into c
        (*p)[i] *= 2.0f;
    });
    va.synchronize();
    vb.synchronize();
    vc.synchronize();
    for (int i = 0; i < N; i++)
        std::cout << a[i] << " " << b[i] << " " << c[i] << std::endl;
    return 0;
}
