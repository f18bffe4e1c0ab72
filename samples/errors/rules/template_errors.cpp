// Errors in templates the program defines: an error inside an instantiation is reported at
// the template's line (with a note naming the instantiation and where it was requested),
// deduction that fits no argument types, too many template arguments, a class template named
// without its arguments.
#include <iostream>

struct Tag { int id; };

template <typename T>
T twice(T v) { return v + v; } // expected-error {{[type-mismatch]}}

template <typename T>
T pick(T a, T b) { return a; }

template <typename T, int N>
struct Box { T items[N]; };

int main() {
    Tag t = {1};
    Tag u = twice(t);
    int p = pick(1, 2.5); // expected-error {{[no-matching-function]}}
    Box<int, 2, 3> b; // expected-error {{[template-args]}}
    Box c; // expected-error {{[missing-template-args]}}
    return 0;
}
