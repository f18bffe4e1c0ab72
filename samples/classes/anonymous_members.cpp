// Anonymous struct and union members (their members are the enclosing class's), a member of an
// unnamed class type, and a class template instance as a base class (initialised by its
// template-id), on the host and in tile_static memory of a kernel.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Value
{
    int kind;
    union
    {
        int whole;
        float real;
    };
    struct
    {
        int lo, hi;
    } range;
};

template <typename T> struct Pair { T first; T second; Pair(T a, T b) : first(a), second(b) {} T sum() const { return first + second; } };
struct Labelled : public Pair<int> { int label; Labelled(int a, int b, int l) : Pair<int>(a, b), label(l) {} };

int main()
{
    Value v;
    v.kind = 1;
    v.whole = 0x3f800000;
    v.range.lo = 2;
    v.range.hi = 5;
    std::cout << v.kind << " " << v.real << " " << v.range.hi - v.range.lo << std::endl;
    Labelled l(3, 4, 9);
    std::cout << l.sum() << " " << l.label << std::endl;
    std::vector<int> out(4);
    array_view<int, 1> av(4, out);
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        tile_static Value vals[4];
        int i = t.local[0];
        vals[i].kind = i;
        vals[i].real = 2.0f;
        vals[i].range.lo = i;
        vals[i].range.hi = 10 * i;
        t.barrier.wait();
        Value mine = vals[3 - i];
        av[t.global] = mine.kind + (mine.whole == 0x40000000) * 100 + mine.range.hi;
    });
    av.synchronize();
    for (int k = 0; k < 4; k++) std::cout << out[k] << " ";
    std::cout << std::endl;
}
