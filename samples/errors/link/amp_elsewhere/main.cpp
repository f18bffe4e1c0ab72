// A kernel calls a restrict(amp) function that another file defines.  C++ AMP inlines every
// function a kernel calls; Visual C++ does that across files only with link-time code
// generation (/GL), and reports C3930 otherwise.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

float scale(float v) restrict(amp);

int main()
{
    std::vector<float> data(8, 1.0f);
    array_view<float, 1> av(8, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        av[i] = scale(av[i]);              // expected-error {{so it cannot be inlined into this kernel [amp-definition-elsewhere]}}
    });
    std::cout << av[0] << std::endl;
    return 0;
}
