// C++ names that are Python builtins, keywords, runtime exports or amppy's own generated
// names. Each must stay the program's own entity in the translation: a struct called
// breakpoint must not open Python's debugger, a field called copy must not replace the
// runtime's copy(), a user's sum_ must not merge with the sum that amppy renames.
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

struct breakpoint { int u; };
struct exit { int None; int copy; int dtype; int _rec; int copy_; };
struct Empty {};
struct range { float lambda; };
struct print { int yield; };
struct input { int from; };
struct compile { int pass; };

int setw = 3;
int sum = 11, sum_ = 2;
int launch_cpu(int x) { return x + 1; }
int main_kernel(int x) { return x * 2; }
int atomic_add(int a) restrict(amp) { return a + 100; }

int main() {
    breakpoint b; b.u = 5;
    struct exit e; e.None = 1; e.copy = 2; e.dtype = 3; e._rec = 4; e.copy_ = 5;
    Empty nothing;
    range r; r.lambda = 1.5f;
    print p; p.yield = 6;
    input in; in.from = 7;
    compile c; c.pass = 8;
    std::cout << b.u << " " << e.None << e.copy << e.dtype << e._rec << e.copy_ << " " << r.lambda
              << " " << p.yield << in.from << c.pass << std::endl;
    std::cout << sum << " " << sum_ << " " << setw << " " << launch_cpu(1) << " " << main_kernel(2) << std::endl;
    int len = 7, type = 8;
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        int sum = idx[0], sum_ = 10;
        int np = 1000, cuda = 20000;
        av[idx] = atomic_add(sum) + sum_ + np + cuda;
    });
    std::cout << av[0] << " " << av[3] << " " << len + type << std::endl;
    {
        int x = 1;
        {
            int x = 2;
            int x_1 = 3;
            std::cout << x << x_1 << std::endl;
        }
        std::cout << x << std::endl;
    }
    return 0;
}
