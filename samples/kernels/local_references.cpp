// Local references: to a vector element, a variable, a struct and its field on the host, to an
// array_view element and a local in a kernel, in a loop body; a const reference to a temporary
// (a constant local, as C++ extends its life).
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
struct P { int a; float b; };
int main() {
    std::vector<int> v(4, 1);
    int& first = v[0];
    first += 10;
    int x = 5;
    int& rx = x;
    rx *= 3;
    const int& sum = x + v[0];
    P p = {1, 2.0f};
    P& rp = p;
    rp.a = 42;
    float& fb = p.b;
    fb += 0.5f;
    std::vector<int> out(4);
    array_view<int, 1> ov(4, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
        int& cell = ov[i];
        cell = i[0] * 2;
        int t = 7;
        int& rt = t;
        rt++;
        cell += rt;
    });
    for (int i = 0; i < 4; i++) {
        int& e = v[i];
        e += i;
    }
    std::cout << v[0] << " " << v[3] << " " << x << " " << sum << " " << p.a << " " << p.b << " " << ov[3] << std::endl;
}
