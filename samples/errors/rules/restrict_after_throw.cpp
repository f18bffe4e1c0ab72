// Rule syntax-error: a restriction specifier comes before an exception specification
// (Visual Studio's C3646 for `throw(...) restrict(cpu)`).
#include <amp.h>

void ok() restrict(cpu) throw() {}
void late() throw(...) restrict(cpu) {} // expected-error {{[syntax-error]}}

int main() { return 0; }
