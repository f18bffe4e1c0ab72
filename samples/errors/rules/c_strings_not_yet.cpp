// Valid C++ amppy does not translate yet, each `[unsupported]` at its place and nothing after it:
// a C string in char memory that can change (amppy's C strings are literals, std::string's
// c_str() and the address of a char that never changes), and a stream's `pword` storage.
#include <iostream>

char* delimiter(bool semicolon) {
    static char delim(',');
    if (semicolon) delim = ';';             // written: a pointer to it would see the change
    return &delim; // expected-error {{the address of a 'char' (a C string in char memory) is not supported yet [unsupported]}}
}

void* slot() {
    static int i = std::ios_base::xalloc();
    return std::cout.pword(i); // expected-error {{'std::ostream::pword' is not supported yet [unsupported]}}
}

int main() {
    char buf[4] = {'a', 'b', 0, 0};
    const char* s = buf; // expected-error {{a C string in char memory ('char[4]' as 'const char*') is not supported yet [unsupported]}}
    std::cout << s << delimiter(false) << std::endl;
    return 0;
}
