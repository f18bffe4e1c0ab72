// A CPU emulation of the PPL's concurrent_queue (for g++): a queue behind a mutex.
#pragma once
#include <cstddef>
#include <deque>
#include <mutex>

namespace concurrency {
template <typename T>
class concurrent_queue {
    std::deque<T> items;
    mutable std::mutex m;
public:
    void push(const T& v) { std::lock_guard<std::mutex> g(m); items.push_back(v); }
    bool try_pop(T& out) {
        std::lock_guard<std::mutex> g(m);
        if (items.empty()) return false;
        out = items.front();
        items.pop_front();
        return true;
    }
    bool empty() const { std::lock_guard<std::mutex> g(m); return items.empty(); }
    size_t unsafe_size() const { return items.size(); }
    void clear() { std::lock_guard<std::mutex> g(m); items.clear(); }
};
}  // namespace concurrency
namespace Concurrency = concurrency;
