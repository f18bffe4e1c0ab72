// The free memory fences take a tiled kernel's tile barrier: not in an untiled kernel, and not
// with something that is not `t.barrier`.
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> v(16, 0);
    array_view<int, 1> av(16, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        av[i] = 1;
        all_memory_fence(i); // expected-error {{[amp-barrier-context]}}
    });
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        av[t.global] = 2;
        global_memory_fence(t.barrier, t.barrier); // expected-error {{[call-args]}}
        tile_static_memory_fence(t.barrier);
    });
    return 0;
}
