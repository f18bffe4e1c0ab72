// Declarator and declaration forms of C++ that real code (and the conformance suite's 2_1_Synt
// chapter) writes: function declarations in a block (C++'s "most vexing parse": `Fraction
// half(int(n));` declares a function), several functions in one declaration, a function-type
// parameter, a pointer to function with a trailing return type, variables declared in `if`,
// `switch` and `while` conditions, an explicit instantiation of a class template, a `decltype` parameter and a
// class named `amp` (a name, not a keyword, outside `restrict(...)`).
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Fraction {
    int num, den;
    Fraction(int n) restrict(cpu, amp) : num(n), den(2) {}
    explicit operator bool() const restrict(cpu, amp) { return num != 0; }
};

struct amp {                            // a class may be called amp
    int scale;
    amp() restrict(cpu, amp) : scale(3) {}
    int apply(int x) const restrict(cpu, amp) { return x * scale; }
};

template <typename T> struct Pair {
    T first, second;
    T sum() const restrict(cpu, amp) { return first + second; }
};
template struct Pair<int>;              // an explicit instantiation

int twice(int x) restrict(cpu, amp), thrice(int x) restrict(cpu, amp);   // two declarators
int twice(int x) restrict(cpu, amp) { return 2 * x; }
int thrice(int x) restrict(cpu, amp) { return 3 * x; }

int limit = 3, limit_twice();           // a variable and a function in one declaration
int limit_twice() { return 2 * limit; }
struct Tally { int n, doubled() const; };
int Tally::doubled() const { return 2 * n; }

int apply_fn(int f(int), int x) { return f(x); }
int countdown(int& k) restrict(cpu, amp);        // `int f(int)`: a pointer to function
Fraction make(int n) { return Fraction(n); }
void show(decltype(make(0)) f) { std::cout << f.num << "/" << f.den << std::endl; }

int main() {
    int square(int);                    // a function declared in a block
    Fraction half(int(n));              // the most vexing parse: a function, not a variable
    std::cout << square(7) << " " << half(5).num << std::endl;

    auto (*pick)(int) -> int = &thrice; // a trailing return type on a pointer to function
    Tally t = {21};
    std::cout << pick(4) << " " << apply_fn(twice, 10) << " " << limit_twice() << " " << t.doubled() << std::endl;

    if (Fraction f = make(3)) {         // the condition's variable lives in both branches
        show(f);
    } else {
        std::cout << "zero " << f.num << std::endl;
    }
    if (int left = 0) std::cout << "never" << std::endl; else std::cout << "left " << left << std::endl;
    switch (int k = twice(2)) {
    case 4: std::cout << "four " << k << std::endl; break;
    default: std::cout << "other" << std::endl;
    }

    int k = 4, total = 0;
    while (int left = countdown(k)) {   // a fresh `left` each time round; 0 ends the loop
        if (left == 2) continue;
        total += left * 10;
    }
    std::cout << "total " << total << " " << k << std::endl;

    Pair<int> p = {20, 22};
    amp a;
    std::vector<int> out(4);
    array_view<int, 1> v(4, out);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
        int r = a.apply(i[0]) + p.sum();
        if (Fraction f = Fraction(i[0] % 2)) r += 100 * f.num;
        switch (int m = thrice(i[0])) {
        case 3: r += m; break;
        default: break;
        }
        int n = i[0] + 1;
        while (int m = countdown(n)) r += 1000 * m;
        v[i] = r;
    });
    v.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << std::endl;
    return 0;
}

int square(int x) { return x * x; }
Fraction half(int n) { return Fraction(n); }
int countdown(int& k) restrict(cpu, amp) { if (k <= 0) return 0; int r = k; k -= 1; return r; }
