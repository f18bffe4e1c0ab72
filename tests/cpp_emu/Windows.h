// Console calls of the Win32 API as amppy's runtime implements them when stdout is not a
// terminal (the tests' case): colours and window sizes are accepted and change nothing.
// The integer typedefs are x64 Windows's (LLP64: `long` is 32 bits there, so DWORD, LONG and
// HRESULT are `int`-sized here on LP64 Linux).
#pragma once
#include <unistd.h>
#include <cstdio>
#include <cstdint>
#include <thread>
typedef void* HANDLE;
typedef void* HWND;
typedef int BOOL;
typedef std::uint32_t DWORD;
typedef std::int32_t LONG;
typedef std::uint32_t ULONG;
typedef std::int32_t HRESULT;
typedef unsigned short WORD;
typedef unsigned char BYTE;
typedef unsigned int UINT;
typedef int INT;
typedef long long LONGLONG;
typedef unsigned long long ULONGLONG;
typedef unsigned long long DWORD_PTR;
typedef unsigned long long SIZE_T;
typedef unsigned long long DWORD64;
#define S_OK ((HRESULT)0L)
#define S_FALSE ((HRESULT)1L)
#define E_FAIL ((HRESULT)0x80004005L)
#define E_INVALIDARG ((HRESULT)0x80070057L)
#define E_OUTOFMEMORY ((HRESULT)0x8007000EL)
#define E_NOTIMPL ((HRESULT)0x80004001L)
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#define LOWORD(l) ((WORD)(((DWORD_PTR)(l)) & 0xffff))
#define HIWORD(l) ((WORD)((((DWORD_PTR)(l)) >> 16) & 0xffff))
#define LOBYTE(w) ((BYTE)(((DWORD_PTR)(w)) & 0xff))
#define HIBYTE(w) ((BYTE)((((DWORD_PTR)(w)) >> 8) & 0xff))
#define MAKEWORD(a, b) ((WORD)(((BYTE)(((DWORD_PTR)(a)) & 0xff)) | ((WORD)((BYTE)(((DWORD_PTR)(b)) & 0xff))) << 8))
#define MAKELONG(a, b) ((LONG)(((WORD)(((DWORD_PTR)(a)) & 0xffff)) | ((DWORD)((WORD)(((DWORD_PTR)(b)) & 0xffff))) << 16))
#define INFINITE 0xFFFFFFFF
#define MAX_PATH 260
#define MB_OK 0x0L
#define MB_ICONERROR 0x10L
#define MB_ICONINFORMATION 0x40L
#define IDOK 1
#define PROCESSOR_ARCHITECTURE_AMD64 9
struct SYSTEM_INFO {
    WORD wProcessorArchitecture, wReserved;
    DWORD dwPageSize;
    unsigned long long lpMinimumApplicationAddress, lpMaximumApplicationAddress, dwActiveProcessorMask;
    DWORD dwNumberOfProcessors, dwProcessorType, dwAllocationGranularity;
    WORD wProcessorLevel, wProcessorRevision;
};
inline void GetSystemInfo(SYSTEM_INFO* si) {
    unsigned n = std::thread::hardware_concurrency();
    *si = SYSTEM_INFO{9, 0, 4096, 0x10000, 0x7FFFFFFEFFFFull, (1ull << (n < 64 ? n : 63)) - 1, n, 8664, 65536, 6, 0};
}
inline DWORD GetLastError() { return 0; }
inline void OutputDebugStringA(const char* s) { std::fflush(stdout); std::fputs(s, stderr); }
inline int MessageBoxA(HWND, const char* text, const char* caption, UINT) {
    std::printf("%s: %s\n", caption ? caption : "Error", text);
    return IDOK;
}
struct COORD { short X, Y; };
struct SMALL_RECT { short Left, Top, Right, Bottom; };
#define STD_INPUT_HANDLE ((DWORD)-10)
#define STD_OUTPUT_HANDLE ((DWORD)-11)
#define STD_ERROR_HANDLE ((DWORD)-12)
#define FOREGROUND_BLUE 0x1
#define FOREGROUND_GREEN 0x2
#define FOREGROUND_RED 0x4
#define FOREGROUND_INTENSITY 0x8
#define BACKGROUND_BLUE 0x10
#define BACKGROUND_GREEN 0x20
#define BACKGROUND_RED 0x40
#define BACKGROUND_INTENSITY 0x80
inline HANDLE GetStdHandle(DWORD) { return nullptr; }
inline BOOL SetConsoleTextAttribute(HANDLE, WORD) { return 1; }
inline BOOL SetConsoleScreenBufferSize(HANDLE, COORD) { return 1; }
inline BOOL SetConsoleWindowInfo(HANDLE, BOOL, const SMALL_RECT*) { return 1; }
inline void Sleep(DWORD ms) { usleep(ms * 1000); }
// The timers: only the structure of their values matters to the samples (they print no times).
#include <chrono>
struct LARGE_INTEGER { long long QuadPart; };
inline BOOL QueryPerformanceFrequency(LARGE_INTEGER* f) { f->QuadPart = 10000000; return 1; }
inline BOOL QueryPerformanceCounter(LARGE_INTEGER* c) {
    c->QuadPart = std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch()).count() / 100;
    return 1;
}
inline ULONGLONG GetTickCount64() {
    return (ULONGLONG)std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now().time_since_epoch()).count();
}
inline DWORD GetTickCount() {
    return (DWORD)(std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now().time_since_epoch()).count() & 0xffffffff);
}
