// An array_view's changes come back to its data source when the source's last view is
// destroyed (C++ AMP's implicit synchronization on destruction), with no synchronize() call:
// a function that views the caller's vector, runs a kernel and returns; a view that dies at the
// end of a block, while an exception unwinds, or as a by-value parameter made from a temporary;
// sections, projections, view_as, reinterpret_as and const views of it; views held by a class
// and by a std::vector; a view variable assigned another view (its old source loses a view). A copy of a view that dies first copies nothing back early that the
// caller could see: the caller reads its vector only after the last view is gone.
#include <amp.h>
#include <iostream>
#include <stdexcept>
#include <vector>
using namespace concurrency;

void Print(const char* label, const std::vector<int>& v) {
    std::cout << label << ":";
    for (int x : v) std::cout << " " << x;
    std::cout << std::endl;
}

void Squares(std::vector<int>& data) {
    array_view<int, 1> av((int)data.size(), data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0] * i[0]; });
}

void AddOne(array_view<int, 1> av) {
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; });
}

void Sections(std::vector<int>& data) {
    array_view<int, 1> whole((int)data.size(), data);
    array_view<int, 1> tail = whole.section(index<1>(4));
    parallel_for_each(tail.extent, [=](index<1> i) restrict(amp) { tail[i] = 100 + i[0]; });
}

void Rows(std::vector<int>& data) {
    array_view<int, 2> grid(2, 4, data);
    array_view<int, 1> second = grid[1];
    parallel_for_each(second.extent, [=](index<1> i) restrict(amp) { second[i] = -1; });
}

void Shaped(std::vector<int>& data) {
    array_view<int, 1> line(8, data);
    array_view<int, 2> shaped = line.view_as(extent<2>(4, 2));
    parallel_for_each(extent<1>(2), [=](index<1> i) restrict(amp) { shaped(0, i[0]) = 7; });
}

void Bits(std::vector<float>& data) {
    array_view<float, 1> f((int)data.size(), data);
    array_view<unsigned int, 1> u = f.reinterpret_as<unsigned int>();
    parallel_for_each(u.extent, [=](index<1> i) restrict(amp) { u[i] = 0x40000000u; });   // 2.0f
}

void Weighted(const std::vector<int>& in, std::vector<int>& out) {
    array_view<const int, 1> src((int)in.size(), in);
    array_view<int, 1> dst((int)out.size(), out);
    dst.discard_data();
    parallel_for_each(dst.extent, [=](index<1> i) restrict(amp) { dst[i] = src[i] * 3; });
}

class Scaler {
    array_view<int, 1> view;
public:
    Scaler(std::vector<int>& v) : view((int)v.size(), v) {}
    void Run(int factor) {
        array_view<int, 1> v = view;
        parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= factor; });
    }
};

void Reassigned(std::vector<int>& first, std::vector<int>& second) {
    array_view<int, 1> cur((int)first.size(), first);
    array_view<int, 1> other((int)second.size(), second);
    parallel_for_each(cur.extent, [=](index<1> i) restrict(amp) { cur[i] = 1; });
    cur = other;                        // first's only view is gone: its data comes back now
    parallel_for_each(cur.extent, [=](index<1> i) restrict(amp) { cur[i] = 2; });
}

class Pointer {
public:
    array_view<int, 1> view;
    Pointer(std::vector<int>& v) : view((int)v.size(), v) {}
    void Aim(std::vector<int>& v) { view = array_view<int, 1>((int)v.size(), v); }
};

void Unwinds(std::vector<int>& data) {
    array_view<int, 1> av((int)data.size(), data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 42; });
    throw std::runtime_error("stopped after the kernel");
}

int main() {
    std::vector<int> a(8, 0);
    Squares(a);
    Print("function", a);

    AddOne(array_view<int, 1>(8, a));
    Print("temporary", a);

    {
        array_view<int, 1> av(8, a);
        AddOne(av);
        AddOne(av);
        array_view<int, 1> copy = av;
        AddOne(copy);
    }
    Print("block", a);

    std::vector<int> s(8, 0);
    Sections(s);
    Print("section", s);
    Rows(s);
    Print("projection", s);
    Shaped(s);
    Print("view_as", s);

    std::vector<float> f(3, 0.0f);
    Bits(f);
    std::cout << "reinterpret: " << f[0] << " " << f[1] << " " << f[2] << std::endl;

    std::vector<int> w(4, 0);
    Weighted(std::vector<int>(4, 5), w);
    Print("const", w);

    std::vector<int> c(4, 2);
    {
        Scaler sc(c);
        sc.Run(3);
        sc.Run(5);
    }
    Print("class", c);

    std::vector<int> h1(3, 1), h2(3, 2);
    {
        std::vector<array_view<int, 1>> views;
        views.push_back(array_view<int, 1>(3, h1));
        views.push_back(array_view<int, 1>(3, h2));
        for (size_t k = 0; k < views.size(); k++) {
            array_view<int, 1> v = views[k];
            parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 10; });
        }
    }
    Print("vector 1", h1);
    Print("vector 2", h2);

    std::vector<int> r1(3, 0), r2(3, 0), r3(3, 0), r4(3, 0);
    Reassigned(r1, r2);
    {
        Pointer p(r3);
        array_view<int, 1> w = p.view;
        parallel_for_each(w.extent, [=](index<1> i) restrict(amp) { w[i] = 5; });
        p.Aim(r4);
        array_view<int, 1> x = p.view;
        parallel_for_each(x.extent, [=](index<1> i) restrict(amp) { x[i] = 6; });
    }
    Print("assigned 1", r1);
    Print("assigned 2", r2);
    Print("member 1", r3);
    Print("member 2", r4);

    std::vector<int> u(4, 0);
    try {
        Unwinds(u);
    } catch (const std::exception& e) {
        std::cout << "caught: " << e.what() << std::endl;
    }
    Print("exception", u);
    return 0;
}
