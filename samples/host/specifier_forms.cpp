// Declarations written the C way or with specifiers in another order, and C++ AMP's runtime
// refusing a compute domain whose extent is not positive.  Also what is valid on the host only:
// an enum with a char underlying type, `volatile` member functions and pointers, extern "C".
#include <iostream>
#include <climits>
#include <vector>
#include <string>
#include <amp.h>
using namespace concurrency;

typedef enum { RED = 1, GREEN = 2, BLUE = 4 } colour;     // a C-style enum typedef
const static int LIMIT = 10;                               // `const static` is `static const`

struct Pair { int first; int second; };

enum Level : unsigned char { LOW = 1, HIGH = 200 };       // an enum's underlying type: unsigned char
struct Counter { int n; int get() volatile { return n + 1; } };   // a volatile member function
extern "C" int add_c(int a, int b) { return a + b; }     // C linkage: one version, no overloads
std::vector<int> tallies(3, 7);                          // globals made by constructors: `T name(args);`
std::string banner(3, '=');
int twice(int n);                                        // ... while `T name(T2 param);` declares a function

template <typename E>
int rank_of() { const int r = E::rank; return r; }         // a template parameter's static member

int main() {
    colour c = GREEN;
    std::cout << c << " " << (RED | BLUE) << " " << LIMIT << std::endl;

    int k = 3;
    Pair p = [&]() -> Pair { Pair q; q.first = k; q.second = k * k; return q; }();   // trailing return type
    std::cout << p.first << " " << p.second << std::endl;
    std::cout << rank_of<extent<3>>() << " " << rank_of<index<1>>() << std::endl;

    Level l = HIGH;
    Counter counter = {41};
    int* volatile vp = &k;                                   // the pointer itself is volatile
    std::cout << (int)l << " " << sizeof(Level) << " " << counter.get() << " " << add_c(*vp, 2) << std::endl;
    std::cout << tallies[2] << " " << tallies.size() << " " << twice(4) << " " << banner << std::endl;

    std::vector<int> hits(1);
    array_view<int, 1> hv(1, hits);
    try {
        parallel_for_each(extent<2>(0, 5), [=](index<2> i) restrict(amp) { hv[0] = i[1]; });
        std::cout << "launched" << std::endl;
    } catch (const invalid_compute_domain&) {
        std::cout << "empty domain refused" << std::endl;
    }
    return 0;
}

int twice(int n) { return 2 * n; }
