// <algorithm> and <numeric> over std::vector ranges on the host: iota, reverse, sort of a
// sub-range, fill, count, and accumulate in the type of its initial value (an int initial
// value truncates every float sum; a float one rounds each sum to float).
#include <algorithm>
#include <iostream>
#include <numeric>
#include <vector>

int main() {
    std::vector<int> v(8);
    std::iota(v.begin(), v.end(), 3);
    std::reverse(v.begin(), v.end());
    std::sort(v.begin(), v.begin() + 4);
    for (size_t i = 0; i < v.size(); i++) std::cout << v[i] << " ";
    std::cout << std::endl;

    std::vector<float> f(5);
    std::fill(f.begin(), f.end(), 0.1f);
    f[2] = 2.5f;
    float as_float = std::accumulate(f.begin(), f.end(), 0.0f);
    double as_double = std::accumulate(f.begin(), f.end(), 0.0);
    int as_int = std::accumulate(f.begin(), f.end(), 0);
    std::cout << as_float << " " << as_double << " " << as_int << std::endl;
    std::cout.precision(17);
    std::cout << as_float << " " << as_double << std::endl;
    std::cout << std::accumulate(v.begin(), v.end(), 100) << " "
              << std::count(v.begin(), v.end(), 7) << std::endl;
    return 0;
}
