// User names that are also names the generated module imports or defines: the runtime's
// `setw` and `launch_cpu`, the kernel helpers `atomic_add` / `cdiv`, the kernel `main_kernel`.
#include <amp.h>
#include <iomanip>
#include <iostream>
using namespace concurrency;

int setw = 3;

int launch_cpu(int a) { return a * 2; }

int main_kernel(int a) { return a + 100; }

int atomic_add(int a, int b) restrict(amp, cpu) { return a + b; }

int main()
{
    int values[4] = { 1, 2, 3, 4 };
    int total[1] = { 0 };
    array_view<int, 1> np(4, values);
    array_view<int, 1> cuda(1, total);
    parallel_for_each(np.extent, [=](index<1> idx) restrict(amp) {
        int cdiv = atomic_add(np[idx], 10);
        int prange = cdiv / 3;
        np[idx] = prange;
        atomic_fetch_add(&cuda[0], cdiv);
    });
    np.synchronize();
    cuda.synchronize();
    for (int i = 0; i < 4; i++)
        std::cout << std::setw(setw) << values[i];
    std::cout << "\n" << total[0] << " " << launch_cpu(setw) << " " << main_kernel(1)
              << " " << atomic_add(1, 2) << std::endl;
    return 0;
}
