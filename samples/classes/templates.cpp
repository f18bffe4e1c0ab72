// Templates the program defines, instantiated as C++ does: function templates with deduced
// and explicit arguments (`add(2, 3)`, `add<float>(...)`), a `template<int TS>` tile size,
// deduction from `array_view<T, N>`, a default template argument, a class template with a
// type and a value parameter (used on the host and as a kernel value), a template that calls
// a template, and a non-template overload that C++ prefers on a tie.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename T>
T add(T a, T b) restrict(cpu, amp) { return a + b; }

int add(int a, int b) restrict(cpu, amp) { return a + b + 1000; }   // the non-template wins for ints

template <typename T, int N>
struct Repeat {                                          // a + b, N times
    T a, b;
    T total() const restrict(cpu, amp) {
        T s = 0;
        for (int i = 0; i < N; i++) s = add<T>(s, a + b);
        return s;
    }
};

template <int TS>
void tile_sums(array_view<int, 1> data) {
    parallel_for_each(data.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
        tile_static int part[TS];
        part[t.local[0]] = data[t.global];
        t.barrier.wait();
        if (t.local[0] == 0) {
            int s = 0;
            for (int i = 0; i < TS; i++) s += part[i];
            data[t.global] = s;
        }
    });
}

template <typename T, int R>
void scale(array_view<T, R> av, T k) {                  // T and R deduced from the array_view
    parallel_for_each(av.extent, [=](index<R> i) restrict(amp) { av[i] = av[i] * k; });
}

template <typename T = float>
T half(T v) { return v / 2; }

int main() {
    std::vector<int> a(8, 1);
    array_view<int, 1> av(8, a);
    tile_sums<4>(av);
    std::cout << av[0] << " " << av[4] << std::endl;
    tile_sums<2>(av);
    std::cout << av[0] << " " << av[2] << std::endl;

    std::vector<float> m(6, 1.5f);
    array_view<float, 2> mv(2, 3, m);
    scale(mv, 2.0f);
    std::cout << mv(1, 2) << std::endl;

    Repeat<float, 3> s = {1.5f, 2.0f};
    std::vector<float> out(2);
    array_view<float, 1> ov(2, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) { ov[i] = s.total() * (i[0] + 1); });
    std::cout << s.total() << " " << ov[1] << std::endl;

    std::cout << add(2, 3) << " " << add(2.5, 0.25) << " " << add<float>(1.5f, 1) << " " << add<int>(1, 1) << std::endl;
    std::cout << half(5) << " " << half<double>(5) << " " << half(5.0f) << std::endl;
    return 0;
}
