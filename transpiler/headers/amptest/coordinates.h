// amptest/coordinates.h (amppy): index and extent helpers of the conformance suite's harness
//   make_index / make_extent   an index<4|5> or extent<4|5> from its components (host and amp code)
//   flatten(idx, ext)          the row-major position of idx in ext (host and amp code), ranks 1 to 6
//   extent_coordinate_nest<N>  maps an index of an extent to itself and to its row-major position
//   index_iterator<N>          walks the indices of an extent in row-major order
#pragma once
#include <amp.h>

namespace Concurrency
{
    namespace Test
    {
        inline index<4> make_index(int i0, int i1, int i2, int i3) restrict(cpu, amp)
        {
            int parts[4] = {i0, i1, i2, i3};
            return index<4>(parts);
        }

        inline index<5> make_index(int i0, int i1, int i2, int i3, int i4) restrict(cpu, amp)
        {
            int parts[5] = {i0, i1, i2, i3, i4};
            return index<5>(parts);
        }

        inline extent<4> make_extent(int e0, int e1, int e2, int e3) restrict(cpu, amp)
        {
            int parts[4] = {e0, e1, e2, e3};
            return extent<4>(parts);
        }

        inline extent<5> make_extent(int e0, int e1, int e2, int e3, int e4) restrict(cpu, amp)
        {
            int parts[5] = {e0, e1, e2, e3, e4};
            return extent<5>(parts);
        }

        // (one overload a rank: amppy reads an index's components by constant subscripts)
        inline unsigned int flatten(index<1> i, extent<1>) restrict(cpu, amp)
        {
            return i[0];
        }

        inline unsigned int flatten(index<2> i, extent<2> e) restrict(cpu, amp)
        {
            return i[0] * e[1] + i[1];
        }

        inline unsigned int flatten(index<3> i, extent<3> e) restrict(cpu, amp)
        {
            return (i[0] * e[1] + i[1]) * e[2] + i[2];
        }

        inline unsigned int flatten(index<4> i, extent<4> e) restrict(cpu, amp)
        {
            return ((i[0] * e[1] + i[1]) * e[2] + i[2]) * e[3] + i[3];
        }

        inline unsigned int flatten(index<5> i, extent<5> e) restrict(cpu, amp)
        {
            return (((i[0] * e[1] + i[1]) * e[2] + i[2]) * e[3] + i[3]) * e[4] + i[4];
        }

        inline unsigned int flatten(index<6> i, extent<6> e) restrict(cpu, amp)
        {
            return ((((i[0] * e[1] + i[1]) * e[2] + i[2]) * e[3] + i[3]) * e[4] + i[4]) * e[5] + i[5];
        }

        namespace details
        {
            // the index at row-major position pos of an extent: flatten's inverse
            inline index<1> index_at(unsigned int pos, extent<1>)
            {
                return index<1>(pos);
            }

            inline index<2> index_at(unsigned int pos, extent<2> e)
            {
                return index<2>(pos / e[1], pos % e[1]);
            }

            inline index<3> index_at(unsigned int pos, extent<3> e)
            {
                return index<3>(pos / (e[1] * e[2]), pos / e[2] % e[1], pos % e[2]);
            }

            inline index<4> index_at(unsigned int pos, extent<4> e)
            {
                return make_index(pos / (e[1] * e[2] * e[3]), pos / (e[2] * e[3]) % e[1], pos / e[3] % e[2], pos % e[3]);
            }

            inline index<5> index_at(unsigned int pos, extent<5> e)
            {
                return make_index(pos / (e[1] * e[2] * e[3] * e[4]), pos / (e[2] * e[3] * e[4]) % e[1],
                                  pos / (e[3] * e[4]) % e[2], pos / e[4] % e[3], pos % e[4]);
            }

            inline index<6> index_at(unsigned int pos, extent<6> e)
            {
                int parts[6] = {0, 0, 0, 0, 0, 0};
                parts[5] = pos % e[5];
                pos = pos / e[5];
                parts[4] = pos % e[4];
                pos = pos / e[4];
                parts[3] = pos % e[3];
                pos = pos / e[3];
                parts[2] = pos % e[2];
                pos = pos / e[2];
                parts[1] = pos % e[1];
                parts[0] = pos / e[1];
                return index<6>(parts);
            }
        }

        // the coordinates of a view that is its data: an index is its own absolute index
        template <int N>
        class extent_coordinate_nest
        {
        public:
            extent_coordinate_nest(extent<N> ex) : data_extent(ex) {}

            index<N> get_absolute(index<N> i) const { return i; }

            unsigned int get_linear(index<N> i) const { return flatten(i, data_extent); }

        private:
            extent<N> data_extent;
        };

        // iterator over the indices of an extent; begin() and end() give the first and the past-the-end one
        template <int N>
        class index_iterator
        {
        public:
            index_iterator(extent<N> ex) : ext(ex), pos(0) {}

            index_iterator<N> begin() const
            {
                index_iterator<N> it(ext);
                return it;
            }

            index_iterator<N> end() const
            {
                index_iterator<N> it(ext);
                it.pos = ext.size();
                return it;
            }

            index<N> operator*() const
            {
                return details::index_at(pos, ext);
            }

            index_iterator<N>& operator++()
            {
                pos++;
                return *this;
            }

            // (as the suite's amp_test_lib writes it: the postfix form steps and returns the iterator
            // itself, so a `for (...; it != end; it++)` loop copies nothing)
            index_iterator<N>& operator++(int)
            {
                pos++;
                return *this;
            }

            bool operator==(const index_iterator<N>& other) const { return pos == other.pos; }

            bool operator!=(const index_iterator<N>& other) const { return pos != other.pos; }

            extent<N> ext;
            unsigned int pos;
        };
    }
}
