// Floating -> integer conversions on the host as Visual C++ computes them on x64 (x86's
// cvttss2si/cvttsd2si): truncation toward zero; a value out of the target's range, an infinity
// or NaN gives the "integer indefinite" INT_MIN (LLONG_MIN for long long); short and char are
// converted through int and then wrapped (70000.5 -> short 4464); unsigned int goes through the
// 64-bit conversion (-1.0f -> 4294967295, 3e9f -> 3000000000). Also sizeof of empty classes
// (1 byte), of a class whose only base is empty, and of a class holding empty members.
#include <iostream>
#include <limits>

struct Empty {};
struct Tagged : Empty {};                       // an empty base, nothing else: still 1 byte
struct Counted : Empty { int n; };             // the empty base takes no room
struct Pair { Empty a; Empty b; };              // two members of one byte each
struct Marked { Empty mark; int value; };       // a one-byte member padded to int's alignment
class Add { public: int operator()(int x) const { return x + 1; } };

void Show(const char* kind, double v, int i, long long ll, short s, signed char c, unsigned char uc,
          unsigned int u, char ch) {
    std::cout << kind << " " << v << ": int " << i << ", long long " << ll << ", short " << s
              << ", signed char " << (int)c << ", unsigned char " << (int)uc << ", unsigned " << u
              << ", char " << (int)ch << "\n";
}

int main() {
    volatile float floats[] = {2.9f, -2.9f, 3.0e9f, -3.0e9f, 1e20f, -1.0f, 70000.5f, 4294967296.0f,
                               2147483520.0f, -2147483648.0f, 300.7f, -129.9f, 1e19f};
    volatile double doubles[] = {3.0e9, -3.0e9, 1e300, 2147483647.9, -2147483648.9, 2147483648.0,
                                 70000.5, -129.9, 9.3e18, 4.0e9};
    for (int k = 0; k < 13; ++k) {
        float f = floats[k];
        Show("float", f, (int)f, (long long)f, (short)f, (signed char)f, (unsigned char)f, (unsigned)f, (char)f);
    }
    for (int k = 0; k < 10; ++k) {
        double d = doubles[k];
        Show("double", d, static_cast<int>(d), static_cast<long long>(d), static_cast<short>(d),
             static_cast<signed char>(d), static_cast<unsigned char>(d), static_cast<unsigned>(d),
             static_cast<char>(d));
    }
    volatile float nan = std::numeric_limits<float>::quiet_NaN();
    volatile double inf = std::numeric_limits<double>::infinity();
    float n = nan;
    double i = inf;
    Show("NaN", 0, (int)n, (long long)n, (short)n, (signed char)n, (unsigned char)n, (unsigned)n, (char)n);
    Show("inf", 0, (int)i, (long long)i, (short)i, (signed char)i, (unsigned char)i, (unsigned)i, (char)i);
    Show("-inf", 0, (int)-i, (long long)-i, (short)-i, (signed char)-i, (unsigned char)-i, (unsigned)-i, (char)-i);

    // unsigned long long below 2**64: values from 2**63 on convert exactly, negatives wrap
    volatile double big = 1e19, negative = -2.0;
    double b = big, m = negative;
    unsigned long long ub = (unsigned long long)b, um = (unsigned long long)m;
    std::cout << "unsigned long long: " << ub << " " << um << "\n";

    // implicit conversions: initialisation, assignment, arguments, compound assignment
    volatile float huge = 5.0e9f;
    float h = huge;
    int a = h;
    short s;
    s = h * 0.0f + 70000.5f;
    int acc = 10;
    acc += h;                                   // acc = int(10 + 5e9f): INT_MIN
    std::cout << "implicit: " << a << " " << s << " " << acc << "\n";

    std::cout << "sizeof: Empty " << sizeof(Empty) << ", Tagged " << sizeof(Tagged) << ", Counted "
              << sizeof(Counted) << ", Pair " << sizeof(Pair) << ", Marked " << sizeof(Marked) << ", Add "
              << sizeof(Add) << "\n";
    Empty e;
    Empty four[4];
    Add add;
    std::cout << "objects: " << sizeof(e) << " " << sizeof add << " " << sizeof(four) << " " << add(41) << "\n";
    return 0;
}
