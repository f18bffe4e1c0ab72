// amptest/compare.h (amppy): how the harness compares two values of a type
#pragma once
#include <amptest/math.h>
#include <amptest/logging.h>
#include <amptest/operators.h>
#include <sstream>
#include <string>

namespace Concurrency
{
    namespace Test
    {
        // an element's index in a message: i, (i, j), (i, j, k)
        inline std::string index_text(int i) { std::stringstream ss; ss << i; return ss.str(); }
        inline std::string index_text(size_t i) { std::stringstream ss; ss << i; return ss.str(); }
        inline std::string index_text(const index<1>& i) { return index_text(i[0]); }
        inline std::string index_text(const index<2>& i)
        {
            std::stringstream ss;
            ss << "(" << i[0] << ", " << i[1] << ")";
            return ss.str();
        }
        inline std::string index_text(const index<3>& i)
        {
            std::stringstream ss;
            ss << "(" << i[0] << ", " << i[1] << ", " << i[2] << ")";
            return ss.str();
        }

        // the harness's report of a wrong element: its index, the value expected and the one found
        template <typename Tidx, typename Texpected, typename Tactual>
        std::string compose_incorrect_element_message(Tidx idx, Texpected expected, Tactual actual)
        {
            std::stringstream ss;
            ss.precision(12);
            ss << std::boolalpha << "Element at index " << index_text(idx) << " is incorrect. Expected: " << expected
               << ", Actual: " << actual;
            return ss.str();
        }

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
