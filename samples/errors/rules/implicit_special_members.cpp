// The special member functions C++ declares for a class take the restrictions their bases' and
// members' have in common (and, for the constructors, the destructor's): using one where its
// restriction does not allow it is Visual Studio's C3930, and one whose parts have no
// restriction in common is deleted (C2512, C2558, C2582).
#include <amp.h>
using namespace concurrency;

struct AmpOnly { AmpOnly() restrict(amp) {} };
struct CpuCopy {
    CpuCopy() restrict(cpu, amp) {}
    CpuCopy(const CpuCopy&) restrict(cpu) {}
};
struct AmpAssign {
    AmpAssign() restrict(cpu, amp) {}
    AmpAssign& operator=(const AmpAssign&) restrict(amp) { return *this; }
};
struct AmpDtor { ~AmpDtor() restrict(amp) {} };
struct CpuDtor { ~CpuDtor() restrict(cpu) {} };

struct HoldsAmp { AmpOnly part; };           // HoldsAmp() is restrict(amp)
struct Derived : AmpAssign { int n; };        // its operator= is restrict(amp)
struct Copies : CpuCopy { int n; };           // its copy constructor is restrict(cpu)
struct Dies : AmpDtor { int n; };             // its destructor (and so its constructors) restrict(amp)
struct Never : AmpDtor, CpuDtor { int n; };   // no destructor possible, and no default constructor

void host() restrict(cpu) {
    HoldsAmp h; // expected-error {{[amp-restrict]}}
    Derived a, b;
    a = b; // expected-error {{[amp-restrict]}}
    Copies c;
    Copies d(c);
    Dies e; // expected-error {{[amp-restrict]}}
    Never f; // expected-error {{[no-default-ctor]}}
}

void device() restrict(amp) {
    Copies c;
    Copies d(c); // expected-error {{[amp-restrict]}}
    Derived a, b;
    a = b;
    HoldsAmp h;
}

int main() {
    host();
    return 0;
}
