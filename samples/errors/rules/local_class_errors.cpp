// Local classes: a member function cannot use the automatic variables (locals, parameters, a
// kernel's captures) of the function around its class (a constant, a static or a tile_static
// variable it can), no member template may be declared in a local class, and a member function
// of a local class of a host function is restrict(cpu): a kernel cannot call it.  Two local
// classes of one name in different functions are not supported yet (amppy keeps one class of
// each name).
#include <amp.h>
#include <vector>
using namespace concurrency;

int outer(int n) {
    const int K = 4;
    static int made = 0;
    int local = 2;
    struct S {
        int f() { return n; } // expected-error {{[local-class-capture]}}
        int g() { return local + K; } // expected-error {{[local-class-capture]}}
        int h() { return K + made; }
        template <typename T> T id(T x) { return x; } // expected-error {{[bad-specifier]}}
    };
    return S().h();
}

int other() {
    struct S { int h() { return 1; } }; // expected-error {{[unsupported]}}
    return S().h();
}

int main() {
    struct H { int f() { return 1; } };
    std::vector<int> v(4);
    array_view<int> av(4, v);
    int scale = 3;
    parallel_for_each(av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
        tile_static int shared[4];
        struct K {
            int a() { return shared[0]; }
            int b() { return scale; } // expected-error {{[local-class-capture]}}
            int c() { return t.local[0]; } // expected-error {{[local-class-capture]}}
        };
        shared[t.local[0]] = K().a();
        av[t.global] = H().f(); // expected-error {{[amp-restrict]}}
    });
    return outer(1);
}
