// Errors Visual Studio reports for C++ AMP's short vectors (<amp_graphics.h>): a swizzle that
// names a component twice (C++ AMP has no such member, to read or to assign), a component the
// vector lacks, an implicit conversion between vector types (their converting constructors are
// explicit), `%`, `~` and bitwise operators on float vectors (integer vectors only), unary minus
// on a uint vector, a norm made implicitly from a float or a unorm from a norm (explicit), a
// norm's stored value.  And two amppy reports where Visual Studio does not: a component of a
// swizzle assigned (the swizzle is a copy, so the assignment would change nothing) and `ref_x()`
// (not translated yet).
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

float_4 twice(const float_4& v) restrict(cpu, amp) { return v * 2.0f; }

int main() {
    float_4 v(1.0f, 2.0f, 3.0f, 4.0f);
    int_4 iv(1, 2, 3, 4);
    float_2 p = v.xx; // expected-error {{no member named 'xx' in 'float_4' [no-member]}}
    v.yy = float_2(1.0f); // expected-error {{no member named 'yy' in 'float_4' [no-member]}}
    float_2 q(5.0f, 6.0f);
    float r = q.z; // expected-error {{no member named 'z' in 'float_2' [no-member]}}
    float s = v.q; // expected-error {{no member named 'q' in 'float_4' [no-member]}}
    float_4 w = iv; // expected-error {{cannot convert 'int_4' to 'float_4' [type-mismatch]}}
    float_4 t = twice(iv); // expected-error {{cannot convert 'int_4' to 'float_4' [type-mismatch]}}
    int_4 m = iv % int_4(3);
    float_4 u = v % v; // expected-error {{[no-matching-function]}}
    float_4 x = ~v; // expected-error {{invalid argument type 'float_4' to unary '~' [type-mismatch]}}
    float_4 y = v & v; // expected-error {{[no-matching-function]}}
    uint_2 ua(1u, 2u);
    uint_2 ub = -ua; // expected-error {{[no-matching-function]}}
    norm n = 0.5f; // expected-error {{cannot convert 'float' to 'norm' [type-mismatch]}}
    norm n2(0.5f);
    unorm un = n2; // expected-error {{cannot convert 'norm' to 'unorm' [type-mismatch]}}
    float f = n2.value; // expected-error {{no member named 'value' in 'norm' [no-member]}}
    norm_2 nv = 0.5f; // expected-error {{cannot convert 'float' to 'norm_2' [type-mismatch]}}
    v.zw.x = 1.0f; // expected-error {{a component of a swizzle is a copy, not assignable [not-assignable]}}
    float g = v.ref_x(); // expected-error {{'ref_x()' (a reference to one component) is not supported yet [unsupported]}}
    return 0;
}
