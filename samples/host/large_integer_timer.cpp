// Windows' LARGE_INTEGER as the value type it is in C++: a stopwatch class holding LARGE_INTEGER
// members (default-constructed with the class, filled by QueryPerformanceFrequency/Counter),
// copied and assigned (the copy is independent), returned by value from a const getter, passed by
// const reference, by reference and by value, kept in a std::vector and a C array, and QuadPart read
// and written everywhere. The measured times depend on the machine, so only facts about them are printed.
#include <Windows.h>
#include <amp.h>
#include <iostream>
#include <vector>

class Stopwatch {
public:
    Stopwatch() { QueryPerformanceFrequency(&m_freq); m_begin.QuadPart = 0; m_end.QuadPart = 0; }
    void Start() { QueryPerformanceCounter(&m_begin); }
    void Stop() { QueryPerformanceCounter(&m_end); }
    double ElapsedMs() const { return (m_end.QuadPart - m_begin.QuadPart) * 1000.0 / m_freq.QuadPart; }
    LARGE_INTEGER Begin() const { return m_begin; }
    const LARGE_INTEGER& End() const { return m_end; }
    LARGE_INTEGER Frequency() const { return m_freq; }
    void Set(LARGE_INTEGER begin, LARGE_INTEGER end) { m_begin = begin; m_end = end; }
private:
    LARGE_INTEGER m_freq;
    LARGE_INTEGER m_begin, m_end;
};

long long Ticks(const LARGE_INTEGER& from, const LARGE_INTEGER& to) { return to.QuadPart - from.QuadPart; }

LARGE_INTEGER Make(long long ticks) {
    LARGE_INTEGER li;
    li.QuadPart = ticks;
    return li;
}

void Advance(LARGE_INTEGER& li, long long by) { li.QuadPart += by; }

long long AdvancedCopy(LARGE_INTEGER li) {     // a copy: the caller's value stays
    li.QuadPart += 1000;
    return li.QuadPart;
}

int main() {
    Stopwatch sw;
    std::cout << "frequency positive: " << (sw.Frequency().QuadPart > 0) << "\n";
    std::cout << "fresh watch: " << sw.Begin().QuadPart << " " << sw.End().QuadPart << "\n";

    sw.Start();
    long long sum = 0;
    for (int i = 0; i < 100000; ++i) sum += i;
    sw.Stop();
    std::cout << "sum " << sum << ", elapsed >= 0: " << (sw.ElapsedMs() >= 0.0) << "\n";

    // QuadPart arithmetic with values set by hand: 25,000,000 ticks of a 10 MHz counter = 2500 ms
    Stopwatch fixed = sw;                      // a copy of the whole watch
    fixed.Set(Make(5000000), Make(30000000));
    std::cout << "fixed: " << fixed.ElapsedMs() << " ms, " << Ticks(fixed.Begin(), fixed.End()) << " ticks\n";
    std::cout << "original untouched: " << (sw.Begin().QuadPart != 5000000) << "\n";

    LARGE_INTEGER begin = fixed.Begin();       // returned by value: changing it changes no watch
    begin.QuadPart = -1;
    LARGE_INTEGER end = fixed.End();           // a copy of what the reference names
    end.QuadPart = -2;
    std::cout << "after changing copies: " << fixed.Begin().QuadPart << " " << fixed.End().QuadPart << "\n";

    LARGE_INTEGER a = Make(40), b;
    b = a;                                     // assignment copies
    b.QuadPart++;
    Advance(a, 2);                             // by reference: changes a
    std::cout << "a " << a.QuadPart << " b " << b.QuadPart << " copy+1000 " << AdvancedCopy(a)
              << " a still " << a.QuadPart << "\n";

    std::vector<LARGE_INTEGER> marks;
    for (int i = 1; i <= 3; ++i) marks.push_back(Make(i * 1000000LL));
    marks[1].QuadPart += 5;
    LARGE_INTEGER first = marks[0];
    first.QuadPart = 0;
    long long total = 0;
    for (const LARGE_INTEGER& m : marks) total += m.QuadPart;
    std::cout << "marks " << marks[0].QuadPart << " " << marks[1].QuadPart << " " << marks[2].QuadPart
              << " total " << total << " sizeof " << sizeof(LARGE_INTEGER) << "\n";

    LARGE_INTEGER stamps[3] = {};              // a C array: each element filled through its address
    for (int k = 0; k < 3; ++k) QueryPerformanceCounter(&stamps[k]);
    QueryPerformanceFrequency(&marks[2]);
    std::cout << "stamps ordered: " << (stamps[0].QuadPart <= stamps[1].QuadPart && stamps[1].QuadPart <= stamps[2].QuadPart)
              << ", marks[2] is the frequency: " << (marks[2].QuadPart == sw.Frequency().QuadPart)
              << ", sizeof stamps " << sizeof(stamps) << "\n";

    std::vector<Stopwatch> laps(2, fixed);    // watches in a vector: each its own copy
    laps[0].Set(Make(0), Make(10000));
    std::cout << "laps " << laps[0].ElapsedMs() << " " << laps[1].ElapsedMs() << "\n";
    return 0;
}
