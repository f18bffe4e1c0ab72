// Struct values in kernels: struct locals, copies (value semantics), nested structs, struct
// parameters and results of restrict(amp) and restrict(cpu, amp) functions, a field of a
// returned struct, array_view elements of struct type and tile_static structs.
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct P { int a; float b; };
struct Q { P p; int c; };

P make(int k) restrict(amp) { P r = {k, 0.5f}; return r; }
float total(P p) restrict(amp) { p.a = p.a * 2; return p.a + p.b; }   // changes its own copy
P scaled(P p, int k) restrict(cpu, amp) { P r = {p.a * k, p.b * k}; return r; }
Q wrap(P p, int c) restrict(amp) { Q q = {p, c}; return q; }

int main() {
    std::vector<P> v(8);
    array_view<P, 1> av(8, v);
    std::vector<float> w(8);
    array_view<float, 1> wv(8, w);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        P p = {i[0], 1.5f};
        P q = p;                      // a copy: changing q leaves p alone
        q.a += 10;
        P r = make(i[0] * 3);
        Q n = wrap(q, 7);
        n.p.b = n.p.b + make(2).b;
        av[i] = scaled(q, 2);
        wv[i] = total(p) + r.a + r.b + p.a + n.p.a + n.p.b + n.c;
        P s;
        s = av[i];
        s.b = 2.0f;
        av[i].b = s.b + av[i].b;
    });
    std::vector<int> t(8);
    array_view<int, 1> tv(8, t);
    parallel_for_each(tv.extent.tile<4>(), [=](tiled_index<4> ti) restrict(amp) {
        tile_static P sp[4];
        tile_static P one;
        sp[ti.local[0]].a = ti.global[0];
        sp[ti.local[0]].b = 0.5f * ti.local[0];
        if (ti.local[0] == 0) { one.a = 100; one.b = 2.0f; }
        ti.barrier.wait();
        P mine = sp[3 - ti.local[0]];
        tv[ti.global] = mine.a + (int)(mine.b * 10) + one.a + (int)one.b;
    });
    P h = {5, 1.5f};
    P g = scaled(h, 2);               // the host calls the restrict(cpu, amp) function too
    std::cout << g.a << " " << g.b << std::endl;
    for (int i = 0; i < 8; i++) std::cout << av[i].a << " " << av[i].b << " " << wv[i] << " " << tv[i] << std::endl;
    return 0;
}
