// Memory the C way and the C++ way: blocks from new[] and malloc, pointers into vectors and
// arrays, memcpy/memset, and smart pointers -- with a kernel working on a block through an
// array_view, the way many C++ AMP programs hand their data to the accelerator.
#include <amp.h>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <vector>
using namespace concurrency;

struct Particle {
    float x;
    float v;
};

// A function that takes a pointer and a length, as C APIs do.
float sum(const float* data, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; i++) s += data[i];
    return s;
}

void scale(float* data, int n, float k) {
    for (float* p = data; p != data + n; ++p) *p *= k;
}

// A reference to a pointer: the caller's pointer moves past what was read.
float take(const float*& cursor) {
    float value = *cursor;
    cursor++;
    return value;
}

int main() {
    const int N = 8;

    // new[] / delete[]
    float* a = new float[N];
    for (int i = 0; i < N; i++) a[i] = i * 0.5f;
    std::cout << "sum(a) = " << sum(a, N) << std::endl;

    // malloc / memset / memcpy / free
    float* b = (float*)malloc(N * sizeof(float));
    memset(b, 0, N * sizeof(float));
    memcpy(b, a + 2, 4 * sizeof(float));
    std::cout << "b:";
    for (int i = 0; i < N; i++) std::cout << " " << b[i];
    std::cout << std::endl;

    // pointers into a vector and a C array
    std::vector<int> v(6);
    int* p = v.data();
    for (int i = 0; i < 6; i++) p[i] = i * i;
    int* q = &v[4];
    *q = -1;
    std::cout << "v[4] = " << v[4] << ", q - p = " << (q - p) << ", *(p + 5) = " << *(p + 5) << std::endl;
    int table[3][4];
    memset(table, 0, sizeof(table));
    int* cell = &table[1][2];
    *cell = 7;
    cell[1] = 8;
    std::cout << "table[1][2..3] = " << table[1][2] << " " << table[1][3] << std::endl;

    // a kernel over the block new[] made
    scale(a, N, 2.0f);
    array_view<float, 1> av(N, a);
    parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) { av[i] = av[i] + 1.0f; });
    av.synchronize();
    std::cout << "a after the kernel:";
    for (int i = 0; i < N; i++) std::cout << " " << a[i];
    std::cout << std::endl;
    const float* cursor = a;
    float first_two = take(cursor);
    first_two += take(cursor);
    std::cout << "taken: " << first_two << ", next " << *cursor << std::endl;

    // smart pointers
    std::unique_ptr<float[]> owned(new float[4]);
    for (int i = 0; i < 4; i++) owned[i] = 10.0f * i;
    std::unique_ptr<float[]> moved = std::move(owned);
    std::cout << "moved[3] = " << moved[3] << ", sum = " << sum(moved.get(), 4) << std::endl;
    auto zeros = std::make_unique<int[]>(3);
    std::cout << "zeros: " << zeros[0] << zeros[1] << zeros[2] << std::endl;
    std::shared_ptr<Particle> first = std::make_shared<Particle>();
    std::shared_ptr<Particle> same = first;
    first->x = 1.5f;
    same->v = -2.0f;
    std::cout << "particle " << first->x << " " << first->v << std::endl;
    moved.reset();
    if (!moved) std::cout << "moved is empty" << std::endl;

    delete[] a;
    free(b);
    return 0;
}
