// mathlib/energy.cpp: the MathLib static library (MathLib.vcxproj), linked into Particles.
#include <cstddef>
#include <vector>

static float squared(float a)
{
    return a * a;
}

float total_energy(const std::vector<float>& x, const std::vector<float>& v)
{
    float e = 0.0f;
    for (size_t i = 0; i < x.size(); i++)
        e += 2.0f * squared(x[i]) + 0.5f * squared(v[i]);
    return e;
}
