// After a syntax error the parser resumes at the next declaration, so every one of a file's
// syntax errors is listed, not only the first; a class whose definition holds one is still a
// class name for the declarations after it (no cascade of unknown-type errors).
#include <iostream>

namespace util {
int good(int x) { return x; }
int bad(int x) { return x +* ; } // expected-error {{expected expression before ';' [syntax-error]}}
}

struct Broken { int a b; }; // expected-error {{expected ';' or ',' before 'b' [syntax-error]}}
Broken make();

int missing = (4; // expected-error {{expected ')' or ',' before ';' [syntax-error]}}

template <typename T> T id(T x) { return x } // expected-error {{expected ';' or ',' before '}' [syntax-error]}}

int main() {
    int y = 5 5; // expected-error {{expected ';' or ',' before numeric constant '5' [syntax-error]}}
    std::cout << util::good(y) << std::endl;
    return 0;
}
