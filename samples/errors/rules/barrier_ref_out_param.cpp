// Rule amp-barrier-divergent: a local set through a reference parameter from the thread's
// own index differs between the threads of a tile, so a barrier under a condition on it is
// reached by only some of them (the reference write counts as the assignment it is).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

void position_of(int& where, const tiled_index<8>& t) restrict(amp) {
    where = t.local[0];
}

void scale(int& value, int factor) restrict(amp) {
    value *= factor;
}

int main() {
    std::vector<int> data(16, 1);
    array_view<int, 1> av(16, data);
    parallel_for_each(av.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
        int where = 0;
        position_of(where, t);
        if (where < 4) {
            t.barrier.wait(); // expected-error {{[amp-barrier-divergent]}}
        }
        int rounds = 2;
        scale(rounds, 3);           // the same for every thread: a barrier loop on it is fine
        for (int k = 0; k < rounds; k++) {
            t.barrier.wait();
        }
        av[t] = where;
    });
    av.synchronize();
    std::cout << data[5] << std::endl;
    return 0;
}
