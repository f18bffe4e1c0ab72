// The program's own names that amppy's library also knows: parameters, locals and members
// named `norm`, `index`, `extent`, `vector`, `copy`, `min`, `max`, `texture`, `array`. C++'s
// scopes decide: a local name hides the library's, and the library's name is back after the block.
#include <amp.h>
#include <algorithm>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Sample {
    float texture;
    float norm;
    int index;
};

float blend(float texture, float norm) { return texture * 0.5f + norm; }
int pick(const std::vector<int>& vector, int copy) { return vector[copy]; }
int clamp_to(int min, int max, int value) { return value < min ? min : value > max ? max : value; }
int volume(int extent, int index) { return extent * index; }

int main() {
    Sample s = {2.0f, 1.5f, 3};
    std::cout << blend(s.texture, s.norm) << " " << s.index << std::endl;
    std::vector<int> v = {5, 8, 13};
    std::cout << pick(v, 2) << " " << clamp_to(0, 10, 42) << " " << volume(4, 5) << std::endl;
    {
        int norm = 7, index = 2;
        float texture = 0.25f;
        int array[3] = {norm, index, norm * index};
        std::cout << norm + index << " " << texture << " " << array[2] << std::endl;
    }
    int total = 0;
    for (int index = 0; index < 4; ++index) total += index;
    std::cout << total << " " << std::min(3, 9) << " " << std::max(3, 9) << std::endl;

    std::vector<int> data(6);
    array_view<int, 1> av(6, data);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        int extent = 10;
        int copy = idx[0] * extent;
        av[idx] = copy + 1;
    });
    for (int i = 0; i < 6; i++) std::cout << av[i] << (i == 5 ? "\n" : " ");
    return 0;
}
