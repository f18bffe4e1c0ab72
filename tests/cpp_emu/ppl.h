// A CPU emulation of the Parallel Patterns Library's parts the samples use (for g++): a reduction
// in order gives parallel_reduce's result for an associative operation.
#pragma once
#include <numeric>

namespace concurrency {
template <typename It, typename T, typename Op>
T parallel_reduce(It first, It last, const T& identity, const Op& op) { return std::accumulate(first, last, identity, op); }
}  // namespace concurrency
namespace Concurrency = concurrency;
