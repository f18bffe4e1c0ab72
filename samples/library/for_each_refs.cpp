// Elements changed in place by std::for_each and the PPL's parallel_for_each over a range (their
// lambdas take the element as `T&`), C++11's free begin()/end(), a function-local `static const`
// read in a tiled kernel, and `++` of a float parameter used as a value in a restrict(cpu, amp)
// function.
#include <algorithm>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>
#include <amp.h>
#include <ppl.h>
using namespace concurrency;

static float Next(float val) restrict(cpu, amp)
{
    return ++val;                       // the parameter's copy, stepped, is the result
}

struct Cell
{
    int hits;
    float load;
};

int main()
{
    std::vector<float> samples(8);
    std::iota(begin(samples), end(samples), 0.5f);

    // the PPL runs the calls in any order, each on its own element
    parallel_for_each(begin(samples), end(samples), [](float& v) { v = Next(v) * 2.0f; });
    int skipped = 0;
    std::for_each(samples.begin(), samples.end(), [&skipped](float& v) {
        if (v > 12.0f) { ++skipped; return; }
        v -= 0.25f;
    });
    for (float v : samples)
        std::cout << v << " ";
    std::cout << "(" << skipped << " left as they were)" << std::endl;

    std::vector<std::string> words(3, "amp");
    int k = 0;
    std::for_each(std::begin(words), std::end(words), [&k](std::string& w) { w += std::to_string(k++); });
    std::cout << words[0] << " " << words[1] << " " << words[2] << std::endl;

    std::vector<Cell> cells(4);
    parallel_for_each(cells.begin(), cells.end(), [](Cell& c) { c.hits = 3; c.load = 0.5f; });
    std::cout << cells[3].hits << " " << cells[3].load << std::endl;

    // a moving sum of three in tiles of 4, each tile reading one element past each of its ends
    static const int tileSize = 4;
    std::vector<int> data(12);
    for (int i = 0; i < 12; ++i)
        data[i] = i % 5;
    array_view<const int, 1> in(12, data);
    std::vector<int> sums(12);
    array_view<int, 1> out(12, sums);
    out.discard_data();
    parallel_for_each(out.extent.tile<tileSize>(), [=](tiled_index<tileSize> t) restrict(amp) {
        tile_static int local[tileSize + 2];
        const int g = t.global[0];
        const int l = t.local[0];
        local[l + 1] = in[g];
        if (l == 0)
            local[0] = g > 0 ? in[g - 1] : 0;
        if (l == tileSize - 1)
            local[tileSize + 1] = g + 1 < 12 ? in[g + 1] : 0;
        t.barrier.wait();
        out[g] = local[l] + local[l + 1] + local[l + 2] + int(Next(0.0f));
    });
    for (int i = 0; i < 12; ++i)
        std::cout << out[i] << (i < 11 ? "," : "\n");
    return 0;
}
