// An attribute that is never closed is a syntax error, not an attribute.
[[nodiscard int f() { return 1; } // expected-error {{[syntax-error]}}
int main() { return f(); }
