// A program's own input iterator class (operator*, prefix operator++, operator!=, derived from
// std::iterator) given to concurrency::copy and to the array constructors: copy(first, last,
// array), copy(first, array_view) of the view's size, array(extent, first, last) and
// array(extent, first).  C++ passes iterators by value, so the caller's iterator does not move.
#include <amp.h>
#include <iostream>
#include <iterator>
#include <vector>
using namespace concurrency;

template <typename T>
class Reader : public std::iterator<std::input_iterator_tag, T> {
public:
    explicit Reader(typename std::vector<T>::iterator at) : pos(at), steps(0) {}
    const T& operator*() { return *pos; }
    const Reader<T>& operator++() { ++pos; ++steps; return *this; }
    bool operator!=(const Reader<T>& other) const { return pos != other.pos; }
    bool operator==(const Reader<T>& other) const { return pos == other.pos; }
    int steps;
private:
    typename std::vector<T>::iterator pos;
};

template <typename T>
void show(const char* what, const std::vector<T>& v) {
    std::cout << what << ":";
    for (const T& x : v) std::cout << " " << x;
    std::cout << "\n";
}

int main() {
    std::vector<int> source(6);
    for (int i = 0; i < 6; ++i) source[i] = (i + 1) * (i + 1);
    Reader<int> first(source.begin()), last(source.end());

    array<int, 1> a(6);
    copy(first, last, a);
    std::vector<int> out(6);
    copy(a, out.begin());
    show("copy(first, last, array)", out);
    std::cout << "the caller's iterator: " << *first << " after " << first.steps << " steps\n";

    std::vector<float> halves(4);
    array_view<float, 1> view(4, halves);
    std::vector<float> floats(5);
    for (int i = 0; i < 5; ++i) floats[i] = i * 0.5f;
    copy(Reader<float>(floats.begin()), view);          // the view's 4 elements
    view.synchronize();
    show("copy(first, view)", halves);

    array<int, 2> grid(extent<2>(2, 3), first, last);
    parallel_for_each(grid.extent, [&grid](index<2> idx) restrict(amp) {
        grid[idx] = grid[idx] * 10 + idx[0];
    });
    std::vector<int> cells(6);
    copy(grid, cells.begin());
    show("array(extent, first, last)", cells);

    array<int, 1> head(extent<1>(3), first);
    std::vector<int> three(3);
    copy(head, three.begin());
    show("array(extent, first)", three);
    return 0;
}
