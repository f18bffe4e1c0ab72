// Tile shapes from a class template's arguments: a static member function called through its
// template-id (`Runner<2, 4, 4>::run(...)`), tiled_extent<D0, D1, D2> with trailing zero sizes
// (rank 1 or 2), and a branch on a template argument that picks an untiled launch.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int UNTILED = 1024;

// an 8-wide extent of each rank (explicit specialisations)
template <int Rank> extent<Rank> cube();
template <> extent<1> cube<1>() { return extent<1>(8); }
template <> extent<2> cube<2>() { return extent<2>(8, 8); }
template <> extent<3> cube<3>() { return extent<3>(8, 8, 8); }

template <int Rank, int D0 = UNTILED, int D1 = 0, int D2 = 0>
struct Runner
{
    static int run(int base)
    {
        extent<Rank> e = cube<Rank>();
        std::vector<int> data(e.size(), base);
        array_view<int, Rank> av(e, data);
        if (D0 == UNTILED) {
            parallel_for_each(e, [=](index<Rank> idx) restrict(amp) {
                av[idx] += 1;
            });
        } else {
            tiled_extent<D0, D1, D2> tiles(e);
            parallel_for_each(tiles, [=](tiled_index<D0, D1, D2> t) restrict(amp) {
                av[t.global] += t.local[0] + 10;
            });
        }
        av.synchronize();
        int sum = 0;
        for (unsigned int i = 0; i < data.size(); i++)
            sum += data[i];
        return sum;
    }
};

int main()
{
    std::cout << Runner<1>::run(1) << std::endl;
    std::cout << Runner<1, 4>::run(2) << std::endl;
    std::cout << Runner<2, 4, 2>::run(0) << std::endl;
    std::cout << Runner<3, 2, 2, 2>::run(0) << std::endl;
    return 0;
}
