// Rule amp-capture (and amp-restrict): a restrict(amp) lambda that is not a kernel follows the
// kernels' rules on what it captures: no pointer (Visual Studio's C3596), a concurrency::array
// only by reference (C3597); and it has no exception specification (C3594).  amppy reports these
// before saying that such lambdas are not translated yet.
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    array<int, 1> counts(16);
    double value = 2.0;
    double* p = &value;
    double*& rp = p;
    auto by_value = [=]() restrict(cpu, amp) { return *rp; }; // expected-error {{[amp-capture]}}
    auto copies = [counts]() restrict(cpu, amp) {}; // expected-error {{[amp-capture]}}
    auto checked = []() restrict(cpu, amp) throw() { return 4; }; // expected-error {{[amp-restrict]}}

    parallel_for_each(counts.extent, [&counts](index<1> i) restrict(amp) {
        int* slot = &counts[i];
        [slot]() restrict(amp) { *slot = 1; }(); // expected-error {{[amp-capture]}}
    });
    return 0;
}
