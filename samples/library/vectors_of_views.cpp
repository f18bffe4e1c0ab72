// std::vectors of C++ AMP objects: array_views (copies share their data) and arrays (a copy has
// data of its own: push_back of an array, `array<T, N> b = a;`), an element bound to a reference
// and captured by a kernel, as multi-accelerator code keeps one array or view per accelerator.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

// takes a view: an array passed to it is viewed, in the kernel as on the host
int Doubled(const array_view<const int, 1>& v, index<1> i) restrict(cpu, amp)
{
    return v[i] * 2;
}

int main()
{
    std::vector<float> data(8, 1.0f);
    std::vector<array_view<float, 1>> halves;
    halves.push_back(array_view<float, 1>(4, data));
    halves.push_back(array_view<float, 1>(4, &data[4]));

    std::vector<int> seed(4);
    for (int i = 0; i < 4; ++i)
        seed[i] = i;
    array<int, 1> original(4, seed.begin());
    std::vector<array<int, 1>> arrays;
    arrays.push_back(original);                 // a copy: the kernels below leave `original` as it is
    arrays.push_back(array<int, 1>(4, seed.begin()));
    array<int, 1> snapshot = arrays[1];          // a copy too

    for (int k = 0; k < 2; ++k)
    {
        array_view<float, 1> v = halves[k];      // the same data as halves[k]
        array<int, 1>& a = arrays[k];            // the array in the vector itself
        parallel_for_each(v.extent, [=, &a](index<1> i) restrict(amp) {
            v[i] += float(k + 1);
            a[i] = Doubled(a, i) * 5 + k;
        });
    }
    for (size_t k = 0; k < halves.size(); ++k)
        halves[k].synchronize();                // the vector `data` is read below

    std::vector<int> first = arrays[0], second = arrays[1], kept = original, snap = snapshot;
    for (float x : data)
        std::cout << x << " ";
    std::cout << std::endl;
    for (int i = 0; i < 4; ++i)
        std::cout << first[i] << "," << second[i] << "," << kept[i] << "," << snap[i] << " ";
    std::cout << std::endl << arrays.size() << " arrays of " << arrays[0].extent[0] << "; "
              << Doubled(original, index<1>(3)) << std::endl;
    return 0;
}
