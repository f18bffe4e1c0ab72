// Errors Visual Studio reports in ordinary declarations and calls: a variable defined twice in
// one block, a restrict(amp)-only function called from the host, and a function that is
// declared but never defined (the linker's error), and a default argument before a parameter
// without one.
#include <amp.h>
#include <vector>
using namespace concurrency;

int twice(int x) restrict(amp) { return 2 * x; }
extern int later(int) restrict(amp);
int scaled(int a = 1, int b); // expected-error {{[default-args]}}

int main(int argc, char* argv[]) {
    int x = 1;
    int x = 2; // expected-error {{[redefinition]}}
    int y = twice(3); // expected-error {{[amp-restrict]}}
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = later(i[0]); }); // expected-error {{[undefined-function]}}
    return argc;
}
