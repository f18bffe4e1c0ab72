// Rule lambda-capture: a lambda called in a kernel names a local of the kernel that its empty
// capture list does not capture (C++: it cannot be implicitly captured).
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        int twice = i[0] * 2;
        v[i] = []() restrict(amp) -> int { return twice + 1; }(); // expected-error {{[lambda-capture]}}
    });
    return 0;
}
