// C++ value semantics of class members of library value types (short vectors, index, extent,
// std::pair) and of the program's own structs and vectors: a class copy and assignment are
// independent of the original, a member returned by value (also `*this`, a global, a static
// local, what a reference parameter names) is a copy, a value made from a `const T&` getter is a
// copy, components of index/extent members written in place, index/extent passed by reference
// on the host and to a restrict(amp, cpu) function in a kernel, classes in a std::vector, a
// struct holding a std::pair, pairs compared, a vector of a class with a default constructor,
// vectors filled with copies of a class object (n copies, resize).
#include <amp.h>
#include <amp_short_vectors.h>
#include <iostream>
#include <string>
#include <utility>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

struct Pt {
    long long q;
    Pt Self() const { return *this; }
};
Pt g_pt;

struct Holder {
    int_2 v;
    index<2> i;
    extent<2> e;
    std::pair<int, float> p;
    Pt pt;
    std::vector<int> list;
    int_2 GetV() const { return v; }
    index<2> GetI() const { return i; }
    extent<2> GetE() const { return e; }
    std::pair<int, float> GetP() const { return p; }
    Pt GetPt() const { return pt; }
    const Pt& PtRef() const { return pt; }
    std::vector<int> GetList() const { return list; }
};

struct Named {                                  // a class with a default constructor
    std::string name;
    int n;
    Named() : name("unnamed"), n(-1) {}
};

struct Interval {                               // a plain struct holding a pair
    std::pair<int, float> bounds;
};

void Show(const char* what, const Holder& h) {
    std::cout << what << ": " << h.v.x << "," << h.v.y << " " << h.i[0] << "," << h.i[1] << " "
              << h.e[0] << "," << h.e[1] << " " << h.p.first << "," << h.p.second << " " << h.pt.q
              << " [" << h.list.size() << "]\n";
}

void ByValue(int_2 v, index<2> i, extent<2> e, std::pair<int, float> p, Pt pt) {
    v.x = 99; i[0] = 99; e[0] = 99; p.first = 99; pt.q = 99;
}
void ByRef(int_2& v, index<2>& i, extent<2>& e, std::pair<int, float>& p, Pt& pt) {
    v.x = 5; i[0] = 6; e[1] += 1; p.first = 8; pt.q = 9;
}
Pt Pick(Holder& h) { return h.pt; }
Pt Global() { return g_pt; }
Pt Counter() { static Pt s; s.q++; return s; }
void Shift(index<1>& idx, int k) restrict(amp, cpu) { idx[0] += k; }

int main() {
    Holder h{};                                // value-initialised: the struct member is 0 too
    Show("default", h);
    h.v = int_2(1, 2); h.i = index<2>(3, 4); h.e = extent<2>(5, 6); h.p = std::make_pair(7, 8.5f);
    h.pt.q = 10; h.list.push_back(1);
    Show("set", h);

    Holder c = h;
    c.v.x = -1; c.i[0] = -1; c.e[0] = -1; c.p.first = -1; c.pt.q = -1; c.list.push_back(2);
    Show("original", h); Show("copy", c);
    Holder d;
    d = h;
    d.v.y = -2; d.i[1] = -2; d.e[1] = -2; d.p.second = -2; d.pt.q = -2; d.list.clear();
    Show("original", h); Show("assigned", d);

    int_2 v = h.GetV(); v.x = 50;
    index<2> i = h.GetI(); i[0] = 50; i[1]++;
    extent<2> e = h.GetE(); e[0] = 50;
    std::pair<int, float> p = h.GetP(); p.first = 50;
    Pt pt = h.GetPt(); pt.q = 50;
    Pt r = h.PtRef(); r.q = 51;
    Pt s = Pick(h); s.q = 52;
    Pt t = h.pt.Self(); t.q = 53;
    std::vector<int> list = h.GetList(); list[0] = 54;
    Show("after changing returned copies", h);
    std::cout << "copies: " << v.x << " " << i[0] << "," << i[1] << " " << e[0] << " " << p.first << " "
              << pt.q << " " << r.q << " " << s.q << " " << t.q << " " << list[0] << "\n";

    Pt a = Global(); a.q = 3;
    Counter(); Pt b = Counter(); b.q = 100; Pt b2 = Counter();
    std::cout << "global " << g_pt.q << ", static counter " << b2.q << "\n";

    ByValue(h.v, h.i, h.e, h.p, h.pt); Show("after by value", h);
    ByRef(h.v, h.i, h.e, h.p, h.pt); Show("after by reference", h);

    std::vector<Holder> hs(2);
    hs[0] = h; hs[0].v.x = 77; hs[0].i[0] = 77; hs[0].list.push_back(3);
    Show("original", h); Show("hs[0]", hs[0]); Show("hs[1]", hs[1]);
    std::vector<Holder> filled(2, h); filled[0].v.x = 66; filled.resize(3, h); filled[2].v.x = 55;
    std::cout << "filled copies: " << h.v.x << " " << filled[0].v.x << " " << filled[1].v.x << " " << filled[2].v.x << "\n";
    std::vector<int_2> vs; vs.push_back(h.v); vs[0].y = 88;
    std::vector<std::pair<int, float>> ps; ps.push_back(h.p); ps[0].first = 88;
    std::cout << "vector elements: " << h.v.y << " " << vs[0].y << " " << h.p.first << " " << ps[0].first << "\n";
    std::cout << "compare: " << (h.i == c.i) << (h.i != c.i) << (h.e == hs[0].e) << (h.v == hs[0].v) << "\n";

    Interval i1{}, i2{};
    i1.bounds = h.p;
    i2 = i1;
    i2.bounds.second = 9.5f;
    std::cout << "pairs: " << i1.bounds.first << "," << i1.bounds.second << " " << (i1.bounds == i2.bounds)
              << (i1.bounds < i2.bounds) << (i2.bounds > i1.bounds) << (h.p == hs[0].p) << (h.p != c.p) << "\n";

    std::vector<Named> names(2);                // each element made by the default constructor
    names.resize(3);
    names[0].name = "first";
    std::cout << "names: " << names[0].name << " " << names[1].name << names[1].n << " " << names[2].name
              << names[2].n << "\n";

    std::vector<int> out(6, 0);
    array_view<int, 1> av(6, out);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        index<1> j = idx;
        Shift(j, 1);
        av[idx] = j[0] * 10;
    });
    av.synchronize();
    index<1> k(2);
    Shift(k, 5);
    std::cout << "kernel:";
    for (int x : out) std::cout << " " << x;
    std::cout << ", host " << k[0] << "\n";
    return 0;
}
