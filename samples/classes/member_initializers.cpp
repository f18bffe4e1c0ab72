// Default member initializers (C++11): used by constructors that do not set the field, by
// 'S s;' and by aggregate initialisation that stops early, for a record struct (also in a kernel)
// and for a class with a std::string member; enumerators of an enum declared in a class.
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;
struct Opts { int n = 4; float scale = 1.5f; bool on = true; int extra; };
struct Named { std::string name = "anon"; int hits = 2; };
struct Counter {
    int start = 10;
    int step = 3;
    Counter() restrict(cpu, amp) {}
    Counter(int s) restrict(cpu, amp) : start(s) {}
    int next() const restrict(cpu, amp) { return start + step; }
};
struct Shape { enum Kind { Round = 3, Square = 4 }; Kind k = Square; int sides() const { return k; } };
int main() {
    Opts a;
    Opts b = {7};
    Named nm;
    Counter c, d(100);
    std::vector<int> out(2);
    array_view<int, 1> ov(2, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
        Counter k;
        Opts o = {i[0]};
        ov[i] = k.next() + o.n + (int)o.scale;
    });
    std::cout << a.n << " " << a.scale << " " << a.on << " " << a.extra << " " << b.n << " " << b.scale << " "
              << Shape::Round << " " << Shape().sides() << " " << nm.name << nm.hits << " " << c.next() << " " << d.next() << " " << ov[0] << " " << ov[1] << std::endl;
}
