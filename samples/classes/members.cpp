// Classes on the host: constructors with member-initializer lists and default arguments,
// const and non-const member functions, static member functions, members defined outside
// the class, `this->x` and `*this`, operators as members and as free functions (binary,
// compound, unary, comparison, [] and a functor's ()), overloaded functions and
// constructors chosen by argument type, and value semantics (copies are copies).
#include <iostream>
#include <vector>

class Vec2 {
public:
    Vec2() : x(0), y(0) {}
    Vec2(float x_, float y_ = 1.0f) : x(x_), y(y_) {}
    float dot(const Vec2& o) const { return x * o.x + y * o.y; }
    float length2() const { return dot(*this); }        // a member calls another on the object
    void scale(float k);
    Vec2 operator+(const Vec2& o) const { return Vec2(x + o.x, y + o.y); }
    Vec2 operator-(const Vec2& o) const { return Vec2(x - o.x, y - o.y); }
    Vec2 operator-() const { return Vec2(-x, -y); }
    Vec2& operator+=(const Vec2& o) { x += o.x; this->y += o.y; return *this; }
    bool operator==(const Vec2& o) const { return x == o.x && y == o.y; }
    float operator[](int i) const { return i == 0 ? x : y; }
    static Vec2 unit_x() { return Vec2(1.0f, 0.0f); }
    float x, y;
};

void Vec2::scale(float k) {
    x *= k;
    y *= k;
}

Vec2 operator*(float k, const Vec2& v) { return Vec2(k * v.x, k * v.y); }
Vec2 operator*(const Vec2& v, float k) { return Vec2(v.x * k, v.y * k); }

class Counter {
    int count;
    int step;
public:
    Counter(int start, int step_ = 1);
    int next() { count += step; return count; }
    int operator()(int times) { for (int i = 0; i < times; i++) next(); return count; }
    int value() const { return count; }
};

Counter::Counter(int start, int step_) : count(start), step(step_) {}

// overloads: exact matches first, then promotions, then conversions
int describe(int v) { return 1; }
int describe(double v) { return 2; }
int describe(const Vec2& v) { return 3; }
float half(float v) { return v / 2; }
double half(double v) { return v / 2; }

void print(const Vec2& v) { std::cout << "(" << v.x << ", " << v.y << ")" << std::endl; }

int main() {
    Vec2 a(3.0f, 4.0f);
    Vec2 b = Vec2(1.0f);              // the default argument: y = 1
    Vec2 zero;
    Vec2 c = a + b;
    c += a;
    print(c);
    print(a - b);
    print(-a);
    print(2.0f * a);
    print(a * 0.5f);
    Vec2 d = c;                       // a copy: scaling d leaves c alone
    d.scale(10);
    print(c);
    print(d);
    std::cout << a.dot(b) << " " << a.length2() << " " << a[0] << " " << a[1] << std::endl;
    std::cout << (a == Vec2(3, 4)) << " " << (a == b) << " " << zero.x << std::endl;
    print(Vec2::unit_x());
    std::cout << describe(7) << describe('c') << describe(2.5) << describe(2.5f) << describe(a) << std::endl;
    std::cout << half(5.0f) << " " << half(5.0) << std::endl;

    Counter ctr(10, 5);
    ctr.next();
    std::cout << ctr.value() << " " << ctr(3) << " " << ctr.value() << std::endl;
    Counter one(0);
    std::cout << one.next() << one.next() << std::endl;

    std::vector<Vec2> path;
    for (int i = 0; i < 3; i++) path.push_back(Vec2((float)i, (float)(i * i)));
    Vec2 total;
    for (const Vec2& p : path) total += p;
    print(total);
    return 0;
}
