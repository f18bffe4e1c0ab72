// Rule array-bounds: an array_view whose extent holds more elements than the C array under it,
// both sizes known at compile time. C++ AMP takes the array as a pointer and would read and
// write past its end (undefined behaviour); amppy reports the view where it is made. A view of
// at most the array's size, or of a size known only at run time, is not reported here (the
// latter is checked when the program runs: samples/errors/runtime/view_over_small_array.cpp).
#include <amp.h>
using namespace concurrency;

const int ROWS = 4;

int main() {
    int flat[32];
    int grid[ROWS][8];
    array_view<int> whole(32, flat);                    // fits exactly
    array_view<int> first(16, flat);                    // a prefix
    array_view<int, 2> rows(ROWS, 8, flat);             // 4 x 8 = 32
    array_view<int> big(4096, flat);                    // expected-error {{'array_view<int, 1>' of extent (4096) needs 4096 elements, over 'flat', an array of 32 elements: C++ AMP would read and write past the array [array-bounds]}}
    array_view<int, 2> wide(ROWS, 9, flat);             // expected-error {{'array_view<int, 2>' of extent (4, 9) needs 36 elements, over 'flat'}}
    array_view<int> cells(ROWS * 8 + 1, grid);          // expected-error {{needs 33 elements, over 'grid', an array of 32 elements}}
    whole[0] = first[0] + rows(0, 0) + big[0] + wide(0, 0) + cells[0];
    return 0;
}
