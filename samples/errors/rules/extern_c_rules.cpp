// extern "C" functions in C++ AMP: a C function has one version, so it cannot be
// restrict(cpu, amp) (Visual Studio's C3938, [bad-specifier]) and a second extern "C" function
// of the same name, even with another restriction, is an overload C does not have (C2733,
// [redefinition]).  One restriction alone is fine.
#include <amp.h>

extern "C" int scale(int x) restrict(amp) { return 2 * x; }
extern "C" int both(int x) restrict(cpu, amp) { return x; } // expected-error {{[bad-specifier]}}
extern "C" {
    int twice(int x) restrict(amp) { return 2 * x; }
    int twice(int x) restrict(cpu) { return 2 * x; } // expected-error {{[redefinition]}}
}

int main() { return 0; }
