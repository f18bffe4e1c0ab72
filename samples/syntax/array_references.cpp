// Parameters that are references to arrays, `T (&a)[N]`: the array itself is passed (no decay to
// a pointer), `sizeof(a)` is the whole array's, a template deduces both the element type and the
// length from the argument, an unnamed one only counts, a 2-D one keeps both sizes; also in a
// restrict(amp) function given a kernel's local array.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int sum3(const int (&a)[3]) {
    int s = 0;
    for (int i = 0; i < 3; i++) s += a[i];
    return s * 100 + (int)sizeof(a);        // the whole array's size: 12
}

void fill4(int (&a)[4], int from) {
    for (int i = 0; i < 4; i++) a[i] = from + i;
}

template <typename T, int N>
T largest(const T (&values)[N]) {
    T best = values[0];
    for (int i = 1; i < N; i++)
        if (values[i] > best) best = values[i];
    return best;
}

template <typename T, int N>
int length_of(T (&)[N]) { return N; }

template <typename T, int N>
void swap_all(T (&a)[N], T (&b)[N]) {
    for (int i = 0; i < N; i++) { T t = a[i]; a[i] = b[i]; b[i] = t; }
}

int corner_sum(const int (&grid)[3][2]) {
    return grid[0][0] + grid[0][1] + grid[2][0] + grid[2][1];
}

int spread(int (&cell)[2], int i) restrict(amp) {
    cell[0] = i * 2;
    cell[1] = i * 3;
    return cell[0] + cell[1];
}

int main() {
    int three[3] = {4, 5, 6};
    int four[4];
    fill4(four, 10);
    double weights[5] = {0.5, 2.25, 1.0, -3.0, 2.0};
    int grid[3][2] = {{1, 2}, {3, 4}, {5, 6}};
    std::cout << "sum3: " << sum3(three) << ", sizeof: " << sizeof(three) << std::endl;
    std::cout << "fill4: " << four[0] << " " << four[3] << std::endl;
    std::cout << "largest: " << largest(three) << " " << largest(weights) << std::endl;
    std::cout << "lengths: " << length_of(three) << " " << length_of(four) << " " << length_of(weights) << std::endl;
    int left[2] = {1, 2}, right[2] = {7, 8};
    swap_all(left, right);
    std::cout << "swapped: " << left[0] << left[1] << " " << right[0] << right[1] << std::endl;
    std::cout << "corners: " << corner_sum(grid) << std::endl;

    std::vector<int> out(6);
    array_view<int, 1> o(6, out);
    parallel_for_each(o.extent, [=](index<1> idx) restrict(amp) {
        int cell[2];
        int total = spread(cell, idx[0]);
        o[idx] = total * 10 + cell[1] % 10;
    });
    o.synchronize();
    std::cout << "kernel:";
    for (int v : out) std::cout << " " << v;
    std::cout << std::endl;
    return 0;
}
