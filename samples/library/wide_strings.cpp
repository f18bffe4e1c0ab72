// std::string and std::wstring made from each other's iterators, the way programs print an
// accelerator's device_path (a std::wstring) with std::cout: the range constructor converts each
// character to the new string's type, so a wchar_t is narrowed to its low byte. Also a string
// from its own iterators (a copy) and from cbegin()/cend().
#include <amp.h>
#include <iostream>
#include <string>
using namespace concurrency;

std::string narrow(const std::wstring& text) {
    return std::string(text.begin(), text.end());
}

int main() {
    accelerator cpu(accelerator::cpu_accelerator);
    std::wstring path = cpu.device_path;
    std::string shown(path.begin(), path.end());
    std::cout << "cpu accelerator at '" << shown << "' (" << shown.size() << " chars)" << std::endl;

    std::wstring label = L"tile \u0141oad";          // U+0141 narrows to 0x41, 'A'
    std::string bytes = narrow(label);
    std::cout << bytes << " " << bytes.size() << std::endl;
    for (size_t i = 0; i < bytes.size(); i++) {
        std::cout << (int)bytes[i] << (i + 1 < bytes.size() ? "," : "\n");
    }

    std::string name = "reduce";
    std::wstring wide(name.begin(), name.end());
    std::string again(wide.cbegin(), wide.cend());
    std::string same(name.begin(), name.end());
    std::cout << wide.size() << " " << again << " " << (again == name) << " " << same << std::endl;
    std::wcout << L"wide: " << wide << std::endl;
    return 0;
}
