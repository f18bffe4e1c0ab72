// Rules amp-tile-static-type and amp-restrict: a tile_static variable of a class restrict(amp)
// code cannot hold (an array_view member, also one inside an anonymous struct or union member
// or an array of such classes: Visual Studio's C3584), and of a class with virtual member
// functions or a virtual base class (C3581, reported for its type before the untiled kernel it
// stands in); tile_barrier::wait in restrict(cpu) code (C3930).
#include <amp.h>
using namespace concurrency;

union Holder
{
    int tag;
    struct
    {
        array_view<float, 1> view;
    };
};

struct Nested
{
    union
    {
        struct
        {
            Holder inner;
        };
    } u;
};

struct Grid { Nested cells[2][2]; };

struct Base { int i; };
struct Shared : virtual public Base { int j; };
struct Shape { int n; virtual int sides() const { return n; } };

void helper(int x) restrict(amp)
{
    tile_static Holder held; // expected-error {{[amp-tile-static-type]}}
    tile_static Grid grid;   // expected-error {{[amp-tile-static-type]}}
}

void wait_here(tiled_index<4> t)
{
    t.barrier.wait(); // expected-error {{[amp-restrict]}}
}

int main()
{
    std::vector<int> data(4);
    array_view<int, 1> av(4, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        // expected-error@+1 {{[amp-tile-static-context]}}
        tile_static Shape shapes[2]; // expected-error {{has virtual member functions}}
        // expected-error@+1 {{[amp-tile-static-context]}}
        tile_static Shared shared; // expected-error {{has a virtual base class}}
        av[i] = 0;
    });
    return 0;
}
