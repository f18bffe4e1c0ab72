// expected-no-diagnostics
float scale(float v) restrict(amp)
{
    return v * 2.0f;
}
