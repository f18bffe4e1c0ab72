// A library function passed by name to an algorithm: std::generate calls rand (the Microsoft
// runtime's sequence for srand(2009)), std::transform calls sqrt on each element.
#include <vector>
#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <iostream>
int main() {
    srand(2009);
    std::vector<int> v(4);
    std::generate(v.begin(), v.end(), rand);
    std::vector<double> d = {1.0, 4.0, 9.0};
    std::transform(d.begin(), d.end(), d.begin(), sqrt);
    for (int x : v) std::cout << x << " ";
    for (double x : d) std::cout << x << " ";
    std::cout << std::endl;
}
