// The standard containers beside std::vector, on the host: an inventory kept in a std::map (keys
// in order, m[k] inserting a zero), a std::multimap of events by time, std::set with a comparator,
// a std::list edited through iterators, a std::deque used from both ends, and the adaptors (queue,
// stack, priority_queue with std::greater) that schedule the kernels' input. A kernel squares the
// values the priority queue hands out in order.
#include <amp.h>
#include <deque>
#include <functional>
#include <iostream>
#include <iterator>
#include <list>
#include <map>
#include <queue>
#include <set>
#include <stack>
#include <string>
#include <vector>
using namespace concurrency;

struct Item
{
    int count;
    float price;
};

// orders integers by their last digit (then nothing: 13 and 33 are the same key)
struct LastDigit
{
    bool operator()(int a, int b) const { return a % 10 < b % 10; }
};

// a container passed by reference and by value: the copy is the callee's own
int total_count(const std::map<std::string, Item>& stock)
{
    int sum = 0;
    for (const auto& entry : stock)
        sum += entry.second.count;
    return sum;
}

std::set<int> doubled(std::set<int> s)
{
    std::set<int> out;
    for (int x : s)
        out.insert(2 * x);
    s.clear();
    return out;
}

int main()
{
    // std::map: iteration in key order, operator[] inserts, find/count/erase/at
    std::map<std::string, Item> stock;
    stock["pear"] = Item{3, 0.5f};
    stock["apple"].count = 10;
    stock["apple"].price = 0.25f;
    stock["fig"] = Item{0, 2.0f};
    stock["pear"].count += 4;
    for (std::map<std::string, Item>::iterator it = stock.begin(); it != stock.end(); ++it)
        std::cout << it->first << " " << it->second.count << " @ " << it->second.price << "\n";
    std::cout << "total " << total_count(stock) << ", has kiwi " << stock.count("kiwi") << "\n";
    if (stock.find("fig") != stock.end())
        stock.erase("fig");
    std::cout << "size " << stock.size() << ", apple " << stock.at("apple").count << "\n";
    try {
        stock.at("kiwi");
    } catch (const std::out_of_range&) {
        std::cout << "no kiwi\n";
    }

    // insert reports whether the key was new; a copy is a copy
    std::map<int, int> squares = {{3, 9}, {1, 1}};
    auto added = squares.insert(std::make_pair(3, 100));
    std::cout << "inserted " << added.second << " kept " << added.first->second << "\n";
    std::map<int, int> snapshot = squares;
    squares[2] = 4;
    std::cout << squares.size() << " " << snapshot.size() << " " << (snapshot == squares) << "\n";
    for (auto r = squares.rbegin(); r != squares.rend(); ++r)
        std::cout << r->first << "^2=" << r->second << " ";
    std::cout << "\n" << squares.lower_bound(2)->second << " " << squares.upper_bound(2)->second << "\n";

    // std::multimap: equal keys keep their insertion order
    std::multimap<int, std::string> events;
    events.insert(std::make_pair(20, "render"));
    events.insert(std::make_pair(10, "load"));
    events.insert(std::make_pair(20, "present"));
    events.insert(std::make_pair(15, "compute"));
    auto at20 = events.equal_range(20);
    for (auto it = at20.first; it != at20.second; ++it)
        std::cout << it->second << " ";
    std::cout << events.count(20) << "\n";
    for (const auto& e : events)
        std::cout << e.first << ":" << e.second << " ";
    std::cout << "\n";

    // std::set: unique, ordered by the comparator; passed by value
    std::set<int, LastDigit> by_digit;
    int values[] = {13, 21, 33, 5, 48, 1};
    for (int v : values)
        by_digit.insert(v);
    for (int v : by_digit)
        std::cout << v << " ";
    std::cout << by_digit.size() << "\n";
    std::set<int> small = {4, 1, 3};
    std::set<int> big = doubled(small);
    std::cout << small.size() << " " << *big.begin() << " " << *std::prev(big.end()) << "\n";

    // std::list: iterators stay on their element while others are inserted and erased
    std::list<int> line = {5, 3, 9, 1};
    std::list<int>::iterator nine = std::next(line.begin(), 2);
    line.push_front(0);
    line.insert(nine, 7);
    line.erase(line.begin());
    line.remove(3);
    std::cout << *nine << " |";
    for (int v : line)
        std::cout << " " << v;
    line.sort();
    line.reverse();
    std::cout << " | sorted down:";
    for (int v : line)
        std::cout << " " << v;
    std::cout << " (" << std::distance(line.begin(), line.end()) << ")\n";

    // std::deque: both ends, and indexing
    std::deque<int> window;
    for (int i = 1; i <= 5; i++) {
        window.push_back(i * i);
        if (window.size() > 3)
            window.pop_front();
    }
    window.push_front(-1);
    std::cout << window[0] << " " << window[1] << " " << window.back() << " " << window.size() << "\n";

    // the adaptors: a queue of jobs, a stack of undo steps, a priority queue smallest first
    std::queue<int> jobs;
    std::stack<std::string> undo;
    std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
    int sizes[] = {7, 2, 9, 4, 2};
    for (int s : sizes) {
        jobs.push(s);
        ready.push(s);
    }
    undo.push("open");
    undo.push("edit");
    std::cout << jobs.front() << " " << jobs.back() << " " << undo.top() << " " << ready.top() << "\n";
    undo.pop();
    jobs.pop();
    std::cout << jobs.front() << " " << undo.top() << " " << undo.size() << "\n";

    std::vector<int> order;
    while (!ready.empty()) {
        order.push_back(ready.top());
        ready.pop();
    }
    array_view<int, 1> squared((int)order.size(), order);
    parallel_for_each(squared.extent, [=](index<1> i) restrict(amp) {
        squared[i] = squared[i] * squared[i];
    });
    squared.synchronize();
    for (int v : order)
        std::cout << v << " ";
    std::cout << "\n";

    // C++ AMP copies to and from any container's iterators: an array from a set, back into a list
    std::set<int> keys = {50, 10, 30};
    array<int, 1> from_keys(3, keys.begin(), keys.end());
    parallel_for_each(from_keys.extent, [&from_keys](index<1> i) restrict(amp) {
        from_keys[i] += 1;
    });
    std::list<int> results(3);
    copy(from_keys, results.begin());
    for (int v : results)
        std::cout << v << " ";
    std::cout << "\n";
    return 0;
}
