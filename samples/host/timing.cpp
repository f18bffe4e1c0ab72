// Timing a computation the ways Windows programs do: QueryPerformanceCounter, GetTickCount and
// clock().  The times differ from run to run, so the program prints only what does not:
// the result, and whether each measured time is sane.
#include <Windows.h>
#include <ctime>
#include <iostream>

long long checksum(int n) {
    long long sum = 0;
    for (int i = 0; i < n; i++) sum = (sum * 31 + i) % 1000003;
    return sum;
}

int main() {
    LARGE_INTEGER frequency, start, stop;
    QueryPerformanceFrequency(&frequency);
    DWORD ticks = GetTickCount();
    clock_t began = clock();
    QueryPerformanceCounter(&start);
    long long result = checksum(200000);
    QueryPerformanceCounter(&stop);
    double ms = (stop.QuadPart - start.QuadPart) * 1000.0 / frequency.QuadPart;
    double clock_ms = (clock() - began) * 1000.0 / CLOCKS_PER_SEC;
    std::cout << "checksum " << result << std::endl;
    std::cout << "frequency positive: " << (frequency.QuadPart > 0) << std::endl;
    std::cout << "elapsed ok: " << (ms >= 0.0 && ms < 60000.0) << " " << (clock_ms >= 0.0)
              << " " << (GetTickCount() - ticks < 60000) << std::endl;
    return 0;
}
