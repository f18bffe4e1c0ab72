// A CPU emulation of the Parallel Patterns Library's parts the samples use (for g++): a reduction
// in order gives parallel_reduce's result for an associative operation; parallel_for_each's calls
// may run in any order, in order is one of them.
#pragma once
#include <algorithm>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <thread>

namespace concurrency {
template <typename It, typename T, typename Op>
T parallel_reduce(It first, It last, const T& identity, const Op& op) { return std::accumulate(first, last, identity, op); }
template <typename It, typename F>
void parallel_for_each(It first, It last, const F& f) { std::for_each(first, last, f); }
template <typename I, typename F>
void parallel_for(I first, I last, I step, const F& f) { for (I i = first; i < last; i += step) f(i); }
template <typename I, typename F>
void parallel_for(I first, I last, const F& f) { parallel_for(first, last, I(1), f); }

struct improper_lock : std::exception { const char* what() const noexcept override { return "Lock already taken."; } };
// not recursive: its owner taking it again is improper_lock; try_lock by the owner is false
class critical_section {
    std::mutex m;
    std::thread::id owner;
public:
    critical_section() = default;
    critical_section(const critical_section&) = delete;
    void lock() {
        if (owner == std::this_thread::get_id()) throw improper_lock();
        m.lock();
        owner = std::this_thread::get_id();
    }
    bool try_lock() {
        if (owner == std::this_thread::get_id() || !m.try_lock()) return false;
        owner = std::this_thread::get_id();
        return true;
    }
    void unlock() { owner = std::thread::id(); m.unlock(); }
    class scoped_lock {
        critical_section& cs;
    public:
        explicit scoped_lock(critical_section& c) : cs(c) { cs.lock(); }
        ~scoped_lock() { cs.unlock(); }
    };
};
}  // namespace concurrency
namespace Concurrency = concurrency;
