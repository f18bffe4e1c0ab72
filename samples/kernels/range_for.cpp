// Range-based for loops in a kernel and on the host: over a kernel-local C array (by value and
// through a reference that writes the elements), over the rows of a 2-D local array, and on the
// host over a std::vector and a C array.
#include <amp.h>
#include <iostream>
#include <vector>

using namespace concurrency;

int main() {
    const int n = 8;
    std::vector<int> data(n);
    int k = 0;
    for (int& x : data) {
        x = k * 3;
        k++;
    }

    array_view<int, 1> av(n, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        int weights[4] = {1, 2, 3, 4};
        for (int& w : weights) w *= idx[0] + 1;
        int sum = 0;
        for (int w : weights) sum += w;
        int grid[2][3] = {{1, 0, 2}, {0, 3, 0}};
        int diagonal = 0;
        for (auto& row : grid)
            for (int g : row) diagonal += g;
        av[idx] = av[idx] + sum - diagonal;
    });
    av.synchronize();

    int total = 0;
    for (int x : data) {
        std::cout << x << " ";
        total += x;
    }
    int primes[5] = {2, 3, 5, 7, 11};
    int product = 1;
    for (int p : primes) product *= p;
    std::cout << "| " << total << " " << product << std::endl;
    return 0;
}
