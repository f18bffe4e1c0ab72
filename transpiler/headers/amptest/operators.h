// amptest/operators.h (amppy): index and extent written to a stream as the harness's logs show them:
// index<2>(1, 2), extent<3>(4, 5, 6)
#pragma once
#include <amp.h>
#include <iostream>

namespace Concurrency
{
    namespace Test
    {
        template <int N>
        std::ostream& operator<<(std::ostream& os, const index<N>& idx)
        {
            os << "index<" << N << ">(";
            for (int i = 0; i < N; i++) {
                os << (i == 0 ? "" : ", ") << idx[i];
            }
            return os << ")";
        }

        template <int N>
        std::ostream& operator<<(std::ostream& os, const extent<N>& ex)
        {
            os << "extent<" << N << ">(";
            for (int i = 0; i < N; i++) {
                os << (i == 0 ? "" : ", ") << ex[i];
            }
            return os << ")";
        }
    }
}
