// Structs named like Python builtins: each use must name the generated class, never the builtin
// (a bare `breakpoint()` would open Python's debugger, `exit()` would end the program).
#include <iostream>

struct breakpoint { int u; };
struct exit { int code; };
struct print { int a; int b; };
struct input { float x; };
struct compile { int v[2]; };
struct range { int lo; int hi; };

int width(range r) { return r.hi - r.lo; }

int main()
{
    breakpoint b;
    b.u = 4;
    struct exit e = { 7 };
    print p = { 1, 2 };
    input in;
    in.x = 2.5f;
    compile c;
    c.v[0] = 10;
    c.v[1] = 20;
    range r = { 3, 11 };
    range copy = r;
    copy.hi = 20;
    std::cout << b.u << " " << e.code << " " << p.a + p.b << " " << in.x << " "
              << c.v[0] + c.v[1] << " " << width(r) << " " << width(copy) << std::endl;
    return 0;
}
