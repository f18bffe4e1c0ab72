// Rule syntax-error: in a lambda declarator `mutable` comes before the restriction specifier
// (Visual Studio's C3409 for `[]() restrict(amp) mutable {}`).
#include <amp.h>
using namespace concurrency;

int main() {
    auto ok = [=]() mutable restrict(cpu) { return 1; };
    auto late = []() restrict(cpu) mutable { return 2; }; // expected-error {{[syntax-error]}}
    return ok() + late();
}
