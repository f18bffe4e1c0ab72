// A 9x8 extent cannot be tiled by 2x2 tiles: C++ AMP throws
// concurrency::invalid_compute_domain from parallel_for_each.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data(9 * 8, 1);
    array_view<int, 2> view(9, 8, data);
    std::cout << "before the kernel" << std::endl;
    parallel_for_each(view.extent.tile<2, 2>(), [=](tiled_index<2, 2> t_idx) restrict(amp) {
        view[t_idx] = t_idx.local[0];
    });
    std::cout << "not reached" << std::endl;
    return 0;
}
