// Reverse iterators of a std::vector: rbegin()/rend() (and the const crbegin()/crend()) in a
// loop, in the algorithms that visit a range in order, and to make a reversed copy; the copy is
// then smoothed by a kernel.
#include <algorithm>
#include <iostream>
#include <numeric>
#include <vector>
#include <amp.h>
using namespace concurrency;

int main()
{
    std::vector<int> v(8);
    std::iota(v.begin(), v.end(), 1);

    for (auto it = v.rbegin(); it != v.rend(); ++it)
        std::cout << *it << " ";
    std::cout << std::endl;

    std::for_each(v.rbegin(), v.rbegin() + 3, [](int& x) { x *= 10; });   // the last three
    const long long odd = std::count_if(v.crbegin(), v.crend(), [](int x) { return x % 2 == 1; });
    const int sum = std::accumulate(v.rbegin(), v.rend(), 0);
    std::cout << "odd " << odd << ", sum " << sum << ", " << (v.rend() - v.rbegin()) << " elements, second from the back "
              << *(v.rbegin() + 1) << std::endl;

    std::vector<int> r(v.rbegin(), v.rend());
    array_view<const int, 1> in(int(r.size()), r);
    std::vector<int> out(r.size());
    array_view<int, 1> av(int(out.size()), out);
    av.discard_data();
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        const int k = i[0];
        av[i] = (k > 0 ? in[k - 1] : 0) + in[k];
    });
    av.synchronize();                   // the vector itself is read: its data comes back first
    std::for_each(out.cbegin(), out.cend(), [](int x) { std::cout << x << " "; });
    std::cout << std::endl;
    return 0;
}
