// Console calls of the Win32 API as amppy's runtime implements them when stdout is not a
// terminal (the tests' case): colours and window sizes are accepted and change nothing.
#pragma once
#include <unistd.h>
typedef void* HANDLE;
typedef int BOOL;
typedef unsigned long DWORD;
typedef unsigned short WORD;
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
inline DWORD GetTickCount() {
    return (DWORD)(std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now().time_since_epoch()).count() & 0xffffffff);
}
