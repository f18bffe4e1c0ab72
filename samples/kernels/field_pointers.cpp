// Pointers to the fields of structs in tile_static memory and in a thread's records, and
// chained assignments (`a = b = c`) in kernels and host code.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int TILE = 4;

struct Sample
{
    int id;
    double weight;
    unsigned int mask;
    float scale;
};

// reads a field through the pointer it is given
float scaled(const float* s, int by) restrict(amp)
{
    return *s * by;
}

int main()
{
    std::vector<int> out(2 * TILE * 3, 0);
    array_view<int, 2> results(2 * TILE, 3, out);
    parallel_for_each(extent<1>(2 * TILE).tile<TILE>(), [=](tiled_index<TILE> t) restrict(amp) {
        tile_static Sample grid[TILE][2];
        tile_static Sample one;
        int i = t.local[0];
        // one value through three fields of different types, each converting the last
        grid[i][0].id = grid[i][0].mask = grid[i][0].scale = i * 10 + 0.75f;
        grid[i][0].weight = 0.5 * i;
        grid[i][1].id = grid[i][1].mask = 100 + i;
        grid[i][1].scale = 2.5f;
        grid[i][1].weight = t.tile[0];
        if (i == 0) {
            Sample* p = &one;
            p->id = 7;
            int* id = &p->id;           // a field of what a pointer points at
            *id += 1;
            float* s = &(*p).scale;
            *s = 1.25f;
        }
        t.barrier.wait();

        int mirror = TILE - 1 - i;
        int* pid = &grid[mirror][0].id;              // into another thread's record
        double* pw = &(grid[mirror][0].weight);
        unsigned int* pm = &grid[i][1].mask;
        float* ps = &grid[i][1].scale;
        *pm += 1;
        int a, b;
        a = b = *pid + 1;
        int* same = &grid[mirror][0].id;
        results(t.global[0], 0) = a + b + (int)(*pw * 10);
        results(t.global[0], 1) = (int)*pm + (int)scaled(ps, 4) + (pid == same) * 1000 + (pid != &grid[i][0].id) * 2000;
        results(t.global[0], 2) = one.id * 10 + (int)(one.scale * 4) + (int)(grid[i][0].mask);
    });
    results.synchronize();
    int x, y, z;
    x = y = z = 5;
    double d;
    d = x = 7;
    std::cout << "host: " << x << " " << y << " " << z << " " << d << std::endl;
    for (int r = 0; r < 2 * TILE; r++)
        std::cout << out[r * 3] << " " << out[r * 3 + 1] << " " << out[r * 3 + 2] << std::endl;
    return 0;
}
