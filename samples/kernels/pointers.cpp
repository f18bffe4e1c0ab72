// Pointers in restrict(amp) code: to a thread's locals, to tile_static data and to array_view
// elements; moved, compared, passed to functions and written through.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int TILE = 8;

struct Stats
{
    int count;
    float mean;
};

// reads three consecutive elements through a pointer (restrict(amp, cpu): the host calls it too)
int sum3(const int* p) restrict(amp, cpu)
{
    return p[0] + p[1] + *(p + 2);
}

// writes through the pointer it is given
void bump(int* p, int by) restrict(amp)
{
    *p += by;
}

// the address of a parameter: a pointer to the function's own copy
int twice(int value) restrict(amp)
{
    int* self = &value;
    *self *= 2;
    return value;
}

// the address of a reference parameter: a pointer to the caller's variable
int* address_of(int& value) restrict(amp)
{
    int* p = &value;
    return p;
}

// a reference to a pointer: the caller's pointer moves
void skip(int*& p, int n) restrict(amp)
{
    p += n;
}

int main()
{
    std::vector<int> data(TILE * TILE);
    for (int i = 0; i < TILE * TILE; i++)
        data[i] = i;
    std::vector<int> out(TILE * TILE, 0);
    int calls_ = 0;                     // a host number seen through a one-element array_view
    array_view<int, 1> calls(1, &calls_);
    array_view<int, 2> grid(TILE, TILE, data);
    array_view<int, 1> results(TILE * TILE, out);
    parallel_for_each(extent<1>(TILE).tile<TILE>(), [=](tiled_index<TILE> t) restrict(amp) {
        tile_static int diagonal[TILE];
        tile_static int total;
        tile_static Stats stats;
        int i = t.local[0];
        diagonal[i] = grid(i, i);
        if (i == 0) {
            total = 0;
            Stats* s = &stats;          // a pointer to a tile_static struct
            s->count = TILE;
            s->mean = 3.5f;
            atomic_fetch_add(&calls[0], 1);
        }
        t.barrier.wait();

        int local = 10;
        int* p = &local;                // a pointer to the thread's own local
        *p += i;
        bump(&local, 1);
        int* row = &grid(i, 0);         // into the array_view's data
        int* first = &diagonal[0];      // into tile_static memory
        int* last = first + TILE - 1;
        int* none = NULL;
        if (none == NULL)
            none = row;
        int* out_row = &results[i * TILE];
        *address_of(local) += 100;
        out_row[0] = local;
        out_row[1] = sum3(row);
        out_row[2] = sum3(first + 1);
        out_row[3] = last - first;
        out_row[4] = (first < last) + 2 * (none == row) + 4 * (p != row);
        first++;
        out_row[5] = *first + first[1];
        int*& alias = first;            // a reference to a pointer moves the pointer
        alias += 1;
        skip(first, 1);
        out_row[6] = *first + twice(i);
        int* shared_total = &total;
        atomic_fetch_add(shared_total, i);
        t.barrier.wait();
        results[i * TILE + 7] = total + stats.count * 100 + (int)(stats.mean * 1000);  // (a pointer does not live across a barrier on the CPU target)
    });
    results.synchronize();
    calls.synchronize();
    std::cout << "tiles run: " << calls_ << std::endl;
    int host_values[3] = {4, 5, 6};
    std::cout << "host sum3: " << sum3(host_values) << std::endl;
    for (int i = 0; i < TILE * TILE; i++)
        std::cout << out[i] << (i % TILE == TILE - 1 ? "\n" : " ");
    return 0;
}
