// Rule undefined-function: a function declared but defined nowhere in the program is the
// linker's error (LNK2019).  The linker runs only on units that compiled: with a compile error
// in the program (errors/rules/core_declarations.cpp) this one is not reported.
#include <amp.h>
#include <vector>
using namespace concurrency;

extern int later(int) restrict(amp);

int main() {
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = later(i[0]); }); // expected-error {{[undefined-function]}}
    return 0;
}
