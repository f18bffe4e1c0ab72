// A constexpr function called where C++ needs a constant (an array size) is valid C++ that amppy
// does not evaluate yet: "not supported yet" at the call, not "must be a compile-time constant".
constexpr int sq(int x) { return x * x; }

int main() {
    int a[sq(3)]; // expected-error {{a call of 'sq' in a constant expression (a constexpr function) is not supported yet [unsupported]}}
    return sizeof(a) / sizeof(int) - 9;
}
