// C++ AMP's free memory fences: `tile_static_memory_fence(t.barrier)`, `global_memory_fence` and
// `all_memory_fence` order one thread's own reads and writes (they wait for no other thread,
// unlike `t.barrier.wait()`). Each thread writes its partial sums, fences, and only then
// publishes them; the barrier makes the tile's values visible to the tile's other threads.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int TS = 4;

int main() {
    std::vector<int> data(16);
    for (int i = 0; i < 16; i++) data[i] = i + 1;
    std::vector<int> sums(16), flags(16);
    array_view<const int, 1> in(16, data);
    array_view<int, 1> out(16, sums);
    array_view<int, 1> done(16, flags);
    out.discard_data();
    done.discard_data();
    parallel_for_each(in.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        tile_static int part[TS];
        int g = t.global[0];
        part[t.local[0]] = in[g] * in[g];
        tile_static_memory_fence(t.barrier);     // my square is written before anything after it
        t.barrier.wait();                        // everyone's squares are written
        int s = 0;
        for (int i = 0; i <= t.local[0]; i++) s += part[i];
        out[g] = s;                              // the tile's running sum of squares
        global_memory_fence(t.barrier);          // the sum is out before the flag says so
        done[g] = 1;
        all_memory_fence(t.barrier);
    });
    for (int i = 0; i < 16; i++) std::cout << out[i] << (i % TS == TS - 1 ? "\n" : " ");
    int finished = 0;
    for (int i = 0; i < 16; i++) finished += done[i];
    std::cout << "threads finished: " << finished << "\n";
    return 0;
}
