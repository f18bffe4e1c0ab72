// Valid C++ amppy does not translate yet: a non-const reference bound to what a function returns by
// reference, and assigning through such a returned reference (written `T&` or through a typedef for
// it).  Each is `[unsupported]` at its place; the reference's name stays declared, so its later
// uses add no "undeclared" errors.
#include <iostream>

struct Acc {
    typedef double& dref;
    double total;
    Acc() : total(0) {}
    dref ref() { return total; }
    double& raw() { return total; }
};

int main() {
    Acc a;
    double& t = a.ref(); // expected-error {{a non-const reference to the 'double' a function returns is not supported yet [unsupported]}}
    t = 2.5;
    a.raw() = 1.5; // expected-error {{assigning through the reference 'raw' returns is not supported yet [unsupported]}}
    std::cout << a.total << " " << t << std::endl;
    return 0;
}
