// std::remove_if and std::remove: the kept elements move to the front, in order, and the
// erase-remove idiom shortens the vector; also over a vector of accelerators (the C++ AMP book's
// ShowAmpDevices drops the CPU accelerator this way); <cstdio>'s remove(path) is another function.
#include <vector>
#include <algorithm>
#include <iostream>
#include <cstdio>
#include <amp.h>
using namespace concurrency;

int main()
{
    std::vector<int> v = {5, 1, 8, 3, 9, 2};
    v.erase(std::remove_if(v.begin(), v.end(), [](int x) { return x > 4; }), v.end());
    std::vector<int> w = {1, 2, 1, 3};
    auto end = std::remove(w.begin(), w.end(), 1);
    std::cout << v.size() << ": " << v[0] << " " << v[1] << " " << v[2] << std::endl;
    std::cout << (end - w.begin()) << " kept: " << w[0] << " " << w[1] << std::endl;

    std::vector<accelerator> accls = accelerator::get_all();
    accls.erase(std::remove_if(accls.begin(), accls.end(), [](accelerator& a) {
        return a.device_path == accelerator::cpu_accelerator;
    }), accls.end());
    bool none_is_cpu = std::none_of(accls.begin(), accls.end(), [](accelerator& a) {
        return a.device_path == accelerator::cpu_accelerator;
    });
    std::cout << "accelerators left run kernels: " << (!accls.empty() && none_is_cpu) << std::endl;
    std::cout << "<cstdio>'s remove of a missing file fails: " << (remove("/nonexistent/amppy-sample") != 0) << std::endl;
    return 0;
}
