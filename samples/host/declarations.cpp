// The declarations Visual Studio programs carry around their kernels: `extern "C"` functions
// (one and a block), Microsoft's `__declspec(...)` and `__forceinline`, a function declared
// before it is defined and called in between, a class declared before its definition, and C-style
// `typedef struct { ... } Name;` records, used on the host and inside a kernel.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

typedef struct {
    float x, y;
} Point;                                      // an anonymous struct, named by the typedef

typedef struct Range_tag {
    int lo, hi;
} Range, RangeAlias;

struct Stats;                                 // declared here, defined below
int clamp_to(const Range& r, int v);          // declared here, defined at the end

extern "C" int checksum(const int* data, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s = s * 31 + data[i];
    return s;
}

extern "C" {
    int version_major() { return 2; }
    int version_minor() { return 7; }
}

__declspec(noinline) float area(Point a, Point b) { return (b.x - a.x) * (b.y - a.y); }

__forceinline float dist2(Point p) restrict(amp, cpu) { return p.x * p.x + p.y * p.y; }

struct Stats {
    int count;
    float total;
};

int main() {
    std::cout << "version " << version_major() << "." << version_minor() << "\n";
    Point a = {1.0f, 2.0f};
    Point b = {4.0f, 6.0f};
    std::cout << "area " << area(a, b) << ", dist2 " << dist2(b) << "\n";

    std::vector<Point> pts(6);
    for (int i = 0; i < 6; i++) { pts[i].x = i * 0.5f; pts[i].y = 3.0f - i; }
    std::vector<float> d(6);
    array_view<const Point, 1> pv(6, pts);
    array_view<float, 1> dv(6, d);
    dv.discard_data();
    parallel_for_each(dv.extent, [=](index<1> i) restrict(amp) { dv[i] = dist2(pv[i]); });
    dv.synchronize();

    Stats st = {0, 0.0f};
    Range r = {2, 9};
    RangeAlias same = r;
    std::vector<int> clamped;
    for (float x : d) {
        st.count++;
        st.total += x;
        clamped.push_back(clamp_to(same, static_cast<int>(x)));
    }
    std::cout << "dist2:";
    for (float x : d) std::cout << " " << x;
    std::cout << "\nstats " << st.count << " " << st.total << "\nclamped:";
    for (int c : clamped) std::cout << " " << c;
    std::cout << "\nchecksum " << checksum(clamped.data(), static_cast<int>(clamped.size())) << "\n";
    return 0;
}

int clamp_to(const Range& r, int v) { return v < r.lo ? r.lo : (v > r.hi ? r.hi : v); }
