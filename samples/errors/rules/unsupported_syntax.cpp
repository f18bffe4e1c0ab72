// Valid C++ that amppy parses but does not translate yet: each is reported as "not supported
// yet" at the construct, never as a syntax error, and the file's other constructs are still
// checked (every one of them is listed, not only the first).
#include <iostream>

template <typename... Ts> int count(Ts... ts) { return sizeof...(Ts); } // expected-error {{template parameter pack ('typename... Ts') is not supported yet [unsupported]}} expected-error {{function parameter pack ('Ts... ts') is not supported yet [unsupported]}} expected-error {{'sizeof...' of a parameter pack is not supported yet [unsupported]}}

int guarded(int x) try { return x; } catch (...) { return -1; } // expected-error {{function-try-block ('f() try { ... } catch ...') is not supported yet [unsupported]}}

template <typename T> struct Holder { template <int N> static int get() { return N; } };
template <typename T> int third() { return Holder<T>::template get<3>(); } // expected-error {{member template named with 'template' ('X<T>::template f<N>') is not supported yet [unsupported]}}

int main() {
    int a = 2;
    auto f = [b = a + 1]() { return b; }; // expected-error {{lambda's init-capture ('[name = value]') is not supported yet [unsupported]}}
    void* raw = operator new(16); // expected-error {{calling 'operator new' directly is not supported yet [unsupported]}}
    std::cout << f() << guarded(a) << third<int>() << std::endl;
    return 0;
}
