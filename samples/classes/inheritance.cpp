// Single inheritance: a derived class's fields follow its base's, the base's constructor runs
// from the member-initializer list, base member functions work on derived objects (also in a
// kernel, for classes without virtual functions, as C++ AMP requires), virtual functions dispatch
// on the object (an override through a const Shape&, a pure virtual called from the base),
// non-virtual ones bind statically, destructors run derived then base.
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;
struct Shape {
    float scale;
    Shape(float s) : scale(s) {}
    virtual float area() const { return 0; }
    float scaled() const { return scale * 2; }
    const char* kind() const { return "shape"; }
    virtual ~Shape() {}
};
struct Square : public Shape {
    float side;
    Square(float s, float k) : Shape(k), side(s) {}
    float area() const override { return side * side * scale; }
    const char* kind() const { return "square"; }
    void grow() { side += 1; scale += 0.5f; }
};
struct Base {                               // no virtual functions: usable in a kernel
    float scale;
    Base(float s) restrict(cpu, amp) : scale(s) {}
    float scaled() const restrict(cpu, amp) { return scale * 2; }
};
struct Grown : public Base {
    float side;
    Grown(float s, float k) restrict(cpu, amp) : Base(k), side(s) {}
    void grow() restrict(cpu, amp) { side += 1; scale += 0.5f; }
};
struct Logged {
    int id;
    Logged(int i) : id(i) {}
    ~Logged() { std::cout << "~Logged " << id << std::endl; }
};
struct Timed : Logged {
    Timed(int i) : Logged(i) {}
    ~Timed() { std::cout << "~Timed " << id << std::endl; }
};
struct Named {
    std::string name;
    Named(const std::string& n) : name(n) {}
    virtual std::string describe() const = 0;
    std::string tag() const { return "[" + describe() + "]"; }
};
struct Dog : Named {
    int legs;
    Dog() : Named("dog"), legs(4) {}
    std::string describe() const { return name + " with " + std::to_string(legs) + " legs"; }
};
void show(const Shape& s) { std::cout << s.kind() << " " << s.area() << std::endl; }
int main() {
    {
        Square q(3, 1.0f);
        show(q);
        q.grow();
        std::cout << q.kind() << " " << q.area() << " " << q.scaled() << std::endl;
    }
    { Timed t(7); }
    Dog d;
    std::cout << d.tag() << std::endl;
    std::vector<float> out(4);
    array_view<float, 1> ov(4, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
        Grown s(i[0], 2.0f);
        s.grow();
        ov[i] = s.side + s.scaled();
    });
    std::cout << ov[0] << " " << ov[3] << std::endl;
    return 0;
}
