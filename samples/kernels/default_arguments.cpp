// Default arguments, filled in at each call as C++ does: host functions, a restrict(amp, cpu)
// function called from a kernel and from the host, and a default given in a prototype.
#include <iostream>
#include <amp.h>
using namespace concurrency;
#define SCALE 3
int f(int a, int b = 5, float c = 1.5f) { return a + b + (int)c; }
int g(int x, int k = SCALE) restrict(amp, cpu) { return x * k; }
void report(const char* label, int value = -1);
int main() {
    std::cout << f(1) << " " << f(1, 2) << " " << f(1, 2, 4.0f) << std::endl;
    std::vector<int> v(4, 1);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) { av[i] = g(av[i] + i[0]); });
    av.synchronize();
    std::cout << v[3] << " " << g(2, 10) << std::endl;
    report("x");
    report("y", 7);
    return 0;
}
void report(const char* label, int value) { std::cout << label << "=" << value << std::endl; }
