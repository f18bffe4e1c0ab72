// Rule redefinition for explicit specialisations of a function template: one defined twice, or
// after a call has already instantiated the primary template for the same argument, is an error;
// a specialisation declared and then defined once, and specialisations for different argument
// types deduced from the return type alone (char and wchar_t), are not.
#include <string>

template <typename T> const T* Name();
template <> const char* Name();
template <> const char* Name() { return "char"; }
template <> const wchar_t* Name() { return L"wchar_t"; }
template <> const char* Name() { return "again"; }      // expected-error {{explicit specialization of 'Name<char>' after its instantiation or a second time [redefinition]}}

template <typename T> int Size() { return (int)sizeof(T); }
int used = Size<long>();
template <> int Size<long>() { return 8; }                // expected-error {{explicit specialization of 'Size<long>' after its instantiation}}

int main() {
    const char* n = Name<char>();
    const wchar_t* w = Name<wchar_t>();
    return (int)std::string(n).size() + (int)std::wstring(w).size() + Size<int>() + used;
}
