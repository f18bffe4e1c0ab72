// Runtime check amp-out-of-bounds (`amppy run --check bounds`): an off-by-one
// neighbour read. Every thread of the 8x9 domain reads the element to its right,
// so the threads of the last column read column 9 of an 8x9 array_view. C++ AMP
// does not check this; `--check bounds` reports the first bad index, (0, 9).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

const int ROWS = 8;
const int COLS = 9;

int main() {
    std::vector<int> values(ROWS * COLS);
    for (int i = 0; i < ROWS * COLS; i++) {
        values[i] = i;
    }
    std::vector<int> result(ROWS * COLS, 0);
    array_view<const int, 2> descriptions(ROWS, COLS, values);
    array_view<int, 2> differences(ROWS, COLS, result);
    std::cout << "before the kernel" << std::endl;
    parallel_for_each(differences.extent, [=](index<2> idx) restrict(amp) {
        differences[idx] = descriptions(idx[0], idx[1] + 1) - descriptions[idx];
    });
    std::cout << differences(0, 0) << std::endl;
    return 0;
}
