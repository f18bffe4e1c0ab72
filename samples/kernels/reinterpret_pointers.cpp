// Casting pointers to another element type in restrict(amp) code and in host code: the bytes of
// an int read as a bool, a float or two ints as a double, writes through the cast pointer, a
// pointer to a base class's object as a pointer to a derived class, and back.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int TILE = 4;

struct Reading
{
    int id;
    double value;
    unsigned int flags;
    float scale;
};

struct Tagged : public Reading
{
    unsigned int tag;
    double extra;
};

// the bits of a float, through a pointer to it (the host calls it too)
int float_bits(float* f) restrict(amp, cpu)
{
    int* bits = (int*)f;
    return *bits;
}

// reads a Reading through a pointer to its derived class, and the base part back
float total(Reading* r) restrict(amp)
{
    Tagged* t = static_cast<Tagged*>(r);
    Reading* back = t;
    return (float)(t->id + t->value + t->flags) * back->scale;
}

int main()
{
    std::vector<int> out(2 * TILE * 4, 0);
    array_view<int, 2> results(2 * TILE, 4, out);
    parallel_for_each(extent<1>(2 * TILE).tile<TILE>(), [=](tiled_index<TILE> t) restrict(amp) {
        tile_static int words[TILE];
        tile_static int pair[2];
        tile_static Reading reading;
        int i = t.local[0];
        words[i] = (i % 2 == 0) ? 1 : 256 * i;        // low byte 1, or 0 with bits above it
        if (i == 0) {
            pair[0] = 0;
            pair[1] = 0x40090000;                       // the high word of 3.125
            reading.id = 2 + t.tile[0];
            reading.value = 0.5;
            reading.flags = 3;
            reading.scale = 2.0f;
        }
        t.barrier.wait();

        int* pw = &words[i];
        bool* first = (bool*)pw;                        // the int's first byte
        bool low = *first;
        double* pd = reinterpret_cast<double*>(&pair[0]);
        int* halves = (int*)pd;                         // and back: the same two ints
        unsigned int* raw = (unsigned int*)&halves[1];

        int mine = -1 - i;
        unsigned int as_unsigned = *(unsigned int*)&mine;
        float f = 1.0f + i;
        int bits = float_bits(&f);
        int word = 0;
        *(float*)&word = 0.5f;                          // a write through the cast pointer
        bool same = (int*)(float*)&word == &word;

        results(t.global[0], 0) = low + 10 * (int)(*pd * 1000) + (int)(*raw >> 16) * 100000;
        results(t.global[0], 1) = (int)(as_unsigned % 1000) + (same ? 1000 : 0);
        results(t.global[0], 2) = bits - word;
        results(t.global[0], 3) = (int)total(&reading);
    });
    results.synchronize();
    for (int r = 0; r < 2 * TILE; r++)
        std::cout << out[r * 4] << " " << out[r * 4 + 1] << " " << out[r * 4 + 2] << " " << out[r * 4 + 3] << std::endl;

    float host = 0.25f;
    int host_int = -2;
    unsigned int* u = (unsigned int*)&host_int;
    std::cout << "host: " << float_bits(&host) << " " << *u << std::endl;
    return 0;
}
