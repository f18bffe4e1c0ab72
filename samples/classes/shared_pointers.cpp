// Classes behind std::shared_ptr: a shared_ptr<Derived> converts to shared_ptr<Base>, member
// functions are called through `->` (virtual ones dispatch on the object), and pairs of a pointer
// and a name sit in a vector (the C++ AMP book's Reduction case study keeps its reducers so).
#include <iostream>
#include <memory>
#include <string>
#include <array>
#include <utility>
#include <vector>

struct Shape {
    virtual ~Shape() {}
    virtual double area() const = 0;
    double twice() const { return 2 * area(); }
};

struct Square : Shape {
    double side;
    explicit Square(double s) : side(s) {}
    double area() const { return side * side; }
};

struct Circle : Shape {
    double r;
    explicit Circle(double radius) : r(radius) {}
    double area() const { return 3.0 * r * r; }      // (a coarse pi keeps the output exact)
};

typedef std::pair<std::shared_ptr<Shape>, std::wstring> Named;

int main()
{
    std::vector<Named> shapes;
    shapes.reserve(3);
    shapes.push_back(Named(std::make_shared<Square>(2.0), L"square"));
    shapes.push_back(Named(std::make_shared<Circle>(1.0), L"circle"));
    std::shared_ptr<Shape> big = std::make_shared<Square>(10.0);
    shapes.push_back(std::make_pair(big, std::wstring(L"big square")));
    double total = 0;
    for (size_t i = 0; i < shapes.size(); i++) {
        std::wcout << shapes[i].second << L": " << shapes[i].first->area() << L" (twice "
                   << shapes[i].first->twice() << L")" << std::endl;
        total += shapes[i].first->area();
    }
    std::wcout << L"total " << total << std::endl;

    // a std::array of such pairs, brace-initialised, walked by value (each element copied)
    std::array<Named, 2> fixed = { Named(std::make_shared<Circle>(2.0), L"round"),
                                   Named(big, L"shared big") };
    for (Named n : fixed)
        std::wcout << n.second << L" " << n.first.get()->area() << std::endl;
    Named empty;                                   // value-initialised: no object, no name
    std::wcout << L"empty: " << (empty.first == nullptr) << L" '" << empty.second << L"'" << std::endl;
    return 0;
}
