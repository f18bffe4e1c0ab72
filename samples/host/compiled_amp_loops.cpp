// Host loops over C++ AMP containers run compiled too: elements of arrays, array_views and their
// sections read and written by index or by coordinates, indices and extents as values, and the
// objects of a plain class (an iterator over the indices of an extent, with an extent member) with
// its constructor and operators; `rand()` draws from the one sequence host code draws from.  Each container is synchronised with the accelerator before the
// loop, as element access is, so a kernel after the loop sees what it wrote.  A class with an
// extent member is a value in kernels as well.
#include <amp.h>
#include <cstdlib>
#include <iostream>
#include <vector>
using namespace concurrency;

// the index at row-major position `pos` of `ex`
template <int N>
index<N> index_at(unsigned int pos, const extent<N>& ex) restrict(cpu, amp)
{
    index<N> idx;
    for (int d = N - 1; d >= 0; d--)
    {
        idx[d] = pos % ex[d];
        pos /= ex[d];
    }
    return idx;
}

// the indices of an extent, in row-major order
template <int N>
class index_walk
{
public:
    index_walk(extent<N> e) restrict(cpu, amp) : ext(e), pos(0) {}
    index_walk<N> begin() const restrict(cpu, amp) { index_walk<N> w(ext); return w; }
    index_walk<N> end() const restrict(cpu, amp)
    {
        index_walk<N> w(ext);
        w.pos = ext.size();
        return w;
    }
    index<N> operator*() const restrict(cpu, amp) { return index_at<N>(pos, ext); }
    index_walk<N>& operator++(int) restrict(cpu, amp) { pos++; return *this; }
    bool operator!=(const index_walk<N>& other) const restrict(cpu, amp) { return pos != other.pos; }

    extent<N> ext;
    unsigned int pos;
};

template <typename T, int N, template <typename, int> class Container>
void add_everywhere(Container<T, N>& c, T value)
{
    index_walk<N> walk(c.get_extent());
    for (index_walk<N> it = walk.begin(); it != walk.end(); it++)
        c[*it] += value;
}

template <typename T, int N, template <typename, int> class Container>
long long total(Container<T, N>& c)
{
    long long sum = 0;
    index_walk<N> walk(c.get_extent());
    for (index_walk<N> it = walk.begin(); it != walk.end(); it++)
        sum += c[*it];
    return sum;
}

int main()
{
    const int R = 60, C = 50, D = 40;
    extent<3> e(R, C, D);
    array<int, 3> cube(e);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            for (int k = 0; k < D; k++)
                cube(i, j, k) = (i * 7 + j * 3 + k) % 11;
    std::cout << "cube: " << total<int, 3, array>(cube) << "\n";

    for (int round = 0; round < 3; round++)
    {
        parallel_for_each(e, [&cube](index<3> idx) restrict(amp) { cube[idx] *= 2; });
        add_everywhere<int, 3, array>(cube, -1);
    }
    std::cout << "after rounds: " << total<int, 3, array>(cube) << "\n";

    // a view of host data, a section of it, and an index kept across the loop
    std::vector<float> data(200 * 300);
    array_view<float, 2> grid(200, 300, data);
    for (int i = 0; i < 200; i++)
        for (int j = 0; j < 300; j++)
            grid(i, j) = i * 0.25f + j;
    parallel_for_each(grid.extent, [=](index<2> idx) restrict(amp) { grid[idx] = grid[idx] * 2.0f; });
    array_view<float, 2> inner = grid.section(index<2>(25, 50), extent<2>(150, 200));
    index<2> largest(0, 0);
    double sum = 0;
    for (int i = 0; i < 150; i++)
        for (int j = 0; j < 200; j++)
        {
            index<2> at(i, j);
            sum += inner[at];
            if (inner[at] > inner[largest])
                largest = at;
        }
    std::cout << "section sum: " << sum << ", largest at (" << largest[0] << ", " << largest[1] << ")\n";
    for (int i = 0; i < 150; i++)
        for (int j = 0; j < 200; j++)
            inner(i, j) = -1.0f;
    parallel_for_each(grid.extent, [=](index<2> idx) restrict(amp) { grid[idx] += 1.0f; });
    grid.synchronize();
    std::cout << "data: " << data[0] << " " << data[25 * 300 + 50] << " " << data[174 * 300 + 249]
              << " " << data[199 * 300 + 299] << "\n";

    // rand() in a compiled loop and in host code: one sequence (the Microsoft CRT's)
    srand(2010);
    int before = rand();
    std::vector<int> draws(30000);
    for (int i = 0; i < 30000; i++)
        draws[i] = rand() % 1000;
    int after = rand();
    long long drawn = 0;
    for (int i = 0; i < 30000; i++)
        drawn += draws[i];
    std::cout << "draws: " << before << " " << draws[0] << " " << draws[29999] << " " << drawn << " " << after << "\n";

    // the iterator class as a value in a kernel: each row's walk, in a restrict(amp) loop
    array_view<int, 2> counts(4, 3);
    parallel_for_each(extent<1>(4), [=](index<1> row) restrict(amp) {
        index_walk<2> walk(counts.extent);
        int k = 0;
        for (index_walk<2> it = walk.begin(); it != walk.end(); it++)
            if ((*it)[0] == row[0])
                counts[*it] = k++ * 10 + row[0];
    });
    for (int i = 0; i < 4; i++)
    {
        for (int j = 0; j < 3; j++)
            std::cout << counts(i, j) << " ";
        std::cout << "\n";
    }
    return 0;
}
