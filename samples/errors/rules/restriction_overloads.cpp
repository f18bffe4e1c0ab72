// Rule amp-restrict: how restriction specifiers make overloads and must agree, each Visual
// Studio's own error: overloads whose restrictions overlap (C3935), a member function defined
// with other restrictions than declared (C3935), a destructor that does not cover every
// constructor's restriction (C3933), a restrict(cpu, amp) function calling a restrict(amp)-only
// function that has no restrict(cpu) version for the CPU (C3930), and array elements made by a
// constructor the context cannot call, or a default argument's (CPU) lambda called from amp
// code (C3931).
#include <amp.h>
using namespace concurrency;

int f(int) restrict(amp) { return 1; }
int f(int) restrict(cpu, amp) { return 0; } // expected-error {{[amp-restrict]}}

int g(float x) restrict(amp) { return 1; }
int g() restrict(cpu) { return 0; }
int both(float x) restrict(cpu, amp) {
    return g(x); // expected-error {{[amp-restrict]}}
}

int h(float x) restrict(amp) { return 2; }
int h(double x) restrict(cpu) { return 3; }
int fine(float x) restrict(cpu, amp) { return h(x); }

struct S {
    int test() restrict(cpu, amp);
};
int S::test() restrict(amp) { return 1; } // expected-error {{[amp-restrict]}}

class Made {
public:
    Made() {}
    Made() restrict(amp) {}
    ~Made(); // expected-error {{[amp-restrict]}}
};

struct HostOnly { int v; HostOnly() restrict(cpu) { v = 1; } };
struct AmpOnly { int v; AmpOnly() restrict(amp) { v = 2; } };
AmpOnly globals[2]; // expected-error {{[amp-restrict]}}

void with_default(int x = []() -> int { return 1; }()) restrict(amp) {}   // a CPU lambda (namespace scope)
void calls_default() restrict(amp) {
    with_default(); // expected-error {{[amp-restrict]}}
}

int pick() restrict(amp) { return 1; }
int pick() restrict(cpu) { return 2; }
void local_defaults() restrict(amp) {
    struct Local {                          // its default arguments bind in the amp function
        static void take(int x = pick()) restrict(cpu) {}
        static void call() restrict(cpu) {
            take(); // expected-error {{[amp-restrict]}}
        }
    };
}

void use() restrict(cpu, amp) {
    HostOnly several[3]; // expected-error {{[amp-restrict]}}
}

int main() { return 0; }
