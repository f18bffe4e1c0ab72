// Choosing where kernels run, as C++ AMP programs do: list the accelerators, skip C++ AMP's
// "CPU accelerator" (it holds data but runs no kernels), keep the first real one, launch on its
// default view, and see what happens when a kernel is sent to the CPU accelerator anyway.
// Only facts every device shares are printed (the device's name is hardware's business).
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

bool can_run_kernels(const accelerator& a) {
    return a.device_path != accelerator::cpu_accelerator;
}

int main() {
    std::vector<accelerator> all = accelerator::get_all();
    int usable = 0;
    for (size_t i = 0; i < all.size(); i++)
        if (can_run_kernels(all[i])) usable++;
    std::cout << "at least one accelerator runs kernels: " << (usable >= 1 ? "yes" : "no") << "\n";

    accelerator chosen;                              // the default accelerator
    accelerator cpu(accelerator::cpu_accelerator);
    std::wcout << L"cpu accelerator: " << cpu.description << L" at '" << cpu.get_device_path() << L"'\n";
    std::cout << std::boolalpha << "default is the cpu accelerator: " << (chosen == cpu)
              << ", cpu emulated: " << cpu.is_emulated << "\n";

    accelerator_view view = chosen.default_view;
    accelerator_view other = chosen.create_view();
    std::cout << "same default view twice: " << (view == chosen.default_view)
              << ", a created view is another: " << (other != view)
              << ", view's accelerator is the chosen one: " << (view.get_accelerator() == chosen) << "\n";

    // doubles only where the device has them (every device amppy runs on does)
    std::vector<double> d(6);
    for (int i = 0; i < 6; i++) d[i] = 0.5 * i;
    array_view<double, 1> dv(6, d);
    if (chosen.supports_double_precision) {
        parallel_for_each(view, dv.extent, [=](index<1> i) restrict(amp) { dv[i] = dv[i] * dv[i]; });
    }
    view.wait();
    std::cout << "squares:";
    for (int i = 0; i < 6; i++) std::cout << " " << dv[i];
    std::cout << "\n";

    try {
        parallel_for_each(cpu.default_view, dv.extent, [=](index<1> i) restrict(amp) { dv[i] = 0; });
        std::cout << "ran on the cpu accelerator\n";
    } catch (runtime_exception& e) {
        std::cout << "runtime_exception: " << e.what() << "\n";
    }
    return 0;
}
