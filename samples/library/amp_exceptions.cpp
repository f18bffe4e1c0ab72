// C++ AMP's exception classes: invalid_compute_domain thrown by a launch whose tiles do not divide
// the extent, out_of_memory, unsupported_feature, accelerator_view_removed and runtime_exception
// thrown by the program (with and without an HRESULT), caught by their own class or a base,
// what(), get_error_code(), get_view_removed_reason().
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

void report(const runtime_exception& e) {
    std::cout << e.what() << " [" << e.get_error_code() << "]\n";
}

int main() {
    std::vector<int> v(10);
    array_view<int, 1> a(10, v);
    try {
        parallel_for_each(a.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) { a[t.global] = 1; });
    } catch (invalid_compute_domain& e) {
        std::cout << "invalid_compute_domain: ";
        report(e);
    }
    try {
        throw out_of_memory("no memory left");
    } catch (runtime_exception& e) {
        std::cout << "out_of_memory as runtime_exception: ";
        report(e);
    }
    try {
        throw unsupported_feature("not on this device");
    } catch (unsupported_feature& e) {
        report(e);
    }
    try {
        throw accelerator_view_removed("the device went away", -2005270523);
    } catch (accelerator_view_removed& e) {
        std::cout << "removed, reason " << e.get_view_removed_reason() << "\n";
    }
    try {
        throw runtime_exception("custom failure", 7);
    } catch (std::exception& e) {
        std::cout << "std::exception: " << e.what() << "\n";
    }
    try {
        throw runtime_exception("plain");
    } catch (runtime_exception& e) {
        report(e);
    }
    return 0;
}
