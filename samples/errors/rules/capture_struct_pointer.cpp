// Rule amp-capture: a raw pointer to a host struct cannot be captured into a
// kernel (capture the struct by value instead).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

struct Params {
    float scale;
    float bias;
};

int main() {
    std::vector<float> data;
    for (int i = 0; i < 16; i++) data.push_back((float)i);
    Params params = {2.0f, 0.5f};
    Params* p = &params;
    array_view<float, 1> av(16, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) { av[idx] = av[idx] * p->scale + p->bias; }); // expected-error {{[amp-capture]}}
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
