// amptest/compare.h (amppy): how the harness compares two values of a type
#pragma once
#include <amptest/math.h>
#include <amptest/logging.h>

namespace Concurrency
{
    namespace Test
    {
        // exact equality, except float and double: equal within the default tolerances
        template <typename T>
        struct type_comparer
        {
            type_comparer() restrict(cpu,amp) {}
            bool are_equal(const T& actual, const T& expected) const restrict(cpu,amp) { return expected == actual; }
        };

        template <>
        struct type_comparer<float>
        {
            float max_abs_diff;
            float max_rel_diff;
            type_comparer(float abs_diff = DEFAULT_MAX_ABS_DIFF_FLT, float rel_diff = DEFAULT_MAX_REL_DIFF_FLT) restrict(cpu,amp)
                : max_abs_diff(abs_diff), max_rel_diff(rel_diff) {}
            bool are_equal(const float& actual, const float& expected) const restrict(cpu,amp)
            {
                return amptest_math::are_almost_equal(actual, expected, max_abs_diff, max_rel_diff);
            }
        };

        template <>
        struct type_comparer<double>
        {
            double max_abs_diff;
            double max_rel_diff;
            type_comparer(double abs_diff = DEFAULT_MAX_ABS_DIFF_DBL, double rel_diff = DEFAULT_MAX_REL_DIFF_DBL) restrict(cpu,amp)
                : max_abs_diff(abs_diff), max_rel_diff(rel_diff) {}
            bool are_equal(const double& actual, const double& expected) const restrict(cpu,amp)
            {
                return amptest_math::are_almost_equal(actual, expected, max_abs_diff, max_rel_diff);
            }
        };
    }
}
