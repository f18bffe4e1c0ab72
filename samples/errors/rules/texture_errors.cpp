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
        float x = tex[i];
    }); // expected-error {{[amp-capture]}}
    return 0;
}

// A writable texture_view reads only 32-bit single-component texels; a writeonly_texture_view
// (C++ AMP's older name) only writes.
void views_that_write(texture<float_4, 2>& t4, texture<float, 2>& t1) {
    texture_view<float_4, 2> w4(t4);
    texture_view<float, 2> w1(t1);
    writeonly_texture_view<float, 2> wo(t1);
    parallel_for_each(t1.extent, [=](index<2> i) restrict(amp) {
        float_4 v = w4[i]; // expected-error {{[type-mismatch]}}
        float_4 g = w4.get(i); // expected-error {{[type-mismatch]}}
        float x = w1[i] + w1.get(i);
        float y = wo[i]; // expected-error {{[no-member]}}
        w4.set(i, v);
        wo.set(i, x);
    });
}
