// C++ AMP's rules for textures: elements are values (written with set), a texture_view<const T>
// has no set, an array_view is not made over a texture, a texture is captured by reference.
#include <amp.h>
#include <amp_graphics.h>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

void takes_view(array_view<float, 1> v) {}
void reads_texture(texture_view<const float, 1> v) {}

int main() {
    texture<float, 1> tex(16);
    texture_view<const float, 1> ro(tex);
    array_view<float, 1> av(tex); // expected-error {{[ctor-args]}}
    std::vector<float> d(16);
    array_view<float, 1> plain(16, d);
    takes_view(tex); // expected-error {{[type-mismatch]}}
    reads_texture(plain); // expected-error {{[type-mismatch]}}
    reads_texture(tex);
    parallel_for_each(tex.extent, [&tex, ro](index<1> i) restrict(amp) {
        tex[i] = 1.0f; // expected-error {{[not-assignable]}}
        ro.set(i, 2.0f); // expected-error {{[not-assignable]}}
        tex.set(i, ro[i]);
    });
    parallel_for_each(tex.extent, [=](index<1> i) restrict(amp) {
        float x = tex[i]; // expected-error {{[amp-capture]}}
    });
    return 0;
}
