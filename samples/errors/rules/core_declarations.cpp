// Errors Visual Studio reports in ordinary declarations and calls: a variable defined twice in
// one block (also after a reference of that name), a restrict(amp)-only function called from the host, and a default argument before a
// parameter without one.  A function declared but never defined is the linker's error, which
// comes only when the program compiled: errors/rules/undefined_function.cpp.
#include <amp.h>
#include <vector>
using namespace concurrency;

int twice(int x) restrict(amp) { return 2 * x; }
int scaled(int a = 1, int b); // expected-error {{[default-args]}}

int main(int argc, char* argv[]) {
    int x = 1;
    int x = 2; // expected-error {{[redefinition]}}
    int& alias = x;
    std::vector<int> alias(3); // expected-error {{redefinition of 'alias' [redefinition]}}
    int y = twice(3); // expected-error {{[amp-restrict]}}
    return argc;
}
