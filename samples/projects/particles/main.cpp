// main.cpp: the program's entry point; the particles are moved on the accelerator by
// simulate/kernels.cpp and their energy measured by the MathLib static library.
#include "stdafx.h"
#include "particles.h"

#include <iomanip>

using namespace concurrency;

int g_steps = 3;                    // `extern` in particles.h: one variable for the whole program

// `describe` is also the name of a static function in simulate/kernels.cpp: two functions.
static void describe(const char* what)
{
    std::cout << "main: " << what << std::endl;
}

int main()
{
#ifdef _DEBUG
    describe("debug build");
#endif
#ifdef NDEBUG
    describe("release build");
#endif
    std::vector<float> x(PARTICLE_COUNT), v(PARTICLE_COUNT, 0.0f);
    for (int i = 0; i < PARTICLE_COUNT; i++)
        x[i] = 0.25f * (i % 4) - 0.5f;

    std::vector<float> hx(x), hv(v);            // the same steps on the host, to compare
    float before = total_energy(x, v);
    simulate(x, v);
    for (int s = 0; s < g_steps; s++)
        for (int i = 0; i < PARTICLE_COUNT; i++)
            spring_step(hx[i], hv[i], g_dt);

    int same = 0;
    for (int i = 0; i < PARTICLE_COUNT; i++)
        if (x[i] == hx[i] && v[i] == hv[i])
            same++;
    std::cout << std::fixed << std::setprecision(5);
    std::cout << "particles " << PARTICLE_COUNT << ", steps " << g_steps << ", launches " << launches() << "\n";
    std::cout << "energy before " << before << ", after " << total_energy(x, v) << "\n";
    std::cout << "x[1] " << x[1] << ", v[1] " << v[1] << "\n";
    std::cout << same << " of " << PARTICLE_COUNT << " particles as on the host" << std::endl;
    return same == PARTICLE_COUNT ? 0 : 1;
}
