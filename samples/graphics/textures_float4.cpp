// Textures of short vectors: a texture<float_4, 1> made from iterators, read through a
// texture_view<const float_4, 1>, written with set() in a kernel, copied out; bits per scalar element.
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;
int main() {
    std::vector<float_4> data(8);
    for (int i = 0; i < 8; i++) data[i] = float_4(i, i + 0.5f, -i, 1.0f);
    texture<float_4, 1> tex(8, data.begin(), data.end());
    texture<float_4, 1> out(8);
    texture_view<const float_4, 1> in_view(tex);
    parallel_for_each(out.extent, [=, &out](index<1> idx) restrict(amp) {
        float_4 v = in_view[idx];
        out.set(idx, v * 2.0f + float_4(0, 0, 0, 1));
    });
    std::vector<float_4> back(8);
    copy(out, back.begin());
    for (int i = 0; i < 8; i++) std::cout << back[i].x << "," << back[i].y << "," << back[i].z << "," << back[i].w << " ";
    std::cout << "\n" << tex.get_bits_per_scalar_element() << "\n";
    return 0;
}
