// Struct locals that live in memory in kernels: C arrays of structs, arrays of a class whose
// default constructor runs once per element (1-D and 2-D), and struct locals whose address is taken (a
// pointer chooses between two of them, then writes and reads through it), also in a
// restrict(cpu, amp) function the host calls, and in a kernel long enough to be split into parts.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Pair { int key; float weight; };

class Counter {
    int count;
public:
    Counter() restrict(amp, cpu) { count = 10; }
    void bump() restrict(amp, cpu) { count += 1; }
    int get() const restrict(amp, cpu) { return count; }
};

// Which of two local pairs gets 10 added depends on k: a pointer to a struct local.
int pick(int k) restrict(amp, cpu) {
    Pair a, b;
    a.key = 1;
    b.key = 2;
    Pair* p = (k % 2) ? &a : &b;
    p->key += 10;
    return a.key * 100 + b.key;
}

int main() {
    std::vector<int> out(4), picks(4), longer(4);
    array_view<int, 1> av(4, out), pv(4, picks), lv(4, longer);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        Pair table[3];                       // zero-initialised by amppy, then set
        table[0].key = 1;
        table[1].key = 2;
        table[2].weight = 0.5f;
        Pair copy = table[1];                // a copy out of the array
        Pair& last = table[2];               // a reference into it
        last.key = 7;
        Counter counters[2];                 // Counter() runs for each element
        counters[1].bump();
        Counter grid[2][3];                  // and for each element of a 2-D array
        grid[1][2].bump();
        Pair given[2] = {{3, 1.5f}, {4, 2.5f}};
        Pair left, right;
        left.key = 1;
        right.key = 5;
        Pair* chosen = nullptr;
        if (idx[0] % 2 == 0) chosen = &left; else chosen = &right;
        chosen->key += 100;
        Pair seen = *chosen;
        av[idx] = table[0].key + copy.key + table[2].key + counters[0].get() + counters[1].get() +
                  given[1].key + (int)given[0].weight + left.key + right.key + seen.key +
                  grid[0][0].get() * 1000 + grid[1][2].get() * 10000;
        pv[idx] = pick(idx[0]);
    });
    parallel_for_each(lv.extent, [=](index<1> idx) restrict(amp) {
        Pair p0, p1;
        int i = idx[0], total = 0;
        p0.key = i; p1.key = 2 * i;
        Pair* q = (i > 1) ? &p1 : &p0;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        q->key += 1; total += q->key; q->key += 1; total += q->key; q->key += 1; total += q->key;
        lv[idx] = total * 1000 + p0.key * 10 + p1.key;
    });
    av.synchronize();                        // the results back in the vectors (a GPU holds them)
    pv.synchronize();
    lv.synchronize();
    for (int x : out) std::cout << x << " ";
    std::cout << "\n";
    for (int x : picks) std::cout << x << " ";
    std::cout << "\n";
    for (int x : longer) std::cout << x << " ";
    std::cout << "\n" << pick(1) << " " << pick(2) << std::endl;
}
