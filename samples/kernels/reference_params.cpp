// References to numbers and strings as parameters: the callee's changes reach the caller's
// variables, vector elements and strings on the host (swap2(x, v[0]), count_up(x, 5) inside an
// expression) and in kernels (a restrict(cpu, amp) swap and a struct accumulator).
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;
void swap2(int& a, int& b) restrict(cpu, amp) { int t = a; a = b; b = t; }
int count_up(int& n, int by) { n += by; return n * 10; }
void label(std::string& s, int k) { s += "#" + std::to_string(k); }
double timed(const std::vector<int>& v, double& seconds) { seconds = 0.5 * v.size(); return v[0]; }
struct Acc { float sum; int n; };
void add(Acc& a, float v) restrict(amp) { a.sum += v; a.n++; }
int main() {
    int x = 1, y = 2;
    swap2(x, y);
    std::vector<int> v(3, 7);
    swap2(v[0], x);
    int r = count_up(x, 5) + 1;
    std::string s = "run";
    label(s, 3);
    double secs = 0;
    double first = timed(v, secs);
    std::cout << x << " " << y << " " << v[0] << " " << r << " " << s << " " << secs << " " << first << std::endl;
    std::vector<int> out(4);
    array_view<int, 1> ov(4, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
        int a = i[0], b = 10;
        swap2(a, b);
        Acc acc = {0.0f, 0};
        add(acc, 1.5f);
        add(acc, (float)b);
        ov[i] = a * 100 + b + acc.n + (int)acc.sum;
    });
    for (int i = 0; i < 4; i++) std::cout << ov[i] << " ";
    std::cout << std::endl;
}
