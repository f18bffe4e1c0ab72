// Demonstrates: host-only C++ semantics that a translation must keep: integer
// division/modulo of negatives, unsigned wraparound and mixed comparisons,
// float vs double precision, iostream %g formatting, setw/left/setfill, fixed,
// struct copies, printf, switch fall-through, do-while, and main's return value
// as the exit code (3).
#include <iostream>
#include <iomanip>
#include <cstdio>

struct Point {
    int x;
    int y;
};

void shift(Point p) {
    p.x += 100;
}

int main() {
    std::cout << -7 / 2 << " " << -7 % 2 << " " << 7 / -2 << " " << 7 % -2 << " "
              << -7 / -2 << " " << -7 % -2 << " " << -7 / 2.0 << std::endl;

    unsigned u = 0u - 1u;
    unsigned big = 4000000000u;
    unsigned seven = 7;
    int minusOne = -1;
    std::cout << u << " " << u + 2u << " " << (int)big << " " << (seven > minusOne) << std::endl;

    float f = 0.1f;
    double d = f;
    std::cout << std::setprecision(17) << d << " " << 0.1 << std::endl;
    std::cout << std::setprecision(6);
    std::cout << 100000.0 << " " << 1000000.0 << " " << 0.00001 << " " << 123456.7 << " "
              << 0.0001 << " " << 2.0 << " " << 1.0f / 3.0f << " " << true << std::endl;

    std::cout << "[" << std::setw(6) << 42 << "]" << "[" << std::left << std::setw(6) << 42 << "]"
              << std::right << "[" << std::setfill('*') << std::setw(6) << -5 << "]"
              << std::setfill(' ') << std::endl;

    Point a = {1, 2};
    Point b = a;
    b.x = 10;
    shift(a);
    std::cout << "a=(" << a.x << "," << a.y << ") b=(" << b.x << "," << b.y << ")" << std::endl;

    printf("%5.2f|%-4d|%x\n", 3.14159, 42, 255);

    for (int i = 0; i < 4; i++) {
        int count = 0;
        switch (i) {
        case 0:
            count += 1;
        case 1:
            count += 10;
            break;
        case 2:
            count += 100;
        default:
            count += 1000;
        }
        std::cout << "switch " << i << " -> " << count << std::endl;
    }

    int n = 0;
    do {
        n += 3;
    } while (n < 10);
    int once = 0;
    do {
        once++;
    } while (false);
    std::cout << "do-while: " << n << " " << once << std::endl;

    std::cout << std::fixed << std::setprecision(2) << 3.14159 << " " << 2.5 << " " << 1e6
              << " " << -0.126 << std::endl;
    return 3;
}
