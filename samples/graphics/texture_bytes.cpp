// Textures of 8-bit ints filled from and copied back to char arrays: the (extent,
// bits_per_scalar_element) constructors with a mipmap level count and an accelerator_view,
// concurrency::graphics::copy(src, src_byte_size, texture) from a char array, a kernel that reads
// one texture (texture_view<const int, 2>) and writes another (writeonly_texture_view), and
// copy(texture, dst, dst_byte_size) into a char array: each byte a signed 8-bit value, each
// result clamped to -128..127 as the 8-bit format holds it. Also chars written one by one
// into a C array and a std::vector<char> (compound assignments, ++, reads as numbers).
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

const int ROWS = 4;
const int COLS = 6;

int main() {
    char levels[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++) {
        levels[i] = (char)(i * 11 - 100);           // -100 .. 153: the last ones wrap negative
    }
    levels[0] += 5;
    ++levels[1];
    levels[2] = levels[3];

    extent<2> e(ROWS, COLS);
    accelerator_view av = accelerator().default_view;
    texture<int, 2> input(e, 8U, 1);                 // one mipmap level
    texture<int, 2> output(e, 8U, 1, av);
    texture<int, 2> spare(ROWS, COLS, 8U, av);
    texture<int, 2> other(e, 8U, av);
    copy(levels, (unsigned int)sizeof(levels), input);

    texture_view<const int, 2> in(input);
    writeonly_texture_view<int, 2> out(output);
    parallel_for_each(e, [=](index<2> idx) restrict(amp) {
        int v = in[idx];
        out.set(idx, v * 2 + idx[1]);                // clamped to the 8-bit range when stored
    });

    char result[ROWS * COLS];
    copy(output, result, (unsigned int)sizeof(result));
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) {
            std::cout << (int)result[r * COLS + c] << (c + 1 < COLS ? " " : "\n");
        }
    }
    std::cout << input.get_bits_per_scalar_element() << " " << output.get_data_length() << " "
              << spare.get_data_length() << " " << other.get_mipmap_levels() << std::endl;

    std::vector<char> text(5, 'a');
    for (int i = 0; i < 5; i++) {
        text[i] += (char)i;
    }
    text[4]--;
    int sum = 0;
    for (int i = 0; i < 5; i++) {
        std::cout << text[i];
        sum += text[i];
    }
    std::cout << " " << sum << " " << (text[0] == 'a') << std::endl;
    return 0;
}
