// rand() as the Microsoft C runtime computes it: the numbers this program printed on Windows.
// The time taken is measured with clock() and time(), and only checked, never printed.
#include <iostream>
#include <cstdlib>
#include <ctime>

int roll(int sides) {
    return rand() % sides + 1;
}

int main() {
    std::cout << "srand(1):";
    srand(1);
    for (int i = 0; i < 10; i++) std::cout << " " << rand();
    std::cout << std::endl;

    std::cout << "srand(42):";
    srand(42);
    for (int i = 0; i < 10; i++) std::cout << " " << rand();
    std::cout << std::endl;

    clock_t start = clock();
    time_t now = time(NULL);
    srand(7);
    int counts[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 6000; i++) counts[roll(6) - 1]++;
    std::cout << "dice:";
    for (int k = 0; k < 6; k++) std::cout << " " << counts[k];
    std::cout << std::endl;
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    std::cout << "RAND_MAX " << RAND_MAX << ", timing ok " << (seconds >= 0.0 && now > 1000000000) << std::endl;
    return 0;
}
