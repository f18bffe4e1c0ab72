// Per-thread C arrays inside a kernel: a brace-initialised 1-D array (missing
// elements are zero) and a 2-D array filled in a loop.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main() {
    std::vector<int> v(8, 0);
    array_view<int, 1> av(8, v);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        int weights[4] = {1, 2, 3};          // weights[3] is 0
        int grid[2][3];
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 3; c++)
                grid[r][c] = r * 3 + c;
        int s = 0;
        for (int k = 0; k < 4; k++) s += weights[k] * idx[0];
        av[idx] = s + grid[1][2];
    });
    for (int i = 0; i < 8; i++) std::cout << av[i] << " ";
    std::cout << std::endl;
    return 0;
}
