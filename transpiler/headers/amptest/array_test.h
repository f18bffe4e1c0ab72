// amptest/array_test.h (amppy): array tests that remember the values they expect
//   ArrayTest<T, N[, D]>       an array<T, N> made from host data it keeps, and the values expected
//                              in it; its sections, projections and reshaped views are
//                              ArrayViewTests sharing those expectations; pass() copies the array
//                              out and checks them, fail() reports them
//   TestSection(original, ...) writes and reads through a section of the array and the array itself
#pragma once
#include <amp.h>
#include <cstdlib>
#include <memory>
#include <vector>
#include <amptest/array_view_test.h>

namespace Concurrency
{
    namespace Test
    {
        template <typename T, int N, int D = N>
        class ArrayTest
        {
        public:
            typedef T value_type;
            typedef index<N> index_type;

            ArrayTest(extent<N> ex)
                : store(details::new_store<T>(std::vector<T>(ex.size()))), at(details::identity_positions(ex)),
                  a(ex, store->data.begin(), store->data.end())
            {
            }

            ArrayTest(extent<N> ex, std::vector<T>& initial)
                : store(details::new_store<T>(initial)), at(details::identity_positions(ex)),
                  a(ex, store->data.begin(), store->data.end())
            {
            }

            template <int first>
            static ArrayTest<T, N, D> sequential(extent<N> ex)
            {
                std::vector<T> initial(ex.size());
                for (int k = 0; k < (int)initial.size(); k++) {
                    initial[k] = (T)(first + k);
                }
                return ArrayTest<T, N, D>(ex, initial);
            }

            array<T, N>& arr() { return a; }

            // the host copy the array was made from (pass() and fail() refresh it)
            T* data() { return store->data.data(); }

            typename std::vector<T>::iterator begin() { return store->data.begin(); }

            typename std::vector<T>::iterator end() { return store->data.end(); }

            int position(index<N> i) const { return at[flatten(i, a.get_extent())]; }

            void set_known_value(index<N> i, T value)
            {
                int k = position(i);
                store->known[k] = 1;
                store->expected[k] = value;
            }

            // also writes the value into the array (in a kernel)
            void set_value(index<N> i, T value)
            {
                set_known_value(i, value);
                gpu_write(a, i, value);
            }

            ArrayViewTest<T, N, D> section(array_view<T, N> part, index<N> origin)
            {
                extent<N> ex = part.get_extent();
                std::vector<int> positions(ex.size());
                for (int k = 0; k < (int)positions.size(); k++) {
                    positions[k] = position(origin + details::index_at(k, ex));
                }
                return ArrayViewTest<T, N, D>(store, positions, part);
            }

            ArrayViewTest<T, N, D> section(index<N> origin, extent<N> ex) { return section(a.section(origin, ex), origin); }

            ArrayViewTest<T, N, D> section(index<N> origin) { return section(a.section(origin), origin); }

            ArrayViewTest<T, N, D> section(extent<N> ex) { return section(a.section(ex), index<N>()); }

            template <int K = 1>
            ArrayViewTest<T, N - K, D> projection(int i)
            {
                return this->projection(a[i], i);
            }

            // row: the projection of this view at i, as the caller made it
            template <int K = 1>
            ArrayViewTest<T, N - K, D> projection(array_view<T, N - K> row, int i)
            {
                int count = row.get_extent().size();
                std::vector<int> positions(count);
                for (int k = 0; k < count; k++) {
                    positions[k] = at[i * count + k];
                }
                return ArrayViewTest<T, N - K, D>(store, positions, row);
            }

            template <int M>
            ArrayViewTest<T, M, D> view_as(extent<M> ex)
            {
                std::vector<int> positions(ex.size());
                for (int k = 0; k < (int)positions.size(); k++) {
                    positions[k] = at[k];
                }
                return ArrayViewTest<T, M, D>(store, positions, a.view_as(ex));
            }

            int pass()
            {
                copy(a, store->data.begin());
                if (!details::known_values_hold(store->known, store->expected, store->data, false)) {
                    return fail();
                }
                Log(LogType::Info, true) << "Pass" << std::endl;
                return runall_pass;
            }

            int fail()
            {
                copy(a, store->data.begin());
                details::known_values_hold(store->known, store->expected, store->data, true);
                Log(LogType::Error, true) << "Fail" << std::endl;
                return runall_fail;
            }

        private:
            std::shared_ptr<details::test_store<T>> store;
            std::vector<int> at;
            array<T, N> a;
        };

        // writes and reads one element each way between a section of the array and the array
        template <typename T, int N>
        inline bool TestSection(ArrayTest<T, N>& original, ArrayViewTest<T, N>& part, index<N> origin)
        {
            type_comparer<T> same;
            extent<N> ex = part.view().get_extent();
            index<N> orig_gpu = details::random_index(origin, ex);
            index<N> part_gpu = details::random_index(origin, ex) - origin;

            T want = static_cast<T>(rand());
            gpu_write(part.view(), part_gpu, want);
            part.set_known_value(part_gpu, want);
            T got = gpu_read(original.arr(), part_gpu + origin);
            if (!same.are_equal(got, want)) {
                Log(LogType::Error, true) << "Reading original expected: " << want << " actual: " << got << std::endl;
                return false;
            }

            want = static_cast<T>(rand());
            gpu_write(original.arr(), orig_gpu, want);
            original.set_known_value(orig_gpu, want);
            got = gpu_read(part.view(), orig_gpu - origin);
            if (!same.are_equal(got, want)) {
                Log(LogType::Error, true) << "Reading section (GPU) expected: " << want << " actual: " << got << std::endl;
                return false;
            }

            want = static_cast<T>(rand());
            part.view()[part_gpu] = want;
            part.set_known_value(part_gpu, want);
            got = gpu_read(original.arr(), part_gpu + origin);
            if (!same.are_equal(got, want)) {
                Log(LogType::Error, true) << "Reading original (GPU) expected: " << want << " actual: " << got << std::endl;
                return false;
            }
            return true;
        }

        template <typename T, int N>
        inline bool TestSection(ArrayTest<T, N>& original, index<N> origin)
        {
            ArrayViewTest<T, N> part = original.section(origin);
            return TestSection(original, part, origin);
        }

        template <typename T, int N>
        inline bool TestSection(ArrayTest<T, N>& original, index<N> origin, extent<N> ex)
        {
            ArrayViewTest<T, N> part = original.section(origin, ex);
            return TestSection(original, part, origin);
        }

        template <typename T, int N>
        inline bool TestSection(ArrayTest<T, N>& original, array_view<T, N>& part_view, index<N> origin)
        {
            ArrayViewTest<T, N> part = original.section(part_view, origin);
            return TestSection(original, part, origin);
        }
    }
}
