// C++ AMP's rules for texture sampling: sample and gather_* are members of texture_view<const T, N>
// only, restrict(amp); sample needs float, norm or unorm texels, gather a rank-2 texture; the
// modes given as template arguments are Direct3D's.
#include <amp.h>
#include <amp_graphics.h>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
    texture<float, 2> tex(4, 4);
    texture<int, 2> itex(4, 4);
    texture<float, 1> line(4);
    texture_view<const float, 2> tv(tex);
    texture_view<float, 2> wv(tex);
    texture_view<const int, 2> iv(itex);
    texture_view<const float, 1> lv(line);
    sampler s(filter_point, address_clamp);
    float host = tv.sample(s, float_2(0.5f, 0.5f)); // expected-error {{[amp-restrict]}}
    std::vector<float> d(16);
    array_view<float, 2> out(4, 4, d);
    parallel_for_each(out.extent, [=, &tex](index<2> i) restrict(amp) {
        float_2 c(0.5f, 0.5f);
        out[i] = tex.sample(s, c); // expected-error {{[no-member]}}
        out[i] = wv.sample(s, c); // expected-error {{[no-member]}}
        out[i] = (float)iv.sample(s, c); // expected-error {{[type-mismatch]}}
        out[i] = lv.gather_red(s, 0.5f).x; // expected-error {{[type-mismatch]}}
        out[i] = tv.sample<address_wrap, filter_point>(c); // expected-error {{[type-mismatch]}}
        out[i] = tv.sample(s, c, 0.0f, 1.0f); // expected-error {{[call-args]}}
        out[i] = tv.sample(s, 0.5f);       // a float converts to float_2(0.5f, 0.5f)
        out[i] = (float)iv.gather_red(s, c).x;
        out[i] = s.filter_mode == filter_point ? tv.sample(s, c) : 0.0f;
    });
    s.filter_mode = filter_linear; // expected-error {{[not-assignable]}}
    return 0;
}
