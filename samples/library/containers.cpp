// The standard containers and utilities host code leans on: std::vector in full (and vectors
// of vectors and of structs), std::array, std::pair, std::function, std::numeric_limits,
// std::swap/min/max -- feeding a kernel from a vector of rows.
#include <amp.h>
#include <algorithm>
#include <array>
#include <cfloat>
#include <climits>
#include <functional>
#include <iostream>
#include <limits>
#include <utility>
#include <vector>
using namespace concurrency;

struct Sample {
    int id;
    float value;
};

void print(const char* label, const std::vector<int>& v) {
    std::cout << label << ":";
    for (int x : v) std::cout << " " << x;
    std::cout << " (size " << v.size() << ")" << std::endl;
}

float apply_all(const std::vector<std::function<float(float)>>& steps, float x) {
    for (auto& step : steps) x = step(x);
    return x;
}

int main() {
    // std::vector: assign, insert, erase, front/back, swap
    std::vector<int> v;
    v.assign(4, 1);
    v.insert(v.begin() + 2, 9);
    v.insert(v.end(), 2, 5);
    print("after insert", v);
    v.erase(v.begin());
    v.erase(v.begin() + 1, v.begin() + 3);
    print("after erase", v);
    std::vector<int> w(3, 7);
    v.swap(w);
    std::cout << "front " << v.front() << ", back " << w.back() << std::endl;

    // a vector of rows, flattened for the accelerator
    const int rows = 3, cols = 4;
    std::vector<std::vector<float>> grid(rows, std::vector<float>(cols, 0.0f));
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) grid[r][c] = r * 10.0f + c;
    std::vector<float> row_copy = grid[1];
    row_copy[0] = -1.0f;                       // a copy: grid is unchanged
    std::vector<float> flat;
    for (auto& row : grid) flat.insert(flat.end(), row.begin(), row.end());
    array_view<float, 2> view(rows, cols, flat);
    parallel_for_each(view.extent, [=](concurrency::index<2> i) restrict(amp) { view[i] *= 2.0f; });
    view.synchronize();
    std::cout << "grid[1][0] " << grid[1][0] << ", doubled " << flat[1 * cols + 0] << ", last " << flat[11] << std::endl;

    // vectors of structs
    std::vector<Sample> samples(2);
    samples[0].id = 1;
    samples[0].value = 0.25f;
    Sample s = {2, 4.5f};
    samples.push_back(s);
    samples[1] = samples[2];
    samples[2].value = 0.0f;
    std::cout << "samples " << samples[1].id << " " << samples[1].value << " " << samples[2].value << std::endl;

    // std::array
    std::array<int, 5> arr = {5, 3, 8};
    std::array<int, 5> arr_copy = arr;
    std::sort(arr.begin(), arr.end());
    int total = 0;
    for (int x : arr) total += x;
    std::cout << "array " << arr[0] << arr[1] << arr[2] << arr[3] << arr[4] << " copy " << arr_copy[0]
              << " size " << arr.size() << " total " << total << std::endl;

    // std::pair
    std::pair<int, float> best(0, -std::numeric_limits<float>::max());
    for (int i = 0; i < (int)samples.size(); i++)
        if (samples[i].value > best.second) best = std::make_pair(i, samples[i].value);
    std::pair<int, int> lo(1, 2), hi(1, 3);
    std::cout << "best " << best.first << " " << best.second << " ordered " << (lo < hi) << (hi < lo) << std::endl;

    // std::function
    std::vector<std::function<float(float)>> steps;
    float offset = 0.5f;
    steps.push_back([](float x) { return x * 2.0f; });
    steps.push_back([offset](float x) { return x + offset; });
    std::function<int(int, int)> larger = [](int a, int b) { return std::max(a, b); };
    std::cout << "steps " << apply_all(steps, 1.0f) << " larger " << larger(3, 9) << std::endl;

    // limits, swap, min, max
    int a = INT_MAX, b = std::numeric_limits<int>::min();
    std::swap(a, b);
    std::cout << "limits " << a << " " << b << " " << FLT_MAX << " " << std::numeric_limits<float>::epsilon()
              << " " << std::numeric_limits<unsigned int>::max() << " " << std::numeric_limits<int>::digits << std::endl;
    std::cout << "min/max " << std::min(3, -4) << " " << std::max(2.5f, 1.5f) << std::endl;
    return 0;
}
