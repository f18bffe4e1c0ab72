// Valid C++ amppy does not translate yet: a function that may write through its `index<1>&`
// parameter given the kernel's index parameter itself (amppy reads that as the thread's index;
// a function that only reads it can take it: samples/kernels/index_references.cpp).
#include <amp.h>
using namespace concurrency;

void step(index<1>& idx) restrict(amp) { idx[0] += 1; }

int main() {
    array_view<int, 1> out(4);
    parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
        step(idx); // expected-error {{passing the kernel's index parameter to 'step', which may change its 'index<1>&' parameter, is not supported yet [unsupported]}}
        out[idx] = idx[0];
    });
    return 0;
}
