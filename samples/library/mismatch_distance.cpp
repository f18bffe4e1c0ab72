// std::mismatch (with and without a predicate: a pair of iterators, .first and .second) and
// std::distance of a vector's iterators, as the C++ AMP book's Chapter 4 compares its results.
#include <vector>
#include <algorithm>
#include <iterator>
#include <iostream>
#include <cmath>
int main() {
    std::vector<float> a = {1.0f, 2.0f, 3.0f, 4.0f}, b = {1.0f, 2.001f, 3.5f, 4.0f};
    auto m = std::mismatch(a.cbegin(), a.cend(), b.cbegin(), [](float x, float y) { return std::fabs(x - y) < 0.01; });
    std::cout << std::distance(a.cbegin(), m.first) << " " << *m.first << " " << *m.second << std::endl;
    m = std::mismatch(a.cbegin(), a.cend(), a.cbegin());
    std::cout << (m.first == a.cend()) << " " << std::distance(a.begin(), a.end()) << std::endl;
    return 0;
}
