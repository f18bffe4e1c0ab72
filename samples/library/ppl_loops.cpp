// The PPL's parallel_for: a loop whose iterations the PPL may run at once (amppy runs them in
// order, one of the orders it may choose); here each iteration sets up one band of rows that a
// kernel then smooths.  A critical_section keeps the iterations' shared total consistent.
#include <iostream>
#include <vector>
#include <amp.h>
#include <ppl.h>
using namespace concurrency;

int main()
{
    const int rows = 6, cols = 5;
    std::vector<float> grid(rows * cols);
    parallel_for(0, rows, [&grid, cols](int r) {
        for (int c = 0; c < cols; ++c)
            grid[r * cols + c] = float((r * 7 + c * 3) % 10);
    });

    std::vector<int> rowSums(rows);
    parallel_for(size_t(0), rowSums.size(), [&](size_t r) {
        int s = 0;
        for (int c = 0; c < cols; ++c)
            s += int(grid[r * cols + c]);
        rowSums[r] = s;
    });
    int everyOther = 0;
    critical_section totalLock;
    parallel_for(1u, unsigned(rows), 2u, [&](unsigned r) {      // rows 1, 3, 5
        critical_section::scoped_lock hold(totalLock);          // released at the lambda's end
        everyOther += rowSums[r];
    });
    totalLock.lock();
    const bool second = totalLock.try_lock();                   // not recursive: false
    totalLock.unlock();
    std::cout << "taken again while held: " << std::boolalpha << second << std::noboolalpha << std::endl;

    array_view<float, 2> g(rows, cols, grid);
    std::vector<float> out(rows * cols);
    array_view<float, 2> smooth(rows, cols, out);
    smooth.discard_data();
    parallel_for_each(smooth.extent, [=](index<2> i) restrict(amp) {
        const int c = i[1];
        const float left = c > 0 ? g(i[0], c - 1) : g[i];
        const float right = c < cols - 1 ? g(i[0], c + 1) : g[i];
        smooth[i] = (left + g[i] + right) / 3.0f;
    });

    for (int r = 0; r < rows; ++r)
    {
        std::cout << rowSums[r] << ":";
        for (int c = 0; c < cols; ++c)
            std::cout << " " << smooth(r, c);
        std::cout << std::endl;
    }
    std::cout << "rows 1, 3 and 5: " << everyOther << std::endl;
    return 0;
}
