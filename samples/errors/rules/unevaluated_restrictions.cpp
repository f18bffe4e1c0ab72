// Rule amp-restrict in code that never runs: the operand of `decltype(...)` (also as a statement of
// its own, which declares nothing) and the body of a lambda made and dropped are checked in their
// restriction, as Visual Studio checks them (C3930 for a call the restriction does not allow,
// C3596 for a pointer captured into a restrict(amp) lambda), though amppy emits no code for them.
#include <amp.h>
using namespace concurrency;

int cpu_only() { return 1; }
int both() restrict(cpu, amp) { return 2; }
float scale(float x) restrict(amp) { return x * 2.0f; }

void device_side() restrict(amp)
{
    decltype(both());                                 // fine: both() has an amp version
    decltype(cpu_only()) n = 0;                       // expected-error {{[amp-restrict]}}
    decltype(cpu_only());                             // expected-error {{[amp-restrict]}}
    [] { both(); };                                   // a lambda of amp code is amp code
    [] { cpu_only(); };                               // expected-error {{[amp-restrict]}}
    []() restrict(cpu) { cpu_only(); };               // its own restriction: fine
}

void host_side()
{
    int* p = nullptr;
    decltype(scale(1.0f)) f = 0;                      // expected-error {{[amp-restrict]}}
    []() restrict(amp) { scale(1.0f); };              // made and dropped: fine
    []() restrict(amp) { cpu_only(); };               // expected-error {{[amp-restrict]}}
    [p]() restrict(amp) { };                          // expected-error {{[amp-capture]}}
}

int main()
{
    host_side();
    return 0;
}
