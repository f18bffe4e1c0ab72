// The kernel's index parameter is a variable of the lambda, as in C++: a function taking
// `index<1>&` can be passed it when the function only reads it (a copy the function steps is
// passed as a variable of its own), the way the conformance suite's helpers are written.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

void store(index<1>& idx, const array_view<int, 1>& out, int value) restrict(amp) { out[idx] = value; }
int twice_of(index<1>& idx) restrict(cpu, amp) { return 2 * idx[0]; }
void step(index<1>& idx) restrict(cpu, amp) { idx[0] += 1; }

int main() {
    std::vector<int> data(6, 0);
    array_view<int, 1> out(6, data);
    parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
        index<1> next = idx;
        step(next);                                   // changes `next`, not `idx`
        store(idx, out, twice_of(idx) * 10 + next[0]);
    });
    out.synchronize();
    for (int x : data) std::cout << x << " ";
    std::cout << std::endl;
    index<1> k(4);
    step(k);
    std::cout << k[0] << " " << twice_of(k) << std::endl;
    return 0;
}
