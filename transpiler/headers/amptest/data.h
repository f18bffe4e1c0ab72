// amptest/data.h (amppy): filling test data with pseudo-random values
#pragma once
#include <amptest/platform.h>
#include <random>
#include <cstdlib>
#include <amp.h>
#include <vector>
#include <amptest/logging.h>
#include <amptest/operators.h>

namespace Concurrency
{
    namespace Test
    {
        // values in [min, max]: integers uniformly, floating point uniformly in [min, max)
        template <typename T>
        inline void Fill(T* arr, size_t size, T min, T max)
        {
            // uniform in [min, max) from a 32-bit linear congruential generator (Numerical Recipes'
            // constants): numbers only, so amppy compiles the loop (arrays of 10^6 elements)
            unsigned int state = 5489u;
            double span = (double)max - (double)min;
            for (size_t i = 0; i < size; i++) {
                state = state * 1664525u + 1013904223u;
                arr[i] = static_cast<T>((double)min + span * ((double)(state >> 8) / 16777216.0));
            }
        }

        template <typename T>
        inline void Fill(T* arr, size_t size)
        {
            if (std::is_unsigned<T>::value) {
                Fill<T>(arr, size, (T)0, (T)(1 << 15));
            } else {
                Fill<T>(arr, size, (T)(-(1 << 15)), (T)(1 << 15));
            }
        }

        template <typename T>
        inline void Fill(std::vector<T>& arr, T min, T max)
        {
            Fill<T>(arr.data(), arr.size(), min, max);
        }

        template <typename T>
        inline void Fill(std::vector<T>& arr)
        {
            Fill<T>(arr.data(), arr.size());
        }

        // an extent whose every dimension is in [1, max_range], from the C library's rand()
        template <int N>
        extent<N> CreateRandomExtent(int max_range)
        {
            int dims[N];
            for (int i = 0; i < N; i++)
                dims[i] = 1 + rand() % max_range;
            return extent<N>(dims);
        }

        // an index in [origin, origin + ex), each component from rand()
        template <int N>
        index<N> GetRandomIndex(index<N>& origin, extent<N>& ex)
        {
            int at[N];
            for (int i = 0; i < N; i++)
                at[i] = origin[i] + rand() % ex[i];
            return index<N>(at);
        }

        // an array of a random extent (each dimension in [1, extent_range]) on `av`, filled by Fill
        template <typename T, int N>
        array<T, N> CreateArrayAndFillData(const accelerator_view& av, int extent_range,
                                           access_type cpu_access_type = access_type_auto)
        {
            extent<N> ex = CreateRandomExtent<N>(extent_range);
            std::vector<T> values(ex.size());
            Fill<T>(values);
            array<T, N> made(ex, values.begin(), av, cpu_access_type);
            Log(LogType::Info, true) << "Created array of " << made.get_extent() << std::endl;
            return made;
        }

        // a staging array (on `cpu_av`, for `gpu_av`) of a random extent, filled by Fill
        template <typename T, int N>
        array<T, N> CreateStagingArrayAndFillData(const accelerator_view& cpu_av, const accelerator_view& gpu_av,
                                                  int extent_range)
        {
            extent<N> ex = CreateRandomExtent<N>(extent_range);
            std::vector<T> values(ex.size());
            Fill<T>(values);
            array<T, N> made(ex, values.begin(), cpu_av, gpu_av);
            Log(LogType::Info, true) << "Created staging array of " << made.get_extent() << std::endl;
            return made;
        }

        // a section of `whole` from a random origin to its end: a view whose rows are not contiguous
        template <typename T, int N>
        array_view<T, N> CreateNonContiguousArrayView(array<T, N>& whole)
        {
            int at[N];
            for (int i = 0; i < N; i++)
                at[i] = whole.get_extent()[i] - (1 + rand() % whole.get_extent()[i]);
            index<N> origin(at);
            array_view<T, N> part = whole.section(origin);
            Log(LogType::Info, true) << "Created non-contiguous array view of " << part.get_extent() << std::endl;
            return part;
        }

        template <typename T, int N>
        array_view<const T, N> CreateNonContiguousArrayViewWithConstType(array<T, N>& whole)
        {
            int at[N];
            for (int i = 0; i < N; i++)
                at[i] = whole.get_extent()[i] - (1 + rand() % whole.get_extent()[i]);
            index<N> origin(at);
            array_view<const T, N> part = whole.section(origin);
            Log(LogType::Info, true) << "Created non-contiguous array view with const type of " << part.get_extent()
                                     << std::endl;
            return part;
        }
    }
}
