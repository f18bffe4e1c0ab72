// Object lifetimes on the host: destructors run where C++ runs them (end of block, return,
// break, in reverse order of construction), an RAII scope logger, classes holding a
// std::string, a std::vector and an array_view (copies copy the vector and share the
// array_view's data, as in C++), and a parallel_for_each inside a member function.
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;

int depth = 0;

class ScopeLog {
    std::string name;
public:
    ScopeLog(const std::string& n) : name(n) {
        std::cout << std::string(depth * 2, ' ') << "enter " << name << std::endl;
        depth++;
    }
    ~ScopeLog() {
        depth--;
        std::cout << std::string(depth * 2, ' ') << "leave " << name << std::endl;
    }
};

class Histogram {
public:
    std::string label;
    std::vector<int> bins;
    Histogram(const std::string& l, int n) : label(l), bins(n, 0) {}
    void add(int v) { bins[v % bins.size()] += 1; }
    int total() const {
        int t = 0;
        for (int b : bins) t += b;
        return t;
    }
};

class Squares {
    array_view<int, 1> data;
public:
    Squares(std::vector<int>& v) : data((int)v.size(), v) {}
    void compute(int offset) {
        array_view<int, 1> d = data;          // kernels capture locals, never `this`
        parallel_for_each(d.extent, [=](index<1> i) restrict(amp) { d[i] = i[0] * i[0] + offset; });
        d.synchronize();
    }
};

int find_first(const std::vector<int>& v, int wanted) {
    ScopeLog log("find_first");
    for (int i = 0; i < (int)v.size(); i++) {
        ScopeLog step("step " + std::to_string(i));
        if (v[i] == wanted) return i;
    }
    return -1;
}

int main() {
    ScopeLog top("main");
    std::vector<int> v(5);
    Squares sq(v);
    sq.compute(1);
    for (int x : v) std::cout << x << " ";
    std::cout << std::endl;
    std::cout << "found at " << find_first(v, 5) << std::endl;
    Histogram h("mod 3", 3);
    for (int x : v) h.add(x);
    Histogram copy = h;                       // a copy: its vector is its own
    copy.add(0);
    copy.label = "copy";
    std::cout << h.label << ": " << h.bins[0] << h.bins[1] << h.bins[2] << " total " << h.total() << std::endl;
    std::cout << copy.label << ": " << copy.bins[0] << copy.bins[1] << copy.bins[2] << " total " << copy.total() << std::endl;
    {
        ScopeLog a("block a");
        ScopeLog b("block b");
    }
    return 0;
}
