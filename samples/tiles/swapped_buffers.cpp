// Demonstrates: a tile-wide prefix sum over a double-buffered tile_static array whose read and
// write halves are swapped each round by a restrict(amp, cpu) helper taking `int&` parameters.
// The buffer indices change inside the barrier loop through the references, and the values they
// have after the loop select the half that holds the result.
#include <iostream>
#include <iomanip>
#include <vector>
#include <amp.h>
using namespace concurrency;

#define TS 16
#define N 64

void swap_halves(int& reading, int& writing) restrict(amp, cpu) {
    reading = 1 - reading;
    writing = 1 - writing;
}

// a helper that sets its out-parameter from the thread's own position
void pick(int& target, int local) restrict(amp) {
    target = local % 3;
}

int main() {
    std::vector<int> input(N), sums(N), rounds(N), picks(N);
    for (int i = 0; i < N; i++) input[i] = (i * 7) % 5 + 1;
    array_view<const int, 1> in(N, input);
    array_view<int, 1> out(N, sums);
    array_view<int, 1> last(N, rounds);
    array_view<int, 1> picked(N, picks);

    parallel_for_each(out.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        tile_static int data[2][TS];
        int reading = 0, writing = 1;
        int local = t.local[0];
        int mine = 0;
        pick(mine, local);          // thread-dependent, then used after barriers
        data[writing][local] = in[t.global];
        t.barrier.wait();
        int count = 0;
        for (int offset = 1; offset < TS; offset *= 2) {
            swap_halves(reading, writing);
            data[writing][local] = local >= offset ? data[reading][local - offset] + data[reading][local]
                                                   : data[reading][local];
            count++;
            t.barrier.wait();
        }
        out[t.global] = data[writing][local];
        last[t.global] = writing * 10 + count;
        picked[t.global] = mine;
    });
    out.synchronize();
    last.synchronize();
    picked.synchronize();

    for (int t = 0; t < N / TS; t++) {
        std::cout << "tile " << t << ":";
        for (int l = 0; l < TS; l++) std::cout << std::setw(4) << sums[t * TS + l];
        std::cout << std::endl;
    }
    std::cout << "writing half and rounds: " << rounds[0] << " " << rounds[N - 1] << std::endl;
    std::cout << "picks:";
    for (int i = 0; i < 8; i++) std::cout << " " << picks[i];
    std::cout << std::endl;
    return 0;
}
