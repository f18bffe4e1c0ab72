// C arrays of classes on the host: elements read and written through their fields (also fields named
// like numpy methods, var), member functions on elements, elements by reference, brace-initialised
// arrays, range-for by reference and by value, assignment of a whole element, 2-D arrays.
#include <iostream>
struct P {
    int x; float var;
    void bump() { x += 100; }
    float sum() const { return x + var; }
};
void twice(P& p) { p.x *= 2; }
P make(int i) { P p; p.x = i; p.var = 0.25f; return p; }
int main() {
    P grid[2][3];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) { grid[i][j].x = i * 10 + j; grid[i][j].var = 0.5f; }
    grid[1][2].bump();
    twice(grid[0][1]);
    P ps[3] = {{1, 2.0f}, {3, 4.0f}, {5, 6.0f}};
    for (P& p : ps) p.x += 1;
    float s = 0;
    for (P p : ps) { p.x = 1000; s += p.sum(); }
    ps[0] = make(9);
    std::cout << grid[1][2].x << " " << grid[0][1].x << " " << grid[1][0].sum() << " " << s << " "
              << ps[0].x << " " << ps[0].var << " " << ps[2].x << std::endl;
    return 0;
}
