// Texture formats: bits per scalar element. An 8-bit RGBA image read from bytes into a
// texture<unorm_4, 2>, written through a writeonly_texture_view and copied back to bytes; 8-bit
// ints clamp, 16-bit floats round to half precision, copy_to between textures, default bits.
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;
int main() {
    // an 8-bit RGBA image of 2x2 pixels, as bytes
    std::vector<unsigned char> pixels(16);
    for (int i = 0; i < 16; i++) pixels[i] = (unsigned char)(i * 17);
    texture<unorm_4, 2> image(2, 2, pixels.data(), 16u, 8u);
    texture<unorm_4, 2> out(2, 2, 8u);
    writeonly_texture_view<unorm_4, 2> ov(out);
    texture_view<const unorm_4, 2> iv(image);
    parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
        unorm_4 p = iv[i];
        float x = p.x, y = p.y, z = p.z;
        ov.set(i, unorm_4(1.0f - x, y * 0.5f, z, 0.3f));
    });
    std::vector<unsigned char> back(16);
    copy(out, back.data(), 16u);
    for (int i = 0; i < 16; i++) std::cout << (int)back[i] << " ";
    std::cout << "\n" << image.get_bits_per_scalar_element() << " " << image.get_data_length() << " "
              << out.get_data_length() << "\n";
    texture<int, 1> small(4, 8u);
    std::vector<int> vals(4);
    vals[0] = 5; vals[1] = 300; vals[2] = -200; vals[3] = 127;
    copy(vals.begin(), vals.end(), small);
    std::vector<int> got(4);
    copy(small, got.begin());
    std::cout << got[0] << " " << got[1] << " " << got[2] << " " << got[3] << "\n";
    texture<float, 1> half(4, 16u);
    std::vector<float> f(4);
    f[0] = 0.1f; f[1] = 1.0f / 3.0f; f[2] = 65504.0f; f[3] = 2049.0f;
    copy(f.begin(), f.end(), half);
    texture<float, 1> full(4);
    half.copy_to(full);
    copy(full, f.begin());
    std::cout << f[0] << " " << f[1] << " " << f[2] << " " << f[3] << "\n";
    texture<unorm, 1> u16(2);
    std::cout << u16.get_bits_per_scalar_element() << "\n";
    return 0;
}
