// A CPU emulation of the Parallel Patterns Library's parts the samples use (for g++): a reduction
// in order gives parallel_reduce's result for an associative operation; parallel_for_each's calls
// may run in any order, in order is one of them.
#pragma once
#include <algorithm>
#include <numeric>

namespace concurrency {
template <typename It, typename T, typename Op>
T parallel_reduce(It first, It last, const T& identity, const Op& op) { return std::accumulate(first, last, identity, op); }
template <typename It, typename F>
void parallel_for_each(It first, It last, const F& f) { std::for_each(first, last, f); }
template <typename I, typename F>
void parallel_for(I first, I last, I step, const F& f) { for (I i = first; i < last; i += step) f(i); }
template <typename I, typename F>
void parallel_for(I first, I last, const F& f) { parallel_for(first, last, I(1), f); }
}  // namespace concurrency
namespace Concurrency = concurrency;
