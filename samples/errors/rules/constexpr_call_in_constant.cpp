// A constexpr function is evaluated where C++ needs a constant when its body is C++11's one
// `return` (samples/syntax/constexpr.cpp); one of C++14's longer bodies is valid C++ that amppy
// does not evaluate yet: "not supported yet" at the call, not "must be a compile-time constant".
constexpr int cube(int x) { int r = x * x; return r * x; }

int main() {
    int a[cube(2)]; // expected-error {{a call of 'cube' in a constant expression (a constexpr function) is not supported yet [unsupported]}}
    return sizeof(a) / sizeof(int) - 8;
}
