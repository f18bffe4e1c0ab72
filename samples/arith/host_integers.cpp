// Host arithmetic as C++ computes it: every integer width wraps (short, unsigned char,
// unsigned short, int, size_t, unsigned long long, long long), float constants keep their
// float rounding when widened, double division by zero is inf, char is signed.
#include <iostream>
#include <cstdio>
#include <vector>
int main() {
    short s = 32767; s++;
    unsigned char uc = 255; uc++;
    unsigned short us = 0; us--;
    int sh = 1 << 31;
    std::cout << s << " " << (int)uc << " " << us << " " << sh << std::endl;
    std::vector<int> v;
    size_t last = v.size() - 1;
    std::cout << last << std::endl;
    unsigned long long m = 18446744073709551615ull; m += 2;
    std::cout << m << std::endl;
    unsigned long long h = 14695981039346656037ull;
    for (int i = 0; i < 10; i++) { h ^= (unsigned long long)i; h *= 1099511628211ull; }
    std::cout << h << std::endl;
    int x = 2147483647; x += 1; int y = x - 5;
    std::cout << x << " " << y << " " << (x >> 28) << std::endl;
    double acc = 0; acc += 0.1f;
    printf("%.17g\n", acc);
    double z = 0.0; float fz = 0.0f;
    std::cout << 1.0 / z << " " << -1.0 / z << " " << 1.0f / fz << std::endl;
    int hsh = 0; for (int i = 0; i < 100; i++) hsh = hsh * 31 + i;
    std::cout << hsh << " " << (hsh >> 28) << " " << hsh / 7 << " " << hsh % 7 << std::endl;
    unsigned u = 2147483649u; int iu = (int)u;
    std::cout << iu / 2 << std::endl;
    long long ll = 9223372036854775807LL; ll++;
    std::cout << ll << std::endl;
    char c = (char)200; int ci = c;
    std::cout << ci << std::endl;
    return 0;
}
