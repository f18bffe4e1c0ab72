// Explicit specialisations of a function template whose template argument appears only in the
// return type, one per character type: `template <> const wchar_t* Separator()` after
// `template <typename T> const T* Separator();`, called as Separator<char>() and
// Separator<wchar_t>() (the idiom of the delimiters in the C++ AMP book's Utilities.h).
// The argument is deduced from each specialisation's return type, so the char and the wchar_t
// versions are two different functions, not one defined twice. Also a specialisation declared
// before it is defined, and a defined primary template (the fallback) beside a specialisation.
#include <iostream>
#include <string>
#include <vector>

template <typename T> const T* Separator();                 // declared only

template <> const wchar_t* Separator() { return L" | "; }
template <> const char* Separator() { return ", "; }

template <typename T> const T* Opening();
template <> const char* Opening();                           // declared first ...
template <> const char* Opening() { return "["; }            // ... then defined

template <typename T> int Width() { return (int)sizeof(T); } // defined: the fallback
template <> int Width<bool>() { return 1; }

std::string joined(const std::vector<int>& values) {
    std::string out = Opening<char>();
    for (size_t i = 0; i < values.size(); i++) {
        if (i > 0) {
            out += Separator<char>();
        }
        out += std::to_string(values[i]);
    }
    return out + "]";
}

int main() {
    std::vector<int> sizes = {16, 256, 4096};
    std::cout << joined(sizes) << std::endl;
    std::wstring wide = Separator<wchar_t>();
    std::cout << "wide separator: " << wide.size() << " chars, narrow: '"
              << std::string(wide.begin(), wide.end()) << "'" << std::endl;
    std::cout << Width<double>() << " " << Width<short>() << " " << Width<bool>() << std::endl;
    return 0;
}
