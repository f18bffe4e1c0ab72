// The concurrency::direct3d intrinsics (restrict(amp) only): the 32-bit bit functions
// (countbits, reversebits, firstbithigh, firstbitlow), integer abs/sign/min/max/clamp/mad with
// two's-complement wraparound, and the float helpers (clamp, mad, rcp, radians, saturate,
// smoothstep, step).  Integer results are exact; float ones are printed with 4 decimals.
// (The real <amp.h> declares the intrinsics; <amp_math.h> is included for the g++ emulation.)
#include <amp.h>
#include <amp_math.h>
#include <climits>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
    const int n = 8;
    std::vector<int> in = {0, 1, -1, 6, -6, 0x40000000, INT_MIN, INT_MAX};
    std::vector<unsigned int> bits(n * 4);
    std::vector<int> ints(n * 9);
    array_view<const int, 1> x(n, in);
    array_view<unsigned int, 2> b(n, 4, bits);
    array_view<int, 2> k(n, 9, ints);
    parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
        int v = x[i];
        unsigned int u = (unsigned int)v;
        int r = i[0];
        b(r, 0) = direct3d::countbits(u);
        b(r, 1) = direct3d::reversebits(u);
        b(r, 2) = direct3d::umax(u, 6u);
        b(r, 3) = direct3d::umin(u, 6u) + direct3d::mad(u, 3u, 1u);
        k(r, 0) = direct3d::firstbithigh(v);
        k(r, 1) = direct3d::firstbitlow(v);
        k(r, 2) = direct3d::abs(v);
        k(r, 3) = direct3d::sign(v);
        k(r, 4) = direct3d::imax(v, 2);
        k(r, 5) = direct3d::imin(v, 2);
        k(r, 6) = direct3d::clamp(v, -3, 5);
        k(r, 7) = direct3d::mad(v, 3, -1);
        k(r, 8) = direct3d::firstbithigh((int)direct3d::reversebits(u));
    });
    b.synchronize();
    k.synchronize();
    printf("value countbits reversebits umax umin+mad | firstbithigh firstbitlow abs sign imax imin clamp mad fbh(rev)\n");
    for (int r = 0; r < n; r++) {
        printf("%d %u %u %u %u |", in[r], bits[r * 4], bits[r * 4 + 1], bits[r * 4 + 2], bits[r * 4 + 3]);
        for (int c = 0; c < 9; c++) printf(" %d", ints[r * 9 + c]);
        printf("\n");
    }

    const int m = 6;
    std::vector<float> fin = {-0.5f, 0.0f, 0.25f, 0.5f, 0.9f, 1.75f};
    std::vector<float> fout(m * 8);
    array_view<const float, 1> f(m, fin);
    array_view<float, 2> g(m, 8, fout);
    parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
        float v = f[i];
        int r = i[0];
        g(r, 0) = direct3d::clamp(v, 0.1f, 0.8f);
        g(r, 1) = direct3d::saturate(v);
        g(r, 2) = direct3d::smoothstep(0.0f, 1.0f, v);
        g(r, 3) = direct3d::step(0.25f, v);
        g(r, 4) = direct3d::mad(v, 2.0f, 0.5f);
        g(r, 5) = direct3d::rcp(v + 1.0f);
        g(r, 6) = direct3d::radians(v * 180.0f);
        double d = v;
        g(r, 7) = (float)(direct3d::rcp(d + 3.0) + direct3d::mad(d, d, 1.0));
    });
    g.synchronize();
    printf("value clamp saturate smoothstep step mad rcp radians double\n");
    for (int r = 0; r < m; r++) {
        printf("%.2f", fin[r]);
        for (int c = 0; c < 8; c++) printf(" %.4f", fout[r * 8 + c] + 0.0f);
        printf("\n");
    }
    return 0;
}
