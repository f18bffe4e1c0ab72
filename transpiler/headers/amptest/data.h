// amptest/data.h (amppy): filling test data with pseudo-random values
#pragma once
#include <amptest/platform.h>
#include <random>
#include <cstdlib>
#include <amp.h>
#include <vector>

namespace Concurrency
{
    namespace Test
    {
        // values in [min, max]: integers uniformly, floating point uniformly in [min, max)
        template <typename T>
        inline void Fill(T* arr, size_t size, T min, T max)
        {
            std::mt19937 engine;
            std::uniform_real_distribution<double> uni((double)min, (double)max);
            for (size_t i = 0; i < size; i++) {
                arr[i] = static_cast<T>(uni(engine));
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
    }
}
