// Defines compute(float), not the compute(int) that main.cpp calls.
// expected-no-diagnostics
int compute(float x)
{
    return static_cast<int>(x * 2.0f);
}
