// <random> as a Windows program printed it: the engines are the standard's (bit-exact with
// every library); the distributions follow the Microsoft STL, which is what Visual Studio
// programs printed (g++'s library draws differently; tests/cpp_emu/random emulates MSVC's).
#include <iostream>
#include <random>
#include <vector>

int main() {
    std::mt19937 gen(42);
    std::cout << gen() << " " << gen() << std::endl;

    std::mt19937 dice_engine(2024);
    std::uniform_int_distribution<int> die(1, 6);
    int counts[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 600; i++) counts[die(dice_engine) - 1]++;
    for (int c : counts) std::cout << c << " ";
    std::cout << std::endl;

    std::default_random_engine engine(7);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::vector<float> data(5);
    for (auto& x : data) x = unit(engine);
    std::cout.precision(9);
    for (float x : data) std::cout << x << " ";
    std::cout << std::endl;

    std::mt19937_64 wide(1);
    std::normal_distribution<double> noise(10.0, 2.0);
    std::cout.precision(17);
    for (int i = 0; i < 3; i++) std::cout << noise(wide) << " ";
    std::cout << std::endl;

    std::mt19937 coin_engine(5);
    std::bernoulli_distribution coin(0.3);
    int heads = 0;
    for (int i = 0; i < 1000; i++)
        if (coin(coin_engine)) heads++;
    std::uniform_int_distribution<> any_int;
    std::cout << heads << " " << any_int(coin_engine) << " " << die.min() << "-" << die.max() << std::endl;
    return 0;
}
