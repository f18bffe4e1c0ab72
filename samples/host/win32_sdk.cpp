// The Windows console SDK beside a kernel: the integer typedefs (DWORD, LONGLONG, SIZE_T, ...),
// HRESULT with S_OK/E_*/SUCCEEDED/FAILED, LOWORD/HIWORD/MAKELONG, SYSTEM_INFO from
// GetSystemInfo, GetTickCount64, GetLastError, Sleep, MessageBox in a console program (printed
// as "caption: text") and Visual C++'s _countof/__max/__min. (docs/coverage.md's Windows SDK
// table says what each maps to.)
#include <amp.h>
#include <Windows.h>
#include <stdlib.h>
#include <iostream>
#include <vector>
using namespace concurrency;

HRESULT scale_all(std::vector<int>& data, int factor) {
    if (factor == 0) return E_INVALIDARG;
    array_view<int, 1> v(static_cast<int>(data.size()), data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= factor; });
    v.synchronize();
    return S_OK;
}

int main() {
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    std::cout << "processors: " << (si.dwNumberOfProcessors >= 1 ? "some" : "none")
              << ", page " << si.dwPageSize << " bytes, AMD64: "
              << (si.wProcessorArchitecture == PROCESSOR_ARCHITECTURE_AMD64) << std::endl;

    std::vector<int> data(6);
    for (SIZE_T k = 0; k < data.size(); ++k) data[k] = static_cast<int>(k) + 1;
    HRESULT hr = scale_all(data, 3);
    std::cout << "scale by 3: " << (SUCCEEDED(hr) ? "ok" : "failed") << ", data[5] = " << data[5] << std::endl;
    hr = scale_all(data, 0);
    std::cout << "scale by 0: " << (FAILED(hr) ? "failed" : "ok") << ", hr = 0x" << std::hex
              << static_cast<DWORD>(hr) << std::dec << std::endl;

    DWORD packed = MAKELONG(0x1234, 0xBEEF);
    std::cout << std::hex << "packed 0x" << packed << ", low 0x" << LOWORD(packed) << ", high 0x"
              << HIWORD(packed) << std::dec << std::endl;

    LONGLONG big = 1LL << 40;
    ULONGLONG three = static_cast<ULONGLONG>(big) * 3;
    int table[7];
    std::cout << big << " " << three << " " << _countof(table) << " " << __max(3, 9) << " "
              << __min(3, 9) << std::endl;

    ULONGLONG start = GetTickCount64();
    Sleep(2);
    std::cout << "clock moves forward: " << (GetTickCount64() >= start) << ", last error "
              << GetLastError() << std::endl;
    int answer = MessageBoxA(NULL, "all kernels finished", "amppy demo", MB_OK | MB_ICONINFORMATION);
    std::cout << "answer is IDOK: " << (answer == IDOK) << std::endl;
    return 0;
}
