// Tile functions reached through other functions, and function templates overloaded on their
// parameters: a kernel calls step<T>, which calls exchange<T> (tile_static data and a barrier),
// under a uniform condition; exchange<int> for arrays and exchange<int> for pointers are two
// different functions with the same template arguments.
#include <iostream>
#include <amp.h>
using namespace concurrency;

template <typename T>
void exchange(T* out, const T* in, int n) {              // host: reverse each group of 4
    for (int i = 0; i < n; i++) out[i] = in[i / 4 * 4 + 3 - i % 4];
}

template <typename T>
void exchange(tiled_index<4> t, const array<T, 1>& in, array<T, 1>& out) restrict(amp) {
    tile_static T buf[4];
    buf[t.local[0]] = in[t];
    t.barrier.wait();
    out[t] = buf[3 - t.local[0]];
}

template <typename T>
void step(tiled_index<4> t, const array<T, 1>& in, array<T, 1>& out, int rounds) restrict(amp) {
    if (rounds > 0) {                       // the same for every thread: a uniform branch
        {
            exchange<T>(t, in, out);
        }
    }
}

template <int N>
int tiles_of(const tiled_extent<N>& te) {   // deduced from a tiled_extent<N, 0, 0>
    static const int size = N;              // one static per instance
    return te[0] / size;
}

int main() {
    int data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int expected[8];
    exchange<int>(expected, data, 8);

    array<int, 1> in(8), out(8);
    copy(data, in);                         // a C array is an iterator to its first element
    int rounds = 1;
    parallel_for_each(in.extent.tile<4>(), [&, rounds](tiled_index<4> t) restrict(amp) {
        step<int>(t, in, out, rounds);
    });
    int result[8];
    copy(out, result);
    for (int i = 0; i < 8; i++) std::cout << result[i] << (result[i] == expected[i] ? " " : "! ");
    std::cout << std::endl;
    std::cout << tiles_of(in.extent.tile<4>()) << " " << tiles_of(extent<1>(16).tile<2>()) << std::endl;
    std::cout << extent<2>::rank << " " << tiled_extent<4, 2>::tile_dim1 << std::endl;
    return 0;
}
