// Timing with <chrono>, as newer C++ AMP samples do: a kernel and its copy back are timed with
// high_resolution_clock, then reported in milliseconds.  Times differ from run to run, so the
// program prints the result and checks on the times; the duration arithmetic it prints is exact.
#include <amp.h>
#include <chrono>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
    const int n = 1024;
    std::vector<int> data(n);
    for (int i = 0; i < n; i++) data[i] = i;

    auto start = std::chrono::high_resolution_clock::now();
    array_view<int, 1> av(n, data);
    parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) { av[i] = av[i] * 3 + 1; });
    av.synchronize();
    auto stop = std::chrono::high_resolution_clock::now();

    long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(stop - start).count();
    std::chrono::duration<double, std::milli> elapsed = stop - start;
    long long sum = 0;
    for (int x : data) sum += x;
    std::cout << "sum " << sum << std::endl;
    std::cout << "timing sane: " << (ms >= 0) << " " << (elapsed.count() >= 0.0) << " "
              << (elapsed.count() < 600000.0) << std::endl;

    // duration arithmetic is exact
    std::chrono::milliseconds budget(2500);
    std::chrono::seconds whole = std::chrono::duration_cast<std::chrono::seconds>(budget);
    std::chrono::milliseconds rest = budget - whole;
    std::chrono::microseconds fine = rest;
    std::chrono::duration<double> in_seconds = budget;
    std::cout << whole.count() << " s + " << rest.count() << " ms = " << fine.count() << " us + "
              << whole.count() << " s; " << in_seconds.count() << " s" << std::endl;
    std::cout << "compare " << (rest < whole) << " " << (budget == std::chrono::milliseconds(2500)) << std::endl;
    auto half = budget / 2;
    std::cout << "half " << half.count() << " ms" << std::endl;
    return 0;
}
