// C++ AMP's short vectors (concurrency::graphics, <amp_graphics.h>) on the host and in kernels:
// construction (components, one scalar for all, explicit conversions between vector types),
// the components x y z w and r g b a, get_/set_ functions, swizzles read and assigned, the
// operators (component-wise arithmetic, int bitwise and shifts, unary, ++/--, compound
// assignment, == and !=, a scalar on either side), short_vector<T, N>::type and
// short_vector_traits, norm and unorm (clamping), and vectors as kernel locals, parameters and
// results of restrict(amp) functions, captured values and array_view elements.
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

void show(const char* what, const float_4& v) {
    std::cout << what << ": " << v.x << " " << v.y << " " << v.z << " " << v.w << std::endl;
}
void show(const char* what, const int_3& v) {
    std::cout << what << ": " << v.x << " " << v.y << " " << v.z << std::endl;
}
void show(const char* what, const uint_2& v) {
    std::cout << what << ": " << v.x << " " << v.y << std::endl;
}
void show(const char* what, const norm_4& v) {
    std::cout << what << ": " << v.get_x() << " " << v.get_y() << " " << v.get_z() << " " << v.get_w() << std::endl;
}

// a short vector as parameter and result of a restrict(cpu, amp) function
float_4 lerp4(const float_4& a, const float_4& b, float t) restrict(cpu, amp) {
    return a + (b - a) * t;
}

float dot3(float_3 a, float_3 b) restrict(amp) {
    float_3 p = a * b;
    return p.x + p.y + p.z;
}

int_3 wrap(int_3 v, int n) restrict(cpu, amp) {
    return (v % n + n) % n;
}

int main() {
    // ---- construction and conversions
    float_4 a(1.0f, 2.0f, 3.0f, 4.0f);
    float_4 b = 0.5f;                       // one scalar for every component
    float_4 zero;
    show("a", a);
    show("b", b);
    show("zero", zero);
    int_3 i3(7, -8, 9);
    show("float->int truncates", int_3(float_3(2.9f, -2.9f, 0.5f)));
    show("int->uint wraps", uint_2(int_2(-1, 5)));
    double_3 d3 = double_3(float_3(0.1f, 0.2f, 0.3f));
    std::cout << "double_3: " << d3.x << " " << d3.y << " " << d3.z << std::endl;
    show("norm_4 clamps", norm_4(float_4(-3.0f, -0.25f, 0.75f, 8.0f)));

    // ---- components, get_/set_, swizzles
    float_4 c = a;
    c.x = 10.0f;
    c.g = 20.0f;                            // r g b a name x y z w
    c.set_z(30.0f);
    c.a += 0.5f;
    show("c", c);
    std::cout << "get_w " << c.get_w() << ", b component " << c.b << std::endl;
    float_2 xy = c.xy;
    float_3 zyx = c.zyx;
    float_4 wzyx = c.wzyx;
    float_3 bgr = c.bgr;
    std::cout << "xy " << xy.x << " " << xy.y << ", zyx " << zyx.x << " " << zyx.y << " " << zyx.z
              << ", wzyx " << wzyx.x << " " << wzyx.w << ", bgr " << bgr.x << " " << bgr.z << std::endl;
    c.xy = float_2(-1.0f, -2.0f);
    c.wz = c.zw;                            // swap two components
    c.rgb += float_3(100.0f);
    show("assigned swizzles", c);
    float_2 yw = c.get_yw();
    c.set_xz(yw);
    show("get_yw/set_xz", c);

    // ---- operators
    show("a + b", a + b);
    show("a * 2 - b", a * 2.0f - b);
    show("10 / a", 10.0f / a);
    show("-a", -a);
    show("lerp", lerp4(a, float_4(5.0f), 0.25f));
    int_3 j(5, -3, 12);
    show("i3 + j", i3 + j);
    show("i3 % j", i3 % j);
    show("i3 & j | 1", (i3 & j) | 1);
    show("i3 ^ j", i3 ^ j);
    show("i3 << 2", i3 << 2);
    show("i3 >> 1", i3 >> 1);
    show("~i3", ~i3);
    show("wrap", wrap(i3, 5));
    uint_2 u(3u, 0xFFFFFFF0u);
    u += uint_2(1u, 0x20u);
    u <<= uint_2(1u, 0u);
    show("uint ops", u);
    float_4 e = a;
    float_4 before = e++;
    ++e;
    --e.w;
    show("before ++", before);
    show("after ++", e);
    int_3 k = j;
    k *= 3;
    k /= int_3(2, 2, -5);
    k -= 1;
    show("compound", k);
    std::cout << "a == a " << (a == a) << ", a == b " << (a == b) << ", a != b " << (a != b)
              << ", i3 != i3 " << (i3 != i3) << std::endl;

    // ---- generic names
    short_vector<float, 3>::type s3(1.0f, 2.0f, 3.0f);
    short_vector<int, 1>::type s1 = 42;
    std::cout << "short_vector: " << s3.z << " " << s1 << ", traits: " << short_vector_traits<double_4>::size
              << " " << short_vector_traits<uint>::size << " " << sizeof(short_vector_traits<double_4>::value_type)
              << " " << float_4::size << " " << sizeof(int_3::value_type) << std::endl;

    // ---- norm and unorm
    norm n1(0.75f), n2(0.5f), n3(-7), n4(1e30);
    unorm u1(0.25f), u2(-0.5f), u3(2u);
    std::cout << "norm: " << n1 << " " << n3 << " " << n4 << ", unorm: " << u1 << " " << u2 << " " << u3 << std::endl;
    norm sum = n1 + n2;                     // computed as float, then clamped
    norm diff = n3 - n1;
    unorm back = u1 - unorm(0.5f);
    std::cout << "clamped: " << sum << " " << diff << " " << back << ", as float: " << n1 * 4.0f << " "
              << -u1 << " " << -n1 << std::endl;
    norm from_unorm = u1;                   // unorm -> norm is implicit
    unorm from_norm = unorm(n3);            // norm -> unorm is explicit (clamps)
    n2 += norm(0.75f);
    ++u1;
    norm n5 = n1;
    n5--;
    std::cout << from_unorm << " " << from_norm << " " << n2 << " " << u1 << " " << n5 << " " << (n1 < n2)
              << " " << (u2 == unorm(0.0f)) << std::endl;
    float f = n1;                           // norm -> float is implicit
    std::cout << "float " << f + u3 << std::endl;
    norm_4 nv(0.5f, -0.5f, 0.25f, 1.0f);
    norm_4 nw = nv + nv;                    // each component clamps
    show("norm_4 sum", nw);
    show("norm_4 from unorm", norm_4(unorm_4(0.25f, 0.5f, 0.75f, 1.0f)));

    // ---- kernels: array_view elements, locals, parameters, results, captures, swizzles
    const int n = 8;
    std::vector<float_4> data(n);
    for (int i = 0; i < n; i++) data[i] = float_4((float)i, (float)(2 * i), (float)(i * i), 1.0f);
    array_view<float_4, 1> av(n, data);
    float_4 shift(0.5f, -1.0f, 2.0f, 0.0f);            // captured by value
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        float_4 v = av[idx];
        float_4 w = lerp4(v, shift, 0.5f);
        w.xy = w.yx;
        w.w = dot3(v.xyz, float_3(1.0f, 1.0f, 1.0f));
        av[idx] = w * 2.0f + shift;
        av[idx].z += 1.0f;
        av[idx].a = -av[idx].a;
    });
    for (int i = 0; i < n; i += 3) show("av", av[i]);

    std::vector<int_3> cells(n);
    array_view<int_3, 1> cv(n, cells);
    int_3 origin(1, 2, 3);
    parallel_for_each(cv.extent, [=](index<1> idx) restrict(amp) {
        int_3 p(idx[0], -idx[0], idx[0] * 3);
        int_3 q = wrap(p + origin, 4);
        q.zx = q.xz;
        q++;
        cv[idx] = (q << 1) ^ int_3(1);
    });
    for (int i = 0; i < n; i += 3) show("cv", cv[i]);

    std::vector<norm_4> colours(4);
    array_view<norm_4, 1> nav(4, colours);
    parallel_for_each(nav.extent, [=](index<1> idx) restrict(amp) {
        norm_4 c4(0.25f * idx[0], -0.5f, 0.9f, 2.0f);
        norm_4 d4 = c4 + norm_4(norm(0.5f));
        d4.x = -d4.x;
        nav[idx] = d4;
    });
    for (int i = 0; i < 4; i++) show("nav", nav[i]);
    return 0;
}
