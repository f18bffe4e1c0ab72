// Textures of scalars: made from iterators and from an extent, read in a kernel (tex[idx],
// tex.get(idx), a texture_view<const T>), written with set() (a texture captured by reference,
// a texture_view<T>), copied out with concurrency::copy; bits per scalar element.
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;
int main() {
    std::vector<float> data(16);
    for (int i = 0; i < 16; i++) data[i] = i * 0.5f;
    texture<float, 2> tex(4, 4, data.begin(), data.end());
    texture<float, 2> out(extent<2>(4, 4));
    texture_view<const float, 2> in_view(tex);
    texture_view<float, 2> out_view(out);
    parallel_for_each(out.extent, [=, &tex](index<2> idx) restrict(amp) {
        float v = tex[idx] + in_view[idx] + tex.get(idx);
        out_view.set(idx, v * 2.0f);
    });
    std::vector<float> back(16);
    copy(out, back.begin());
    for (int i = 0; i < 16; i++) std::cout << back[i] << " ";
    std::cout << "\n" << tex.get_bits_per_scalar_element() << " " << tex.extent[1] << "\n";
    texture<int, 1> t1(8);
    parallel_for_each(t1.extent, [&t1](index<1> i) restrict(amp) { t1.set(i, i[0] * i[0]); });
    std::vector<int> b1(8);
    copy(t1, b1.begin());
    for (int x : b1) std::cout << x << " ";
    std::cout << "\n";
    return 0;
}
