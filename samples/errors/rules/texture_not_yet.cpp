// Valid C++ AMP texture code amppy does not translate yet: each is `[unsupported]` at its
// location (never a syntax error, never an unknown type).
#include <amp.h>
#include <amp_graphics.h>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
    texture<float, 2> tex(4, 4);
    texture<float, 2> packed(4, 4, 16u);
    texture<float, 2> chain(extent<2>(4, 4), 32u, 3u);  // expected-error {{a texture of several mipmap levels is not supported yet [unsupported]}}
    texture_view<const float, 2> tv(tex);
    std::vector<float> d(16);
    array_view<float, 2> out(4, 4, d);
    parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
        out[i] = (float)tv.get_mipmap_levels();         // one level: every texture amppy makes
        out[i] += (float)tv.get_mipmap_extent(0)[0];    // expected-error {{[unsupported]}}
    });
    return 0;
}
