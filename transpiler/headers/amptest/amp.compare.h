// amptest/amp.compare.h (amppy): checking a result against its expected values
#pragma once
#include <amp.h>
#include <cmath>
#include <deque>
#include <list>
#include <type_traits>
#include <vector>
#include <amptest/compare.h>

namespace Concurrency
{
    namespace Test
    {
        namespace details
        {
            // the older comparison the tests still call: exact for integers, within the default
            // tolerances for floating point (as type_comparer<T> compares)
            template <typename T>
            bool AreEqual(const T& v1, const T& v2) restrict(cpu, amp)
            {
                return v1 == v2;
            }

            inline bool AreEqual(const float& v1, const float& v2) restrict(cpu, amp)
            {
                return amptest_math::are_almost_equal(v1, v2);
            }

            inline bool AreEqual(const double& v1, const double& v2) restrict(cpu, amp)
            {
                return amptest_math::are_almost_equal(v1, v2);
            }
        }

        // how many wrong elements Verify lists before "and more..."
        static const int max_failed_elements_to_log = 10;

        template <typename T>
        bool Verify(const T* actual, const T* expected, size_t size, type_comparer<T> comparer)
        {
            // (one loop that only compares, compiled; the listing walks again from the first failure)
            size_t failed = 0, first = size;
            for (size_t i = 0; i < size; i++) {
                if (!comparer.are_equal(actual[i], expected[i])) {
                    if (failed == 0) first = i;
                    failed++;
                }
            }
            if (failed == 0) return true;
            Log(LogType::Error, true) << "Verify found elements with incorrect values: " << std::endl;
            size_t listed = 0;
            for (size_t i = first; i < size && listed <= (size_t)max_failed_elements_to_log; i++) {
                if (!comparer.are_equal(actual[i], expected[i])) {
                    listed++;
                    if (listed <= (size_t)max_failed_elements_to_log) {
                        Log(LogType::Error, true) << "   Element at index " << i << " is incorrect. Expected: "
                                                  << expected[i] << " Actual: " << actual[i] << std::endl;
                    } else {
                        Log(LogType::Error, true) << "      and more..." << std::endl;
                    }
                }
            }
            Log(LogType::Error, true) << "      " << failed << " out of " << size << " elements failed." << std::endl;
            return false;
        }

        template <typename T>
        bool Verify(const T* actual, const T* expected, size_t size)
        {
            return Verify<T>(actual, expected, size, type_comparer<T>());
        }

        template <typename T>
        bool Verify(const std::vector<T>& actual, const std::vector<T>& expected, type_comparer<T> comparer)
        {
            if (actual.size() != expected.size()) {
                Log(LogType::Error, true) << "Verify: the actual and expected sizes differ: " << actual.size()
                                          << " and " << expected.size() << std::endl;
                return false;
            }
            return Verify<T>(actual.data(), expected.data(), expected.size(), comparer);
        }

        template <typename T>
        bool Verify(const std::vector<T>& actual, const std::vector<T>& expected)
        {
            return Verify<T>(actual, expected, type_comparer<T>());
        }

        template <typename T>
        int VerifyAllSameValue(const std::vector<T>& values, const T& value)
        {
            for (size_t i = 0; i < values.size(); i++) {
                if (!(values[i] == value)) {
                    Log(LogType::Error, true) << "VerifyAllSameValue found elements with incorrect values. Expected value: "
                                              << value << std::endl;
                    Log(LogType::Error, true) << "   Element at index " << i << " is " << values[i] << std::endl;
                    return (int)i;
                }
            }
            return -1;
        }

        template <typename T, int N>
        int VerifyAllSameValue(const array<T, N>& values, const T& value)
        {
            std::vector<T> copied = values;
            return VerifyAllSameValue<T>(copied, value);
        }

        template <typename T, int N>
        int VerifyAllSameValue(const array_view<T, N>& values, const T& value)
        {
            std::vector<T> copied(values.get_extent().size());
            copy(values, copied.begin());
            return VerifyAllSameValue<T>(copied, value);
        }

        template <typename InputIterator1, typename InputIterator2, typename BinaryPredicate>
        bool Equal(InputIterator1 begin_actual, InputIterator1 end_actual, InputIterator2 begin_expected, BinaryPredicate compare)
        {
            bool equal = true;
            int i = 0;
            for (; begin_actual != end_actual; ++begin_actual, ++begin_expected, ++i) {
                if (!compare(*begin_actual, *begin_expected)) {
                    Log(LogType::Error, true) << "Element at index " << i << " is incorrect. Expected: "
                                              << *begin_expected << " Actual: " << *begin_actual << std::endl;
                    equal = false;
                }
            }
            return equal;
        }

        // whether expected - actual is diff (the harness's Difference); for floating point, up to the
        // rounding of the operation that made the difference (float(a + 5.5f) - a is 5.5 within an ulp)
        template <typename T>
        bool differs_by(T actual, T expected, T diff)
        {
            if (expected - actual == diff) {
                return true;
            }
            if (!std::is_floating_point<T>::value) {
                return false;
            }
            double gap = (double)expected - (double)actual - (double)diff;
            double scale = fabs((double)expected) > fabs((double)actual) ? fabs((double)expected) : fabs((double)actual);
            double ulp = sizeof(T) == 4 ? 1.1920929e-07 : 2.220446049250313e-16;
            return fabs(gap) <= 2.0 * ulp * (scale > 1.0 ? scale : 1.0);
        }

        // the values of a C++ AMP container (copied to the CPU) against the expected ones: each the
        // expected value less `diff`
        template <typename T>
        bool VerifyDataOnCpuValues(const std::vector<T>& actual, const std::vector<T>& expected, T diff)
        {
            if (actual.size() != expected.size()) {
                Log(LogType::Error, true) << "Size of actual and expected does not match.\n";
                return false;
            }
            size_t wrong = 0;                   // (a loop amppy compiles: no logging in it)
            for (size_t i = 0; i < actual.size(); i++) {
                if (!differs_by(actual[i], expected[i], diff)) {
                    wrong++;
                }
            }
            if (wrong == 0) {
                return true;
            }
            bool equal = true;
            for (size_t i = 0; i < actual.size(); i++) {
                if (!differs_by(actual[i], expected[i], diff)) {
                    Log(LogType::Error, true) << "Element at index " << i << " is incorrect. Expected: "
                                              << expected[i] << " Actual: " << actual[i] << std::endl;
                    equal = false;
                }
            }
            return equal;
        }

        // a container's values, copied to the CPU: an array's, an array_view's (of const elements too)
        // or a vector's
        template <typename T, int N>
        std::vector<T> cpu_values(const array<T, N>& src)
        {
            std::vector<T> values = src;
            return values;
        }

        template <typename T, int N>
        std::vector<T> cpu_values(const array_view<T, N>& src)
        {
            std::vector<T> values(src.get_extent().size());
            copy(src, values.begin());
            return values;
        }

        template <typename T, int N>
        std::vector<T> cpu_values(const array_view<const T, N>& src)
        {
            std::vector<T> values(src.get_extent().size());
            copy(src, values.begin());
            return values;
        }

        template <typename T>
        std::vector<T> cpu_values(const std::deque<T>& src)
        {
            return std::vector<T>(src.begin(), src.end());
        }

        template <typename T>
        std::vector<T> cpu_values(const std::list<T>& src)
        {
            return std::vector<T>(src.begin(), src.end());
        }

        template <typename T>
        std::vector<T> cpu_values(const std::vector<T>& src)
        {
            return src;
        }

        // the values of `actual` against those of `expected`: any two of array, array_view and vector
        template <typename T, int N, typename Texpected>
        bool VerifyDataOnCpu(const array<T, N>& actual, const Texpected& expected, T diff = 0)
        {
            return VerifyDataOnCpuValues<T>(cpu_values(actual), cpu_values(expected), diff);
        }

        template <typename T, int N, typename Texpected>
        bool VerifyDataOnCpu(const array_view<T, N>& actual, const Texpected& expected, T diff = 0)
        {
            return VerifyDataOnCpuValues<T>(cpu_values(actual), cpu_values(expected), diff);
        }

        template <typename T, int N, typename Texpected>
        bool VerifyDataOnCpu(const array_view<const T, N>& actual, const Texpected& expected, T diff = 0)
        {
            return VerifyDataOnCpuValues<T>(cpu_values(actual), cpu_values(expected), diff);
        }

        template <typename T, typename Texpected>
        bool VerifyDataOnCpu(const std::vector<T>& actual, const Texpected& expected, T diff = 0)
        {
            return VerifyDataOnCpuValues<T>(actual, cpu_values(expected), diff);
        }

        template <typename T>
        class Difference
        {
        public:
            Difference(T diff) : m_diff(diff) {}
            bool operator()(T actual, T expected) const
            {
                return (actual > expected ? actual - expected : expected - actual) <= m_diff;
            }
        private:
            T m_diff;
        };
    }
}
