// Host loops that only compute run compiled (numba.njit), with C++'s semantics: 32-bit int
// wraparound, truncating / and % of negatives, float as float32, unsigned and size_t
// arithmetic, switch fall-through, do-while with continue and break, calls of functions that
// only compute (a reference parameter's new value comes back), C arrays, pointers, globals.
// A loop that prints stays Python; the computing loop inside it is compiled on its own.
#include <amp.h>
#include <cstdio>
#include <iostream>
#include <vector>
using namespace concurrency;

const int N = 50000;
const int W = 160;
int g_checked = 0;                 // a global the compiled loop assigns
float grid[W][W];

float smooth(float x, float k) { return x * k + 1.0f / (1.0f + x); }

void count_into(int& counter, int value) {
    if (value % 3 == 0)
        counter += value;
}

int clamp_to(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

double sum_of(const std::vector<float>& v) {
    double s = 0.0;
    for (size_t i = 0; i < v.size(); i++)
        s += v[i];
    return s;
}

int main() {
    std::vector<float> a(N), b(N);
    std::vector<int> h(N);
    int counted = 0;
    // fill: float32 arithmetic, int wraparound, calls of computing functions
    for (int i = 0; i < N; i++) {
        a[i] = smooth((float)(i % 100), 0.5f);
        h[i] = i * 1103515245 + 12345;
        b[i] = (float)clamp_to(h[i] % 1000, -250, 250);
        count_into(counted, i % 10);
    }

    array_view<const float, 1> av(N, a);
    array_view<float, 1> bv(N, b);
    parallel_for_each(bv.extent, [=](index<1> idx) restrict(amp) {
        bv[idx] = bv[idx] + av[idx] * 2.0f;
    });
    bv.synchronize();

    // verify: the kernel's result against the same computation on the host
    int errors = 0;
    long long acc = 0;
    unsigned int u = 1u;
    size_t big = 0;
    for (int i = 0; i < N; i++) {
        float expected = (float)clamp_to(h[i] % 1000, -250, 250) + a[i] * 2.0f;
        if (b[i] != expected)
            errors++;
        acc += h[i] % 1000 + h[i] / -7 % 13;
        u = u * 2654435761u + (unsigned int)(h[i] & 0xff);
        big += (size_t)(u >> 20);
        g_checked++;
    }
    std::cout << "errors " << errors << ", counted " << counted << ", acc " << acc << ", u " << u
              << ", big " << big << ", checked " << g_checked << std::endl;

    // switch with fall-through, over a C array
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++) {
            switch ((i + j) % 4) {
            case 0: grid[i][j] = 1.5f; break;
            case 1: grid[i][j] = -2.0f;
            case 2: grid[i][j] += 0.25f; break;
            default: grid[i][j] = (float)(i - j) / 3.0f;
            }
        }
    float total = 0.0f;
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++)
            total += grid[i][j];
    printf("grid total %.4f\n", total);

    // do-while with continue and break, through a pointer
    int* p = new int[N];
    for (int i = 0; i < N; i++)
        p[i] = (i * 37) % 101 - 50;
    int k = 0, negatives = 0, stop = -1;
    do {
        if (p[k] >= 0) { k++; continue; }
        negatives++;
        if (negatives == 20000) { stop = k; break; }
        k++;
    } while (k < N);
    printf("negatives %d, stopped at %d\n", negatives, stop);
    delete[] p;

    // a loop that prints stays Python; its inner loop is compiled
    for (int round = 0; round < 3; round++) {
        int m = 0;
        for (int i = 0; i < N; i++)
            m = (m + h[i] % 17 + round) % 1000003;
        std::cout << "round " << round << ": " << m << std::endl;
    }
    std::cout << "sum " << sum_of(a) << std::endl;
    return 0;
}
