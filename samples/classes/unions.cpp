// Unions: every member shares one storage (as large as the largest member), on the host, in
// tile_static memory and through pointers in restrict(amp) code.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

union Bits
{
    float f;
    unsigned int u;
};

union Wide
{
    double d;
    int i;
};

struct Tagged
{
    int kind;
    Wide value;
};

int main()
{
    Bits b;
    b.f = 1.0f;
    std::cout << std::hex << b.u << std::dec << std::endl;   // the float's bits
    b.u = 0x40490fdb;
    std::cout << b.f << std::endl;
    std::cout << sizeof(Bits) << " " << sizeof(Wide) << " " << sizeof(Tagged) << std::endl;

    Wide w = {2.5};                     // initialises the first member
    Tagged t;
    t.kind = 1;
    t.value = w;
    std::cout << t.value.d << std::endl;

    std::vector<int> out(8);
    array_view<int, 1> av(8, out);
    parallel_for_each(extent<1>(8).tile<4>(), [=](tiled_index<4> idx) restrict(amp) {
        tile_static Wide shared;
        if (idx.local[0] == 0)
            shared.d = 4.0 + idx.tile[0];
        idx.barrier.wait();
        Wide* p = &shared;
        av[idx.global] = (int)p->d * 10 + idx.local[0];
    });
    av.synchronize();
    for (int i = 0; i < 8; i++)
        std::cout << out[i] << (i == 7 ? "\n" : " ");
    return 0;
}
