// amptest/array_view_test.h (amppy): array_view tests that remember the values they expect
//   ArrayViewTest<T, N[, D]>   an array_view<T, N> over host data of rank D it owns (shared with its
//                              sections, projections and reshaped views), and the values expected
//                              there (set_known_value); pass() checks them, fail() reports them
//   TestSection(original, ...) writes and reads through a section and its original, host and device
//   gpu_read/gpu_write one element, in a kernel
// Every view of one data set keeps, for its own elements in row-major order, their positions in the
// data, so a known value set through any of them lands at one place.
#pragma once
#include <amp.h>
#include <cstdlib>
#include <memory>
#include <vector>
#include <amptest/compare.h>
#include <amptest/coordinates.h>
#include <amptest/logging.h>
#include <amptest/runall.h>

namespace Concurrency
{
    namespace Test
    {
        // one element read or written in a kernel
        template <typename T, int N>
        inline T gpu_read(array_view<T, N>& src, index<N> idx)
        {
            std::vector<T> out(1);
            array_view<T, 1> result(1, out);
            array_view<T, N> from = src;
            parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { result[0] = from[idx]; });
            result.synchronize();
            return out[0];
        }

        template <typename T, int N>
        inline void gpu_write(array_view<T, N>& dest, index<N> idx, T value)
        {
            array_view<T, N> to = dest;
            parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { to[idx] = value; });
        }

        template <typename T, int N>
        inline T gpu_read(array<T, N>& src, index<N> idx)
        {
            std::vector<T> out(1);
            array_view<T, 1> result(1, out);
            parallel_for_each(extent<1>(1), [=, &src](index<1>) restrict(amp) { result[0] = src[idx]; });
            result.synchronize();
            return out[0];
        }

        template <typename T, int N>
        inline void gpu_write(array<T, N>& dest, index<N> idx, T value)
        {
            parallel_for_each(extent<1>(1), [=, &dest](index<1>) restrict(amp) { dest[idx] = value; });
        }

        namespace details
        {
            // the data a family of views shares, and the values expected in it
            template <typename T>
            struct test_store
            {
                std::vector<T> data;
                std::vector<int> known;
                std::vector<T> expected;
            };

            template <typename T>
            inline std::shared_ptr<test_store<T>> new_store(const std::vector<T>& initial)
            {
                std::shared_ptr<test_store<T>> s = std::make_shared<test_store<T>>();
                s->data = initial;
                s->known.assign(initial.size(), 0);
                s->expected.assign(initial.size(), T());
                return s;
            }

            template <int N>
            inline std::vector<int> identity_positions(extent<N> ex)
            {
                std::vector<int> at(ex.size());
                for (int k = 0; k < (int)at.size(); k++) {
                    at[k] = k;
                }
                return at;
            }

            // a random index in [origin, origin + ex)
            template <int N>
            inline index<N> random_index(index<N> origin, extent<N> ex)
            {
                return origin + index_at(rand() % ex.size(), ex);
            }

            // checks the expected values of a store against values (the store's data, or an array's copy)
            template <typename T>
            inline bool known_values_hold(const std::vector<int>& known, const std::vector<T>& expected,
                                          const std::vector<T>& values, bool report)
            {
                bool ok = true;
                for (int k = 0; k < (int)values.size(); k++) {
                    if (known[k] != 0 && !(values[k] == expected[k])) {
                        ok = false;
                        if (report) {
                            Log(LogType::Error, true) << "Known value at position " << k << " should be: "
                                                      << expected[k] << " was: " << values[k] << std::endl;
                        }
                    }
                }
                return ok;
            }
        }

        template <typename T, int N, int D = N>
        class ArrayViewTest
        {
        public:
            typedef T value_type;
            typedef index<N> index_type;

            ArrayViewTest(extent<N> ex)
                : store(details::new_store<T>(std::vector<T>(ex.size()))), at(details::identity_positions(ex)),
                  av(ex, store->data)
            {
            }

            ArrayViewTest(extent<N> ex, std::vector<T>& initial)
                : store(details::new_store<T>(initial)), at(details::identity_positions(ex)), av(ex, store->data)
            {
            }

            // a view of the same data (sections, projections, reshaped views make these)
            ArrayViewTest(std::shared_ptr<details::test_store<T>> s, std::vector<int> positions, array_view<T, N> v)
                : store(s), at(positions), av(v)
            {
            }

            template <int first>
            static ArrayViewTest<T, N, D> sequential(extent<N> ex)
            {
                std::vector<T> initial(ex.size());
                for (int k = 0; k < (int)initial.size(); k++) {
                    initial[k] = (T)(first + k);
                }
                return ArrayViewTest<T, N, D>(ex, initial);
            }

            array_view<T, N>& view() { return av; }

            T* data() { return store->data.data(); }

            typename std::vector<T>::iterator begin() { return store->data.begin(); }

            typename std::vector<T>::iterator end() { return store->data.end(); }

            // where the element at i of this view lives in the data
            int position(index<N> i) const { return at[flatten(i, av.get_extent())]; }

            void set_known_value(index<N> i, T value)
            {
                int k = position(i);
                store->known[k] = 1;
                store->expected[k] = value;
            }

            // whether a value is expected at i (set_known_value), and which
            bool is_known(index<N> i) const { return store->known[position(i)] != 0; }

            T known_value(index<N> i) const { return store->expected[position(i)]; }

            // the host data at i, read without synchronizing
            T data_at(index<N> i) const { return store->data[position(i)]; }

            // also writes the value into the data itself
            void set_value(index<N> i, T value)
            {
                set_known_value(i, value);
                store->data[position(i)] = value;
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

            ArrayViewTest<T, N, D> section(index<N> origin, extent<N> ex) { return section(av.section(origin, ex), origin); }

            ArrayViewTest<T, N, D> section(index<N> origin) { return section(av.section(origin), origin); }

            ArrayViewTest<T, N, D> section(extent<N> ex) { return section(av.section(ex), index<N>()); }

            // (a member template, so that a class of rank N does not make the one of rank N - 1)
            template <int K = 1>
            ArrayViewTest<T, N - K, D> projection(int i)
            {
                return this->projection(av[i], i);
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
                return ArrayViewTest<T, M, D>(store, positions, av.view_as(ex));
            }

            int pass()
            {
                if (!details::known_values_hold(store->known, store->expected, store->data, false)) {
                    return fail();
                }
                Log(LogType::Info, true) << "Pass" << std::endl;
                return runall_pass;
            }

            int fail()
            {
                details::known_values_hold(store->known, store->expected, store->data, true);
                Log(LogType::Error, true) << "Fail" << std::endl;
                return runall_fail;
            }

        private:
            std::shared_ptr<details::test_store<T>> store;
            std::vector<int> at;
            array_view<T, N> av;
        };

        // whether two views of one data set overlap, as C++ AMP's implicit synchronization shows it: the
        // data gets one value on the host, a kernel writes random values through `remote`, then reading
        // `local` on the host brings back the writes it overlaps.  positive_test: it does (and nothing
        // else changed); negative_test: nothing in `local` changed.
        template <typename T, int N>
        class OverlapTest
        {
        public:
            OverlapTest(extent<N> ex) : whole(ex) {}

            OverlapTest(ArrayViewTest<T, N> original) : whole(original) {}

            ArrayViewTest<T, N>& original() { return whole; }

            bool positive_test(index<N> local_origin, extent<N> local_extent, index<N> remote_origin,
                               extent<N> remote_extent)
            {
                ArrayViewTest<T, N> local = whole.section(local_origin, local_extent);
                ArrayViewTest<T, N> remote = whole.section(remote_origin, remote_extent);
                return this->positive_test(local, remote);
            }

            template <int LocalRank, int LocalData, int RemoteRank, int RemoteData>
            bool positive_test(ArrayViewTest<T, LocalRank, LocalData>& local, ArrayViewTest<T, RemoteRank, RemoteData>& remote)
            {
                T base = static_cast<T>(rand());
                fill_data(base);
                write_remote(remote);
                local.view()[index<LocalRank>()];       // reading the local view synchronizes it
                int known = 0, wrong = 0;
                extent<LocalRank> ex = local.view().get_extent();
                for (int k = 0; k < (int)ex.size(); k++) {
                    index<LocalRank> i = details::index_at(k, ex);
                    T want = base;
                    if (local.is_known(i)) {
                        want = local.known_value(i);
                        known++;
                    }
                    if (!(local.data_at(i) == want)) {
                        Log(LogType::Error, true) << "Mismatch at " << i << ": expected " << want << ", found "
                                                  << local.data_at(i) << std::endl;
                        wrong++;
                    }
                }
                if (known == 0) {
                    Log(LogType::Error, true) << "No overlapping element in the local view" << std::endl;
                }
                remote.view()[index<RemoteRank>()];
                return wrong == 0 && known > 0;
            }

            bool negative_test(index<N> local_origin, extent<N> local_extent, index<N> remote_origin,
                               extent<N> remote_extent)
            {
                ArrayViewTest<T, N> local = whole.section(local_origin, local_extent);
                ArrayViewTest<T, N> remote = whole.section(remote_origin, remote_extent);
                return this->negative_test(local, remote);
            }

            template <int LocalRank, int LocalData, int RemoteRank, int RemoteData>
            bool negative_test(ArrayViewTest<T, LocalRank, LocalData>& local, ArrayViewTest<T, RemoteRank, RemoteData>& remote)
            {
                T base = static_cast<T>(rand());
                fill_data(base);
                write_remote(remote);
                local.view()[index<LocalRank>()];
                int changed = 0;
                extent<LocalRank> ex = local.view().get_extent();
                for (int k = 0; k < (int)ex.size(); k++) {
                    index<LocalRank> i = details::index_at(k, ex);
                    if (!(local.data_at(i) == base)) {
                        Log(LogType::Error, true) << "Changed at " << i << ": expected " << base << ", found "
                                                  << local.data_at(i) << std::endl;
                        changed++;
                    }
                }
                remote.view()[index<RemoteRank>()];
                return changed == 0;
            }

            int pass() { return whole.pass(); }

            int fail() { return whole.fail(); }

        private:
            void fill_data(T value)
            {
                for (typename std::vector<T>::iterator it = whole.begin(); it != whole.end(); ++it) {
                    *it = value;
                }
            }

            template <int RemoteRank, int RemoteData>
            void write_remote(ArrayViewTest<T, RemoteRank, RemoteData>& remote)
            {
                extent<RemoteRank> ex = remote.view().get_extent();
                std::vector<T> values(ex.size());
                for (int k = 0; k < (int)values.size(); k++) {
                    values[k] = static_cast<T>(rand());
                }
                array_view<T, RemoteRank> src(ex, values);
                array_view<T, RemoteRank> dst = remote.view();
                parallel_for_each(ex, [=](index<RemoteRank> i) restrict(amp) { dst[i] = src[i]; });
                for (int k = 0; k < (int)values.size(); k++) {
                    remote.set_known_value(details::index_at(k, ex), values[k]);
                }
            }

            ArrayViewTest<T, N> whole;
        };

        // writes and reads one element each way (host and device) between a section and its original
        template <typename T, int N>
        inline bool TestSection(ArrayViewTest<T, N>& original, ArrayViewTest<T, N>& part, index<N> origin)
        {
            type_comparer<T> same;
            extent<N> ex = part.view().get_extent();
            index<N> orig_gpu = details::random_index(origin, ex);
            index<N> orig_cpu = details::random_index(origin, ex);
            index<N> part_gpu = details::random_index(origin, ex) - origin;

            T want = static_cast<T>(rand());
            original.view()[orig_cpu] = want;
            original.set_known_value(orig_cpu, want);
            T got = part.view()[orig_cpu - origin];
            if (!same.are_equal(got, want)) {
                Log(LogType::Error, true) << "Reading section (CPU) expected: " << want << " actual: " << got << std::endl;
                return false;
            }

            want = static_cast<T>(rand());
            gpu_write(part.view(), part_gpu, want);
            part.set_known_value(part_gpu, want);
            got = original.view()[part_gpu + origin];
            if (!same.are_equal(got, want)) {
                Log(LogType::Error, true) << "Reading original (CPU) expected: " << want << " actual: " << got << std::endl;
                return false;
            }

            want = static_cast<T>(rand());
            gpu_write(original.view(), orig_gpu, want);
            original.set_known_value(orig_gpu, want);
            got = gpu_read(part.view(), orig_gpu - origin);
            if (!same.are_equal(got, want)) {
                Log(LogType::Error, true) << "Reading section (GPU) expected: " << want << " actual: " << got << std::endl;
                return false;
            }

            want = static_cast<T>(rand());
            part.view()[part_gpu] = want;
            part.set_known_value(part_gpu, want);
            got = gpu_read(original.view(), part_gpu + origin);
            if (!same.are_equal(got, want)) {
                Log(LogType::Error, true) << "Reading original (GPU) expected: " << want << " actual: " << got << std::endl;
                return false;
            }
            return true;
        }

        template <typename T, int N>
        inline bool TestSection(ArrayViewTest<T, N>& original, index<N> origin)
        {
            ArrayViewTest<T, N> part = original.section(origin);
            return TestSection(original, part, origin);
        }

        template <typename T, int N>
        inline bool TestSection(ArrayViewTest<T, N>& original, index<N> origin, extent<N> ex)
        {
            ArrayViewTest<T, N> part = original.section(origin, ex);
            return TestSection(original, part, origin);
        }

        template <typename T, int N>
        inline bool TestSection(ArrayViewTest<T, N>& original, array_view<T, N>& part_view, index<N> origin)
        {
            ArrayViewTest<T, N> part = original.section(part_view, origin);
            return TestSection(original, part, origin);
        }
    }
}
