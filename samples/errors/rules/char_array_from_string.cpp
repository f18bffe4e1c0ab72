// Valid C++ amppy does not translate yet: a character array initialised from a string literal,
// sized or not (the conformance suite's `const wchar_t name[256] = L"default";`).
#include <iostream>

int main() {
    char greeting[16] = "hello"; // expected-error {{character arrays initialised from strings are not supported yet [unsupported]}}
    const wchar_t name[] = L"default"; // expected-error {{character arrays initialised from strings are not supported yet [unsupported]}}
    std::cout << "done" << std::endl;
    return 0;
}
