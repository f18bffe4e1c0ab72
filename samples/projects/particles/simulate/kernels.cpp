// simulate/kernels.cpp: the kernel, in a translation unit other than main's.
#include "stdafx.h"
#include "particles.h"

using namespace concurrency;

#ifdef FAST_MATH
float g_dt = 0.125f;                // a Release build takes longer steps
#else
float g_dt = 0.0625f;
#endif

namespace {
int launch_count = 0;               // an anonymous namespace: this unit's own
}

// The same name as main.cpp's static function: each unit calls its own.
static void describe(const char* what)
{
    std::cout << "kernels: " << what << std::endl;
}

int launches()
{
    return launch_count;
}

void simulate(std::vector<float>& x, std::vector<float>& v)
{
    describe("simulating");
    const float dt = g_dt;
    array_view<float, 1> xs(static_cast<int>(x.size()), x);
    array_view<float, 1> vs(static_cast<int>(v.size()), v);
    for (int s = 0; s < g_steps; s++) {
        parallel_for_each(xs.extent, [=](index<1> i) restrict(amp) {
            float px = xs[i], pv = vs[i];
            spring_step(px, pv, dt);
            xs[i] = px;
            vs[i] = pv;
        });
        launch_count++;
    }
    xs.synchronize();
    vs.synchronize();
}
