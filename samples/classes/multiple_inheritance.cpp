// Multiple inheritance and the special member functions C++ runs:
// - a class with two bases: both parts' fields, constructors (the second base named in the
//   member-initializer list, or default-constructed), member functions called on the object and
//   from its own members, the object passed as either base (by reference: changes reach it), a
//   copy of the whole object; the same class in a kernel (restrict(cpu, amp) members);
// - destructors: the class's own, then its bases' from the last to the first;
// - a copy constructor and a copy assignment operator of the program's own: called for a copy
//   made with parentheses or `=`, a by-value parameter, a reference returned by value, an
//   element put in a std::vector, and `a = b`;
// - a class with a std::string member pushed into a std::vector: the element is a copy;
// - a derived class's field named like its base's hides it: `A::i` and the base's own members
//   still reach the base's, and so does a reference of the base's type.
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;

struct Named {
    int id;
    Named() restrict(amp, cpu) : id(7) {}
    int get_id() const restrict(amp, cpu) { return id; }
    void set_id(int v) restrict(amp, cpu) { id = v; }
};

struct Sized {
    int size;
    int extra;
    Sized() restrict(amp, cpu) : size(0), extra(1) {}
    explicit Sized(int s) restrict(amp, cpu) : size(s), extra(2) {}
    int area() const restrict(amp, cpu) { return size * size; }
};

struct Box : Named, Sized {
    int depth;
    Box(int s, int d) restrict(amp, cpu) : Sized(s), depth(d) {}
    int volume() const restrict(amp, cpu) { return area() * depth + extra; }
    void rename(int v) restrict(amp, cpu) { set_id(v + size); }
};

struct Crate : Sized, Named {          // the default-constructed base second
    int label;
    Crate(int s) restrict(amp, cpu) : Sized(s), label(3) {}
    int code() const restrict(amp, cpu) { return area() * 100 + id * 10 + label; }
};

int total(const Sized& s) restrict(amp, cpu) { return s.size + s.extra; }
int ident(const Named& n) restrict(amp, cpu) { return n.get_id(); }
void grow(Sized& s) { s.size += 1; }

struct Loud { int n; Loud() : n(1) {} ~Loud() { std::cout << "~Loud " << n << "\n"; } };
struct Quiet { int q; Quiet() : q(2) {} ~Quiet() { std::cout << "~Quiet " << q << "\n"; } };
struct Both : Loud, Quiet { int z; Both() : z(3) {} ~Both() { std::cout << "~Both " << z << "\n"; } };

struct Counted {
    int x;
    Counted() : x(1) {}
    explicit Counted(int v) : x(v) {}
    Counted(const Counted& o) : x(o.x + 10) { std::cout << "copy of " << o.x << "\n"; }
    Counted& operator=(const Counted& o) { x = o.x + 100; std::cout << "assign from " << o.x << "\n"; return *this; }
};

int take(Counted c) { return c.x; }
Counted pass(const Counted& c) { return c; }

struct Note { std::string text; int k; };

struct Plain {
    int i;
    Plain() : i(1) {}
    int base_i() const { return i; }
};

struct Over : Plain {
    int i;
    Over() : i(2) { Plain::i = 3; }
    int both() const { return Plain::i * 10 + i; }
};

int plain_i(const Plain& p) { return p.i; }

int main() {
    Box b(3, 2);
    std::cout << b.id << " " << b.size << " " << b.volume() << " " << b.get_id() << " " << b.area() << "\n";
    b.rename(10);
    grow(b);
    std::cout << b.id << " " << b.size << " " << total(b) << " " << ident(b) << "\n";
    Sized& part = b;
    part.extra = 5;
    Box c = b;
    c.size = 100;
    std::cout << b.extra << " " << b.size << " " << c.size << " " << c.extra << "\n";

    std::vector<int> out(4);
    array_view<int, 1> av(4, out);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        Box k(i[0], 2);
        Crate cr(i[0] + 1);
        av[i] = k.volume() * 10000 + cr.code() + ident(k) * 0 + total(cr) * 0;
    });
    av.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << "\n";
    {
        Both both;
        std::cout << both.n << both.q << both.z << "\n";
    }

    Counted one(5);
    Counted two(one);
    Counted three = one;
    std::cout << take(one) << "\n";
    Counted four = pass(one);
    Counted five;
    five = one;
    std::vector<Counted> kept;
    kept.push_back(one);
    std::cout << two.x << " " << three.x << " " << four.x << " " << five.x << " " << kept[0].x << "\n";

    Note n = {"first", 1};
    std::vector<Note> notes;
    notes.push_back(n);
    n.text = "second";
    n.k = 2;
    std::cout << notes[0].text << " " << notes[0].k << "\n";

    Over o;
    o.i = 5;
    Plain& as_plain = o;
    std::cout << o.base_i() << " " << o.i << " " << o.both() << " " << as_plain.i << " " << plain_i(o) << "\n";
    return 0;
}
