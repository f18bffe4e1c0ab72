// Valid C++ amppy does not translate yet, each `[unsupported]` at its place and nothing after it:
// a C string in char memory (amppy's C strings are literals and std::string's c_str()), and the
// stream's private storage (`std::ios_base::xalloc`, `iword`), both as the C++ AMP book's Scan
// utilities write them.  A static local whose initializer is refused is still declared: its uses
// are not "undeclared".
#include <iostream>

char* delimiter() {
    static char delim(',');
    return &delim; // expected-error {{the address of a 'char' (a C string in char memory) is not supported yet [unsupported]}}
}

int word_index() {
    static int i = std::ios_base::xalloc(); // expected-error {{[unsupported]}}
    return i;
}

int main() {
    char buf[4] = {'a', 'b', 0, 0};
    const char* s = buf; // expected-error {{a C string in char memory ('char[4]' as 'const char*') is not supported yet [unsupported]}}
    std::cout << s << word_index() << std::endl;
    return 0;
}
