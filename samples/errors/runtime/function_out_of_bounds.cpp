// Runtime check amp-out-of-bounds (`amppy run --check bounds`) inside a restrict(amp) function a
// kernel calls: a 3x3 window average whose window runs past the last row (the guard tests the
// columns only). C++ AMP does not check this; `--check bounds` reports the function's access,
// with the first bad index: (6, 0), row 6 of a 6-row view, from the window of element (5, 1).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

float WindowAverage(const array_view<const float, 2>& data, index<2> idx) restrict(amp)
{
    if (idx[1] < 1 || idx[1] >= data.extent[1] - 1)
        return 0.0f;
    float sum = 0.0f;
    for (int i = -1; i <= 1; ++i)
        for (int j = -1; j <= 1; ++j)
            sum += data(idx[0] + i, idx[1] + j);
    return sum / 9.0f;
}

int main() {
    const int rows = 6, cols = 5;
    std::vector<float> values(rows * cols, 1.0f);
    std::vector<float> result(rows * cols);
    array_view<const float, 2> in(rows, cols, values);
    array_view<float, 2> out(rows, cols, result);
    std::cout << "before the kernel" << std::endl;
    parallel_for_each(extent<2>(rows - 1, cols), [=](index<2> idx) restrict(amp) {
        index<2> below = idx + index<2>(1, 0);       // rows 1 to 5
        out[below] = WindowAverage(in, below);
    });
    std::cout << out(1, 1) << std::endl;
    return 0;
}
