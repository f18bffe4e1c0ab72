// particles.h: found through the project's include folder ($(ProjectDir)include).
#pragma once

#include <vector>

#ifndef PARTICLE_COUNT
#error PARTICLE_COUNT comes from the project's PreprocessorDefinitions
#endif

// One time step of a particle on a spring: shared by the kernel (simulate/kernels.cpp) and the
// host's check (main.cpp), so it is defined here, visible to both translation units.
inline void spring_step(float& x, float& v, float dt) restrict(amp, cpu)
{
    float a = -4.0f * x - 0.5f * v;
    v = v + a * dt;
    x = x + v * dt;
}

extern int g_steps;                 // defined in main.cpp
extern float g_dt;                  // defined in simulate/kernels.cpp

void simulate(std::vector<float>& x, std::vector<float>& v);                 // simulate/kernels.cpp
float total_energy(const std::vector<float>& x, const std::vector<float>& v);  // mathlib/energy.cpp
int launches();                                                              // simulate/kernels.cpp
