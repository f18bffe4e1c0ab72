// A name the standard library declares that amppy does not implement yet (C's variable
// arguments, <cstdarg>) is "not supported yet", naming its header; never a syntax error.
#include <cstdarg>
#include <cstdio>

int sum(int n, ...) {
    va_list ap; // expected-error {{'va_list' is not supported yet [unsupported]}}
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int main() { printf("%d\n", sum(3, 1, 2, 3)); return 0; }
