// Random engines and distributions are values, as in C++: a copy (`b = a`, a by-value
// parameter, the generator `std::generate` takes) has the original's state and then goes its
// own way; `Engine::min()`/`max()` are the engine's range; an engine is a function object.
#include <random>
#include <vector>
#include <algorithm>
#include <iostream>

unsigned third_draw(std::mt19937 g) { g(); g(); return g(); }   // draws from its own copy

int main() {
    std::mt19937 a(5);
    std::mt19937 b = a;                                      // same state, separate engines
    std::cout << a() << " " << b() << " " << a() << std::endl;
    std::cout << third_draw(a) << " " << a() << std::endl;   // the copy does not advance `a`

    std::vector<unsigned> v(3);
    std::mt19937 rng;
    std::generate(v.begin(), v.end(), rng);                  // a copy of rng makes the values
    std::cout << v[0] << " " << v[2] << " " << rng() << std::endl;

    std::uniform_int_distribution<int> die(1, 6);
    std::uniform_int_distribution<int> die2 = die;
    std::mt19937 g1(7), g2(7);
    std::cout << die(g1) << die(g1) << die(g1) << " " << die2(g2) << die2(g2) << die2(g2) << std::endl;
    std::cout << std::mt19937::min() << " " << std::mt19937::max() << " " << std::minstd_rand::min() << " "
              << std::minstd_rand::max() << " " << std::mt19937_64::max() << std::endl;
    return 0;
}
