// Arrays placed on accelerator views: on the default view, a staging array (a CPU view with an
// associated accelerator view), an explicit CPU access type; C++ AMP's enumeration names.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
int main() {
    accelerator acc;
    accelerator_view gpu = acc.default_view;
    accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
    std::vector<int> v(8);
    for (int i = 0; i < 8; i++) v[i] = i;
    array<int, 1> on_gpu(8, v.begin(), v.end(), gpu);
    array<int, 1> staging(extent<1>(8), cpu, gpu);
    array<int, 1> shared(extent<1>(8), gpu, access_type_read_write);
    std::cout << (on_gpu.get_accelerator_view() == gpu) << " "
              << (staging.get_accelerator_view() == cpu) << " "
              << (staging.get_associated_accelerator_view() == gpu) << " "
              << (shared.get_cpu_access_type() == access_type_read_write) << " "
              << access_type_read << access_type_write << " " << queuing_mode_automatic << "\n";
    for (int i = 0; i < 8; i++) staging[i] = 10 * i;
    copy(staging, on_gpu);
    parallel_for_each(gpu, on_gpu.extent, [&on_gpu](index<1> i) restrict(amp) { on_gpu[i] += 1; });
    copy(on_gpu, v.begin());
    for (int x : v) std::cout << x << " ";
    std::cout << "\n";
    accelerator_view immediate = acc.create_view(queuing_mode_immediate);
    std::cout << (immediate.queuing_mode == queuing_mode_immediate) << "\n";
    return 0;
}
