// Texture sampling: samplers (filter and address modes, border colours), sample() with a
// sampler and with template arguments, in kernels and in a restrict(amp) helper, textures of
// rank 1, 2 and 3, of float, float_4 and unorm; gather_red/alpha of a float_4 and an int texture.
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

// A restrict(amp) helper taking the view and the sampler by reference.
float blend_at(const texture_view<const float, 2>& tv, const sampler& s, float u, float v) restrict(amp) {
    return tv.sample(s, float_2(u, v), 0.0f);
}

int main() {
    // a 3x4 texture of 0..11 (row y = index 0, column x = index 1)
    std::vector<float> grid(12);
    for (int i = 0; i < 12; i++) grid[i] = (float)i;
    texture<float, 2> tex(3, 4, grid.begin(), grid.end());
    texture_view<const float, 2> tv(tex);

    const int modes = 4;
    address_mode addr[modes] = {address_wrap, address_mirror, address_clamp, address_border};
    std::string names[modes] = {"wrap", "mirror", "clamp", "border"};
    // coordinates inside, on texel centres, between texels, and outside on both sides
    float us[6] = {0.125f, 0.25f, 0.5f, -0.125f, 1.375f, 1.0f};
    float vs[6] = {0.5f, 0.5f, 1.0f / 3.0f, -1.0f / 6.0f, 1.5f, 0.0f};
    std::vector<float> u_data(us, us + 6), v_data(vs, vs + 6);
    array_view<const float, 1> u_view(6, u_data), v_view(6, v_data);

    for (int m = 0; m < modes; m++) {
        sampler point(filter_point, addr[m], float_4(-1.0f, 0.0f, 0.0f, 0.0f));
        sampler linear(filter_linear, addr[m], float_4(-1.0f, 0.0f, 0.0f, 0.0f));
        std::vector<float> p(6), l(6);
        array_view<float, 1> pv(6, p), lv(6, l);
        parallel_for_each(pv.extent, [=](index<1> i) restrict(amp) {
            pv[i] = tv.sample(point, float_2(u_view[i], v_view[i]));
            lv[i] = blend_at(tv, linear, u_view[i], v_view[i]);
        });
        pv.synchronize();
        lv.synchronize();
        std::cout << names[m] << " point:";
        for (int k = 0; k < 6; k++) std::cout << " " << p[k];
        std::cout << "\n" << names[m] << " linear:";
        for (int k = 0; k < 6; k++) std::cout << " " << l[k];
        std::cout << "\n";
    }

    // template arguments: the defaults (linear, clamp) and point/wrap
    std::vector<float> t(2);
    array_view<float, 1> tview(2, t);
    parallel_for_each(tview.extent, [=](index<1> i) restrict(amp) {
        float u = i[0] == 0 ? 0.25f : 1.125f;
        tview[i] = tv.sample(float_2(u, 0.5f)) * 100.0f + tv.sample<filter_point, address_wrap>(float_2(u, 0.5f));
    });
    tview.synchronize();
    std::cout << "template: " << t[0] << " " << t[1] << "\n";

    // a float_4 texture of 2x2 texels: the centre blends all four; gathers
    std::vector<float_4> colours(4);
    for (int i = 0; i < 4; i++) colours[i] = float_4(i * 4.0f, 1.0f, 8.0f - i * 2.0f, i + 0.5f);
    texture<float_4, 2> ctex(2, 2, colours.begin(), colours.end());
    texture_view<const float_4, 2> cview(ctex);
    std::vector<float_4> res(3);
    array_view<float_4, 1> rv(3, res);
    sampler s;                                      // linear, clamp, border (0, 0, 0, 0)
    parallel_for_each(rv.extent, [=](index<1> i) restrict(amp) {
        if (i[0] == 0) rv[i] = cview.sample(s, float_2(0.5f, 0.5f));
        if (i[0] == 1) rv[i] = cview.gather_red(s, float_2(0.5f, 0.5f));
        if (i[0] == 2) rv[i] = cview.gather_alpha<address_wrap>(float_2(0.0f, 0.0f));
    });
    rv.synchronize();
    for (int i = 0; i < 3; i++)
        std::cout << "float_4 " << i << ": " << res[i].x << " " << res[i].y << " " << res[i].z << " " << res[i].w << "\n";

    // gather of an int texture gives an int_4
    std::vector<int> ints(6);
    for (int i = 0; i < 6; i++) ints[i] = i * i;
    texture<int, 2> itex(2, 3, ints.begin(), ints.end());
    texture_view<const int, 2> iview(itex);
    std::vector<int_4> g(1);
    array_view<int_4, 1> gv(1, g);
    parallel_for_each(gv.extent, [=](index<1> i) restrict(amp) {
        gv[i] = iview.gather_red<address_clamp>(float_2(0.5f, 0.5f));
    });
    gv.synchronize();
    std::cout << "int gather: " << g[0].x << " " << g[0].y << " " << g[0].z << " " << g[0].w << "\n";

    // rank 1 (a unorm texture) and rank 3
    std::vector<unorm> ramp(4);
    for (int i = 0; i < 4; i++) ramp[i] = unorm(i / 4.0f);
    texture<unorm, 1> utex(4, ramp.begin(), ramp.end());
    texture_view<const unorm, 1> uview(utex);
    std::vector<float> cube(8);
    for (int i = 0; i < 8; i++) cube[i] = (float)(i * 8);
    texture<float, 3> ttex(2, 2, 2, cube.begin(), cube.end());
    texture_view<const float, 3> tview3(ttex);
    std::vector<float> r(3);
    array_view<float, 1> r_view(3, r);
    sampler mirror(address_mirror);
    parallel_for_each(r_view.extent, [=](index<1> i) restrict(amp) {
        if (i[0] == 0) r_view[i] = uview.sample(mirror, 0.5f);             // between texels 1 and 2
        if (i[0] == 1) r_view[i] = uview.sample<filter_point>(-0.1f);       // clamped to texel 0
        if (i[0] == 2) r_view[i] = tview3.sample(mirror, float_3(0.5f, 0.5f, 0.75f));
    });
    r_view.synchronize();
    std::cout << "rank 1 and 3: " << r[0] << " " << r[1] << " " << r[2] << "\n";

    // the sampler's properties
    std::cout << "default sampler: " << s.filter_mode << " " << s.address_mode << " " << s.border_color.w << "\n";
    sampler b(address_border, float_4(0.25f, 0.5f, 0.75f, 1.0f));
    std::cout << "border sampler: " << b.get_filter_mode() << " " << b.get_address_mode() << " "
              << b.get_border_color().y << "\n";
    return 0;
}
