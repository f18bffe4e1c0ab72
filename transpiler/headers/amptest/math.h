// amptest/math.h (amppy): comparing floating-point results within a tolerance
#pragma once
#include <amp.h>
#include <amp_math.h>
#include <cmath>

#define DEFAULT_MAX_ABS_DIFF_FLT 0.000005f
#define DEFAULT_MAX_REL_DIFF_FLT 0.0001f
#define DEFAULT_MAX_ABS_DIFF_DBL 0.00000000005
#define DEFAULT_MAX_REL_DIFF_DBL 0.0001
#define DEFAULT_MAX_ULP_DIFF 1

namespace Concurrency
{
    namespace Test
    {
        namespace amptest_math
        {
            inline bool isnan(float v) restrict(cpu,amp) { return v != v; }
            inline bool isnan(double v) restrict(cpu,amp) { return v != v; }

            inline float fabs(float v) restrict(cpu,amp) { return v < 0 ? -v : v; }
            inline double fabs(double v) restrict(cpu,amp) { return v < 0 ? -v : v; }

            // equal, NaN equal to NaN
            inline bool fequal(float v1, float v2) restrict(cpu,amp)
            {
                if (v1 != v1 || v2 != v2) return v1 != v1 && v2 != v2;
                return v1 == v2;
            }
            inline bool fequal(double v1, double v2) restrict(cpu,amp)
            {
                if (v1 != v1 || v2 != v2) return v1 != v1 && v2 != v2;
                return v1 == v2;
            }

            // equal within max_abs_diff, or within max_rel_diff of the larger magnitude (float, double)
            template <typename T>
            inline bool almost_equal(T v1, T v2, T max_abs_diff, T max_rel_diff) restrict(cpu,amp)
            {
                if (v1 != v1 || v2 != v2) return v1 != v1 && v2 != v2;
                if (v1 == v2) return true;
                T diff = fabs(v1 - v2);
                if (diff <= max_abs_diff) return true;
                T larger = fabs(v1) > fabs(v2) ? fabs(v1) : fabs(v2);
                return diff <= larger * max_rel_diff;
            }
            inline bool are_almost_equal(float v1, float v2, float max_abs_diff = DEFAULT_MAX_ABS_DIFF_FLT,
                                         float max_rel_diff = DEFAULT_MAX_REL_DIFF_FLT) restrict(cpu,amp)
            {
                return almost_equal<float>(v1, v2, max_abs_diff, max_rel_diff);
            }
            inline bool are_almost_equal(double v1, double v2, double max_abs_diff = DEFAULT_MAX_ABS_DIFF_DBL,
                                         double max_rel_diff = DEFAULT_MAX_REL_DIFF_DBL) restrict(cpu,amp)
            {
                return almost_equal<double>(v1, v2, max_abs_diff, max_rel_diff);
            }
        }

        inline bool AreAlmostEqual(float v1, float v2, float max_abs_diff = DEFAULT_MAX_ABS_DIFF_FLT,
                                   float max_rel_diff = DEFAULT_MAX_REL_DIFF_FLT) restrict(cpu,amp)
        {
            return amptest_math::are_almost_equal(v1, v2, max_abs_diff, max_rel_diff);
        }
        inline bool AreAlmostEqual(double v1, double v2, double max_abs_diff = DEFAULT_MAX_ABS_DIFF_DBL,
                                   double max_rel_diff = DEFAULT_MAX_REL_DIFF_DBL) restrict(cpu,amp)
        {
            return amptest_math::are_almost_equal(v1, v2, max_abs_diff, max_rel_diff);
        }
    }
}
