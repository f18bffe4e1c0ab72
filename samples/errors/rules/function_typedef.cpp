// A name for a function type, written as C does (`typedef int unary(int);`) or as C++11 does
// (`using unary = int(int);`), parses; amppy does not translate function types yet (a pointer
// to function, `unary*`, is what such code usually goes on to declare; write that directly).
typedef int unary(int) restrict(cpu); // expected-error {{function types (other than std::function's) are not supported yet [unsupported]}}

int twice(int x) { return 2 * x; }

int main() {
    return twice(2) == 4 ? 0 : 1;
}
