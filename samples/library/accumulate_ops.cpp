// std::accumulate with an operation (std::plus, std::multiplies, std::minus, a lambda; each step in the
// initial value's type: int wraps) and the PPL's parallel_reduce, as the C++ AMP book's Reduction uses them.
#include <vector>
#include <numeric>
#include <functional>
#include <iostream>
#include <ppl.h>
#include <climits>
using namespace concurrency;
int main() {
    std::vector<int> v = {1, 2, 3, 4, 5};
    int s = std::accumulate(v.cbegin(), v.cend(), 0, std::plus<int>());
    int p = std::accumulate(v.begin(), v.end(), 1, std::multiplies<int>());
    int d = std::accumulate(v.begin(), v.end(), 100, std::minus<int>());
    int m = std::accumulate(v.begin(), v.end(), 0, [](int acc, int x) { return acc > x ? acc : x; });
    int r = parallel_reduce(v.cbegin(), v.cend(), 0, std::plus<int>());
    std::vector<int> big(3, INT_MAX);
    int w = std::accumulate(big.begin(), big.end(), 0, std::plus<int>());
    double h = std::accumulate(v.begin(), v.end(), 0.5, [](double acc, int x) { return acc + x / 2.0; });
    std::cout << s << " " << p << " " << d << " " << m << " " << r << " " << w << " " << h << std::endl;
    return 0;
}
