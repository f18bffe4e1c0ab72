// The standard containers' rules: a map's, set's or list's iterators move one step at a time
// (no `it + n`), an unordered container's only forward, a set has no operator[], the adaptors
// have no begin()/end(), and no container can be used in a kernel (Visual Studio: C3590/C3581).
#include <amp.h>
#include <list>
#include <map>
#include <queue>
#include <set>
#include <unordered_map>
#include <vector>
using namespace concurrency;

int main() {
    std::map<int, int> m;
    m[1] = 2;
    std::map<int, int>::iterator second = m.begin() + 1; // expected-error {{[type-mismatch]}}
    std::unordered_map<int, int> u;
    auto last = u.end();
    --last; // expected-error {{[type-mismatch]}}
    std::set<int> s;
    int first = s[0]; // expected-error {{[type-mismatch]}}
    std::queue<int> q;
    for (int x : q) { // expected-error {{[type-mismatch]}}
        first += x;
    }
    std::list<int> l;
    std::vector<int> data(4);
    array_view<int, 1> av(4, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
        av[i] = (int)l.size();
    }); // expected-error {{[amp-capture]}}
    return first;
}
