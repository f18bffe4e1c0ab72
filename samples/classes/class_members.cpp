// What else a class declares: member types (`typedef T value_type;`, `using elem = float;`),
// class constants (`static const int TS = 16;`, read as `TS` inside the class and `Tile::TS`,
// `Buf<int, 2>::size` outside, also as a tile size), enums in a class, `static_assert`s, and a
// forward declaration of a class used before its definition.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Later;                                   // declared here, defined below
int twice_id(const Later& l);

template <typename T, int N>
struct Buf {
    typedef T value_type;
    static const int size = N;
    static_assert(N > 0, "a buffer holds something");
    value_type first;
    value_type get() const { value_type v = first; return v * size; }
};

struct Tile {
    static const int TS = 4;
    using elem = float;
    enum Mode { Sum = 1, Max = 2 };
    elem scale;
    int count() const { return TS; }
};

struct Later { int id; };
int twice_id(const Later& l) { return 2 * l.id; }

static_assert(sizeof(int) == 4, "32-bit int");

int main() {
    Buf<float, 3> b = {1.5f};
    Buf<float, 3>::value_type x = b.get();
    Tile t = {0.5f};
    Tile::elem e = 2.5f;
    std::vector<float> data(8, 1.0f);
    array_view<float, 1> dv(8, data);
    parallel_for_each(dv.extent.tile<Tile::TS>(), [=](tiled_index<Tile::TS> ti) restrict(amp) {
        tile_static float part[Tile::TS];
        part[ti.local[0]] = dv[ti.global] * t.scale * (ti.local[0] + 1);
        ti.barrier.wait();
        dv[ti.global] = part[Tile::TS - 1 - ti.local[0]];
    });
    Later l = {21};
    std::cout << x << " " << Buf<int, 2>::size << " " << Tile::TS << " " << t.count() << " " << e << " "
              << Tile::Max << " " << twice_id(l) << std::endl;
    for (int i = 0; i < 8; i++) std::cout << dv[i] << " ";
    std::cout << std::endl;
    return 0;
}
